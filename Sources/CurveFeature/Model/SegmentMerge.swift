import Composable
import CurveGeometry
import Foundation

/// Joining neighbouring segments into one when the nodes between them are deleted: the one
/// segment, of the highest degree among them, that stays as close as it can to them.
///
/// ```swift
/// let merged = SegmentMerge.merged([[a, b, c, d], [d, e, f, g]])   // four points, a … g
/// ```
///
/// Least squares over points sampled along the old segments (`samplesPerSegment` each), with
/// the end points kept and the outer handles kept in their directions (the first inner point
/// on the ray from the start through the first segment's first handle, the last on the ray
/// from the end through the last segment's last handle; free when a segment has no such
/// handle, as a quadratic's one inner point is). Each old segment's samples take its share of
/// the new segment's parameter, linearly: shares of the length, or for two segments the share
/// that fits best, which finds a split Bézier again; the parameters are then moved towards
/// the nearest points of the fit (`refinements` rounds at most, while the fit improves), as
/// Schneider's curve fitting does.
public enum SegmentMerge {
  static let samplesPerSegment = 32
  static let refinements = 20

  /// The control points of one segment replacing `segments` (each its control points, the
  /// last point of each the first of the next).
  public static func merged(_ segments: [[Point]]) -> [Point] {
    guard let first = segments.first, let last = segments.last, first.count >= 2, last.count >= 2 else { return [] }
    let degree = segments.map { $0.count - 1 }.max()!
    let start = first[0], end = last[last.count - 1]
    guard degree >= 2 else { return [start, end] }
    // Samples along the old segments, each with its segment and its parameter there.
    var samples: [Point] = [], owners: [(segment: Int, t: Double)] = []
    var lengths: [Double] = []
    for (number, segment) in segments.enumerated() {
      guard let bezier = Bezier(segment) else { continue }
      lengths.append(bezier.arcLength(from: 0, to: 1))
      for step in (number == 0 ? 0 : 1)...samplesPerSegment {
        let t = Double(step) / Double(samplesPerSegment)
        samples.append(bezier.eval(t))
        owners.append((number, t))
      }
    }
    guard lengths.count == segments.count else { return [start, end] }

    // The inner points: on a ray from an end (one unknown, its distance) or free (two).
    let startDirection = degree >= 3 ? (first[1] - start).normalized : .zero
    let endDirection = degree >= 3 ? (last[last.count - 2] - end).normalized : .zero
    let rays: [(Point, Point)?] = (1..<degree).map { index in
      if index == 1, startDirection != .zero { return (start, startDirection) }
      if index == degree - 1, endDirection != .zero { return (end, endDirection) }
      return nil
    }
    func attempt(_ parameters: [Double]) -> (points: [Point], error: Double)? {
      guard let points = fit(samples, at: parameters, degree: degree, start: start, end: end, inner: rays), let curve = Bezier(points)
      else { return nil }
      let error = zip(samples, parameters).reduce(0) { $0 + ($1.0 - curve.eval($1.1)).lengthSquared }
      return (points, error)
    }
    // Each old segment's parameters mapped linearly onto its share of the new one: the shares
    // of the length at first; for two segments, the share that fits best (found by golden
    // section), which finds a split Bézier again exactly.
    func parameters(_ boundaries: [Double]) -> [Double] {
      owners.map { boundaries[$0.segment] + $0.t * (boundaries[$0.segment + 1] - boundaries[$0.segment]) }
    }
    let total = lengths.reduce(0, +)
    var boundaries = [0.0]
    for length in lengths { boundaries.append(boundaries.last! + (total > 0 ? length / total : 1 / Double(lengths.count))) }
    boundaries[boundaries.count - 1] = 1
    var best = attempt(parameters(boundaries)).map { (points: $0.points, error: $0.error, parameters: parameters(boundaries)) }
    if segments.count == 2 {
      // A coarse scan first (the error may have several minima), then golden section there.
      func error(_ share: Double) -> Double { attempt(parameters([0, share, 1]))?.error ?? .infinity }
      let steps = 32
      let coarse = (1..<steps).min { error(Double($0) / Double(steps)) < error(Double($1) / Double(steps)) }!
      var low = Double(coarse - 1) / Double(steps), high = Double(coarse + 1) / Double(steps)
      let ratio = (5.0.squareRoot() - 1) / 2
      var a = high - ratio * (high - low), b = low + ratio * (high - low)
      var errorA = error(a), errorB = error(b)
      for _ in 0..<48 {
        if errorA < errorB {
          high = b; b = a; errorB = errorA
          a = high - ratio * (high - low); errorA = error(a)
        } else {
          low = a; a = b; errorA = errorB
          b = low + ratio * (high - low); errorB = error(b)
        }
      }
      let share = (low + high) / 2, found = parameters([0, share, 1])
      if let fitted = attempt(found), fitted.error < best?.error ?? .infinity { best = (fitted.points, fitted.error, found) }
    }
    guard var current = best else { return [start, end] }
    // Then each sample's parameter moved towards the nearest point of the fit, while that helps.
    for _ in 0..<refinements {
      guard let curve = Bezier(current.points) else { break }
      var parameters = current.parameters
      for index in parameters.indices.dropFirst().dropLast() {
        parameters[index] = refined(parameters[index], towards: samples[index], on: curve)
      }
      guard let fitted = attempt(parameters), fitted.error < current.error else { break }
      current = (fitted.points, fitted.error, parameters)
    }
    return current.points
  }

