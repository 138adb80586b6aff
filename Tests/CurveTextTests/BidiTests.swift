import CurveText
import Testing

/// The bidirectional algorithm through FriBidi: levels of mixed paragraphs, and rule L2's
/// order of runs.
struct BidiTests {
  @Test func hebrewInsideLatinIsOneRightToLeftRun() {
    let text = "ab אבג 12."
    let levels = Bidi.levels(of: Array(text.unicodeScalars), rightToLeft: false)
    // a b space: 0; the Hebrew letters and the space after them, between right-to-left text
    // and digits (which count as right to left there, rule N1): 1; European digits after
    // right-to-left text: 2; the final full stop: 0.
    #expect(levels == [0, 0, 0, 1, 1, 1, 1, 2, 2, 0])
    #expect(Bidi.levels(of: Array("אב cd".unicodeScalars), rightToLeft: true) == [1, 1, 1, 2, 2])
  }

  @Test func runsAreShownInRuleL2sOrder() {
    #expect(Bidi.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
    #expect(Bidi.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0], "the inner left-to-right run keeps its order")
    #expect(Bidi.visualOrder([0, 0]) == [0, 1])
  }
}
