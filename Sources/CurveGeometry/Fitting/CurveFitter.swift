import Glibc

/// Fits a stroke of sampled points (a pencil's, a digitized outline's) with as few cubic
/// segments as it can, every point within `tolerance` of the result.
///
/// ```swift
/// let fitter = CurveFitter(tolerance: 2, cornerAngle: 45)
/// let stroke = fitter.fit(samples)   // stroke.cubics, stroke.corners, stroke.isClosed
/// ```
///
/// The stroke is first cut at its corners: points where its direction, measured over a
/// window of twice the tolerance on each side (so a noisy hand does not make corners),
/// turns by more than `cornerAngle`. Each piece between corners is then covered greedily:
/// from where the last segment ended, the longest run of points one cubic can fit is found
/// by a growing, then halving search; each fit is Schneider's least squares with its end
/// tangents fixed, its parameters refined by Newton's method. Segments meet with the same
/// tangent (smooth nodes) except at corners. Taking the longest run each time, rather than
/// splitting at the worst point as Schneider's algorithm does, is what gives fewer
/// segments for the same tolerance.
///
/// The check is exact: a fit is kept only when every point lies within `tolerance` of the
/// point its parameter gives on the cubic, which is no nearer than the curve itself.
public struct CurveFitter: Sendable {
  /// How far, at most, any input point may be from the fitted curve.
  public var tolerance: Double
  /// A turn sharper than this, in degrees, is a corner node.
  public var cornerAngle: Double

  /// Inkscape's pencil and Simplify keep corners of about this much.
  public static let defaultCornerAngle = 45.0

  public init(tolerance: Double, cornerAngle: Double = CurveFitter.defaultCornerAngle) {
    self.tolerance = tolerance
    self.cornerAngle = cornerAngle
  }

  /// The fitted stroke: nothing for no points, its one point for one. The samples at the
  /// indices `corners` are corner nodes whatever their angle (a path's corners kept).
  public func fit(_ samples: [Point], corners forced: [Int] = []) -> FittedStroke {
    var points: [Point] = []
    points.reserveCapacity(samples.count)
    // Repeated points are dropped: each sample's index among those kept.
    var keptIndex = [Int](repeating: 0, count: samples.count)
    for (index, point) in samples.enumerated() where point.isFinite {
      if points.last != point { points.append(point) }
      keptIndex[index] = max(points.count - 1, 0)
    }
    let forced = Set(forced.filter { samples.indices.contains($0) }.map { keptIndex[$0] })
    guard let first = points.first else { return FittedStroke(start: .zero, cubics: [], corners: [], isClosed: false) }
    guard points.count > 1, tolerance > 0, tolerance.isFinite else {
      return FittedStroke(start: first, cubics: Self.lines(points), corners: Array(repeating: true, count: points.count), isClosed: false)
    }
    // Ending on its own start (within the tolerance) closes the stroke: the start is added
    // again at the end, so the last sample is fitted as any other.
    let isClosed = points.count > 3 && points[points.count - 1].distance(to: first) <= tolerance
    if isClosed, points[points.count - 1] != first { points.append(first) }
    let sharp = cornerAngle * .pi / 180
    var stroke = StrokeSamples(points: points, isClosed: isClosed, window: 2 * tolerance)
    let ring = points.count - 1
    // The last point of a closed stroke is its first.
    var corners = Array(Set(stroke.corners(sharperThan: sharp)).union(forced.map { isClosed && $0 == ring ? 0 : $0 }))
    if isClosed, let start = forced.contains(0) || forced.contains(ring) ? 0 : forced.min() ?? stroke.corners(sharperThan: sharp).first {
      // A closed stroke starts at a corner (a kept one, else its sharpest), so its start is a
      // corner node.
      stroke = stroke.rotated(toStartAt: start)
      corners = corners.map { ($0 - start + ring) % ring }
    }
    let last = stroke.points.count - 1
    let cuts = [0] + corners.filter { $0 > 0 && $0 < last }.sorted() + [last]
    let closedSmoothly = isClosed && corners.isEmpty
    var cubics: [CubicBezier] = []
    var nodeCorners = [!closedSmoothly]
    for (start, end) in zip(cuts, cuts.dropFirst()) {
      let startTangent = closedSmoothly && start == 0 ? stroke.centralTangent(at: 0) : stroke.forwardTangent(at: start, limit: end)
      let endTangent = closedSmoothly && end == stroke.points.count - 1 ? stroke.centralTangent(at: 0) : stroke.backwardTangent(at: end, limit: start)
      let piece = fitPiece(stroke, from: start, to: end, startTangent: startTangent, endTangent: endTangent)
      cubics += piece
      nodeCorners += Array(repeating: false, count: piece.count - 1) + [true]
    }
    if closedSmoothly { nodeCorners[nodeCorners.count - 1] = false }
    return FittedStroke(start: stroke.points[0], cubics: cubics, corners: nodeCorners, isClosed: isClosed)
  }

