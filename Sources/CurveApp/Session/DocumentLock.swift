import Foundation

/// An advisory lock on a document file, held by the editor that writes it: a second editor on
/// the same file (by any path, the autosave too) fails to take it and opens read-only. The
/// kernel releases it when its holder exits or crashes, so a lock is never left behind.
///
/// ```swift
/// if let lock = DocumentLock(for: url) { keep(lock) } else { /* read-only */ }
/// ```
///
/// The lock is `flock(2)` on a file of its own in `$XDG_RUNTIME_DIR/curves` (else
/// `/tmp/curves-UID`), named for the document's resolved path: the document itself is replaced
/// by every atomic save, and a lock on the old inode would not cover the new one.
final class DocumentLock {
  private let descriptor: Int32

  /// The lock for `document`, or nil when another process holds it.
  init?(for document: URL) {
    let path = Self.lockFile(for: document)
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
    // FNV-1a: a stable name for the path (Swift's `Hasher` is seeded per process).
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in resolved.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let environment = ProcessInfo.processInfo.environment
    let directory = environment["XDG_RUNTIME_DIR"].map { $0 + "/curves" } ?? "/tmp/curves-\(getuid())"
    return directory + "/" + String(hash, radix: 16) + ".lock"
  }
}
