import FoundationEssentials
import Glibc

/// Files on disk as documents and exports need them: read with a size limit, written so that
/// a crash never leaves half a file. Plain POSIX calls, so a headless command needs no more
/// of Foundation than `FoundationEssentials`.
///
/// ```swift
/// let data = try DiskFiles.read(url)
/// try DiskFiles.writeAtomically(data, url)
/// ```
public enum DiskFiles {
  /// A system call that failed on a file: which, on what, and the system's reason.
  public struct Failure: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32

    /// The system's words for `code`: "No such file or directory".
    public var reason: String { String(cString: strerror(code)) }
    public var description: String { "cannot \(operation) \(path): \(reason)" }
    public var errorDescription: String? { description }
  }

  /// Reads a file of at most `Document.maximumFileSize` bytes (a larger one is refused
  /// before it is read).
  public static func read(_ url: URL) throws -> Data {
    try read(path: url.filePath)
  }

  /// The same, by path: a command that is handed paths makes no `URL` (whose parsing is
  /// 128 KB of Foundation's code every process maps).
  public static func read(path: String) throws -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Failure(operation: "read", path: path, code: errno) }
    guard status.st_mode & S_IFMT != S_IFDIR else { throw Failure(operation: "read", path: path, code: EISDIR) }
    if Int(status.st_size) > Document.maximumFileSize {
      throw DocumentError.tooLarge(path: path, bytes: Int(status.st_size))
    }
    // Sized by fstat but read to the end: a file may grow while it is read, and /proc's say 0.
    // Read into memory the Data then owns: neither zeroed first nor copied after.
    // One byte over the size, so a file read whole meets its end without growing the buffer.
    var capacity = max(Int(status.st_size) + 1, 4096), count = 0
    guard var buffer = malloc(capacity) else { throw Failure(operation: "read", path: path, code: ENOMEM) }
    do {
      while true {
        if count == capacity {
          guard count <= Document.maximumFileSize else { throw DocumentError.tooLarge(path: path, bytes: count) }
          guard let grown = realloc(buffer, 2 * capacity) else { throw Failure(operation: "read", path: path, code: ENOMEM) }
          buffer = grown
          capacity *= 2
        }
        let got = Glibc.read(descriptor, buffer + count, capacity - count)
        if got < 0, errno == EINTR { continue }
        guard got >= 0 else { throw Failure(operation: "read", path: path, code: errno) }
        if got == 0 { break }
        count += got
      }
    } catch {
      free(buffer)
      throw error
    }
    return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
  }

  /// Writes a temporary file beside the target, flushes it to disk, renames it over the
  /// target and syncs the directory: rename(2) within a directory is atomic, so a crash at
  /// any moment leaves the old file or the new one, and the rename itself survives power
  /// loss. Through a symbolic link, the link's target is written and the link kept; a folder
  /// that does not exist yet is made.
  /// Without `durable`, nothing is flushed (an image drawn from a document, which a crash
  /// only costs drawing again): no reader ever sees half a file, and the two fsync(2)s,
  /// 0.6 ms here, more than drawing an icon, are saved.
  public static func writeAtomically(_ data: Data, _ url: URL, durable: Bool = true) throws {
    try writeAtomically(data, path: url.filePath, durable: durable)
  }

  /// The same, by path.
  public static func writeAtomically(_ data: Data, path: String, durable: Bool = true) throws {
    let target = followingLinks(path)
    let folder = FilePaths.folder(of: target)
    // A random name, not `UUID().uuidString`: its code, in Foundation's, brought 128 KB more
    // of the binary into each process drawing an icon.
    let temporary = "\(folder)/.\(FilePaths.name(of: target)).\(randomName()).tmp"
    var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw Failure(operation: "write", path: target, code: errno) }
    var isOpen = true
    do {
      try writeAll(data, to: descriptor, path: target)
      guard !durable || fsync(descriptor) == 0 else { throw Failure(operation: "write", path: target, code: errno) }
      isOpen = false
      guard close(descriptor) == 0 else { throw Failure(operation: "write", path: target, code: errno) }
      guard rename(temporary, target) == 0 else {
        throw Failure(operation: "write", path: target, code: errno)
      }
    } catch {
      if isOpen { close(descriptor) }
      unlink(temporary)
      throw error
    }
    guard durable else { return }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Sixteen random lowercase hex digits, written out by hand: `String(_:radix:)`, generic
  /// over the integer type, brought another 128 KB of the standard library's code into each
  /// process drawing an icon.
  static func randomName() -> String {
    let digits = Array("0123456789abcdef".utf8)
    var value = UInt64.random(in: .min ... .max)
    var name = [UInt8](repeating: 0, count: 16)
    for index in name.indices.reversed() {
      name[index] = digits[Int(value & 0xF)]
      value >>= 4
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// `path`, or what the symbolic link it names points to, link after link (at most 40, as
  /// the kernel follows them); a relative link is read from the link's folder.
  static func followingLinks(_ path: String) -> String {
    var path = path
    var destination = [CChar](repeating: 0, count: Int(PATH_MAX))
    for _ in 0..<40 {
      let count = readlink(path, &destination, destination.count)
      guard count > 0 else { break }
      let named = String(decoding: destination[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      path = named.hasPrefix("/") ? named : "\(FilePaths.folder(of: path))/\(named)"
    }
    return path
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let wrote = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else { throw Failure(operation: "write", path: path, code: errno) }
        offset += wrote
      }
    }
  }
}
