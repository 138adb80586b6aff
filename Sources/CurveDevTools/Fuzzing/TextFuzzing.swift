import CurveFeature
import CurveGeometry
import CurveSVG
import CurveText
import Foundation

/// Any bytes as a text to lay out: the first four choose the font (a family list of this
/// machine's, generic, or missing), size, anchor and direction, position and rotate lists,
/// and a path to lay it along; the rest are its characters (UTF-8, repaired as any reader
/// repairs it). The drawing imports; every glyph of every text is finite; a run's advance and
/// offsets are finite; turned into curves, the texts become as many groups and the document
/// saves and reads back.
enum TextFuzzing {
  static let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "serif", "sans-serif", "monospace", "No Such Family, serif", "Times New Roman"]

  static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
    let head = bytes.prefix(4) + Array(repeating: 0, count: max(0, 4 - bytes.count))
    let characters = String(decoding: bytes.dropFirst(4), as: UTF8.self)
    let family = families[Int(head[0]) % families.count], size = 1 + Double(head[1] % 96)
    let anchor = ["start", "middle", "end"][Int(head[2]) % 3], direction = head[2] & 0x80 != 0 ? "rtl" : "ltr"
    let position = head[3] & 1 != 0 ? #"x="10 30 50" dx="0 5 -5" rotate="0 45 90""# : #"x="200""#
    let escaped = xmlText(characters)
    let content = head[3] & 2 != 0 ? ##"<textPath href="#p" startOffset="\##(head[3] % 50)%">\##(escaped)</textPath>"## : escaped
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path id="p" d="M 10 150 C 100 50 300 250 390 100"/>
      <text \#(position) y="100" font-family="\#(family)" font-size="\#(size)" text-anchor="\#(anchor)" direction="\#(direction)" text-decoration="\#(head[3] & 4 != 0 ? "underline" : "none")">\#(content)<tspan dy="-3" baseline-shift="super" font-weight="bold">\#(xmlText(String(characters.prefix(8))))</tspan></text></svg>
      """#
    var document: Document
    do {
      document = try SVGImport.document(from: Data(svg.utf8))
    } catch {
      throw FuzzFailure("a well-formed text drawing did not import: \(error)")
    }
    let texts = document.kept.compactMap(\.text)
    for text in texts {
      for curve in text.curves {
        for point in curve.subpaths.flatMap(\.points) {
          try require(point.x.isFinite && point.y.isFinite, "a glyph point of \(characters.debugDescription) is not finite")
        }
      }
    }
    if let run = TextRun(characters, font: FontRequest(families: [family]), size: size, letterSpacing: 1, wordSpacing: 2, rightToLeft: direction == "rtl") {
      try require(run.advance.isFinite && run.offsets.count == run.glyphs.count && run.offsets.allSatisfy(\.isFinite), "a run's pen of \(characters.debugDescription)")
    }
    let groups = document.groups.count
    let turned = document.turnTextsIntoCurves()
    try require(turned == texts.count && document.groups.count == groups + turned, "\(texts.count) texts turned into \(turned) groups")
    try DocumentFuzzing.requireSavesAndReadsBack(document, "the text turned into curves")
  }

  /// `text` as XML character data: the characters XML 1.0 allows, its specials escaped.
  static func xmlText(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        guard value >= 0x20, !(0xFFFE...0xFFFF).contains(value), !(0xD800...0xDFFF).contains(value) else { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
