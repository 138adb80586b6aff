/// Inkscape's Path menu on areas: union, difference, intersection, exclusion, division and
/// cut path, on shapes of Bézier segments of any degree.
///
/// ```swift
/// let square = FilledShape(subpaths: [squareSegments]), disc = FilledShape(subpaths: [circleSegments])
/// let notched = PathBoolean.combine([square, disc], .difference)   // loops of the square minus the disc
/// ```
///
/// Each shape fills what its own rule fills. The segments are cut wherever any two meet
/// (`Arrangement`); each piece is kept when the result's area lies on one side of it and not
/// the other, which the winding numbers of every shape on its two sides decide
/// (`WindingIndex`); the kept pieces are joined into loops. So the result's segments are
/// exact pieces of the input's, of their degree (pieces of one segment that end up
/// consecutive are joined back into one), and its loops wind clockwise on a y-down screen
/// around the area and counter-clockwise around holes: the non-zero rule fills it.
public enum PathBoolean {
  /// What an area operation keeps, from whether each shape fills a point.
  /// Which shapes fill a point: how many, whether the bottom one does, and of how many.
  public struct Insides: Equatable, Sendable {
    public var count: Int
    public var bottom: Bool
    public var total: Int
  }

  public enum Operation: String, Sendable, CaseIterable {
    /// Inside any shape.
    case union
    /// Inside the first (the bottom one) and none of the others.
    case difference
    /// Inside every shape.
    case intersection
    /// Inside an odd number of the shapes.
    case exclusion

    public func keeps(_ insides: Insides) -> Bool {
      switch self {
      case .union: insides.count > 0
      case .difference: insides.bottom && insides.count == 1
      case .intersection: insides.total > 0 && insides.count == insides.total
      case .exclusion: insides.count % 2 == 1
      }
    }

    /// Whether it keeps a point that each shape fills or not (bottom first).
    public func keeps(_ inside: [Bool]) -> Bool {
      keeps(Insides(count: inside.filter { $0 }.count, bottom: inside.first == true, total: inside.count))
    }
  }

  /// The work a boolean of `shapes` starts from: the pairs of their segments whose boxes
  /// meet, each of which may cross. Its memory grows faster than this count (every crossing
  /// becomes edges that remember which shapes lie either side), so a caller can refuse what
  /// it cannot finish; past `limit` the count is an estimate (`BoxSweep.meetingPairCount`).
  public static func meetingPairs(of shapes: [FilledShape], limit: Int = .max) -> (count: Int, isEstimate: Bool) {
    BoxSweep.meetingPairCount(shapes.flatMap { $0.loops.joined().map(\.bounds) }, limit: limit)
  }

  /// The loops bounding what `operation` keeps of `shapes` (bottom first).
  public static func combine(_ shapes: [FilledShape], _ operation: Operation) -> [[Bezier]] {
    let arrangement = Arrangement(shapes: shapes)
    return loops(of: arrangement, rules: shapes.map(\.rule), keeping: operation.keeps)
  }

  /// Division: the bottom shape cut into pieces by the top one, each piece its own loops
  /// (an outer boundary and the holes inside it): the bottom's area inside the top, and
  /// outside it, as separate parts.
  public static func divide(_ bottom: FilledShape, by top: FilledShape) -> [[[Bezier]]] {
    let arrangement = Arrangement(shapes: [bottom, top])
    let rules = [bottom.rule, top.rule]
    let inside = loops(of: arrangement, rules: rules) { $0.bottom && $0.count == 2 }
    let outside = loops(of: arrangement, rules: rules) { $0.bottom && $0.count == 1 }
    return parts(of: inside) + parts(of: outside)
  }

