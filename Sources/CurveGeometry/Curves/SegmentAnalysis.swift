/// What the primer's chapters measure on one Bézier segment of any degree, beyond
/// `BezierAnalysis`: the box aligned with its chord, where its curvature is least and
/// greatest, the curve of one degree less closest to it, and, for a cubic, its shape
/// (`CubicShape`).
///
/// ```swift
/// let s = Bezier([Point(x: 0, y: 0), Point(x: 30, y: 90), Point(x: 70, y: -90), Point(x: 100, y: 0)])!
/// s.cubicShape                      // .singleInflection
/// s.alignedBounds()                 // four corners, the first two along the chord's line
/// let (lower, moved) = s.lowered()  // a quadratic, and how far any point of s moved
/// ```
///
/// Each parameter is a root of a polynomial in Bernstein form, isolated and bisected to
/// 2.2e-16 (`BernsteinPolynomial`), not a sample: the values are those at exact parameters,
/// to rounding.
extension Bezier {
  /// The tight box in the frame of the chord from the first to the last point (the x axis
  /// along it), as its four corners in the curve's own frame: the corners at the least and
  /// greatest distance along the chord on the side of least offset, then the other two, in
  /// order round the box. A closed segment (its ends equal) has no chord: the box is then
  /// the axis-aligned one (`tightBounds()`).
  public func alignedBounds() -> [Point] {
    let start = controlPoints[0], chord = controlPoints[degree] - start
    let length = chord.length
    let along = length > coordinateNoise ? chord / length : Point(x: 1, y: 0), across = along.perpendicular
    let aligned = Bezier(controlPoints.map { point in Point(x: (point - start).dot(along), y: (point - start).dot(across)) })!
    let box = aligned.tightBounds()
    return [(box.minX, box.minY), (box.maxX, box.minY), (box.maxX, box.maxY), (box.minX, box.maxY)].map { x, y in
      start + along * x + across * y
    }
  }

  /// Where the signed curvature (`curvature(at:)`) is least and where it is greatest over
  /// 0 ≤ t ≤ 1, ends included; nil when it is defined nowhere (every control point the same).
  ///
  /// κ = C / S^(3/2) with C = B′ × B″ and S = B′ · B′, so inside (0, 1) κ′ = 0 where
  /// N = 2 C′ S − 3 C S′ = 0: a polynomial of degree 4n − 6 in Bernstein form, built from
  /// products of Bernstein polynomials (as `inflectionParameters()` builds C). The extremes
  /// are among its sign changes and the ends; where B′ vanishes (a cusp) κ is undefined and
  /// the point is not a candidate. A straight segment has κ = 0 throughout: least and
  /// greatest at t = 0.
  public func curvatureExtremes() -> (least: (t: Double, curvature: Double), greatest: (t: Double, curvature: Double))? {
    var candidates = [0.0, 1.0]
    if degree >= 2 {
      let first = differences(controlPoints, scale: 1), second = differences(first, scale: 1)
      let cross = bernsteinProduct(first, second) { $0.cross($1) }
      let speed = bernsteinProduct(first, first) { $0.dot($1) }
      let left = bernsteinProduct(bernsteinDerivative(cross), speed, *), right = bernsteinProduct(cross, bernsteinDerivative(speed), *)
      let numerator = zip(left, right).map { 2 * $0 - 3 * $1 }
      let largest = numerator.map(abs).max() ?? 0
      if largest > 0 {
        candidates += BernsteinPolynomial(numerator).signChanges(noise: 64 * Double.ulpOfOne * largest)
      }
    }
    var least: (t: Double, curvature: Double)?, greatest: (t: Double, curvature: Double)?
    for t in candidates.sorted() {
      guard let curvature = curvature(at: t) else { continue }
      if least.map({ curvature < $0.curvature }) ?? true { least = (t, curvature) }
      if greatest.map({ curvature > $0.curvature }) ?? true { greatest = (t, curvature) }
    }
    guard let least, let greatest else { return nil }
    return (least, greatest)
  }

