import Foundation
import Testing

@testable import CurveApp
@testable import CurveFeature

/// One editor at a time writes a file: the lock is held while a window has it, refused to a
/// second (in this process or another), and released when its holder ends, even by SIGKILL.
struct DocumentLockTests {
  @Test func aSecondLockOnTheSameFileIsRefusedUntilTheFirstIsReleased() throws {
    let work = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let document = work.appendingPathComponent("drawing.json")
    var first = FileLock(path: FileLock.lockFile(for: document))
    #expect(first != nil)
    // The same file by another path: a symbolic link to it.
    let link = work.appendingPathComponent("link.json")
    try Data().write(to: document)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: document)
    #expect(FileLock(path: FileLock.lockFile(for: link)) == nil)
    #expect(FileLock(path: FileLock.lockFile(for: work.appendingPathComponent("other.json"))) != nil)
    first = nil
    #expect(FileLock(path: FileLock.lockFile(for: document)) != nil)
  }

  @Test func theLiveClientKeepsItsOwnLocksAndRefusesAnotherEditors() throws {
    let work = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let document = work.appendingPathComponent("drawing.json")
    let window = DocumentLockClient.fileLocks(), other = DocumentLockClient.fileLocks()
    #expect(window.lock(document))
    #expect(window.lock(document), "taken again by its holder")
    #expect(!other.lock(document))
    window.unlock(document)
    #expect(other.lock(document))
  }

  // Two minutes: the polls below have deadlines of their own (10 s and 30 s), which say what
  // failed; the whole suite on two cores once took the test past one minute (CI, 2026-12-02).
  @Test(.timeLimit(.minutes(2)))
  func aKilledHolderLeavesTheLockFree() throws {
    let work = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let document = work.appendingPathComponent("drawing.json")
    let lockFile = FileLock.lockFile(for: document)
    try FileManager.default.createDirectory(atPath: (lockFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    // util-linux's flock(1) holds the same lock for 30 s; it is killed when its time is up.
    let holder = Thread {
      _ = try? ChildProcess.run("/usr/bin/flock", ["--exclusive", lockFile, "sleep", "30"], timeout: .seconds(2))
    }
    holder.start()
    // Polled against a clock, not a count of sleeps: with the whole suite running on two
    // cores a 10 ms sleep has come back after 100 ms, and 600 of them outran the time limit.
    func poll(for seconds: Int, until done: () -> Bool) -> Bool {
      let deadline = ContinuousClock.now + .seconds(seconds)
      while ContinuousClock.now < deadline {
        usleep(10_000)
        if done() { return true }
      }
      return false
    }
    let refused = poll(for: 10) { FileLock(path: FileLock.lockFile(for: document)) == nil }
    #expect(refused, "held by the other process")
    let acquired = poll(for: 30) { FileLock(path: FileLock.lockFile(for: document)) != nil }
    #expect(acquired, "free once the holder was killed")
  }
}
