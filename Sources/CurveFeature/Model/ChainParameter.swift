import CurveGeometry

/// Where the animation's t falls on a chain of segments (a subpath): which segment, and the
/// parameter on it.
///
/// ```swift
/// let place = ChainParameter(t: 0.6, on: subpath.segments, parametrization: .t)
/// subpath.segments[place.segment].eval(place.t)   // 0.6 of the way, by equal shares
/// ```
///
/// t runs over the whole chain: each segment takes an equal share of it, or, by arc length,
/// t is the fraction of the whole chain's length. A closed chain comes back to its start at
/// t = 1. A single segment reads t exactly as `AnimationSettings.parameter(on:)` does.
public struct ChainParameter: Equatable, Sendable {
  public var segment: Int
  public var t: Double

  public init?(t: Double, on segments: [Bezier], parametrization: AnimationSettings.Parametrization) {
    guard !segments.isEmpty, t.isFinite else { return nil }
    let t = min(max(t, 0), 1)
    switch parametrization {
    case .t:
      let scaled = t * Double(segments.count)
      let index = min(Int(scaled), segments.count - 1)
      self.segment = index
      self.t = min(max(scaled - Double(index), 0), 1)
    case .arcLength where segments.count == 1:
      self.segment = 0
      self.t = segments[0].parameter(atArcLengthFraction: t)
    case .arcLength:
      let lengths = segments.map { $0.arcLength(from: 0, to: 1) }
      let total = lengths.reduce(0, +)
      guard total > 0 else {
        self.segment = 0
        self.t = t
        return
      }
      var remaining = t * total
      var index = 0
      while index < segments.count - 1, remaining > lengths[index] {
        remaining -= lengths[index]
        index += 1
      }
      self.segment = index
      self.t = lengths[index] > 0 ? segments[index].parameter(atArcLength: min(remaining, lengths[index])) : 0
    }
  }
}

extension AnimationSettings {
  /// Where the construction is drawn on a chain of segments (see `ChainParameter`).
  public func place(on segments: [Bezier]) -> ChainParameter? {
    ChainParameter(t: t, on: segments, parametrization: parametrization)
  }
}
