/// An element of the parsed file: enough of XML to walk an SVG drawing.
struct SVGElement {
  /// The local name: "path" for `<svg:path>` too.
  var name: String
  var qualifiedName: String
  /// Whether it is in SVG's namespace (or in none, as hand-written files often are).
  var isSVG: Bool
  /// Attributes by qualified name: "d", "xlink:href".
  var attributes: [String: String]
  var children: [SVGElement] = []
  var line: Int
  /// The text inside a `<style>` element (its character data and CDATA sections); empty for
  /// every other element.
  var text = ""

  /// The words of its `class` attribute.
  var classes: [Substring] { attributes["class"]?.split(whereSeparator: \.isWhitespace) ?? [] }

  /// How messages name it: `<path id="wave"> on line 12`.
  var label: String {
    let id = attributes["id"].map { " id=\"\(SVGImportError.quoted($0))\"" } ?? ""
    return "<\(qualifiedName)\(id)> on line \(line)"
  }

  /// Whether it is one of Curves' own point markers, or their group: `class` holds the word
  /// `control-point` or `control-points`.
  var isPointMarker: Bool {
    classes.contains { $0 == "control-point" || $0 == "control-points" }
  }
}
