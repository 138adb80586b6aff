import Composable
import CurveGeometry
import Foundation

/// Which segment of the drawing: its curve, its subpath, and its place in the subpath (0 for
/// the segment from the subpath's first node).
public struct SegmentReference: Hashable, Sendable {
  public var curve: UUID
  public var subpath: UUID
  public var segment: Int

  public init(curve: UUID, subpath: UUID, segment: Int) {
    self.curve = curve
    self.subpath = subpath
    self.segment = segment
  }
}

extension Subpath.State {
  /// The indices of the points of segment `number`, node to node, in order (a closed
  /// subpath's last segment ends at point 0); nil when there is no such segment.
  public func pointIndices(ofSegment number: Int) -> [Int]? {
    guard points.count >= 2 else { return nil }
    let starts = segmentStarts
    guard starts.indices.contains(number) else { return nil }
    let start = starts[number]
    if number < starts.count - 1 { return Array(start...starts[number + 1]) }
    var indices = Array(start..<points.count)
    if isClosed { indices.append(0) }
    return indices.count >= 2 ? indices : nil
  }
}

extension IdentifiedArrayOf<Curve.State> {
  /// The segment's control points' indices in its subpath, and the subpath: nil when the
  /// segment no longer exists.
  public func segment(_ reference: SegmentReference) -> (subpath: Subpath.State, indices: [Int])? {
    guard let subpath = self[id: reference.curve]?.subpaths[id: reference.subpath],
      let indices = subpath.pointIndices(ofSegment: reference.segment)
    else { return nil }
    return (subpath, indices)
  }

  /// The segment as a Bézier curve.
  public subscript(segment reference: SegmentReference) -> Bezier? {
    segment(reference).flatMap { found in Bezier(found.indices.map { found.subpath.points[$0].position }) }
  }

  /// The segment as a rational curve, when its points' weights differ (nil for a plain one).
  public func rationalSegment(_ reference: SegmentReference) -> RationalBezier? {
    guard let (subpath, indices) = segment(reference) else { return nil }
    return subpath.rationalSegment(reference.segment, controlPoints: indices.map { subpath.points[$0].position })
  }

  /// The segment's two end nodes.
  public func endNodes(of reference: SegmentReference) -> [PointReference]? {
    guard let (subpath, indices) = segment(reference) else { return nil }
    return [indices.first!, indices.last!].map { PointReference(curve: reference.curve, point: subpath.points[$0].id) }
  }
}

/// Every segment of the document in a grid of `cellSize` document units, each in the cells
/// its control points' box covers (the curve lies inside that box), so the pointer finds the
/// stroke under it by testing only the segments near it: a hover costs the same with 10
/// curves or 10,000.
///
/// ```swift
/// index.refresh(state.drawing.curves, revision: state.drawing.revision)
/// index.segment(at: position, radius: 8)   // the topmost segment within 8 units, and where on it
/// ```
///
/// A cache like `PointIndex` (which holds it): rebuilt in O(points) by the first query after
/// an edit, never part of what makes two states equal.
public struct SegmentIndex: Equatable, Sendable {
  /// Cells are this many document units square.
  static let cellSize = 32.0
  /// A segment whose box covers more cells than this is kept apart and tested at every query,
  /// so one huge segment does not fill the grid.
  static let largestCellCount = 256

  private struct Entry {
    var reference: SegmentReference
    var bezier: Bezier
    /// The curve drawn when the segment's points' weights differ: the one found.
    var rational: RationalBezier?
    var box: Rect
  }

  private var built: (revision: Int, count: Int)?
  /// Entries in drawing order: a later entry is drawn above an earlier one.
  private var entries: [Entry] = []
  private var cells: [GridCell: [Int32]] = [:]
  /// Entries too large for the grid.
  private var large: [Int32] = []

  public init() {}

  /// Derived from the curves: equal whatever it holds.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Rebuilds the index if the document changed since it was built.
  public mutating func refresh(_ curves: IdentifiedArrayOf<Curve.State>, revision: Int) {
    guard built.map({ $0 != (revision, curves.count) }) ?? true else { return }
    entries.removeAll(keepingCapacity: true)
    cells.removeAll(keepingCapacity: true)
    large.removeAll(keepingCapacity: true)
    for curve in curves {
      for subpath in curve.subpaths {
        let segments = subpath.segmentControlPoints, rationals = subpath.rationalSegments(segments)
        for (number, controlPoints) in segments.enumerated() {
          guard let bezier = Bezier(controlPoints), bezier.isFinite else { continue }
          // A rational curve lies in its control points' box too (its weights are positive).
          let box = Rect(enclosing: controlPoints)
          let index = Int32(entries.count)
          let rational = rationals[number]
          let reference = SegmentReference(curve: curve.id, subpath: subpath.id, segment: number)
          entries.append(Entry(reference: reference, bezier: bezier, rational: rational, box: box))
          let low = Self.cell(of: Point(x: box.minX, y: box.minY)), high = Self.cell(of: Point(x: box.maxX, y: box.maxY))
          if (Int(high.x) - Int(low.x) + 1) * (Int(high.y) - Int(low.y) + 1) > Self.largestCellCount {
            large.append(index)
            continue
          }
          for y in low.y...high.y {
            for x in low.x...high.x { cells[GridCell(x: x, y: y), default: []].append(index) }
          }
        }
      }
    }
    built = (revision, curves.count)
  }

  /// The topmost segment whose curve passes within `radius` of `position` (document units),
  /// with the parameter of its point nearest to `position`.
  public func segment(at position: Point, radius: Double, among curves: ((UUID) -> Bool)? = nil) -> (reference: SegmentReference, t: Double)? {
    guard position.isFinite, radius.isFinite else { return nil }
    var candidates: [Int32] = large
    let low = Self.cell(of: Point(x: position.x - radius, y: position.y - radius))
    let high = Self.cell(of: Point(x: position.x + radius, y: position.y + radius))
    if (Int(high.x) - Int(low.x) + 1) * (Int(high.y) - Int(low.y) + 1) > entries.count {
      candidates = entries.indices.map(Int32.init)
    } else {
      for y in low.y...high.y {
        for x in low.x...high.x { candidates.append(contentsOf: cells[GridCell(x: x, y: y)] ?? []) }
      }
    }
    // Topmost first: the first hit is the answer.
    candidates.sort(by: >)
    var previous: Int32 = -1
    for index in candidates where index != previous {
      previous = index
      let entry = entries[Int(index)]
      guard entry.box.insetBy(dx: -radius, dy: -radius).contains(position), curves?(entry.reference.curve) ?? true else { continue }
      let nearest = entry.rational?.nearest(to: position) ?? entry.bezier.nearest(to: position, accuracy: 1e-9)
      if nearest.distance <= radius { return (entry.reference, nearest.t) }
    }
    return nil
  }

  private static func cell(of point: Point) -> GridCell {
    GridCell(containing: point, cellSize: cellSize)
  }
}
