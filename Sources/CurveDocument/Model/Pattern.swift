import CurveGeometry

/// A fill or stroke that repeats a small drawing, as SVG's `pattern` does: a tile, its
/// content, and where the tiling lies in the document.
///
/// ```swift
/// let dots = Pattern(
///   tile: Rect(minX: 0, minY: 0, maxX: 10, maxY: 10),
///   curves: [dot])            // drawn with (0, 0) at the tile's top-left corner
/// style.fill = .pattern(dots)  // dots every 10 units, across and down the whole document
/// ```
///
/// The tile is resolved as usvg resolves it: what SVG gives in the box of the shape it paints
/// (`patternUnits`, `patternContentUnits`, a `viewBox`) is turned into numbers at import, so
/// the tiling stays where it is in the document when the curve is edited, and the content is
/// in the tile's own units. Tiles repeat from `tile`'s corner in every direction, each
/// showing only what falls inside it; `transform` takes the tiling into the document
/// (the shape's transform times `patternTransform`). Content curves are curves as the
/// document holds them (styles, subpaths), without groups. `export-svg` writes equal
/// patterns as one definition. Invariants, checked by `Document.decode`: a tile of positive
/// width and height, and every number finite.
public struct Pattern: Equatable, Sendable {
  /// The name SVG export writes it under (kept from the file).
  public var id: String?
  /// One tile, in the pattern's space.
  public var tile: Rect
  /// From the pattern's space to the document's.
  public var transform: Affine
  /// What one tile shows, in units of the tile with (0, 0) at its top-left corner.
  public var curves: [Document.CurveRecord]

  public init(id: String? = nil, tile: Rect, transform: Affine = .identity, curves: [Document.CurveRecord]) {
    self.id = id
    self.tile = tile
    self.transform = transform
    self.curves = curves
  }

  /// The pattern with a tile of positive size, and every number finite, its content's too:
  /// what `Document.decode` requires.
  public var isValid: Bool {
    guard [tile.minX, tile.minY, tile.maxX, tile.maxY].allSatisfy(\.isFinite), tile.width > 0, tile.height > 0,
      transform.isFinite
    else { return false }
    return curves.allSatisfy { curve in
      curve.subpaths.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        && [curve.style.fill, curve.style.stroke].allSatisfy { paint in
          switch paint {
          case let .gradient(gradient)?: gradient.isValid
          case let .pattern(pattern)?: pattern.isValid
          default: true
          }
        }
    }
  }
}

extension Pattern: Encodable {
  private enum CodingKeys: String, CodingKey { case type, id, x, y, width, height, transform, curves }

  /// `{"type": "pattern", "x": …, "y": …, "width": …, "height": …, "transform": [a, b, c, d,
  /// e, f], "curves": [curve, …]}`; the transform only when it is not the identity, the id
  /// only when there is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode("pattern", forKey: .type)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(tile.minX, forKey: .x)
    try container.encode(tile.minY, forKey: .y)
    try container.encode(tile.width, forKey: .width)
    try container.encode(tile.height, forKey: .height)
    if transform != .identity {
      try container.encode([transform.a, transform.b, transform.c, transform.d, transform.e, transform.f], forKey: .transform)
    }
    try container.encode(curves, forKey: .curves)
  }
}
