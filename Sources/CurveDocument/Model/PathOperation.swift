import CurveGeometry
import FoundationEssentials

/// Inkscape's Path menu operations on curves (`PathBoolean`): what Ctrl++, Ctrl+-, Ctrl+*,
/// Ctrl+^, Ctrl+/ and Ctrl+Alt+/ do to the selected curves, and `curves path OP` to every
/// curve of a file. The raw values are the command line's names.
///
/// ```swift
/// let merged = PathOperation.union.apply(to: [bottom, top], makeID: RandomUUIDs.shared.callAsFunction)   // one curve
/// ```
///
/// Curves are taken bottom first (painting order), each filling what its own fill rule fills.
/// The result takes the bottom curve's id, style and group; its segments are exact pieces of
/// the inputs', with a corner node where two pieces meet at an angle and a smooth one where
/// they run on tangentially.
public enum PathOperation: String, CaseIterable, Sendable {
  /// What any of the curves fills, as one curve.
  case union
  /// The bottom curve minus the top one.
  case difference
  /// What every curve fills.
  case intersection
  /// What exactly one of the two fills.
  case exclusion
  /// The bottom curve cut into pieces by the top one: a curve for each piece.
  case division
  /// The bottom curve's outline cut where the top one's crosses it: open pieces, a curve each.
  case cut

  /// Its name in the Path menu.
  public var title: String {
    switch self {
    case .union: "Union"
    case .difference: "Difference"
    case .intersection: "Intersection"
    case .exclusion: "Exclusion"
    case .division: "Division"
    case .cut: "Cut path"
    }
  }

  /// How many curves it takes: union any number, intersection two or more, the rest exactly
  /// two (a bottom and a top).
  public var curveCounts: ClosedRange<Int> {
    switch self {
    case .union: 1...Int.max
    case .intersection: 2...Int.max
    case .difference, .exclusion, .division, .cut: 2...2
    }
  }

  /// Why it cannot take `count` curves, for the status line; nil when it can.
  public func refusal(forCurveCount count: Int) -> String? {
    guard !curveCounts.contains(count) else { return nil }
    let wants = curveCounts.upperBound == 2 ? "exactly two curves" : "at least \(curveCounts.lowerBound) curve\(curveCounts.lowerBound == 1 ? "" : "s")"
    return "\(title) needs \(wants) (a point of each selected); \(count) \(count == 1 ? "is" : "are") selected."
  }

  /// The curves that replace `curves` (bottom first, in one coordinate space): none when
  /// nothing is left. New curves and points take ids from `makeID`.
  public func apply(to curves: [Document.CurveRecord], makeID: () -> UUID) -> [Document.CurveRecord] {
    guard let bottom = curves.first, curveCounts.contains(curves.count) else { return curves }
    let shapes = curves.map(\.filledShape)
    func curve(_ subpaths: [Document.SubpathRecord], first: Bool) -> Document.CurveRecord {
      Document.CurveRecord(id: first ? bottom.id : makeID(), style: bottom.style, subpaths: subpaths, group: bottom.group)
    }
    switch self {
    case .union, .difference, .intersection, .exclusion:
      let operation = PathBoolean.Operation(rawValue: rawValue)!
      let loops = PathBoolean.combine(shapes, operation)
      guard !loops.isEmpty else { return [] }
      return [curve(loops.map { Document.SubpathRecord(segments: $0, closed: true, makeID: makeID) }, first: true)]
    case .division:
      let parts = PathBoolean.divide(shapes[0], by: shapes[1])
      return parts.enumerated().map { number, loops in
        curve(loops.map { Document.SubpathRecord(segments: $0, closed: true, makeID: makeID) }, first: number == 0)
      }
    case .cut:
      let subpaths = bottom.subpaths.map { (segments: $0.drawnBeziers, closed: $0.closed) }.filter { !$0.segments.isEmpty }
      return PathBoolean.cut(subpaths, by: shapes[1]).enumerated().map { number, piece in
        var result = curve([Document.SubpathRecord(segments: piece.segments, closed: piece.closed, makeID: makeID)], first: number == 0)
        // Open pieces are lines to stroke, as Inkscape leaves them: not filled, and stroked
        // in the fill's paint when the bottom curve had no stroke, so they are seen.
        if !piece.closed {
          if result.style.stroke == CurveStyle.Paint.none { result.style.stroke = bottom.style.fill ?? nil }
          result.style.fill = CurveStyle.Paint.none
        }
        return result
      }
    }
  }
}

extension Document.CurveRecord {
  /// The area the curve fills: its subpaths (open ones closed by a line) under its fill rule.
  public var filledShape: FilledShape {
    FilledShape(subpaths: subpaths.map(\.drawnBeziers), rule: style.fillRule == .evenOdd ? .evenOdd : .nonZero)
  }
}

extension Document.SubpathRecord {
  /// A subpath of `segments` end to end (a closed one's last comes back to its first node):
  /// each segment's start a node, corner where the path turns there, smooth where it runs on.
  public init(segments: [Bezier], closed: Bool, makeID: () -> UUID) {
    var points: [Document.PointRecord] = []
    for (index, segment) in segments.enumerated() {
      let before = index > 0 ? segments[index - 1] : (closed ? segments.last : nil)
      points.append(Self.node(at: segment.controlPoints[0], after: before, before: segment, id: makeID()))
      for inner in segment.controlPoints.dropFirst().dropLast() { points.append(Document.PointRecord(id: makeID(), x: inner.x, y: inner.y)) }
    }
    if !closed, let last = segments.last {
      points.append(Self.node(at: last.controlPoints[last.degree], after: last, before: nil, id: makeID()))
    }
    self.init(closed: closed, points: points)
  }

  /// Smooth when the segments on either side leave it in one direction (within 0.1°).
  private static func node(at point: Point, after incoming: Bezier?, before outgoing: Bezier?, id: UUID) -> Document.PointRecord {
    var smooth = false
    if let incoming, let outgoing, let a = incoming.tangent(at: 1), let b = outgoing.tangent(at: 0) {
      smooth = a.dot(b) > 0 && abs(a.cross(b)) < 0.0017
    }
    return Document.PointRecord(id: id, x: point.x, y: point.y, node: smooth ? .smooth : .corner)
  }
}
