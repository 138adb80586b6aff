import CurveDocument
import CurveSVG
import Foundation
import Testing

/// Documents imported from SVG, with what the simple documents lack (gradients, patterns,
/// groups with transforms, dashes, markers, kept elements and namespaces, text with escapes),
/// written by `PrettyJSONEncoder` as Foundation's `JSONEncoder` writes them.
struct ImportedDocumentEncodingTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/svg")

  static let rich = #"""
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 100 100">
      <defs>
        <linearGradient id="sky" x1="0" x2="1" spreadMethod="reflect"><stop offset="0.2" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity="0.5"/></linearGradient>
        <radialGradient id="sun" cx="0.5" cy="0.5" r="0.4"><stop offset="0" stop-color="#ff0"/><stop offset="1" stop-color="#f80"/></radialGradient>
        <pattern id="dots" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="2"/></pattern>
        <marker id="arrow" markerWidth="4" markerHeight="4" refX="2" refY="2"><path d="M0 0 L4 2 L0 4 z"/></marker>
      </defs>
      <g id="layer" inkscape:label="Layer / &quot;one&quot;" transform="translate(5 5) rotate(10)" opacity="0.8">
        <rect width="40" height="30" fill="url(#sky)" stroke="black" stroke-dasharray="4 2" stroke-width="1.5"/>
        <circle cx="60" cy="60" r="20" fill="url(#sun)" fill-rule="evenodd"/>
        <path d="M10 80 C 20 60, 40 100, 50 80" fill="none" stroke="url(#dots)" marker-end="url(#arrow)"/>
      </g>
      <text x="10" y="95">a\b "c" &lt;d&gt;</text>
      <inkscape:unknown note="kept"/>
    </svg>
    """#

  @Test func aRichDrawingIsWrittenAsFoundationWritesIt() throws {
    let document = try SVGImport.document(from: Data(Self.rich.utf8))
    #expect(document.curves.count >= 3)
    try Self.expectFoundationsBytes(document)
  }

  @Test func theSVGFixturesAreWrittenAsFoundationWritesThem() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".svg") }
    #expect(names.count >= 5)
    for name in names {
      try Self.expectFoundationsBytes(SVGImport.document(from: Data(contentsOf: Self.fixtures.appendingPathComponent(name))))
    }
  }

  static func expectFoundationsBytes(_ document: Document) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let ours = try PrettyJSONEncoder().encode(document), theirs = try encoder.encode(document)
    #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
  }
}
