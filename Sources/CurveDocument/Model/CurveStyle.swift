import CurveGeometry

/// How a curve is painted, as SVG paints a path: a fill with its rule, a stroke with its
/// width, caps, joins and dashes, and the opacity of the whole. A paint is a colour or a
/// gradient or a pattern.
///
/// ```swift
/// var style = CurveStyle()
/// style.fill = RGBColor(hex: "#2e3436")
/// style.fillRule = .evenOdd
/// ```
///
/// Every field is optional: one left out means the editor's look of today (no fill; the
/// editor's blue stroke, 3 px on screen whatever the zoom). A given `strokeWidth` is in
/// document units and scales with the zoom. Opacities are within 0…1, `miterLimit` at least 1.
public struct CurveStyle: Equatable, Sendable {
  /// A gradient or a pattern is boxed (`indirect`): unboxed, each paint was as large as a
  /// pattern, and a style, copied for each of 10,000 playing curves a frame, 433 bytes.
  public enum Paint: Equatable, Sendable {
    case none
    case color(RGBColor)
    indirect case gradient(Gradient)
    indirect case pattern(Pattern)
  }

  public enum FillRule: String, CaseIterable, Equatable, Sendable {
    case nonZero = "nonzero"
    case evenOdd = "evenodd"
  }

  public enum LineCap: String, CaseIterable, Equatable, Sendable {
    case butt, round, square
  }

  public enum LineJoin: String, CaseIterable, Equatable, Sendable {
    case miter, round, bevel
  }

  public var fill: Paint?
  public var fillRule: FillRule?
  public var fillOpacity: Double?
  public var stroke: Paint?
  /// Document units; 0 draws no stroke.
  public var strokeWidth: Double?
  public var strokeOpacity: Double?
  /// The whole curve's opacity, fill and stroke together (SVG's group opacity).
  public var opacity: Double?
  public var lineCap: LineCap?
  public var lineJoin: LineJoin?
  public var miterLimit: Double?
  /// SVG's `stroke-dasharray` in document units: dash, gap, dash, … (an odd list repeats
  /// once more, as SVG says); nil or empty for a solid stroke. Never negative, not all zero.
  public var dashArray: [Double]?
  /// How far into the dash pattern the stroke starts, in document units.
  public var dashOffset: Double?
  /// Whether the stroke is painted before the fill (SVG's `paint-order: stroke`); nil or
  /// false for the fill first.
  public var paintsStrokeFirst: Bool?
  /// How a skew or a non-uniform scale stretches the stroke, as SVG strokes a shape in its
  /// own space before its transform: the linear map (a b c d; no move, determinant ±1) from
  /// the pen's space, where the stroke is round and `strokeWidth` across, to the curve's.
  /// Nil for a round pen, which every move, turn and even scale keeps.
  public var strokeTransform: Affine?

  public init(
    fill: Paint? = nil, fillRule: FillRule? = nil, fillOpacity: Double? = nil, stroke: Paint? = nil,
    strokeWidth: Double? = nil, strokeOpacity: Double? = nil, opacity: Double? = nil,
    lineCap: LineCap? = nil, lineJoin: LineJoin? = nil, miterLimit: Double? = nil,
    dashArray: [Double]? = nil, dashOffset: Double? = nil
  ) {
    self.fill = fill
    self.fillRule = fillRule
    self.fillOpacity = fillOpacity
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.strokeOpacity = strokeOpacity
    self.opacity = opacity
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dashArray = dashArray
    self.dashOffset = dashOffset
  }

  /// Whether nothing is set: the curve looks as the editor draws an unstyled curve.
  public var isEditorDefault: Bool { self == CurveStyle() }

  public static let opacityRange = 0.0...1.0
  public static let strokeWidthRange = 0.0...1_000_000.0
}

extension CurveStyle: Encodable {
  private enum CodingKeys: String, CodingKey {
    case fill, fillRule, fillOpacity, stroke, strokeWidth, strokeOpacity, opacity, lineCap, lineJoin, miterLimit
    case dashArray, dashOffset
    case paintOrder
    case strokeTransform
  }

