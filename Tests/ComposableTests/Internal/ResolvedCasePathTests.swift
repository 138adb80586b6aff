import CasePaths
@testable import Composable
import Testing

/// Extraction by tag projects payloads in place; it must agree with the key path on every
/// layout Swift uses, and neither leak nor over-release what payloads hold.
struct ResolvedCasePathTests {
  final class Token: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
  }

  /// Class payloads leave spare bits in which Swift keeps the tag.
  @CasePathable enum References {
    case first(Token)
    case second(Token)
    case pair(id: Int, token: Token)
    case nothing
  }

  @CasePathable indirect enum Tree {
    case leaf(Int)
    case node(Tree, Tree)
  }

  @CasePathable enum Large {
    case small(UInt8)
    case large(a: Int, b: Int, c: Int, d: String, e: [Int])
  }

  @Test func extractsTheRightCaseBeforeAndAfterLearningItsTag() {
    let second = ResolvedCasePath(\References.Cases.second)
    let token = Token("b")
    for _ in 0..<3 {
      #expect(second.extract(from: .second(token)) === token)
      #expect(second.extract(from: .first(Token("a"))) == nil)
      #expect(second.extract(from: .nothing) == nil)
    }
    #expect(projectsInPlace(second))
    let pair = ResolvedCasePath(\References.Cases.pair)
    for index in 0..<3 {
      let extracted = pair.extract(from: .pair(id: index, token: token))
      #expect(extracted?.id == index)
      #expect(extracted?.token === token)
    }
  }

  @Test func payloadsAreNeitherLeakedNorReleasedTwice() {
    let path = ResolvedCasePath(\References.Cases.first)
    weak var weakToken: Token?
    do {
      let token = Token("held")
      weakToken = token
      for _ in 0..<1000 {
        let extracted = path.extract(from: .first(token))
        #expect(extracted?.name == "held")
      }
    }
    #expect(weakToken == nil)
  }

  @Test func largePayloadsAndIndirectCasesComeOutWhole() {
    let large = ResolvedCasePath(\Large.Cases.large)
    for index in 0..<3 {
      let value = large.extract(from: .large(a: index, b: 2, c: 3, d: "four \(index)", e: [5, index]))
      #expect(value?.a == index && value?.d == "four \(index)" && value?.e == [5, index])
      #expect(large.extract(from: .small(1)) == nil)
    }
    #expect(projectsInPlace(large))
    let node = ResolvedCasePath(\Tree.Cases.node)
    let leaf = ResolvedCasePath(\Tree.Cases.leaf)
    for index in 0..<3 {
      let extracted = node.extract(from: .node(.leaf(index), .leaf(index + 1)))
      guard case .leaf(let left)? = extracted?.0, case .leaf(let right)? = extracted?.1 else {
        Issue.record("indirect payload lost")
        continue
      }
      #expect(left == index && right == index + 1)
      #expect(leaf.extract(from: .leaf(index)) == index)
      #expect(leaf.extract(from: .node(.leaf(0), .leaf(1))) == nil)
    }
    // Indirect payloads live in a heap box: the check refuses them and the key path serves.
    #expect(!projectsInPlace(node))
  }

  @CasePathable enum Outer {
    case inner(Inner)
    case other(Int)
  }

  @CasePathable enum Inner {
    case wanted(Int)
    case unwanted(String)
  }

  @Test func aCaseThatNeverMatchedStillRejectsOtherCasesByTag() {
    let second = ResolvedCasePath(\References.Cases.second)
    #expect(second.extract(from: .first(Token("a"))) == nil)
    #expect(second.extract(from: .nothing) == nil)
    // The tags refused, before any `.second` arrived: later `.first`s skip the key path.
    let refused = second.payload?.refusedTags.load(ordering: .relaxed) ?? 0
    #expect(refused.nonzeroBitCount == 2)
    #expect(second.extract(from: .first(Token("b"))) == nil)
    #expect(second.extract(from: .second(Token("c")))?.name == "c")
  }

  @Test func aPathThroughTwoCasesNeverRejectsByTheOuterTagAlone() {
    let wanted = ResolvedCasePath(\Outer.Cases.inner.wanted)
    #expect(wanted.payload == nil, "the outer tag does not decide: the key path serves")
    // `.inner(.unwanted)` fails on the inner case: `.inner` must not be refused by its tag,
    // nor `.inner(.unwanted)`'s payload read as `.wanted`'s.
    #expect(wanted.extract(from: .inner(.unwanted("x"))) == nil)
    #expect(wanted.extract(from: .other(1)) == nil)
    #expect(wanted.extract(from: .inner(.wanted(7))) == 7)
    #expect(wanted.extract(from: .inner(.unwanted("y"))) == nil)
    #expect(wanted.extract(from: .inner(.wanted(8))) == 8)
  }

  /// Whether extraction learned the case's tag and reads payloads in place.
  private func projectsInPlace<Root, Value>(_ path: ResolvedCasePath<Root, Value>) -> Bool {
    guard let state = path.payload?.state.load(ordering: .relaxed) else { return false }
    return state & EnumPayload<Root, Value>.projectable != 0
  }
}
