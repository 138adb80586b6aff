import CurveGeometry
import Testing

/// White space and line breaks trimmed from both ends, none from inside.
struct WhitespaceTrimmingTests {
  @Test func bothEndsAreTrimmedAndTheInsideKept() {
    #expect(" \t 1 2\n".trimmingWhitespace() == "1 2")
    #expect("\r\n".trimmingWhitespace() == "")
    #expect("".trimmingWhitespace() == "")
    #expect("a".trimmingWhitespace() == "a")
    #expect(Substring(" x ").trimmingWhitespace() == "x")
  }
}