  /// Straight segments through every point, as cubics.
  static func lines(_ points: [Point]) -> [CubicBezier] {
    zip(points, points.dropFirst()).map { CubicBezier($0, $0.lerp(to: $1, 1.0 / 3), $0.lerp(to: $1, 2.0 / 3), $1) }
  }

  /// The points `start...end` (no corner between them) as the fewest smooth cubics found.
  private func fitPiece(_ stroke: StrokeSamples, from start: Int, to end: Int, startTangent: Point, endTangent: Point) -> [CubicBezier] {
    var cubics: [CubicBezier] = []
    var from = start, tangent = startTangent
    var guess = 8
    var fit = CubicFit(stroke: stroke, tolerance: tolerance)
    while from < end {
      func tangentAt(_ index: Int) -> Point { index == end ? endTangent : stroke.centralTangent(at: index, within: start...end) }
      // Grow the run until a cubic no longer fits, then halve the gap to the longest that does.
      var best = from + 1
      var bestCubic = fit.cubic(from: from, to: best, startTangent: tangent, endTangent: tangentAt(best))
        ?? Self.lines([stroke.points[from], stroke.points[best]])[0]
      var bad = end + 1
      var candidate = min(from + guess, end)
      while candidate > best {
        if let cubic = fit.cubic(from: from, to: candidate, startTangent: tangent, endTangent: tangentAt(candidate)) {
          best = candidate
          bestCubic = cubic
          if bad == end + 1 {
            candidate = min(from + (candidate - from) * 2, end)
            continue
          }
        } else {
          bad = candidate
        }
        candidate = (best + bad) / 2
      }
      cubics.append(bestCubic)
      guess = max(best - from, 2)
      tangent = tangentAt(best)
      from = best
    }
    return cubics
  }
}

/// A fitted stroke: from `start`, its cubics end to end; `corners` says for each node (the
/// start, each joint, the end) whether it is a corner (else the cubics meeting there share
/// their tangent). A closed stroke ends where it starts.
public struct FittedStroke: Equatable, Sendable {
  public var start: Point
  public var cubics: [CubicBezier]
  public var corners: [Bool]
  public var isClosed: Bool

  public init(start: Point, cubics: [CubicBezier], corners: [Bool], isClosed: Bool) {
    self.start = start
    self.cubics = cubics
    self.corners = corners
    self.isClosed = isClosed
  }
}

/// The samples of one stroke with what fitting asks of them: arc length, and the points a
/// window away on either side (for tangents and corners).
struct StrokeSamples {
  let points: [Point]
  let isClosed: Bool
  /// The arc length up to each point.
  let lengths: [Double]
  let window: Double

  init(points: [Point], isClosed: Bool, window: Double) {
    self.points = points
    self.isClosed = isClosed
    self.window = window
    var lengths = [0.0]
    lengths.reserveCapacity(points.count)
    for index in points.indices.dropFirst() { lengths.append(lengths[index - 1] + points[index].distance(to: points[index - 1])) }
    self.lengths = lengths
  }

  /// The same closed stroke starting at `index`.
  func rotated(toStartAt index: Int) -> StrokeSamples {
    guard index > 0 else { return self }
    let ring = Array(points.dropLast())
    let turned = Array(ring[index...] + ring[..<index]) + [ring[index]]
    return StrokeSamples(points: turned, isClosed: true, window: window)
  }

