import Foundation

/// Files on disk as documents and exports need them: read with a size limit, written so that
/// a crash never leaves half a file.
///
/// ```swift
/// let data = try DiskFiles.read(url)
/// try DiskFiles.writeAtomically(data, url)
/// ```
public enum DiskFiles {
  /// Reads a file of at most `Document.maximumFileSize` bytes (a larger one is refused
  /// before it is read).
  public static func read(_ url: URL) throws -> Data {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var status = stat()
    if fstat(handle.fileDescriptor, &status) == 0, Int(status.st_size) > Document.maximumFileSize {
      throw DocumentError.tooLarge(path: url.path, bytes: Int(status.st_size))
    }
    return try handle.readToEnd() ?? Data()
  }

  /// Writes a temporary file beside the target, flushes it to disk, renames it over the
  /// target and syncs the directory: rename(2) within a directory is atomic, so a crash at
  /// any moment leaves the old file or the new one, and the rename itself survives power
  /// loss. Through a symbolic link, the link's target is written and the link kept.
  public static func writeAtomically(_ data: Data, _ url: URL) throws {
    let target = url.resolvingSymlinksInPath()
    let directory = target.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw CocoaError(.fileWriteNoPermission)
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      try handle.write(contentsOf: data)
      try handle.synchronize()
      try handle.close()
      guard rename(temporary.path, target.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
    let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}
