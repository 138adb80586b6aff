/// Winding numbers at points of an arrangement's edges, by counting the edges a ray from the
/// point crosses. The ray runs along x or y, either way; each edge is cut where it turns back
/// across the ray's axis, into pieces that cross any ray at most once, filed by the band of
/// rays they cross, so a ray only looks at the pieces of its band, and in each band sorted
/// by how far they reach each way, so a ray stops at the last piece it can meet: a ray cast
/// towards the nearer side of the drawing looks at few. A class: rays look it up by axis many
/// times a point, and a struct of five arrays would be copied (retained five times) each time.
final class WindingIndex: Sendable {
  /// A ray's axis: x or y. In the ray's frame (u along the ray, v across
  /// it, turned a quarter so orientation is kept) every ray is horizontal.
  enum Axis: Int, CaseIterable {
    case x
    case y

    func frame(_ p: Point) -> (u: Double, v: Double) {
      switch self {
      case .x: (p.x, p.y)
      case .y: (p.y, -p.x)
      }
    }
  }

  /// A piece of an edge over which v runs one way: from `v0` at `t0` to `v1` at `t1`.
  struct Span {
    var edge: Int
    var t0: Double
    var t1: Double
    var v0: Double
    var v1: Double
    var uMin: Double
    var uMax: Double
  }

  /// Which way along the axis a ray runs.
  enum Direction: CaseIterable {
    case forward
    case backward
  }

  /// The four rays a point can cast.
  static let rays: [(axis: Axis, way: Direction)] = Axis.allCases.flatMap { axis in Direction.allCases.map { (axis, $0) } }

  let axis: Axis
  private let spans: [Span]
  /// Each band's spans, by `uMax` falling (for rays forward) and by `uMin` rising (backward).
  private let bands: [(byMaxFalling: [Int32], byMinRising: [Int32])]
  /// How far the spans reach along the axis, each way.
  let uRange: ClosedRange<Double>
  private let vMin: Double
  private let bandHeight: Double
  private let curves: [Bezier]
  /// Each edge's windings, flat: edge i's entries are `edgeEntries[entryStarts[i]..<entryStarts[i + 1]]`.
  /// A ray adds those of every edge it crosses, and reading an edge's `Windings` would retain
  /// its array on each crossing, an atomic operation on memory both cores share.
  private let edgeEntries: [Windings.Entry]
  private let entryStarts: [Int]

  init(_ arrangement: Arrangement, axis: Axis) {
    self.axis = axis
    edgeEntries = arrangement.edges.flatMap(\.windings.entries)
    entryStarts = arrangement.edges.reduce(into: [0]) { starts, edge in starts.append(starts.last! + edge.windings.entries.count) }
    curves = arrangement.edges.map { Bezier($0.curve.controlPoints.map { p in let f = axis.frame(p); return Point(x: f.u, y: f.v) })! }
    var spans: [Span] = []
    for (index, curve) in curves.enumerated() {
      let turns = Self.turns(of: curve)
      let stops = [0.0] + turns + [1.0]
      for (t0, t1) in zip(stops, stops.dropFirst()) where t1 > t0 {
        let p0 = t0 == 0 ? curve.controlPoints[0] : curve.eval(t0)
        let p1 = t1 == 1 ? curve.controlPoints[curve.degree] : curve.eval(t1)
        guard p0.y != p1.y else { continue }
        // The control points' box: wider than the span, which only costs a few more looks.
        let box = Rect(enclosing: t0 == 0 && t1 == 1 ? curve.controlPoints : curve.subsegment(t0, t1).controlPoints)
        spans.append(Span(edge: index, t0: t0, t1: t1, v0: p0.y, v1: p1.y, uMin: box.minX, uMax: box.maxX))
      }
    }
    self.spans = spans
    let low = spans.map { min($0.v0, $0.v1) }.min() ?? 0, high = spans.map { max($0.v0, $0.v1) }.max() ?? 1
    // Bands about as tall as a typical span, so a span is filed in a few and a band holds
    // little more than the spans a ray through it crosses.
    let heights = spans.map { abs($0.v1 - $0.v0) }.sorted()
    let typical = heights.isEmpty ? 1 : heights[heights.count / 2]
    let count = max(1, min(1 << 16, 4 * spans.count, Int(((high - low) / max(typical, 1e-300)).rounded(.up))))
    vMin = low
    bandHeight = max(high - low, 1e-300) / Double(count)
    var bands = [[Int32]](repeating: [], count: count)
    for (index, span) in spans.enumerated() {
      let first = Self.band(min(span.v0, span.v1), low, bandHeight, count), last = Self.band(max(span.v0, span.v1), low, bandHeight, count)
      for band in first...last { bands[band].append(Int32(index)) }
    }
    self.bands = bands.map { band in
      (band.sorted { spans[Int($0)].uMax > spans[Int($1)].uMax }, band.sorted { spans[Int($0)].uMin < spans[Int($1)].uMin })
    }
    uRange = (spans.map(\.uMin).min() ?? 0)...(spans.map(\.uMax).max() ?? 0)
  }

