import Foundation

/// Keeps saves in the order they were asked for. Each save is a task of its own, so an
/// autosave and Ctrl+S a moment apart could finish in either order; each takes a ticket when
/// it is reduced (in order, on the main actor), and a write whose ticket is older than one
/// already written to that file is skipped: the newer document is there.
///
/// It also tells this editor's own writes from another program's: a save asked for before
/// the one before it had landed still holds the stamp read before that one, so the file on
/// disk differing from it is not, alone, a change made elsewhere.
final class SaveOrder: @unchecked Sendable {
  private let lock = NSLock()
  private var issued = 0
  private var written: [URL: Int] = [:]
  /// Each file's stamp as this editor's last write left it.
  private var ownStamps: [URL: FileStamp] = [:]

  func nextTicket() -> Int {
    lock.withLock {
      issued += 1
      return issued
    }
  }

  /// Runs `write` unless a later ticket has been written to `url`; one write at a time.
  /// `stamp` reads the file's stamp once written.
  func write(ticket: Int, to url: URL, stamp: (URL) -> FileStamp?, _ write: () throws -> Void) throws {
    try lock.withLock {
      if let newest = written[url], newest > ticket { return }
      try write()
      written[url] = ticket
      ownStamps[url] = stamp(url)
    }
  }

  /// `url`'s stamp on disk (nil when it is gone), read when no write to it is under way, and
  /// whether this editor's last write left it so.
  func stampOnDisk(_ url: URL, _ stamp: (URL) -> FileStamp?) -> (stamp: FileStamp, isOwnWrite: Bool)? {
    lock.withLock { stamp(url).map { ($0, $0 == ownStamps[url]) } }
  }
}
