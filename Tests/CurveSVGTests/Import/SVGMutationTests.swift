import CurveDocument
@testable import CurveSVG
import Foundation
import SeededRandom
import Testing

/// Drawings changed at random, as `make fuzz` changes them but in every `make test`: an import
/// never traps, and what it returns is a document `Document.decode` takes back unchanged, or
/// an error with a one-line message.
struct SVGMutationTests {
  static let seed = """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="32" height="16" viewBox="0 0 16 16" font-size="10">
    <style>g.a > path:first-child, #b[data-x="1"] { fill: rgb(10%, 20%, 30%) !important } * { stroke-linejoin: round } .c { opacity: 50% }</style>
    <defs><linearGradient id="g"><stop stop-color="red"/><stop offset="1" style="stop-color: #00f"/></linearGradient>
    <symbol id="s" viewBox="0 0 4 4"><circle cx="2" cy="2" r="1.5em"/></symbol></defs>
    <g class="a" fill="currentColor" color="teal" transform="rotate(30 8 8) scale(0.5)" style="stroke: #123; stroke-width: 1ex">
      <path d="M 1 1 h 4 v 4 H 1 Z m 1 1 c 1 0 2 1 2 2 s -1 2 -2 2 q -1 0 -1 -1 t 1 -1 a 1 2 30 1 0 1 1 z"/>
      <path id="b" data-x="1" class="c" d="M0 0L1 1" fill="url(#g) hsl(120, 50%, 50%)"/>
    </g>
    <rect x="1vw" y="1rem" width="50%" height="2Q" rx="1" style="transform: translate(1px, 2px)"/>
    <polygon points="1,2 3,4 5"/><polyline points="0 0 1 x"/><ellipse rx="3" ry="auto"/>
    <switch><line x2="3" systemLanguage="fr"/><line x2="4" y2="1"/></switch>
    <use xlink:href="#s" x="2" width="4" height="4"/><use href="#u" id="u"/>
    </svg>
    """

  static let tokens = [
    "<", ">", "/", "\"", "=", " ", "-", ".", "e", "0", "1", "9", "%", "#", "(", ")", ",", ";", ":", "{", "}", "!important",
    "M", "z", "A", "c", "url(#g)", "url(#s)", "inherit", "none", "px", "em", "</g>", "<g>", "<![CDATA[", "]]>", "&amp;", "*",
    "display:none", "1e308", "NaN", "\u{e9}", "rgba(", "currentColor", "@media", "/*", "*/", ">", "+", "~", "[", "]",
  ]

  @Test func randomChangesNeverTrapAndGiveValidDocuments() throws {
    var random = SplitMix64(seed: 2026)
    var imported = 0
    for round in 0..<4000 {
      var text = Array(Self.seed.unicodeScalars)
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let index = Int.random(in: 0..<text.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: text.remove(at: index)
        case 1: text.insert(contentsOf: Self.tokens.randomElement(using: &random)!.unicodeScalars, at: index)
        default:
          let end = min(text.count, index + Int.random(in: 1...20, using: &random))
          text.replaceSubrange(index..<end, with: Self.tokens.randomElement(using: &random)!.unicodeScalars)
        }
      }
      var svg = ""
      svg.unicodeScalars.append(contentsOf: text)
      let result: (document: Document, repairs: [String])
      do {
        result = try SVGImport.import(from: Data(svg.utf8))
      } catch {
        #expect(!error.description.isEmpty && !error.description.contains("\n"), "round \(round)")
        continue
      }
      imported += 1
      #expect(try Document.decode(result.document.encoded()) == result.document, "round \(round)")
      #expect(result.repairs.allSatisfy { !$0.isEmpty && !$0.contains("\n") }, "round \(round)")
    }
    // Most changes leave a drawing to import.
    #expect(imported > 500)
  }
}
