import Composable
import Foundation
import SeededRandom

/// Locks on document files, so that one editor at a time writes a file: a second editor on
/// the same file (by any path) fails to take the lock and opens it read-only.
///
/// ```swift
/// @Dependency(\.documentLock) var documentLock
/// if documentLock.lock(url) { /* this editor writes url */ } else { /* read-only */ }
/// documentLock.unlock(url)
/// ```
///
/// Taking a lock never waits, so the documents feature takes it in its reducer, as the
/// clipboard is read there. The live value holds `flock(2)` locks that the kernel releases
/// when their holder exits or crashes; the test value is a table in memory.
public struct DocumentLockClient: Sendable {
  /// Takes the lock on a document's file (or finds it already held by this editor): false
  /// when another editor holds it.
  public var lock: @Sendable (URL) -> Bool
  /// Gives the lock on a document's file back.
  public var unlock: @Sendable (URL) -> Void

  public init(lock: @escaping @Sendable (URL) -> Bool, unlock: @escaping @Sendable (URL) -> Void) {
    self.lock = lock
    self.unlock = unlock
  }

  /// Locks in memory; the files in `heldElsewhere` are held by another editor.
  public static func inMemory(heldElsewhere: Set<URL> = []) -> DocumentLockClient {
    let held = LockIsolated<Set<String>>([])
    let others = Set(heldElsewhere.map(\.standardizedFileURL.path))
    return DocumentLockClient(
      lock: { url in
        let path = url.standardizedFileURL.path
        guard !others.contains(path) else { return false }
        held.withValue { _ = $0.insert(path) }
        return true
      },
      unlock: { url in held.withValue { _ = $0.remove(url.standardizedFileURL.path) } }
    )
  }

  /// `flock(2)` locks, one open lock file per locked document.
  public static func fileLocks() -> DocumentLockClient {
    let held = LockIsolated<[String: FileLock]>([:])
    return DocumentLockClient(
      lock: { url in
        let path = FileLock.lockFile(for: url)
        return held.withValue { locks in
          if locks[path] != nil { return true }
          guard let lock = FileLock(path: path) else { return false }
          locks[path] = lock
          return true
        }
      },
      unlock: { url in held.withValue { _ = $0.removeValue(forKey: FileLock.lockFile(for: url)) } }
    )
  }
}

extension DocumentLockClient: DependencyKey {
  public static var liveValue: DocumentLockClient { .fileLocks() }
  public static var testValue: DocumentLockClient { .inMemory() }
}

extension DependencyValues {
  public var documentLock: DocumentLockClient {
    get { self[DocumentLockClient.self] }
    set { self[DocumentLockClient.self] = newValue }
  }
}

/// An advisory `flock(2)` lock on a file of its own in `$XDG_RUNTIME_DIR/curves` (else
/// `/tmp/curves-UID`), named for the document's resolved path: the document itself is replaced
/// by every atomic save, and a lock on the old inode would not cover the new one.
final class FileLock: @unchecked Sendable {
  private let descriptor: Int32

  /// The lock on the file at `path`, or nil when another process holds it.
  init?(path: String) {
    try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    // Without a lock file to hold (a read-only runtime directory), nothing can be told apart:
    // editing goes on unlocked rather than never.
    guard descriptor >= 0 else {
      self.descriptor = -1
      return
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Where the lock for `document` lives: one file per resolved path.
  static func lockFile(for document: URL) -> String {
    let resolved = document.standardizedFileURL.resolvingSymlinksInPath().path
    // A stable name for the path.
    let hash = FNV1a.hash(resolved.utf8)
    let environment = ProcessInfo.processInfo.environment
    let directory = environment["XDG_RUNTIME_DIR"].map { $0 + "/curves" } ?? "/tmp/curves-\(getuid())"
    return directory + "/" + String(hash, radix: 16) + ".lock"
  }
}