  /// The point a window before `index` (around the ring when closed), or the first.
  func back(from index: Int) -> Point {
    var j = index
    var travelled = 0.0
    let count = points.count
    while travelled < window {
      if j == 0 {
        guard isClosed else { return points[0] }
        j = count - 1
      }
      travelled += points[j].distance(to: points[j - 1])
      j -= 1
      if j == index { break }
    }
    return points[j]
  }

  /// The point a window after `index` (around the ring when closed), or the last.
  func forward(from index: Int) -> Point {
    var j = index
    var travelled = 0.0
    let count = points.count
    while travelled < window {
      if j == count - 1 {
        guard isClosed else { return points[count - 1] }
        j = 0
      }
      travelled += points[j].distance(to: points[j + 1])
      j += 1
      if j == index { break }
    }
    return points[j]
  }

  /// The indices where the stroke turns by more than `angle` (radians), the sharpest of each
  /// cluster, sharpest first.
  func corners(sharperThan angle: Double) -> [Int] {
    let count = isClosed ? points.count - 1 : points.count
    guard count > 2 else { return [] }
    var turns = [Double](repeating: 0, count: count)
    for index in (isClosed ? 0 : 1)..<(isClosed ? count : count - 1) {
      let incoming = points[index] - back(from: index), outgoing = forward(from: index) - points[index]
      guard incoming.lengthSquared > 0, outgoing.lengthSquared > 0 else { continue }
      turns[index] = abs(atan2(incoming.cross(outgoing), incoming.dot(outgoing)))
    }
    // A corner is the sharpest turn within a window either side of it.
    var found: [Int] = []
    for index in 0..<count where turns[index] > angle {
      var isSharpest = true
      var j = index - 1
      while j >= 0, lengths[index] - lengths[j] < window {
        if turns[j] > turns[index] || (turns[j] == turns[index]) { isSharpest = false; break }
        j -= 1
      }
      j = index + 1
      while isSharpest, j < count, lengths[j] - lengths[index] < window {
        if turns[j] > turns[index] { isSharpest = false }
        j += 1
      }
      if isSharpest { found.append(index) }
    }
    return found.sorted { turns[$0] > turns[$1] }
  }

  /// The direction through `index`, from the point a window before to the point a window
  /// after, both kept within `range` unless the stroke closes around.
  func centralTangent(at index: Int, within range: ClosedRange<Int>? = nil) -> Point {
    guard let range else { return Self.direction(forward(from: index) - back(from: index)) }
    let before = max(backIndex(from: index), range.lowerBound), after = min(forwardIndex(from: index), range.upperBound)
    return Self.direction(points[after] - points[before])
  }

  /// The direction leaving `index`, towards a window ahead (not past `limit`).
  func forwardTangent(at index: Int, limit: Int) -> Point {
    Self.direction(points[min(forwardIndex(from: index), limit)] - points[index])
  }

  /// The direction arriving at `index`, from a window behind (not before `limit`).
  func backwardTangent(at index: Int, limit: Int) -> Point {
    Self.direction(points[index] - points[max(backIndex(from: index), limit)])
  }

  private func backIndex(from index: Int) -> Int {
    var j = index
    while j > 0, lengths[index] - lengths[j] < window { j -= 1 }
    return j
  }

  private func forwardIndex(from index: Int) -> Int {
    var j = index
    while j < points.count - 1, lengths[j] - lengths[index] < window { j += 1 }
    return j
  }

  private static func direction(_ vector: Point) -> Point {
    let length = vector.length
    return length > 0 ? vector / length : Point(x: 1, y: 0)
  }
}

/// One cubic fitted to a run of samples, Schneider's way: chord-length parameters, the
/// handles' lengths by least squares along fixed tangents, parameters refined by Newton's
/// method while that helps.
struct CubicFit {
  let stroke: StrokeSamples
  let tolerance: Double
  /// How many times the parameters are refined at most.
  let refinements: Int
  /// An error this many times the tolerance is not refined.
  let hopeless: Double
  /// Parameters of the run being fitted (reused between fits).
  private var parameters: [Double] = []

