import CurveGeometry

/// A fill or stroke that varies across the shape, as SVG's `linearGradient` and
/// `radialGradient` define it: a geometry, the stops along it, how it spreads beyond them,
/// and the space its numbers are in.
///
/// ```swift
/// let sunset = Gradient(
///   geometry: .linear(x1: 0, y1: 0, x2: 0, y2: 1), units: .objectBoundingBox,
///   stops: [Gradient.Stop(offset: 0, color: RGBColor(hex: "#ff8800")!),
///           Gradient.Stop(offset: 1, color: RGBColor(hex: "#ff8800")!, opacity: 0)])
/// style.fill = .gradient(sunset)   // orange at the top of the curve's box, fading downwards
/// ```
///
/// A gradient is held by value in each style that paints with it; `export-svg` writes equal
/// gradients as one definition (named by `id`, which an import keeps from the file).
/// Invariants, checked by `Document.decode`: at least one stop, offsets within 0…1 and not
/// decreasing, opacities within 0…1, radii not negative, every number finite.
public struct Gradient: Hashable, Sendable {
  public enum Geometry: Hashable, Sendable {
    /// From (x1, y1) at offset 0 to (x2, y2) at offset 1.
    case linear(x1: Double, y1: Double, x2: Double, y2: Double)
    /// The circle about (cx, cy) of radius r at offset 1; the focus (fx, fy), a circle of
    /// radius fr, at offset 0 (SVG 2).
    case radial(cx: Double, cy: Double, r: Double, fx: Double, fy: Double, fr: Double)
  }

  /// The space the geometry's numbers are in: the document's, or the painted curve's
  /// bounding box (0…1 across it), which follows the curve as it is edited.
  public enum Units: String, CaseIterable, Hashable, Sendable {
    case userSpaceOnUse, objectBoundingBox
  }

  /// What paints beyond the first and last stops: their colours, the gradient mirrored, or
  /// repeated.
  public enum Spread: String, CaseIterable, Hashable, Sendable {
    case pad, reflect, `repeat`
  }

  public struct Stop: Hashable, Sendable {
    public var offset: Double
    public var color: RGBColor
    public var opacity: Double

    public init(offset: Double, color: RGBColor, opacity: Double = 1) {
      self.offset = offset
      self.color = color
      self.opacity = opacity
    }
  }

  /// The name `export-svg` writes it under; nil for a gradient made in the editor.
  public var id: String?
  public var geometry: Geometry
  public var units: Units
  /// SVG's `gradientTransform`: from the geometry's space into `units`' space.
  public var transform: Affine
  public var spread: Spread
  public var stops: [Stop]

  public init(
    id: String? = nil, geometry: Geometry, units: Units = .objectBoundingBox, transform: Affine = .identity,
    spread: Spread = .pad, stops: [Stop]
  ) {
    self.id = id
    self.geometry = geometry
    self.units = units
    self.transform = transform
    self.spread = spread
    self.stops = stops
  }

  public var isLinear: Bool {
    if case .linear = geometry { return true }
    return false
  }

  /// The map from the geometry's space to the document's, for a curve whose bounding box
  /// is `bounds`; nil when a box-relative gradient paints a curve with no width or height
  /// (SVG then paints nothing).
  public func documentTransform(bounds: Rect) -> Affine? {
    switch units {
    case .userSpaceOnUse:
      return transform
    case .objectBoundingBox:
      guard bounds.width > 0, bounds.height > 0 else { return nil }
      let box = Affine(a: bounds.width, b: 0, c: 0, d: bounds.height, e: bounds.minX, f: bounds.minY)
      return box * transform
    }
  }

  /// The gradient with every number finite and in range: what `Document.decode` requires.
  public var isValid: Bool {
    guard !stops.isEmpty, transform.isFinite else { return false }
    var previous = 0.0
    for stop in stops {
      guard stop.offset.isFinite, (0...1).contains(stop.offset), stop.offset >= previous,
        (0...1).contains(stop.opacity)
      else { return false }
      previous = stop.offset
    }
    switch geometry {
    case let .linear(x1, y1, x2, y2):
      return [x1, y1, x2, y2].allSatisfy(\.isFinite)
    case let .radial(cx, cy, r, fx, fy, fr):
      return [cx, cy, r, fx, fy, fr].allSatisfy(\.isFinite) && r >= 0 && fr >= 0
    }
  }

  /// Two stops across a curve's box, from `color` to `color` made transparent: what the
  /// panel turns a flat paint into. Linear runs left to right; radial from the box's centre.
  public static func fading(_ color: RGBColor, linear: Bool) -> Gradient {
    Gradient(
      geometry: linear ? .linear(x1: 0, y1: 0.5, x2: 1, y2: 0.5) : .radial(cx: 0.5, cy: 0.5, r: 0.5, fx: 0.5, fy: 0.5, fr: 0),
      stops: [Stop(offset: 0, color: color), Stop(offset: 1, color: color, opacity: 0)]
    )
  }
}

extension Gradient: Encodable {
  private enum CodingKeys: String, CodingKey {
    case type, id, x1, y1, x2, y2, cx, cy, r, fx, fy, fr, units, transform, spread, stops
  }

  private enum StopKeys: String, CodingKey { case offset, color, opacity }

  /// `{"type": "linear", "x1": …, "units": …, "transform": [a, b, c, d, e, f], "spread": …,
  /// "stops": [{"offset": 0, "color": "#rrggbb", "opacity": 1}, …]}`; the transform only
  /// when it is not the identity, the id only when there is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch geometry {
    case let .linear(x1, y1, x2, y2):
      try container.encode("linear", forKey: .type)
      for (key, value) in [(CodingKeys.x1, x1), (.y1, y1), (.x2, x2), (.y2, y2)] { try container.encode(value, forKey: key) }
    case let .radial(cx, cy, r, fx, fy, fr):
      try container.encode("radial", forKey: .type)
      for (key, value) in [(CodingKeys.cx, cx), (.cy, cy), (.r, r), (.fx, fx), (.fy, fy), (.fr, fr)] {
        try container.encode(value, forKey: key)
      }
    }
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(units.rawValue, forKey: .units)
    if transform != .identity {
      try container.encode([transform.a, transform.b, transform.c, transform.d, transform.e, transform.f], forKey: .transform)
    }
    try container.encode(spread.rawValue, forKey: .spread)
    var stopList = container.nestedUnkeyedContainer(forKey: .stops)
    for stop in stops {
      var item = stopList.nestedContainer(keyedBy: StopKeys.self)
      try item.encode(stop.offset, forKey: .offset)
      try item.encode(stop.color.hex, forKey: .color)
      try item.encode(stop.opacity, forKey: .opacity)
    }
  }
}
