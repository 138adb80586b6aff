import Composable
import CurveGeometry
import Foundation

/// Every point of the document in a grid of `cellSize` document units, so the pointer finds
/// what is under it by looking in the few cells around it: a hover costs the same with 10
/// curves or 10,000.
///
/// ```swift
/// state.pointIndex.refresh(state.drawing.curves, revision: state.drawing.revision)
/// state.pointIndex.point(at: position, radius: 8, unitsPerScreenUnit: 1)  // the topmost hit
/// ```
///
/// A cache of the curves, kept in the editor's state: it is rebuilt (in O(points)) by the
/// first query after an edit, which every edit marks by moving the document's revision, so
/// a drag pays nothing for it. Being derived, it never makes two states differ.
public struct PointIndex: Equatable, Sendable {
  /// Cells are this many document units square: a handle's reach at 100%.
  static let cellSize = 16.0

  private struct Entry {
    var reference: PointReference
    var position: Point
    /// Half the handle's size, in screen units, when it has its own.
    var handleRadius: Double?
  }

  private var built: (revision: Int, count: Int)?
  /// Entries in drawing order: a later entry is drawn above an earlier one.
  private var entries: [Entry] = []
  private var cells: [GridCell: [Int32]] = [:]
  /// The largest `handleRadius`, so a query looks far enough for every handle.
  private var largestHandleRadius = 0.0
  /// The segments, for hovering and grabbing the curve itself: refreshed apart, by the
  /// queries that need it (a rubber band or a point's hover does not pay for it).
  var segments = SegmentIndex()

  public init() {}

  /// Derived from the curves: equal whatever it holds.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Rebuilds the index if the document changed since it was built.
  public mutating func refresh(_ curves: IdentifiedArrayOf<Curve.State>, revision: Int) {
    guard built.map({ $0 != (revision, curves.count) }) ?? true else { return }
    entries.removeAll(keepingCapacity: true)
    cells.removeAll(keepingCapacity: true)
    largestHandleRadius = 0
    // A B-spline's Bézier points are its spline's to move: its control points are grabbed
    // instead (`Editor.State.splinePoint(at:radius:)`).
    for curve in curves where curve.liveSpline == nil {
      for point in curve.points {
        let entry = Entry(reference: PointReference(curve: curve.id, point: point.id), position: point.position, handleRadius: point.size.map { $0 / 2 })
        cells[Self.cell(of: point.position), default: []].append(Int32(entries.count))
        entries.append(entry)
        largestHandleRadius = max(largestHandleRadius, entry.handleRadius ?? 0)
      }
    }
    built = (revision, curves.count)
  }

  /// The topmost point within `radius` of `position` (both in document units), or within its
  /// own handle when that is larger (its size is in screen units; `unitsPerScreenUnit`
  /// converts it); only the points of the curves `curves` accepts, when given.
  public func point(at position: Point, radius: Double, unitsPerScreenUnit: Double, among curves: ((UUID) -> Bool)? = nil) -> PointReference? {
    let reach = max(radius, largestHandleRadius * unitsPerScreenUnit)
    var best: Int32?
    forEachEntry(in: Rect(minX: position.x - reach, minY: position.y - reach, maxX: position.x + reach, maxY: position.y + reach)) { index in
      let entry = entries[Int(index)]
      if let curves, !curves(entry.reference.curve) { return }
      let within = entry.handleRadius.map { max(radius, $0 * unitsPerScreenUnit) } ?? radius
      if entry.position.distance(to: position) <= within, index > best ?? -1 { best = index }
    }
    return best.map { entries[Int($0)].reference }
  }

  /// The points inside `rect`, in drawing order.
  public func points(in rect: Rect) -> [PointReference] {
    var found: [Int32] = []
    forEachEntry(in: rect) { index in
      if rect.contains(entries[Int(index)].position) { found.append(index) }
    }
    return found.sorted().map { entries[Int($0)].reference }
  }

  /// Calls `body` with every entry in the cells `rect` touches. A rect covering more cells
  /// than there are entries is answered from the entries instead.
  private func forEachEntry(in rect: Rect, _ body: (Int32) -> Void) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return }
    let low = Self.cell(of: Point(x: rect.minX, y: rect.minY)), high = Self.cell(of: Point(x: rect.maxX, y: rect.maxY))
    let cellCount = (Int(high.x) - Int(low.x) + 1) * (Int(high.y) - Int(low.y) + 1)
    if cellCount > entries.count {
      for index in entries.indices { body(Int32(index)) }
      return
    }
    for y in low.y...high.y {
      for x in low.x...high.x {
        guard let indices = cells[GridCell(x: x, y: y)] else { continue }
        for index in indices { body(index) }
      }
    }
  }

  private static func cell(of point: Point) -> GridCell {
    GridCell(containing: point, cellSize: cellSize)
  }
}
