/// A subpath cut into the dashes SVG's `stroke-dasharray` and `stroke-dashoffset` draw: the
/// pieces of it under each dash, as open subpaths of exact sub-segments.
///
/// ```swift
/// let dashes = Dashes(pattern: [10, 5], offset: 0).pieces(of: segments, closed: false)
/// ```
///
/// As SVG has it: a pattern of an odd count repeats twice over; one with a negative length,
/// or whose lengths sum to zero, draws the subpath whole; the pattern runs on across nodes
/// and, on a closed subpath, from its start all the way round.
public struct Dashes: Sendable {
  public var pattern: [Double]
  public var offset: Double
  /// How exactly a dash's ends are placed along the curve (arc length), in document units.
  public var accuracy: Double

  public init(pattern: [Double], offset: Double = 0, accuracy: Double = 1e-6) {
    self.pattern = pattern.count % 2 == 1 ? pattern + pattern : pattern
    self.offset = offset
    self.accuracy = accuracy
  }

  /// Whether the pattern draws anything but the whole subpath.
  public var dashes: Bool {
    !pattern.isEmpty && pattern.allSatisfy { $0 >= 0 && $0.isFinite } && pattern.reduce(0, +) > 0
  }

  public func pieces(of segments: [Bezier], closed: Bool) -> [[Bezier]] {
    guard dashes else { return [segments] }
    var segments = segments
    if closed, let first = segments.first?.controlPoints.first, let last = segments.last?.controlPoints.last, first != last {
      segments.append(Bezier([last, first])!)
    }
    let period = pattern.reduce(0, +)
    // Where in the pattern the subpath starts: the offset, brought into [0, period).
    var phase = offset.truncatingRemainder(dividingBy: period)
    if phase < 0 { phase += period }
    var index = 0
    while phase >= pattern[index] {
      phase -= pattern[index]
      index = (index + 1) % pattern.count
    }
    var remaining = pattern[index] - phase, on = index % 2 == 0
    let startsInDash = on
    var pieces: [[Bezier]] = [], current: [Bezier] = []
    for segment in segments {
      let length = segment.arcLength(from: 0, to: 1, accuracy: accuracy)
      var at = 0.0, t = 0.0
      while length - at > remaining {
        at += remaining
        let next = segment.parameter(atArcLength: at, accuracy: accuracy)
        if on, next > t { current.append(segment.subsegment(t, next)) }
        if on, !current.isEmpty { pieces.append(current) }
        current = []
        t = next
        index = (index + 1) % pattern.count
        on = index % 2 == 0
        remaining = pattern[index]
      }
      remaining -= length - at
      if on, t < 1 { current.append(t > 0 ? segment.subsegment(t, 1) : segment) }
    }
    if !current.isEmpty {
      // A closed subpath's last dash runs on into its first, when the start is inside a dash.
      if closed, on, startsInDash, let head = pieces.first {
        pieces[0] = current + head
      } else {
        pieces.append(current)
      }
    }
    return pieces
  }
}
