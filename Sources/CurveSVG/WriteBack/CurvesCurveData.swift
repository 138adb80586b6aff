import CurveDocument
import CurveGeometry
import FoundationEssentials

/// A curve as Curves holds it and a path's `d` cannot say (its points' ids and node types,
/// weights, colours and sizes, a segment of degree 4 or more, a B-spline's definition),
/// written on each curve's element of a drawing saved as Curves's own file:
///
/// ```xml
/// <path id="curve-…" d="M 0 0 C …" curves:curve="{&quot;id&quot;:…,&quot;subpaths&quot;:[…]}"/>
/// ```
///
/// The value is the curve's record without its style (which the element's attributes say),
/// read by the document format's own reader. It is used only while the element's `d` still
/// draws it (another program may have moved the path and left the attribute as it was);
/// otherwise the `d` is the curve, as for any SVG.
public enum CurvesCurveData {
  static let qualifiedName = "curves:curve"

  /// ` curves:curve="…"` for `curve`.
  static func attribute(for curve: Document.CurveRecord) -> String {
    var geometry = Document.CurveRecord(id: curve.id, subpaths: curve.subpaths, spline: curve.spline)
    geometry.style = CurveStyle()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = (try? encoder.encode(geometry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    return #" \#(qualifiedName)="\#(SVGExport.escaped(json))""#
  }

  /// The curve `text` holds on `canvas`, if it reads as a curve of a document.
  static func curve(from text: String, canvas: Canvas) -> Document.CurveRecord? {
    let document = #"{"version":5,"canvas":{"width":\#(SVGExport.number(canvas.width)),"height":\#(SVGExport.number(canvas.height))},"#
      + #""animation":{"totalSteps":10,"speed":50},"curves":[\#(text)]}"#
    return (try? Document.decode(Data(document.utf8)))?.curves.first
  }

  /// Whether `saved` is still what `drawn` (the curve as its `d` reads) shows: their drawn
  /// outlines' boxes agree within what export's cubics may stray (`SVGExport.tolerance`).
  static func stillDraws(_ saved: Document.CurveRecord, _ drawn: Document.CurveRecord) -> Bool {
    func box(_ curve: Document.CurveRecord) -> Rect {
      curve.subpaths.flatMap(\.drawnBeziers).reduce(Rect.empty) { $0.union($1.bounds) }
    }
    let a = box(saved), b = box(drawn)
    guard a.minX <= a.maxX, b.minX <= b.maxX else { return (a.minX <= a.maxX) == (b.minX <= b.maxX) }
    let slack = 2 * SVGExport.tolerance + 1e-9 * max(a.width, a.height, 1)
    return abs(a.minX - b.minX) <= slack && abs(a.minY - b.minY) <= slack && abs(a.maxX - b.maxX) <= slack && abs(a.maxY - b.maxY) <= slack
  }
}