  /// Only the fields that are set, as the document format writes them: colours `#rrggbb` or
  /// `none`, a gradient as an object, keywords as SVG spells them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(fill, forKey: .fill)
    try container.encodeIfPresent(fillRule?.rawValue, forKey: .fillRule)
    try container.encodeIfPresent(fillOpacity, forKey: .fillOpacity)
    try container.encodeIfPresent(stroke, forKey: .stroke)
    try container.encodeIfPresent(strokeWidth, forKey: .strokeWidth)
    try container.encodeIfPresent(strokeOpacity, forKey: .strokeOpacity)
    try container.encodeIfPresent(opacity, forKey: .opacity)
    try container.encodeIfPresent(lineCap?.rawValue, forKey: .lineCap)
    try container.encodeIfPresent(lineJoin?.rawValue, forKey: .lineJoin)
    try container.encodeIfPresent(miterLimit, forKey: .miterLimit)
    try container.encodeIfPresent(dashArray, forKey: .dashArray)
    try container.encodeIfPresent(dashOffset, forKey: .dashOffset)
    if paintsStrokeFirst == true { try container.encode("stroke", forKey: .paintOrder) }
    if let pen = strokeTransform { try container.encode([pen.a, pen.b, pen.c, pen.d], forKey: .strokeTransform) }
  }
}

extension CurveStyle {
  /// The pen a stroke under `transform` (its linear part) has: `transform` shrunk to
  /// determinant ±1, nil when that is a turn or a flip, which leave a round pen round (within
  /// rounding), or when `transform` flattens the plane.
  public static func strokeTransform(for transform: Affine) -> Affine? {
    let determinant = transform.a * transform.d - transform.b * transform.c
    guard determinant != 0, determinant.isFinite else { return nil }
    // A pen read back from a file (its determinant 1 but for rounding) is that pen again.
    var scale = abs(determinant).squareRoot()
    scale.removeRoundingNoise(within: 1e-14 * scale)
    var pen = Affine(a: transform.a / scale, b: transform.b / scale, c: transform.c / scale, d: transform.d / scale, e: 0, f: 0)
    // skewX(-45) is 1 0 -1 1, not its tangent's −0.9999999999999999 (a few units in the last
    // place: any more would move the pen).
    // Each by name: a key path literal is made at run time the first time.
    pen.a.removeRoundingNoise(within: 1e-15)
    pen.b.removeRoundingNoise(within: 1e-15)
    pen.c.removeRoundingNoise(within: 1e-15)
    pen.d.removeRoundingNoise(within: 1e-15)
    // A turn is [cos −sin; sin cos], a flip [cos sin; sin −cos]: equal diagonals and opposite
    // off-diagonals, or the reverse.
    let isConformal = determinant > 0
      ? abs(pen.a - pen.d) < 1e-9 && abs(pen.b + pen.c) < 1e-9
      : abs(pen.a + pen.d) < 1e-9 && abs(pen.b - pen.c) < 1e-9
    return isConformal ? nil : pen
  }
}

extension CurveStyle.Paint: Encodable {
  /// `none`, `#rrggbb`, or the gradient's or pattern's object.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .none, .color:
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case let .gradient(gradient):
      try gradient.encode(to: encoder)
    case let .pattern(pattern):
      try pattern.encode(to: encoder)
    }
  }
}

extension CurveStyle.Paint {
  /// `#rrggbb` or `none`; for a gradient, the colour of its first stop; for a pattern, the
  /// first colour its content paints.
  public var text: String {
    switch self {
    case .none: "none"
    case let .color(color): color.hex
    case let .gradient(gradient): gradient.stops.first?.color.hex ?? "none"
    case let .pattern(pattern):
      pattern.curves.lazy.compactMap { curve in
        [curve.style.fill, curve.style.stroke].lazy.compactMap { $0?.text }.first { $0 != "none" }
      }.first ?? "none"
    }
  }

  /// The paint's gradient, if it is one.
  public var gradient: Gradient? {
    if case let .gradient(gradient) = self { return gradient }
    return nil
  }
}
