import Composable
import Foundation
import SeededRandom

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
  /// What identifies the file's present contents, to tell whether another program changed it;
  /// nil when there is no file.
  public var stamp: @Sendable (URL) -> FileStamp?
  /// Moves a file to a new name, replacing what was there: an unreadable autosave is kept aside.
  public var move: @Sendable (_ from: URL, _ to: URL) throws -> Void
  /// What a folder holds, for the file browser; hidden entries (`.name`) left out.
  public var list: @Sendable (URL) throws -> [DirectoryEntry]
  /// Deletes a file (a recovery file whose edits were saved or discarded); no file is no error.
  public var remove: @Sendable (URL) throws -> Void

  public init(
    read: @escaping @Sendable (URL) throws -> Data,
    writeAtomically: @escaping @Sendable (Data, URL) throws -> Void,
    stamp: @escaping @Sendable (URL) -> FileStamp? = { _ in nil },
    move: @escaping @Sendable (_ from: URL, _ to: URL) throws -> Void = { _, _ in throw CocoaError(.fileWriteUnknown) },
    list: @escaping @Sendable (URL) throws -> [DirectoryEntry] = { _ in throw CocoaError(.fileReadNoSuchFile) },
    remove: @escaping @Sendable (URL) throws -> Void = { _ in throw CocoaError(.fileWriteUnknown) }
  ) {
    self.read = read
    self.writeAtomically = writeAtomically
    self.stamp = stamp
    self.move = move
    self.list = list
    self.remove = remove
  }
}

/// One entry of a folder: a file or a folder, by name.
public struct DirectoryEntry: Equatable, Sendable {
  public var name: String
  public var isFolder: Bool

  public init(name: String, isFolder: Bool) {
    self.name = name
    self.isFolder = isFolder
  }
}

/// A file's identity and last change, as `stat(2)` gives them (or, in memory, its contents'
/// size and hash): equal stamps, the same contents.
public struct FileStamp: Equatable, Sendable {
  public var inode: UInt64
  public var size: Int
  public var modified: Int

  public init(inode: UInt64, size: Int, modified: Int) {
    self.inode = inode
    self.size = size
    self.modified = modified
  }
}

extension FileSystemClient: DependencyKey {
  /// The disk, as `DiskFiles` reads and writes it.
  public static let liveValue = FileSystemClient(
    read: DiskFiles.read,
    writeAtomically: { try DiskFiles.writeAtomically($0, $1) },
    stamp: { url in
      var status = stat()
      guard stat(url.path, &status) == 0 else { return nil }
      return FileStamp(
        inode: UInt64(status.st_ino), size: Int(status.st_size),
        modified: Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
      )
    },
    move: { from, to in
      guard rename(from.path, to.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
      }
    },
    list: { folder in
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      return names.filter { !$0.hasPrefix(".") }.map { name in
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
        return DirectoryEntry(name: name, isFolder: isFolder.boolValue)
      }
    },
    remove: { url in
      guard unlink(url.path) == 0 || errno == ENOENT else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
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
      writeAtomically: { data, url in files.withValue { $0[url] = data } },
      stamp: { url in
        files.value[url].map { data in
          // FNV-1a of the contents: any change another writer makes shows.
          FileStamp(inode: 0, size: data.count, modified: Int(truncatingIfNeeded: FNV1a.hash(data)))
        }
      },
      move: { from, to in
        try files.withValue { files in
          guard let data = files.removeValue(forKey: from) else { throw CocoaError(.fileNoSuchFile) }
          files[to] = data
        }
      },
      list: { folder in
        // The files directly in `folder`, and the folders on the way to deeper ones.
        let base = folder.standardizedFileURL.pathComponents
        var entries: [String: Bool] = [:]
        for url in files.value.keys {
          let components = url.standardizedFileURL.pathComponents
          guard components.count > base.count, Array(components.prefix(base.count)) == base else { continue }
          let name = components[base.count]
          entries[name] = (entries[name] ?? false) || components.count > base.count + 1
        }
        // Read through, the disk's entries too (files written in memory win).
        var isFolder = !entries.isEmpty
        if disk, let onDisk = try? liveValue.list(folder) {
          isFolder = true
          for entry in onDisk where entries[entry.name] == nil { entries[entry.name] = entry.isFolder }
        }
        guard isFolder else { throw CocoaError(.fileReadNoSuchFile) }
        return entries.sorted { $0.key < $1.key }.map { DirectoryEntry(name: $0.key, isFolder: $0.value) }
      },
      remove: { url in _ = files.withValue { $0.removeValue(forKey: url) } }
    )
  }
}

extension DependencyValues {
  public var fileSystem: FileSystemClient {
    get { self[FileSystemClient.self] }
    set { self[FileSystemClient.self] = newValue }
  }
}
