/// Several shapes' segments cut at every point where any two meet (or one meets itself),
/// so that no two pieces cross: the planar graph a boolean operation chooses its boundary
/// from. Pieces are exact sub-segments of the input segments, of the same degree.
///
/// Vertices closer than `snapDistance` are one vertex, and a piece's ends are moved onto
/// its vertices (by at most that distance), so pieces that meet share end points exactly.
/// Pieces that run together (two shapes sharing an edge, or one shape's edge drawn twice)
/// become one edge that remembers how many times, and in which direction, each shape runs
/// along it: crossing it changes each shape's winding number by that much.
struct Arrangement {
  struct Edge {
    var curve: Bezier
    var start: Int
    var end: Int
    /// For each shape, how much its winding number grows from the edge's left to its right
    /// (on a y-down screen, looking along the edge): +1 for a segment of that shape running
    /// the same way, −1 for one running back, summed over the pieces merged here.
    var windings: Windings
    /// The input segment this edge is a piece of, and that piece's parameters on it
    /// (t0 < t1 when the edge runs as the segment does).
    var source: Int
    var t0: Double
    var t1: Double
  }

  private(set) var vertices: [Point] = []
  private(set) var edges: [Edge] = []
  /// The largest side of the shapes' box: the scale every tolerance here is a share of.
  let size: Double
  /// The input segments, and which shape each belongs to.
  let sources: [Bezier]
  let sourceShapes: [Int]

  /// Points this close (a ten-millionth of the size) are one vertex.
  var snapDistance: Double { 1e-7 * size }

  init(shapes: [FilledShape]) {
    var sources: [Bezier] = [], sourceShapes: [Int] = []
    for (index, shape) in shapes.enumerated() {
      for segment in shape.loops.joined().flatMap(Self.unfolded) {
        sources.append(segment)
        sourceShapes.append(index)
      }
    }
    self.sources = sources
    self.sourceShapes = sourceShapes
    let box = sources.reduce(Rect.empty) { $0.union($1.bounds) }
    size = sources.isEmpty ? 1 : max(box.width, box.height, 1e-300)
    var grid = VertexGrid(cell: 4 * 1e-7 * size)
    // The input's nodes first, so a meeting found within the snap distance of a node (the
    // end of an overlap is one) lands exactly on it.
    for segment in sources {
      _ = grid.vertex(near: segment.controlPoints[0], within: 1e-7 * size)
      _ = grid.vertex(near: segment.controlPoints[segment.degree], within: 1e-7 * size)
    }
    var pieces: [Edge] = []
    for (index, cuts) in Self.cuts(of: sources).enumerated() {
      pieces += piecesOf(index, at: cuts, grid: &grid)
    }
    vertices = grid.points
    edges = Self.merged(pieces, tolerance: 1e-6 * size)
  }

  /// A segment cut where it turns back along its line (`foldParameters`): each piece runs
  /// one way, so a stretch run twice is an overlap of two pieces, found from their ends as
  /// any overlap is, and its two runs become one edge whose windings cancel. Left whole, the
  /// segment's runs along the line would lie on either side of each other by rounding.
  static func unfolded(_ segment: Bezier) -> [Bezier] {
    let stops = [0.0] + segment.foldParameters() + [1.0]
    return stops.count == 2 ? [segment] : zip(stops, stops.dropFirst()).map { segment.subsegment($0, $1) }
  }

  /// Every segment's cut points (parameter and point), from every meeting of two segments
  /// whose boxes meet, and of each segment with itself.
  private static func cuts(of sources: [Bezier]) -> [[(t: Double, point: Point)]] {
    var cuts = [[(t: Double, point: Point)]](repeating: [], count: sources.count)
    let boxes = sources.map(\.bounds)
    let pairs = BoxSweep.meetingPairs(boxes)
    let meetings = concurrentMap(pairs.count) { meetingsInside(sources[pairs[$0].0], sources[pairs[$0].1]) }
    for ((i, j), hits) in zip(pairs, meetings) {
      for hit in hits {
        cuts[i].append((hit.t1, hit.point))
        cuts[j].append((hit.t2, hit.point))
      }
    }
    for (index, source) in sources.enumerated() where source.degree >= 3 {
      for hit in source.selfIntersections() {
        cuts[index] += [(hit.t1, hit.point), (hit.t2, hit.point)]
      }
    }
    return cuts
  }

