import CurveDocument
import CurveGeometry
import FoundationEssentials

extension SVGImport {
  /// The kept texts of a Curves document laid out again: their glyphs are not saved, so a
  /// document read back (a JSON file, an autosave, a recovery file) draws each text as the
  /// drawing it came from drew it. Each kept element carries what it inherited in wrappers
  /// (`SVGDrawing.keep`), so it is read alone, on the document's canvas, and its glyphs
  /// placed in its group's coordinates. Texts already laid out are left as they are.
  public static func layOutKeptTexts(in document: inout Document) {
    guard document.kept.contains(where: { $0.text == nil && isText($0) }) else { return }
    for index in document.kept.indices where document.kept[index].text == nil && isText(document.kept[index]) {
      let element = document.kept[index]
      guard var text = layOutText(element.xml, namespaces: document.namespaces, canvas: document.canvas) else { continue }
      text.group = element.group
      text.curves = text.curves.map { curve in
        var curve = curve
        curve.group = element.group
        return curve
      }
      document.kept[index].text = text
    }
  }

  /// A `<text>` element (with the wrappers that carry what it inherited, as a kept element
  /// has them) laid out alone: its glyphs in its own coordinates, in no group; nil when it
  /// draws nothing.
  /// `paths` are the curves a `<textPath>` may name, by element id, in the text's coordinates.
  public static func layOutText(_ xml: String, namespaces: [String: String], canvas: Canvas, paths: [String: [Document.SubpathRecord]] = [:]) -> KeptText? {
    var namespaces = namespaces
    // Declared once: the root below names XLink's already.
    namespaces["xlink"] = nil
    // The text tool's lines say `sodipodi:role`.
    if namespaces[TextContent.sodipodiNamespace.prefix] == nil { namespaces[TextContent.sodipodiNamespace.prefix] = TextContent.sodipodiNamespace.uri }
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"\#(declarations(namespaces)) width="\#(canvas.width)" height="\#(canvas.height)">\#(definitions(paths))\#(xml)</svg>"#
    guard let alone = try? self.import(from: Data(svg.utf8)).document.inDrawingCoordinates() else { return nil }
    return alone.kept.lazy.compactMap(\.text).first
  }

  /// `<defs>` holding `paths` as `<path>`s, for a text to name.
  private static func definitions(_ paths: [String: [Document.SubpathRecord]]) -> String {
    guard !paths.isEmpty else { return "" }
    let elements = paths.sorted { $0.key < $1.key }.map { id, subpaths in
      #"<path id="\#(SVGElement.escaped(id, quote: true))" d="\#(subpaths.map(SVGExport.pathData).joined(separator: " "))"/>"#
    }
    return "<defs>" + elements.joined() + "</defs>"
  }

  /// The namespaces a kept element may use, declared as attributes of a root (` xmlns:a="…"`).
  static func declarations(_ namespaces: [String: String]) -> String {
    namespaces.sorted { $0.key < $1.key }.map { #" xmlns:\#($0.key)="\#(SVGElement.escaped($0.value, quote: true))""# }.joined()
  }

  /// Whether a kept element is SVG's `<text>` (spelled with a prefix or not).
  private static func isText(_ element: KeptElement) -> Bool {
    element.name == "text" || element.name.hasSuffix(":text")
  }
}