  init(stroke: StrokeSamples, tolerance: Double, refinements: Int = 4, hopeless: Double = 8) {
    self.stroke = stroke
    self.tolerance = tolerance
    self.refinements = refinements
    self.hopeless = hopeless
  }

  /// A cubic from point `start` to point `end` leaving along `startTangent` and arriving along
  /// `endTangent` (unit vectors, in the stroke's direction) within the tolerance of every
  /// point between; nil when there is none this way.
  mutating func cubic(from start: Int, to end: Int, startTangent: Point, endTangent: Point) -> CubicBezier? {
    let points = stroke.points, lengths = stroke.lengths
    let total = lengths[end] - lengths[start]
    guard total > 0 else { return nil }
    parameters.removeAll(keepingCapacity: true)
    for index in start...end { parameters.append((lengths[index] - lengths[start]) / total) }
    var cubic = handles(from: start, to: end, startTangent: startTangent, endTangent: endTangent)
    var error = maximumError(of: cubic, from: start)
    if error <= tolerance { return cubic }
    for _ in 0..<refinements {
      // Far off, more iterations will not bring the run within the tolerance.
      guard error <= tolerance * hopeless else { return nil }
      for offset in 1..<(end - start) {
        parameters[offset] = Self.newtonStep(cubic, point: points[start + offset], parameter: parameters[offset])
      }
      cubic = handles(from: start, to: end, startTangent: startTangent, endTangent: endTangent)
      let next = maximumError(of: cubic, from: start)
      if next <= tolerance { return cubic }
      guard next < error * 0.99 else { return nil }
      error = next
    }
    return nil
  }

  /// The handles' lengths that bring the cubic closest to the points (least squares), with
  /// Wu and Barsky's third of the chord when the system has no good answer.
  private func handles(from start: Int, to end: Int, startTangent: Point, endTangent: Point) -> CubicBezier {
    let points = stroke.points
    let p0 = points[start], p3 = points[end]
    var c11 = 0.0, c12 = 0.0, c22 = 0.0, x1 = 0.0, x2 = 0.0
    for offset in 0...(end - start) {
      let u = parameters[offset], v = 1 - u
      let b0 = v * v * v, b1 = 3 * u * v * v, b2 = 3 * u * u * v, b3 = u * u * u
      let a1 = startTangent * b1, a2 = endTangent * -b2
      c11 += a1.dot(a1)
      c12 += a1.dot(a2)
      c22 += a2.dot(a2)
      let rest = points[start + offset] - (p0 * (b0 + b1) + p3 * (b2 + b3))
      x1 += rest.dot(a1)
      x2 += rest.dot(a2)
    }
    let determinant = c11 * c22 - c12 * c12
    let chord = p0.distance(to: p3)
    var alpha = chord / 3, beta = chord / 3
    if abs(determinant) > 1e-12 * c11 * c22 {
      let a = (x1 * c22 - x2 * c12) / determinant, b = (c11 * x2 - c12 * x1) / determinant
      // Handles of no length, or pointing backwards, are not a curve along the tangents.
      if a > chord * 1e-6, b > chord * 1e-6, a < chord * 4, b < chord * 4 { (alpha, beta) = (a, b) }
    }
    return CubicBezier(p0, p0 + startTangent * alpha, p3 - endTangent * beta, p3)
  }

  /// The largest distance from a point to where its parameter puts it on `cubic`.
  private func maximumError(of cubic: CubicBezier, from start: Int) -> Double {
    var worst = 0.0
    for offset in parameters.indices {
      worst = max(worst, cubic.eval(parameters[offset]).distance(to: stroke.points[start + offset]))
    }
    return worst
  }

  /// One Newton step towards the parameter of the point of `cubic` nearest `point`.
  static func newtonStep(_ cubic: CubicBezier, point: Point, parameter u: Double) -> Double {
    let offset = cubic.eval(u) - point
    let first = cubic.derivative(at: u), second = cubic.secondDerivative(at: u)
    let denominator = first.dot(first) + offset.dot(second)
    guard denominator != 0 else { return u }
    return min(max(u - offset.dot(first) / denominator, 0), 1)
  }
}