  /// Cut path: the bottom shape's subpaths (as drawn, open ones left open) cut wherever the
  /// top shape's outline meets them, as open pieces. A subpath the top never meets stays
  /// whole (and closed, if it was).
  public static func cut(_ subpaths: [(segments: [Bezier], closed: Bool)], by top: FilledShape) -> [(segments: [Bezier], closed: Bool)] {
    let cutters = Array(top.loops.joined()), boxes = cutters.map(\.bounds)
    let near = 1e-9
    var pieces: [(segments: [Bezier], closed: Bool)] = []
    for subpath in subpaths {
      let segments = subpath.segments
      let stops = segments.map { segment in
        let box = segment.bounds
        return cutters.indices.filter { boxes[$0].intersects(box) }.flatMap { segment.intersections(with: cutters[$0]).map(\.t1) }.sorted()
      }
      // The nodes the cutter passes through: node k starts segment k.
      var cutNodes = Set<Int>()
      for (k, ts) in stops.enumerated() {
        if ts.contains(where: { $0 <= near }) { cutNodes.insert(k) }
        if ts.contains(where: { $0 >= 1 - near }) { cutNodes.insert(k + 1 == segments.count && subpath.closed ? 0 : k + 1) }
      }
      var runs: [[Bezier]] = [], current: [Bezier] = []
      for (k, segment) in segments.enumerated() {
        if cutNodes.contains(k), !current.isEmpty {
          runs.append(current)
          current = []
        }
        var last = 0.0, rest = segment
        for t in stops[k] where t > near && t < 1 - near && t - last > near {
          let (head, tail) = rest.split(at: (t - last) / (1 - last))
          runs.append(current + [head])
          current = []
          rest = tail
          last = t
        }
        current.append(rest)
      }
      if !current.isEmpty { runs.append(current) }
      let cutAtAll = runs.count > 1 || cutNodes.contains(0) && subpath.closed
      guard cutAtAll else {
        pieces.append((segments, subpath.closed))
        continue
      }
      // A closed subpath's last run goes on into its first, unless its start is a cut.
      if subpath.closed, !cutNodes.contains(0), runs.count > 1 { runs[0] = runs.removeLast() + runs[0] }
      pieces += runs.map { ($0, false) }
    }
    return pieces
  }

  /// The edges on the boundary of what `keeps` chooses, turned so the area is on their right,
  /// joined into loops.
  static func loops(of arrangement: Arrangement, rules: [WindingRule], keeping keeps: (Insides) -> Bool) -> [[Bezier]] {
    var kept: [(edge: Int, forward: Bool)] = []
    for (index, side) in allSides(of: arrangement).enumerated() {
      guard let side else { continue }
      let left = keeps(side.left.insides(rules)), right = keeps(side.right.insides(rules))
      if left != right { kept.append((index, right)) }
    }
    return LoopTracer(arrangement: arrangement, kept: kept).loops()
  }

  /// Each edge's winding numbers on its left and right (nil for an edge that changes none).
  /// A ray is cast from one edge of each chain of edges joined end to end where nothing else
  /// meets them: along such a chain the two faces beside it are the same faces, so the
  /// numbers carry over from edge to edge (swapped where an edge runs back along the chain).
  /// The chains' rays are cast on every core.
  static func allSides(of arrangement: Arrangement) -> [(left: Windings, right: Windings)?] {
    let edges = arrangement.edges
    let chains = self.chains(of: arrangement)
    // One index an axis, in the order of `Axis`'s raw values.
    let indexes = concurrentMap(WindingIndex.Axis.allCases.count, serialBelow: 1) { WindingIndex(arrangement, axis: WindingIndex.Axis.allCases[$0]) }
    // Each chain's sides as its first edge sees them, from the first of its edges a ray
    // can be cast from.
    let chainSides = concurrentMap(chains.count, serialBelow: 16) { chain in
      chains[chain].lazy.compactMap { member in
        sides(of: member.edge, in: arrangement, indexes: indexes).map { member.sameWay ? $0 : (left: $0.right, right: $0.left) }
      }.first
    }
    var result = [(left: Windings, right: Windings)?](repeating: nil, count: edges.count)
    for (chain, side) in zip(chains, chainSides) {
      guard let side else { continue }
      for member in chain { result[member.edge] = member.sameWay ? side : (left: side.right, right: side.left) }
    }
    return result
  }

  /// The edges that change some winding, in chains joined end to end through vertices no
  /// other such edge meets, where each edge changes the windings as the chain's first does
  /// (seen along the chain): each edge, and whether it runs the first one's way.
  static func chains(of arrangement: Arrangement) -> [[(edge: Int, sameWay: Bool)]] {
    let edges = arrangement.edges
    var incident = [[Int]](repeating: [], count: arrangement.vertices.count)
    for (index, edge) in edges.enumerated() where !edge.windings.isZero {
      incident[edge.start].append(index)
      incident[edge.end].append(index)
    }
    var chains: [[(edge: Int, sameWay: Bool)]] = []
    var done = [Bool](repeating: false, count: edges.count)
    for index in edges.indices where !edges[index].windings.isZero && !done[index] {
      done[index] = true
      var chain = [(edge: index, sameWay: true)]
      // Walk on from each end.
      for aligned in [true, false] {
        var current = index, along = aligned
        let change = edges[index].windings, sign = aligned ? 1 : -1
        while true {
          let vertex = along ? edges[current].end : edges[current].start
          guard incident[vertex].count == 2, incident[vertex][0] != incident[vertex][1] else { break }
          let next = incident[vertex][0] == current ? incident[vertex][1] : incident[vertex][0]
          guard !done[next] else { break }
          let nextAlong = edges[next].start == vertex
          // The same change across, seen along the walk, or the faces beside differ.
          guard Windings().adding(edges[next].windings, times: nextAlong ? 1 : -1) == Windings().adding(change, times: sign) else { break }
          done[next] = true
          chain.append((next, nextAlong == aligned))
          current = next
          along = nextAlong
        }
      }
      chains.append(chain)
    }
    return chains
  }