  /// Where two segments meet, but for the end they may share (an end is a vertex anyway).
  /// Neighbours in a path meet at their shared end, which the search would chase down to the
  /// last bit; where the two halves next to it turn less than half a turn together (counting
  /// the corner between), they meet nowhere else there, and only the rest is searched.
  private static func meetingsInside(_ a: Bezier, _ b: Bezier) -> [(t1: Double, t2: Double, point: Point)] {
    let aEnds = [a.controlPoints[0], a.controlPoints[a.degree]], bEnds = [b.controlPoints[0], b.controlPoints[b.degree]]
    let all = { a.intersections(with: b).map { (t1: $0.t1, t2: $0.t2, point: $0.point) } }
    // Turn both so that a ends where b starts, and map the parameters back at the end.
    guard let (aAtEnd, bAtStart) = [(true, true), (true, false), (false, true), (false, false)].first(where: { aEnds[$0.0 ? 1 : 0] == bEnds[$0.1 ? 0 : 1] }),
      aEnds[0] != aEnds[1], bEnds[0] != bEnds[1]
    else { return all() }
    let first = aAtEnd ? a : a.reversed, second = bAtStart ? b : b.reversed
    let half = 0.5
    let tail = first.subsegment(1 - half, 1), head = second.subsegment(0, half)
    guard Bezier.turning(of: tail.controlPoints + head.controlPoints.dropFirst()) < .pi * 0.99 else { return all() }
    func mapped(_ hit: CurveIntersection, _ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> (t1: Double, t2: Double, point: Point) {
      let t1 = a0 + hit.t1 * (a1 - a0), t2 = b0 + hit.t2 * (b1 - b0)
      return (aAtEnd ? t1 : 1 - t1, bAtStart ? t2 : 1 - t2, hit.point)
    }
    let rest = first.subsegment(0, 1 - half), beyond = second.subsegment(half, 1)
    var hits: [(t1: Double, t2: Double, point: Point)] = []
    if rest.bounds.intersects(second.bounds) { hits += rest.intersections(with: second).map { mapped($0, 0, 1 - half, 0, 1) } }
    if tail.bounds.intersects(beyond.bounds) { hits += tail.intersections(with: beyond).map { mapped($0, 1 - half, 1, half, 1) } }
    return hits
  }

  /// Segment `index` cut at `cuts`: pieces between consecutive cut points farther apart than
  /// the snap distance, each end moved onto its vertex; pieces of no length left out.
  private func piecesOf(_ index: Int, at cuts: [(t: Double, point: Point)], grid: inout VertexGrid) -> [Edge] {
    let segment = sources[index]
    let first = segment.controlPoints[0], last = segment.controlPoints[segment.degree]
    var stops: [(t: Double, point: Point)] = [(0, first)]
    // A cut at the same point as the last stop still counts when the curve goes somewhere
    // between them: the two ends of a loop the segment makes.
    func apart(_ a: (t: Double, point: Point), _ b: (t: Double, point: Point)) -> Bool {
      a.point.distance(to: b.point) > snapDistance || segment.eval((a.t + b.t) / 2).distance(to: a.point) > snapDistance
    }
    for cut in cuts.sorted(by: { $0.t < $1.t }) where cut.t > 0 && cut.t < 1 {
      guard apart(cut, stops[stops.count - 1]), apart(cut, (1, last)) else { continue }
      stops.append(cut)
    }
    stops.append((1, last))
    let windings = Windings(shape: sourceShapes[index])
    var pieces: [Edge] = []
    for (from, to) in zip(stops, stops.dropFirst()) {
      var piece = segment.subsegment(from.t, to.t).controlPoints
      let start = grid.vertex(near: from.point, within: snapDistance), end = grid.vertex(near: to.point, within: snapDistance)
      piece[0] = grid.points[start]
      piece[piece.count - 1] = grid.points[end]
      let curve = Bezier(piece)!
      if start == end, piece.allSatisfy({ $0.distance(to: piece[0]) <= snapDistance }) { continue }
      pieces.append(Edge(curve: curve, start: start, end: end, windings: windings, source: index, t0: from.t, t1: to.t))
    }
    return pieces
  }

  /// Pieces with the same two vertices and the same course (within `tolerance` at their
  /// quarter points) become one edge, the first of them, with their windings summed (a
  /// piece running the other way counts negatively).
  private static func merged(_ pieces: [Edge], tolerance: Double) -> [Edge] {
    var byEnds: [Int64: [Int]] = [:]
    var edges: [Edge] = []
    for piece in pieces {
      let key = Int64(min(piece.start, piece.end)) << 32 | Int64(max(piece.start, piece.end))
      let same = byEnds[key, default: []].first { index in
        Self.runTogether(edges[index].curve, piece.curve, tolerance: tolerance)
      }
      guard let same else {
        byEnds[key, default: []].append(edges.count)
        edges.append(piece)
        continue
      }
      let direction = edges[same].start == piece.start && (piece.start != piece.end || Self.sameWay(edges[same].curve, piece.curve)) ? 1 : -1
      edges[same].windings.add(piece.windings, times: direction)
    }
    return edges
  }

  /// Whether `b` passes within `tolerance` of `a`'s points at t = 1/4, 1/2 and 3/4, and
  /// `a` of `b`'s: the same course, whatever the parametrisation.
  static func runTogether(_ a: Bezier, _ b: Bezier, tolerance: Double) -> Bool {
    // Curves on one course have the same box; the two sides of a lens between two crossings
    // do not, and are told apart without projecting.
    let boxA = a.bounds, boxB = b.bounds
    guard abs(boxA.minX - boxB.minX) <= tolerance, abs(boxA.maxX - boxB.maxX) <= tolerance,
      abs(boxA.minY - boxB.minY) <= tolerance, abs(boxA.maxY - boxB.maxY) <= tolerance
    else { return false }
    func near(_ p: Point, _ curve: Bezier) -> Bool {
      [0.0, 0.25, 0.5, 0.75, 1].contains { start in curve.eval(curve.localProjection(of: p, from: start)).distance(to: p) <= tolerance }
    }
    return [0.25, 0.5, 0.75].allSatisfy { near(a.eval($0), b) && near(b.eval($0), a) }
  }

  /// For two loops from one vertex back to it: whether they run around the same way.
  private static func sameWay(_ a: Bezier, _ b: Bezier) -> Bool {
    let pa = a.eval(0.25), tb = b.localProjection(of: pa, from: 0.25)
    return tb < 0.5
  }
}

/// Points by a grid of cells, so that a point near one already seen is found among a few
/// neighbours.
struct VertexGrid {
  let cell: Double
  private(set) var points: [Point] = []
  private var cells: [SIMD2<Int64>: [Int]] = [:]

  init(cell: Double) { self.cell = cell }

  /// The vertex within `distance` of `point`, made a new one if there is none.
  mutating func vertex(near point: Point, within distance: Double) -> Int {
    let x = point.x / cell, y = point.y / cell
    let key = SIMD2(Int64(x.rounded(.down)), Int64(y.rounded(.down)))
    // Only the neighbours the distance reaches into: mostly none, the point's own cell alone.
    let reach = distance / cell, fx = x - x.rounded(.down), fy = y - y.rounded(.down)
    let xs = (fx < reach ? -1 : 0)...(fx > 1 - reach ? 1 : 0), ys = (fy < reach ? -1 : 0)...(fy > 1 - reach ? 1 : 0)
    for dx in xs {
      for dy in ys {
        for index in cells[key &+ SIMD2(Int64(dx), Int64(dy)), default: []] where points[index].distance(to: point) <= distance {
          return index
        }
      }
    }
    points.append(point)
    cells[key, default: []].append(points.count - 1)
    return points.count - 1
  }
}