  /// Where v turns back: for a cubic, the roots of its derivative's quadratic in closed form
  /// (two roots closer than rounding, a touch of the band, are no turn); else as
  /// `extremaParameters(along:)` finds them.
  static func turns(of curve: Bezier) -> [Double] {
    guard let cubic = curve.cubic else { return curve.extremaParameters(along: \.y) }
    // B'(t)/3 in Bernstein form d0(1-t)² + 2·d1·t(1-t) + d2·t².
    let d0 = cubic.p1.y - cubic.p0.y, d1 = cubic.p2.y - cubic.p1.y, d2 = cubic.p3.y - cubic.p2.y
    if d0 >= 0 && d1 >= 0 && d2 >= 0 || d0 <= 0 && d1 <= 0 && d2 <= 0 { return [] }
    let roots = solveQuadratic(d0 - 2 * d1 + d2, 2 * (d1 - d0), d0).filter { $0 > 0 && $0 < 1 }.sorted()
    if roots.count == 2, roots[1] - roots[0] < 1e-9 { return [] }
    return roots
  }

  private static func band(_ v: Double, _ low: Double, _ height: Double, _ count: Int) -> Int {
    min(max(Int(((v - low) / height).rounded(.down)), 0), count - 1)
  }

  /// Each shape's winding number just past the point at `t` on edge `edge`, along the ray:
  /// every crossing counted but the one at the point itself (the edge's other crossings, where
  /// it turns back across the ray, count); nil when another edge passes within `margin` of
  /// the point, where the count would be unsure. A ray backward meets each piece the other way
  /// round, so its crossings count negatively.
  func windings(at t: Double, on edge: Int, of arrangement: Arrangement, towards direction: Direction, margin: Double) -> Windings? {
    let point = arrangement.edges[edge].curve.eval(t)
    let (pu, pv) = axis.frame(point)
    var windings = Windings()
    guard !bands.isEmpty else { return windings }
    let band = bands[Self.band(pv, vMin, bandHeight, bands.count)]
    let forward = direction == .forward
    for index in forward ? band.byMaxFalling : band.byMinRising {
      let span = spans[Int(index)]
      // Past this piece, none reaches the ray.
      if forward ? span.uMax <= pu - margin : span.uMin >= pu + margin { break }
      guard span.edge != edge || t < span.t0 || t > span.t1 else { continue }
      let low = min(span.v0, span.v1), high = max(span.v0, span.v1)
      // Half-open, so a ray through a vertex counts the two edges meeting there once.
      guard pv >= low, pv < high else { continue }
      let u =
        forward
        ? (span.uMin > pu + margin ? span.uMin : crossing(span, at: pv))
        : (span.uMax < pu - margin ? span.uMax : crossing(span, at: pv))
      if abs(u - pu) <= margin { return nil }
      guard forward ? u > pu : u < pu else { continue }
      let sign = (span.v1 > span.v0) == forward ? 1 : -1
      for entry in entryStarts[span.edge]..<entryStarts[span.edge + 1] { windings.add(edgeEntries[entry], times: sign) }
    }
    return windings
  }

  /// Where the span crosses the line v = `v`, by bisection on its monotone v.
  private func crossing(_ span: Span, at v: Double) -> Double {
    let curve = curves[span.edge]
    var low = span.t0, high = span.t1
    let rising = span.v1 > span.v0
    for _ in 0..<64 {
      let middle = (low + high) / 2
      guard middle > low, middle < high else { break }
      if (curve.eval(middle).y < v) == rising { low = middle } else { high = middle }
    }
    return curve.eval((low + high) / 2).x
  }
}
