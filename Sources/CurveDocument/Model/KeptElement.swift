import CurveGeometry
import FoundationEssentials

/// A part of an imported drawing that Curves does not draw or edit (text, an image, foreign
/// content, metadata, an editor's own elements), kept verbatim so that `export-svg` writes it
/// back in its place.
///
/// ```swift
/// let kept = KeptElement(name: "text", xml: #"<g transform="matrix(1 0 0 1 0 0)"><text>Hi</text></g>"#, before: curveID)
/// ```
///
/// `xml` is the element as it was read, inside groups that carry what it inherited there
/// (the transform down to it from `group` as one `matrix`, and its ancestors' presentation
/// attributes), so it draws as it did inside `group`. It is painted before the curve
/// `before`, or after every curve when that is nil (or the curve has gone).
public struct KeptElement: Equatable, Sendable, Codable {
  /// The element's name as the file spelled it: "text", "image", "sodipodi:namedview".
  public var name: String
  public var xml: String
  public var before: UUID?
  /// For an `<image>` Curves can draw: where and how.
  public var image: KeptImage?
  /// For a `<text>`: its glyphs as Curves draws them. Not saved in a JSON document: it is
  /// the `xml` laid out, which reading lays out again (`SVGImport.layOutKeptTexts`).
  public var text: KeptText?
  /// The group it stands in (`Document.groups`); nil at the top level.
  public var group: String?

  private enum CodingKeys: String, CodingKey { case name, xml, before, image, group }

  /// The element as the file has it: its text's layout, which follows from it, is left out.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.xml == rhs.xml && lhs.before == rhs.before && lhs.image == rhs.image && lhs.group == rhs.group
  }

  public init(name: String, xml: String, before: UUID?, image: KeptImage? = nil, text: KeptText? = nil, group: String? = nil) {
    self.name = name
    self.xml = xml
    self.before = before
    self.image = image
    self.text = text
    self.group = group
  }

  /// "3 text elements kept, not drawn; 1 metadata element kept, not drawn": one part per
  /// name, in the order first kept; empty when everything kept is drawn (images and texts
  /// are).
  public static func summary(_ kept: [KeptElement]) -> String {
    var counts: [(name: String, count: Int)] = []
    for element in kept where element.image == nil && element.text == nil {
      if let index = counts.firstIndex(where: { $0.name == element.name }) { counts[index].count += 1 } else { counts.append((element.name, 1)) }
    }
    return counts.map { "\($0.count) \($0.name) element\($0.count == 1 ? "" : "s") kept, not drawn" }.joined(separator: "; ")
  }
}

/// An `<image>` as Curves draws it: its PNG or JPEG (a `data:` URI, or a file's absolute
/// path), the rectangle it is fitted into, and how that sits in the document.
public struct KeptImage: Equatable, Sendable, Codable {
  /// `data:image/png;base64,…`, or a file's path.
  public var href: String
  /// The viewport, in the image element's own units; a missing width or height is the
  /// image's own (SVG 2's `auto`).
  public var x: Double
  public var y: Double
  public var width: Double?
  public var height: Double?
  /// SVG's `preserveAspectRatio`; nil for `xMidYMid meet`.
  public var preserveAspectRatio: String?
  /// From the element's units to its group's (the document's at the top level): a b c d e f.
  public var transform: [Double]
  public var opacity: Double
  /// The layer group it is drawn in.
  public var group: String?

  public init(
    href: String, x: Double, y: Double, width: Double?, height: Double?, preserveAspectRatio: String?, transform: [Double],
    opacity: Double, group: String?
  ) {
    self.href = href
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.preserveAspectRatio = preserveAspectRatio
    self.transform = transform
    self.opacity = opacity
    self.group = group
  }

  /// The rectangle an image of `imageWidth × imageHeight` pixels is drawn into, and the map
  /// from its pixels to the element's units, as `preserveAspectRatio` fits it into the
  /// viewport (meet shows it whole, slice fills the viewport, `none` stretches it).
  public func placement(imageWidth: Double, imageHeight: Double) -> (viewport: (x: Double, y: Double, width: Double, height: Double),
                                                                      scaleX: Double, scaleY: Double, originX: Double, originY: Double) {
    // SVG 2's `auto`: a missing side follows the other through the image's proportions, and
    // with both missing the image is its own size.
    let width = self.width ?? self.height.map { $0 * imageWidth / imageHeight } ?? imageWidth
    let height = self.height ?? self.width.map { $0 * imageHeight / imageWidth } ?? imageHeight
    var scaleX = width / imageWidth, scaleY = height / imageHeight
    let words = (preserveAspectRatio ?? "").split(separator: " ").filter { $0 != "defer" }
    let align = words.first.map(String.init) ?? "xMidYMid"
    if align != "none" {
      let scale = words.dropFirst().first == "slice" ? max(scaleX, scaleY) : min(scaleX, scaleY)
      (scaleX, scaleY) = (scale, scale)
    }
    var originX = x, originY = y
    let spareX = width - imageWidth * scaleX, spareY = height - imageHeight * scaleY
    if align.containsUTF8("xMid") { originX += spareX / 2 }
    if align.containsUTF8("xMax") { originX += spareX }
    if align.containsUTF8("YMid") { originY += spareY / 2 }
    if align.containsUTF8("YMax") { originY += spareY }
    return ((x, y, width, height), scaleX, scaleY, originX, originY)
  }
}

/// A `<text>` as Curves draws it, laid out once when it is read: its glyphs' outlines as
/// curves (one a glyph, its contours the subpaths, quadratic and cubic segments as the font
/// has them), in its group's coordinates, each with its span's style; the characters shown;
/// and the families fontconfig put in place of those asked for that this machine lacks.
public struct KeptText: Equatable, Sendable {
  /// The text as it reads, whitespace collapsed: what Object to Path labels its group.
  public var characters: String
  public var curves: [Document.CurveRecord]
  /// "Noto Sans → DejaVu Sans", once each.
  public var substitutions: [String]
  /// The layer group it is drawn in.
  public var group: String?

  public init(characters: String, curves: [Document.CurveRecord], substitutions: [String] = [], group: String?) {
    self.characters = characters
    self.curves = curves
    self.substitutions = substitutions
    self.group = group
  }
}

extension Document {
  /// Every text that is drawn turned into curves (Inkscape's Object to Path): in its place
  /// in the drawing order, a group labelled with its characters holding a curve a glyph,
  /// and the kept element gone. Texts drawn from nothing (no font) stay kept. How many it
  /// turned.
  public mutating func turnTextsIntoCurves() -> Int {
    var turned = 0
    var remaining: [KeptElement] = []
    for element in kept {
      guard let text = element.text else {
        remaining.append(element)
        continue
      }
      turned += 1
      var id = "text-\(turned)"
      while groups.contains(where: { $0.id == id }) { id += "-" }
      groups.append(Group(id: id, parent: text.group, label: text.characters))
      let place = element.before.flatMap { before in curves.firstIndex { $0.id == before } } ?? curves.endIndex
      curves.insert(contentsOf: text.curves.map { curve in
        var curve = curve
        curve.group = id
        return curve
      }, at: place)
    }
    kept = remaining
    return turned
  }
}
