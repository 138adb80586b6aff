/// Which of a curve's paints an edit is of.
public enum PaintTarget: String, CaseIterable, Equatable, Sendable {
  case fill, stroke
}

/// What a paint is: one colour, or a gradient along a line or out from a centre. The style
/// panel shows it, and turns a paint from one kind into another.
public enum PaintKind: String, CaseIterable, Equatable, Sendable {
  case flat, linear, radial
}

extension Optional where Wrapped == CurveStyle.Paint {
  /// The kind this paint is (nil and none count as flat).
  public var kind: PaintKind {
    guard case let .gradient(gradient)? = self else { return .flat }
    return gradient.isLinear ? .linear : .radial
  }

  /// The paint as `kind`: a colour becomes a gradient from it to transparent across the
  /// curve's box (`Gradient.fading`); a gradient keeps its stops and takes the other
  /// geometry, or becomes its first stop's colour. A paint with no colour (none, or the
  /// default look) starts from `fallback`.
  public func converted(to kind: PaintKind, fallback: RGBColor) -> CurveStyle.Paint? {
    let color: RGBColor
    switch self {
    case let .color(value)?: color = value
    case let .gradient(gradient)?: color = gradient.stops.first?.color ?? fallback
    case .none?, nil: color = fallback
    }
    switch (kind, self) {
    case (.flat, .gradient?): return .color(color)
    case (.flat, _): return self
    case let (_, .gradient(gradient)?) where self.kind == kind: return .gradient(gradient)
    case let (_, .gradient(gradient)?):
      var changed = Gradient.fading(color, linear: kind == .linear)
      changed.stops = gradient.stops
      return .gradient(changed)
    default: return .gradient(.fading(color, linear: kind == .linear))
    }
  }
}