  /// The curve of degree n − 1 closest to this one, and the largest distance between the two
  /// at the same parameter (0, to rounding, when this one was raised from it).
  ///
  /// Closest in the least-squares sense of the primer's "lowering" chapter: raising a curve
  /// of degree n − 1 (`elevated()`) is a linear map E from its n control points to n + 1, and
  /// the lowered points Q solve the normal equations EᵀE Q = Eᵀ P. The distance is the
  /// greatest |D(t)| for D = B − E Q (a Bézier curve of degree n): at the ends or where
  /// D · D′ = 0. A line lowers to the point midway along it.
  public func lowered() -> (points: [Point], distance: Double) {
    let n = degree
    // E's entries: row i of n + 1 takes i / n of Q(i−1) and 1 − i / n of Q(i).
    func weight(_ row: Int, _ column: Int) -> Double {
      if column == row { return 1 - Double(row) / Double(n) }
      if column == row - 1 { return Double(row) / Double(n) }
      return 0
    }
    var normal = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    var right = [Point](repeating: .zero, count: n)
    for i in 0..<n {
      for j in 0..<n {
        for row in 0...n { normal[i][j] += weight(row, i) * weight(row, j) }
      }
      for row in 0...n { right[i] = right[i] + controlPoints[row] * weight(row, i) }
    }
    let points = solve(normal, right)
    let raised = (0...n).map { row in (0..<n).reduce(Point.zero) { $0 + points[$1] * weight(row, $1) } }
    let difference = zip(controlPoints, raised).map { $0 - $1 }
    var candidates = [0.0, 1.0]
    if n >= 2 {
      let rate = differences(difference, scale: 1)
      let slope = bernsteinProduct(difference, rate) { $0.dot($1) }
      let largest = slope.map(abs).max() ?? 0
      if largest > 0 { candidates += BernsteinPolynomial(slope).signChanges(noise: 64 * Double.ulpOfOne * largest) }
    }
    let gap = Bezier(difference)!
    return (points, candidates.map { gap.eval($0).length }.max()!)
  }

  /// What a cubic segment shows for 0 ≤ t ≤ 1 (nil for other degrees), the classes of the
  /// primer's canonical form (Stone and DeRose, "A Geometric Characterization of Parametric
  /// Cubic Curves", 1989): it has a cusp (B′ vanishes inside it, `CubicBezier.cusp()`),
  /// crosses itself, or turns over twice, once or never. A handle on its anchor at an end is
  /// not a cusp: the segment shows no point there.
  public var cubicShape: CubicShape? {
    guard let cubic else { return nil }
    if cubic.cusp() != nil { return .cusp }
    if !selfIntersections().isEmpty { return .loop }
    switch inflectionParameters().count {
    case 0: return .arch
    case 1: return .singleInflection
    default: return .doubleInflection
    }
  }
}

/// A cubic segment's shape for 0 ≤ t ≤ 1, as `curves analyze` names it.
public enum CubicShape: String, Sendable {
  case loop
  case cusp
  case doubleInflection = "double inflection"
  case singleInflection = "single inflection"
  case arch
}

/// The Bernstein coefficients of the product of the Bézier forms with coefficients `a` and
/// `b`, multiplied by `multiply`: c(l) = Σ(i+j=l) C(m, i) C(k, j) / C(m + k, l) · aᵢ bⱼ
/// (Farin, "Products of Bernstein polynomials").
func bernsteinProduct<A, B>(_ a: [A], _ b: [B], _ multiply: (A, B) -> Double) -> [Double] {
  let m = a.count - 1, k = b.count - 1
  var coefficients = [Double](repeating: 0, count: m + k + 1)
  for i in 0...m {
    for j in 0...k { coefficients[i + j] += binomial(m, i) * binomial(k, j) / binomial(m + k, i + j) * multiply(a[i], b[j]) }
  }
  return coefficients
}

/// The Bernstein coefficients of the derivative of a polynomial of degree d given by
/// `coefficients`: d (cᵢ₊₁ − cᵢ), of degree d − 1 (a constant's is zero).
func bernsteinDerivative(_ coefficients: [Double]) -> [Double] {
  guard coefficients.count > 1 else { return [0] }
  let degree = Double(coefficients.count - 1)
  return zip(coefficients.dropFirst(), coefficients).map { degree * ($0 - $1) }
}

/// `matrix` x = `right` by Gaussian elimination with partial pivoting, for each coordinate.
private func solve(_ matrix: [[Double]], _ right: [Point]) -> [Point] {
  var a = matrix, b = right
  let n = b.count
  for column in 0..<n {
    let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
    a.swapAt(column, pivot)
    b.swapAt(column, pivot)
    for row in (column + 1)..<n where a[row][column] != 0 {
      let factor = a[row][column] / a[column][column]
      for k in column..<n { a[row][k] -= factor * a[column][k] }
      b[row] = b[row] - b[column] * factor
    }
  }
  var x = [Point](repeating: .zero, count: n)
  for row in stride(from: n - 1, through: 0, by: -1) {
    var sum = b[row]
    for k in (row + 1)..<n { sum = sum - x[k] * a[row][k] }
    x[row] = sum / a[row][row]
  }
  return x
}
