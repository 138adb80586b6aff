import CurveGeometry

/// Boolean operations on shapes built from the bytes: the first byte picks each shape's fill
/// rule; then each byte makes a node on a 16 by 16 grid of 10-unit steps (so nodes coincide,
/// edges overlap and shapes touch, as they do in drawings), its top bits how many inner
/// control points the segment to it has (0 to 2, on the grid too), and a byte of 255 ends the
/// first shape's subpath (two ends the shape). For every operation: no trap; the result's
/// loops are closed, of finite points, with no segment of zero length; and at sample points
/// away from every segment, the result (non-zero) fills exactly where the operation keeps
/// what each shape fills by its own rule.
enum BooleanFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
    guard bytes.count >= 4 else { return }
    let rules: [WindingRule] = [bytes[0] & 1 == 0 ? .nonZero : .evenOdd, bytes[0] & 2 == 0 ? .nonZero : .evenOdd]
    var shapes: [[[Bezier]]] = [[], []], shape = 0
    var subpath: [Bezier] = [], last: Point?
    func grid(_ byte: UInt8) -> Point { Point(x: Double(byte & 15) * 10, y: Double(byte >> 4 & 15) * 10) }
    var index = 1
    while index < bytes.count, shape < 2, shapes[0].count + shapes[1].count < 4 {
      let byte = bytes[index]
      index += 1
      if byte == 255 {
        if !subpath.isEmpty { shapes[shape].append(subpath) } else { shape += 1 }
        subpath = []
        last = nil
        continue
      }
      let node = grid(byte)
      guard let start = last else { last = node; continue }
      let inner = Int(byte >> 6) % 3
      var points = [start]
      for _ in 0..<inner where index < bytes.count {
        points.append(grid(bytes[index]))
        index += 1
      }
      points.append(node)
      subpath.append(Bezier(points)!)
      last = node
      if subpath.count >= 6 {
        shapes[shape].append(subpath)
        subpath = []
        last = nil
      }
    }
    if !subpath.isEmpty, shape < 2 { shapes[shape].append(subpath) }
    let filled = zip(shapes, rules).map { FilledShape(subpaths: $0, rule: $1) }
    let inputs = filled.flatMap { $0.loops.joined() }
    for operation in PathBoolean.Operation.allCases {
      let loops = PathBoolean.combine(filled, operation)
      for loop in loops {
        for (segment, next) in zip(loop, loop.dropFirst() + loop.prefix(1)) {
          try require(segment.isFinite, "\(operation): a non-finite point")
          try require(!segment.isPoint, "\(operation): a segment of no length")
          try require(segment.controlPoints.last == next.controlPoints.first, "\(operation): a loop is not closed")
        }
      }
      for i in 0..<8 {
        for j in 0..<8 {
          let p = Point(x: Double(i) * 19.3 + 3.7, y: Double(j) * 19.1 + 5.3)
          guard (inputs + loops.joined()).allSatisfy({ !$0.bounds.contains(p, tolerance: 1e-3) || $0.nearest(to: p).distance > 1e-3 }) else { continue }
          let inside = filled.map { shape in shape.rule.isInside(winding: shape.loops.reduce(0) { $0 + PathBoolean.winding(of: $1, around: p) }) }
          let winding = loops.reduce(0) { $0 + PathBoolean.winding(of: $1, around: p) }
          try require((winding != 0) == operation.keeps(inside), "\(operation) at \(p): winding \(winding), inputs fill \(inside)")
        }
      }
    }
  }
}
