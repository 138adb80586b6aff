import Foundation

/// Keeps saves in the order they were asked for. Each save is a task of its own, so an
/// autosave and Ctrl+S a moment apart could finish in either order; each takes a ticket when
/// it is reduced (in order, on the main actor), and a write whose ticket is older than one
/// already written to that file is skipped: the newer document is there.
final class SaveOrder: @unchecked Sendable {
  private let lock = NSLock()
  private var issued = 0
  private var written: [URL: Int] = [:]

  func nextTicket() -> Int {
    lock.withLock {
      issued += 1
      return issued
    }
  }

  /// Runs `write` unless a later ticket has been written to `url`; one write at a time.
  func write(ticket: Int, to url: URL, _ write: () throws -> Void) throws {
    try lock.withLock {
      if let newest = written[url], newest > ticket { return }
      try write()
      written[url] = ticket
    }
  }
}