  /// One Newton step of `t` towards the parameter of the point of `curve` nearest `target`.
  private static func refined(_ t: Double, towards target: Point, on curve: Bezier) -> Double {
    let offset = curve.eval(t) - target, first = curve.derivative(at: t), second = curve.secondDerivative(at: t)
    let denominator = first.dot(first) + offset.dot(second)
    guard denominator > 0, denominator.isFinite else { return t }
    return min(max(t - offset.dot(first) / denominator, 0), 1)
  }

  /// The least-squares control points for `samples` at `parameters`: the normal equations of
  /// the unknowns (a distance along each ray, a point for each free inner point), solved by
  /// Gaussian elimination. Nil when they have no single solution.
  private static func fit(
    _ samples: [Point], at parameters: [Double], degree: Int, start: Point, end: Point, inner: [(Point, Point)?]
  ) -> [Point]? {
    var columns: [Int] = []   // the first unknown of each inner point
    var count = 0
    for ray in inner {
      columns.append(count)
      count += ray == nil ? 2 : 1
    }
    var normal = [[Double]](repeating: [Double](repeating: 0, count: count), count: count)
    var right = [Double](repeating: 0, count: count)
    for (sample, t) in zip(samples, parameters) {
      let weights = (0...degree).map { bernstein(degree, $0, t) }
      // What the known parts put at t: the ends, and each ray's origin.
      var known = start * weights[0] + end * weights[degree]
      var rowX = [Double](repeating: 0, count: count), rowY = rowX
      for (index, ray) in inner.enumerated() {
        let weight = weights[index + 1], column = columns[index]
        if let (origin, direction) = ray {
          known += origin * weight
          rowX[column] = weight * direction.x
          rowY[column] = weight * direction.y
        } else {
          rowX[column] = weight
          rowY[column + 1] = weight
        }
      }
      let residual = sample - known
      for i in 0..<count {
        right[i] += rowX[i] * residual.x + rowY[i] * residual.y
        for j in 0..<count { normal[i][j] += rowX[i] * rowX[j] + rowY[i] * rowY[j] }
      }
    }
    guard let solution = solve(normal, right) else { return nil }
    var points = [start]
    for (index, ray) in inner.enumerated() {
      let column = columns[index]
      if let (origin, direction) = ray {
        // Kept in its direction: a handle is never turned back past its end.
        points.append(origin + direction * max(solution[column], 0))
      } else {
        points.append(Point(x: solution[column], y: solution[column + 1]))
      }
    }
    points.append(end)
    return points.allSatisfy(\.isFinite) ? points : nil
  }

