import CurveDocument
import CurveGeometry
import Foundation

extension SVGImport {
  /// The kept texts of a Curves document laid out again: their glyphs are not saved, so a
  /// document read back (a JSON file, an autosave, a recovery file) draws each text as the
  /// drawing it came from drew it. Each kept element carries what it inherited in wrappers
  /// (`SVGDrawing.keep`), so it is read alone, on the document's canvas, and its glyphs
  /// placed in its group's coordinates. Texts already laid out are left as they are.
  public static func layOutKeptTexts(in document: inout Document) {
    guard document.kept.contains(where: { $0.text == nil && isText($0) }) else { return }
    let namespaces = document.namespaces.sorted { $0.key < $1.key }.map { #" xmlns:\#($0.key)="\#(SVGElement.escaped($0.value, quote: true))""# }.joined()
    let canvas = document.canvas
    for index in document.kept.indices where document.kept[index].text == nil && isText(document.kept[index]) {
      let element = document.kept[index]
      let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"\#(namespaces) width="\#(canvas.width)" height="\#(canvas.height)">\#(element.xml)</svg>"#
      guard let alone = try? self.import(from: Data(svg.utf8)).document.inDrawingCoordinates(),
        var text = alone.kept.lazy.compactMap(\.text).first
      else { continue }
      text.group = element.group
      text.curves = text.curves.map { curve in
        var curve = curve
        curve.group = element.group
        return curve
      }
      document.kept[index].text = text
    }
  }

  /// Whether a kept element is SVG's `<text>` (spelled with a prefix or not).
  private static func isText(_ element: KeptElement) -> Bool {
    element.name == "text" || element.name.hasSuffix(":text")
  }
}
