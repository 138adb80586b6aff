/// Which points a closed path fills, from its winding number there: SVG's `fill-rule`.
public enum WindingRule: String, Sendable, Hashable, CaseIterable {
  /// Inside where the path winds around the point any number of times but zero.
  case nonZero
  /// Inside where it winds an odd number of times.
  case evenOdd

  public func isInside(winding: Int) -> Bool {
    switch self {
    case .nonZero: winding != 0
    case .evenOdd: winding & 1 != 0
    }
  }
}

/// An area: closed loops of segments and the rule that says which points they fill. An open
/// subpath fills as if closed by a line back to its start, as SVG fills it.
public struct FilledShape: Sendable, Hashable {
  /// Each loop's segments end to end; the last ends where the first starts.
  public var loops: [[Bezier]]
  public var rule: WindingRule

  /// `subpaths` closed where their ends are apart; segments of zero length left out.
  public init(subpaths: [[Bezier]], rule: WindingRule = .nonZero) {
    self.rule = rule
    loops = subpaths.compactMap { segments in
      var loop = segments.filter { !$0.isPoint }
      guard let first = loop.first?.controlPoints.first, let last = loop.last?.controlPoints.last else { return nil }
      if first != last { loop.append(Bezier([last, first])!) }
      return loop
    }
  }
}

extension Bezier {
  /// Whether every control point is the first: a segment of no length.
  public var isPoint: Bool { controlPoints.allSatisfy { $0 == controlPoints[0] } }

  /// The same curve run backwards.
  public var reversed: Bezier { Bezier(controlPoints.reversed())! }

  /// ∫ x dy along the curve: one segment's share of the area a loop encloses (Green's
  /// theorem). x(t) y′(t) is a polynomial of degree 2n − 1, which the 16-point Gauss–Legendre
  /// rule integrates exactly up to degree 15.
  public var areaIntegral: Double {
    GaussLegendre.integral(0, 1) { t in eval(t).x * derivative(at: t).y }
  }

  /// The area a loop of segments encloses: positive when it runs clockwise on a screen
  /// (y pointing down), as `PathBoolean` winds outer boundaries; holes run the other way.
  public static func signedArea(of loop: [Bezier]) -> Double {
    loop.reduce(0) { $0 + $1.areaIntegral }
  }
}
