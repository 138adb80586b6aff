import Foundation
import XCTest

// Apple's `XCTExpectFailure`, which Linux's XCTest lacks, for TCA's own tests. Not a copy:
// the same contract, built on `BaseTCATestCase.recordFailure`.
//
// A failure recorded while expectations are open goes to the newest one whose matcher
// accepts it (all do, without a matcher) and is then not a failure of the test; one that
// none accepts fails the test as usual. A strict expectation (the default) fails the test
// if no failure reached it: the block's end for the scoped form, the test's end otherwise.
// The matchers compare the failure messages with TCA's own, so TestStore's messages are
// checked against TCA's.

/// What an issue matcher sees of a failure, as Apple's XCTest hands it.
struct XCTIssue: CustomStringConvertible {
  /// The failure's message (Linux's XCTest prefixes an assertion's name, so TCA's matchers
  /// compare suffixes).
  let compactDescription: String
  var description: String { compactDescription }
}

/// The open expectations of the running test, newest last.
final class ExpectedFailures: @unchecked Sendable {
  struct Expectation {
    let reason: String?
    let isStrict: Bool
    let matcher: ((XCTIssue) -> Bool)?
    let file: String
    let line: Int
    var matched = 0
  }

  static let shared = ExpectedFailures()
  private let lock = NSLock()
  private var open: [Expectation] = []

  /// Opens an expectation; returns its position, for the scoped form to close.
  func open(_ expectation: Expectation) -> Int {
    lock.withLock {
      open.append(expectation)
      return open.count - 1
    }
  }

  /// Closes the expectation at `position` and those opened after it; returns it.
  func close(at position: Int) -> Expectation? {
    lock.withLock {
      guard position < open.count else { return nil }
      defer { open.removeSubrange(position...) }
      return open[position]
    }
  }

  /// Whether an open expectation takes the failure `description`.
  func absorb(_ description: String) -> Bool {
    let matchers = lock.withLock { open.indices.reversed().map { ($0, open[$0].matcher) } }
    for (position, matcher) in matchers where matcher?(XCTIssue(compactDescription: description)) ?? true {
      lock.withLock { if position < open.count { open[position].matched += 1 } }
      return true
    }
    return false
  }

  /// Closes every expectation; returns the strict ones no failure reached.
  @discardableResult
  func reset() -> [Expectation] {
    lock.withLock {
      defer { open.removeAll() }
      return open.filter { $0.isStrict && $0.matched == 0 }
    }
  }
}

/// Expects failures, matching `issueMatcher`, from here to the end of the test.
func XCTExpectFailure(
  _ failureReason: String? = nil,
  enabled: Bool? = nil,
  strict: Bool? = nil,
  file: StaticString = #filePath,
  line: UInt = #line,
  issueMatcher: ((XCTIssue) -> Bool)? = nil
) {
  guard enabled ?? true else { return }
  _ = ExpectedFailures.shared.open(
    .init(reason: failureReason, isStrict: strict ?? true, matcher: issueMatcher, file: "\(file)", line: Int(line))
  )
}

/// Expects failures, matching `issueMatcher`, while `failingBlock` runs.
@discardableResult
func XCTExpectFailure<R>(
  _ failureReason: String? = nil,
  enabled: Bool? = nil,
  strict: Bool? = nil,
  file: StaticString = #filePath,
  line: UInt = #line,
  failingBlock: () throws -> R,
  issueMatcher: ((XCTIssue) -> Bool)? = nil
) rethrows -> R {
  guard enabled ?? true else { return try failingBlock() }
  let position = ExpectedFailures.shared.open(
    .init(reason: failureReason, isStrict: strict ?? true, matcher: issueMatcher, file: "\(file)", line: Int(line))
  )
  defer {
    if let expectation = ExpectedFailures.shared.close(at: position), expectation.isStrict, expectation.matched == 0 {
      XCTFail("Expected failure was not recorded\(failureReason.map { ": \($0)" } ?? "")", file: file, line: line)
    }
  }
  return try failingBlock()
}

/// TCA's marker for a test that fails today and should not: its failure is expected.
func XCTTODO(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
  XCTExpectFailure(message, file: file, line: line)
}