  private static func bernstein(_ n: Int, _ i: Int, _ t: Double) -> Double {
    var coefficient = 1.0
    for k in 0..<i { coefficient = coefficient * Double(n - k) / Double(k + 1) }
    return coefficient * pow(t, Double(i)) * pow(1 - t, Double(n - i))
  }

  /// `matrix · x = vector` by Gaussian elimination with partial pivoting.
  private static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
    var a = matrix, b = vector
    let n = b.count
    for column in 0..<n {
      let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
      guard abs(a[pivot][column]) > 1e-12 else { return nil }
      a.swapAt(column, pivot)
      b.swapAt(column, pivot)
      for row in (column + 1)..<max(n, column + 1) {
        let factor = a[row][column] / a[column][column]
        guard factor != 0 else { continue }
        for k in column..<n { a[row][k] -= factor * a[column][k] }
        b[row] -= factor * b[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = b[row]
      for k in (row + 1)..<max(n, row + 1) { sum -= a[row][k] * x[k] }
      x[row] = sum / a[row][row]
    }
    return x
  }
}

extension Subpath.State {
  /// This subpath without the nodes whose ids are in `ids`, the segments on either side of
  /// each run of them joined into one (`SegmentMerge`), with new control points from `ids`;
  /// an end node of an open subpath goes with its segment. Nil when it would keep no segment.
  public func removingNodes(_ removed: Set<ControlPoint.State.ID>, newID: () -> UUID, on canvas: Canvas) -> Subpath.State? {
    var nodes = points.indices.filter { isNode($0) }
    guard nodes.count >= 2 || (isClosed && nodes.count >= 1) else { return nil }
    let kept = nodes.filter { !removed.contains(points[$0].id) }
    guard kept.count >= (isClosed ? 1 : 2), kept.count < nodes.count else { return kept.count == nodes.count ? self : nil }
    // The points from node index `a` to node index `b` (b after a, round a closed subpath).
    let all = Array(points)
    func run(_ a: Int, _ b: Int) -> [ControlPoint.State] {
      b > a ? Array(all[a...b]) : Array(all[a...]) + Array(all[...b])
    }
    if isClosed {
      // Start at the first kept node, going round once.
      let offset = nodes.firstIndex(of: kept[0])!
      nodes = Array(nodes[offset...] + nodes[..<offset])
    } else {
      // Ends that go take their segments with them.
      nodes = Array(nodes[nodes.firstIndex(of: kept[0])!...nodes.firstIndex(of: kept[kept.count - 1])!])
    }
    var result: [ControlPoint.State] = []
    var spanStart = 0
    let stops = isClosed ? nodes.count + 1 : nodes.count
    for position in 1..<stops {
      let node = nodes[position % nodes.count]
      guard !removed.contains(points[node].id) || position == nodes.count else { continue }
      let from = nodes[spanStart]
      let span = run(from, node)
      if position - spanStart == 1 {
        result += span.dropLast()
      } else {
        // Deleted nodes between: one segment replaces the old ones.
        var segments: [[Point]] = []
        for k in spanStart..<position { segments.append(run(nodes[k], nodes[(k + 1) % nodes.count]).map(\.position)) }
        let merged = SegmentMerge.merged(segments)
        result.append(points[from])
        result += merged.dropFirst().dropLast().map { ControlPoint.State(id: newID(), position: canvas.clamp($0)) }
      }
      spanStart = position
    }
    if !isClosed { result.append(points[nodes[nodes.count - 1]]) }
    return Subpath.State(id: id, isClosed: isClosed, points: IdentifiedArray(uniqueElements: result))
  }
}
