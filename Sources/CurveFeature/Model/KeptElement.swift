import Foundation

/// A part of an imported drawing that Curves does not draw or edit (text, an image, foreign
/// content, metadata, an editor's own elements), kept verbatim so that `export-svg` writes it
/// back in its place.
///
/// ```swift
/// let kept = KeptElement(name: "text", xml: #"<g transform="matrix(1 0 0 1 0 0)"><text>Hi</text></g>"#, before: curveID)
/// ```
///
/// `xml` is the element as it was read, inside groups that carry what it inherited there
/// (the transform down to it as one `matrix`, and its ancestors' presentation attributes), so
/// it draws as it did wherever it is written. It is painted before the curve `before`, or
/// after every curve when that is nil (or the curve has gone).
public struct KeptElement: Equatable, Sendable, Codable {
  /// The element's name as the file spelled it: "text", "image", "sodipodi:namedview".
  public var name: String
  public var xml: String
  public var before: UUID?

  public init(name: String, xml: String, before: UUID?) {
    self.name = name
    self.xml = xml
    self.before = before
  }

  /// "3 text elements kept, not drawn; 1 image element kept, not drawn": one part per
  /// name, in the order first kept; empty when nothing was kept.
  public static func summary(_ kept: [KeptElement]) -> String {
    var counts: [(name: String, count: Int)] = []
    for element in kept {
      if let index = counts.firstIndex(where: { $0.name == element.name }) { counts[index].count += 1 } else { counts.append((element.name, 1)) }
    }
    return counts.map { "\($0.count) \($0.name) element\($0.count == 1 ? "" : "s") kept, not drawn" }.joined(separator: "; ")
  }
}
