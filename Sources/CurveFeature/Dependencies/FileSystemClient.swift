import Composable
import Foundation

/// Reading and writing documents, replaced in tests.
///
/// ```swift
/// @Dependency(\.fileSystem) var fileSystem
/// try fileSystem.writeAtomically(data, url)
/// ```
public struct FileSystemClient: Sendable {
  public var read: @Sendable (URL) throws -> Data
  /// Writes all of `data` or nothing: never a half-written file in place of a good one.
  public var writeAtomically: @Sendable (Data, URL) throws -> Void

  public init(
    read: @escaping @Sendable (URL) throws -> Data,
    writeAtomically: @escaping @Sendable (Data, URL) throws -> Void
  ) {
    self.read = read
    self.writeAtomically = writeAtomically
  }
}

extension FileSystemClient: DependencyKey {
  /// Writes a temporary file beside the target, flushes it, then renames it over the target:
  /// rename(2) within a directory is atomic, so a crash leaves the old file or the new one.
  public static let liveValue = FileSystemClient(
    read: { url in try Data(contentsOf: url) },
    writeAtomically: { data, url in
      let directory = url.deletingLastPathComponent()
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
      guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
        throw CocoaError(.fileWriteNoPermission)
      }
      do {
        let handle = try FileHandle(forWritingTo: temporary)
        try handle.write(contentsOf: data)
        try handle.synchronize()
        try handle.close()
        guard rename(temporary.path, url.path) == 0 else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
      } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw error
      }
    }
  )

  public static let testValue = FileSystemClient(
    read: unimplemented("FileSystemClient.read", placeholder: Data()),
    writeAtomically: unimplemented("FileSystemClient.writeAtomically")
  )

  /// Files kept in memory, for tests and headless runs; with `readingThrough`, a file not in
  /// memory is read from disk (a replay's dropped files), and still nothing is written there.
  public static func inMemory(_ files: LockIsolated<[URL: Data]>, readingThrough disk: Bool = false) -> FileSystemClient {
    FileSystemClient(
      read: { url in
        if let data = files.value[url] { return data }
        guard disk else { throw CocoaError(.fileReadNoSuchFile) }
        return try liveValue.read(url)
      },
      writeAtomically: { data, url in files.withValue { $0[url] = data } }
    )
  }
}

extension DependencyValues {
  public var fileSystem: FileSystemClient {
    get { self[FileSystemClient.self] }
    set { self[FileSystemClient.self] = newValue }
  }
}
