import XCTest

/// The base class TCA's tests derive from. TCA's own checks, after each test, that its global
/// table of cancellable effects is empty (a TCA internal); Composable keeps cancellations per
/// store, and a `TestStore` already fails a test that ends with effects in flight.
///
/// Here it also gives Linux's XCTest what TCA's tests expect of Apple's: every failure the
/// test records (an `XCTFail`, or an issue TestStore reports through IssueReporting) goes
/// first to the test's `XCTExpectFailure`s (ExpectedFailures.swift), and a strict one that
/// saw no failure by the end of the test fails it.
class BaseTCATestCase: XCTestCase {
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    guard !ExpectedFailures.shared.absorb(withoutAppHostWarning(description)) else { return }
    super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }

  override func invokeTest() {
    ExpectedFailures.shared.reset()
    super.invokeTest()
    for unmet in ExpectedFailures.shared.reset() {
      super.recordFailure(
        withDescription: "Expected failure was not recorded\(unmet.reason.map { ": \($0)" } ?? "")",
        inFile: unmet.file, atLine: unmet.line, expected: true
      )
    }
  }
}

/// `description` without the warning IssueReporting appends when it cannot tell that XCTest
/// is on the call stack, which on Linux (no symbolicated frames) is always: it is not part of
/// the message TCA's matchers compare.
private func withoutAppHostWarning(_ description: String) -> String {
  guard let range = description.range(of: "\n\n━━┉┅\nThis issue was emitted from tests running in a host application")
  else { return description }
  return String(description[..<range.lowerBound])
}