  /// Each shape's winding number just left and just right of the edge, from a ray cast from
  /// a point of it: the first of a few points and four ray directions (along x and y, either
  /// way, the one with the least of the drawing ahead first) where the ray leaves the edge
  /// steeply and passes no other edge close by. Where another edge runs along this one
  /// closer than the snap distance all the way (two drawings of nearly the same arc), the
  /// ray's crossings are taken as computed down to a trillionth of the size: an edge left out
  /// would break the loops around it. Closer than that (a curve that doubles back along a
  /// line another edge runs on), which side a crossing lies is rounding, and the edge is left
  /// out. `indexes` holds one index an axis, at the axis's raw value.
  static func sides(
    of index: Int, in arrangement: Arrangement, indexes: [WindingIndex]
  ) -> (left: Windings, right: Windings)? {
    let edge = arrangement.edges[index]
    for (steepness, margin) in [(0.2, arrangement.snapDistance), (0.01, arrangement.snapDistance), (0.01, 1e-12 * arrangement.size)] {
      for t in [0.5, 0.3, 0.7, 0.15, 0.85, 0.4, 0.6] {
        guard let direction = edge.curve.direction(at: t) else { continue }
        // The four rays, the one with the least of the drawing ahead first.
        let point = edge.curve.eval(t)
        func ahead(_ ray: (axis: WindingIndex.Axis, way: WindingIndex.Direction)) -> Double {
          let u = ray.axis.frame(point).u, reach = indexes[ray.axis.rawValue].uRange
          return ray.way == .forward ? reach.upperBound - u : u - reach.lowerBound
        }
        for (axis, way) in WindingIndex.rays.sorted(by: { ahead($0) < ahead($1) }) {
          let along = axis == .x ? Point(x: 1, y: 0) : Point(x: 0, y: 1)
          let ray = way == .forward ? along : along * -1
          // Positive: the ray leaves the edge on its left (y-down), so it starts in the right.
          let across = ray.cross(direction)
          guard abs(across) >= steepness else { continue }
          guard let beyond = indexes[axis.rawValue].windings(at: t, on: index, of: arrangement, towards: way, margin: margin) else { continue }
          let behind = beyond.adding(edge.windings, times: across > 0 ? 1 : -1)
          return across > 0 ? (left: beyond, right: behind) : (left: behind, right: beyond)
        }
      }
    }
    return nil
  }

  /// Loops grouped into parts: each outer boundary (positive area) with the holes whose
  /// points it encloses and no smaller boundary does.
  static func parts(of loops: [[Bezier]]) -> [[[Bezier]]] {
    let areas = loops.map { Bezier.signedArea(of: $0) }
    let outer = loops.indices.filter { areas[$0] > 0 }.sorted { areas[$0] < areas[$1] }
    var parts = outer.map { [loops[$0]] }
    for hole in loops.indices where areas[hole] <= 0 {
      let probe = loops[hole][0].eval(0.5)
      if let owner = outer.firstIndex(where: { Self.winding(of: loops[$0], around: probe) != 0 }) {
        parts[owner].append(loops[hole])
      }
    }
    return parts
  }

  /// How many times a loop winds around a point, by a ray along +x.
  public static func winding(of loop: [Bezier], around point: Point) -> Int {
    var winding = 0
    for segment in loop {
      let stops = [0.0] + segment.extremaParameters(along: \.y) + [1.0]
      for (t0, t1) in zip(stops, stops.dropFirst()) {
        let p0 = segment.eval(t0), p1 = segment.eval(t1)
        guard p0.y != p1.y, point.y >= min(p0.y, p1.y), point.y < max(p0.y, p1.y) else { continue }
        var low = t0, high = t1
        for _ in 0..<60 {
          let middle = (low + high) / 2
          if (segment.eval(middle).y < point.y) == (p1.y > p0.y) { low = middle } else { high = middle }
        }
        if segment.eval(low).x > point.x { winding += p1.y > p0.y ? 1 : -1 }
      }
    }
    return winding
  }
}
