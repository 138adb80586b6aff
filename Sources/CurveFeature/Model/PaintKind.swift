/// Which of a curve's paints an edit is of.
public enum PaintTarget: String, CaseIterable, Equatable, Sendable {
  case fill, stroke
}

/// What a paint is: one colour, a gradient along a line or out from a centre, or a pattern.
/// The style panel shows it, and turns a paint from one kind into another (a pattern comes
/// from a file: the panel turns one into the others, not the others into one).
public enum PaintKind: String, CaseIterable, Equatable, Sendable {
  case flat, linear, radial, pattern

  /// The kinds the panel's swatch steps through, in order.
  public static let panelCycle: [PaintKind] = [.flat, .linear, .radial]

  /// The kind after this one in `panelCycle` (a pattern's is flat).
  public var next: PaintKind {
    guard let index = Self.panelCycle.firstIndex(of: self) else { return .flat }
    return Self.panelCycle[(index + 1) % Self.panelCycle.count]
  }
}

extension Optional where Wrapped == CurveStyle.Paint {
  /// The kind this paint is (nil and none count as flat).
  public var kind: PaintKind {
    switch self {
    case let .gradient(gradient)?: gradient.isLinear ? .linear : .radial
    case .pattern?: .pattern
    default: .flat
    }
  }

  /// The paint as `kind`: a colour becomes a gradient from it to transparent across the
  /// curve's box (`Gradient.fading`); a gradient keeps its stops and takes the other
  /// geometry, or becomes its first stop's colour; a pattern becomes the first colour its
  /// content paints. A paint with no colour (none, or the default look) starts from
  /// `fallback`. Nothing becomes a pattern: asked for one, the paint stays as it is.
  public func converted(to kind: PaintKind, fallback: RGBColor) -> CurveStyle.Paint? {
    let color: RGBColor
    switch self {
    case let .color(value)?: color = value
    case let .gradient(gradient)?: color = gradient.stops.first?.color ?? fallback
    case let .pattern(pattern)?: color = RGBColor(hex: CurveStyle.Paint.pattern(pattern).text) ?? fallback
    case .none?, nil: color = fallback
    }
    switch (kind, self) {
    case (.pattern, _): return self
    case (.flat, .gradient?), (.flat, .pattern?): return .color(color)
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
