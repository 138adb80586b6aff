import Glibc

/// Joins a boolean operation's kept edges, each turned so the area lies on its right, into
/// loops. Where several kept edges leave one vertex (two parts of the area touching at a
/// point), a loop takes the one turning furthest right, so it hugs its own part and touching
/// parts stay separate loops. Consecutive pieces of one input segment are joined back into
/// one exact sub-segment, so a cut that turned out not to be a corner leaves no node.
struct LoopTracer {
  /// An edge in the direction the loop runs: from `from` to `to`, covering parameters `t0`
  /// to `t1` of input segment `source` (t0 > t1 when it runs backwards along it).
  struct Step {
    var curve: Bezier
    var from: Int
    var to: Int
    var source: Int
    var t0: Double
    var t1: Double
  }

  let arrangement: Arrangement
  private let steps: [Step]

  init(arrangement: Arrangement, kept: [(edge: Int, forward: Bool)]) {
    self.arrangement = arrangement
    steps = kept.map { edge, forward in
      let e = arrangement.edges[edge]
      return forward
        ? Step(curve: e.curve, from: e.start, to: e.end, source: e.source, t0: e.t0, t1: e.t1)
        : Step(curve: e.curve.reversed, from: e.end, to: e.start, source: e.source, t0: e.t1, t1: e.t0)
    }
  }

  func loops() -> [[Bezier]] {
    var leaving: [Int: [Int]] = [:]
    for (index, step) in steps.enumerated() { leaving[step.from, default: []].append(index) }
    var used = [Bool](repeating: false, count: steps.count)
    var loops: [[Bezier]] = []
    for start in steps.indices where !used[start] {
      used[start] = true
      var loop = [start], current = start
      var closed = false
      while loop.count <= steps.count {
        let vertex = steps[current].to
        var choices = leaving[vertex, default: []].filter { !used[$0] }
        if vertex == steps[start].from { choices.append(start) }
        guard let next = bestTurn(after: steps[current].curve, among: choices) else { break }
        if next == start {
          closed = true
          break
        }
        used[next] = true
        loop.append(next)
        current = next
      }
      // An edge chain that does not come back (only from inconsistent input) is left out.
      if closed { loops.append(joined(loop)) }
    }
    return loops
  }

  /// The choice turning furthest right (y-down) from the end of `incoming`.
  private func bestTurn(after incoming: Bezier, among choices: [Int]) -> Int? {
    guard choices.count > 1 else { return choices.first }
    let arriving = incoming.direction(at: 1) ?? Point(x: 1, y: 0)
    return choices.max { a, b in turn(arriving, a) < turn(arriving, b) }
  }

  private func turn(_ arriving: Point, _ choice: Int) -> Double {
    guard let leaving = steps[choice].curve.direction(at: 0) else { return -.pi }
    return atan2(arriving.cross(leaving), arriving.dot(leaving))
  }

  /// The loop's steps as segments, neighbouring pieces of one input segment made one.
  private func joined(_ loop: [Int]) -> [Bezier] {
    func continues(_ a: Int, _ b: Int) -> Bool {
      steps[a].source == steps[b].source && steps[a].t1 == steps[b].t0 && (steps[a].t1 - steps[a].t0) * (steps[b].t1 - steps[b].t0) > 0
    }
    // Start where a new piece begins, so no run wraps around the end.
    let begin = loop.indices.first { !continues(loop[($0 + loop.count - 1) % loop.count], loop[$0]) } ?? 0
    let ordered = Array(loop[begin...] + loop[..<begin])
    var segments: [Bezier] = []
    var run = [ordered[0]]
    func flush() {
      guard run.count > 1 else { return segments.append(steps[run[0]].curve) }
      let first = steps[run[0]], last = steps[run[run.count - 1]]
      let source = arrangement.sources[first.source]
      var points = (first.t0 < last.t1 ? source.subsegment(first.t0, last.t1) : source.subsegment(last.t1, first.t0).reversed).controlPoints
      points[0] = arrangement.vertices[first.from]
      points[points.count - 1] = arrangement.vertices[last.to]
      segments.append(Bezier(points)!)
    }
    for index in ordered.dropFirst() {
      if continues(run[run.count - 1], index), run.count < ordered.count { run.append(index) } else {
        flush()
        run = [index]
      }
    }
    flush()
    return Self.mergingCollinearLines(segments)
  }

  /// Neighbouring lines running on in one direction (pieces of two inputs' edges that lie on
  /// one line, as a square and the square grown from it share a side's direction) as one.
  static func mergingCollinearLines(_ loop: [Bezier]) -> [Bezier] {
    func continues(_ a: Bezier, _ b: Bezier) -> Bool {
      guard a.degree == 1, b.degree == 1 else { return false }
      let u = a.controlPoints[1] - a.controlPoints[0], v = b.controlPoints[1] - b.controlPoints[0]
      return u.dot(v) > 0 && abs(u.cross(v)) <= 1e-12 * u.length * v.length
    }
    var merged: [Bezier] = []
    for segment in loop {
      if let last = merged.last, continues(last, segment) {
        merged[merged.count - 1] = Bezier([last.controlPoints[0], segment.controlPoints[1]])!
      } else {
        merged.append(segment)
      }
    }
    // The loop's last line may run on into its first.
    if merged.count > 2, continues(merged[merged.count - 1], merged[0]) {
      merged[0] = Bezier([merged[merged.count - 1].controlPoints[0], merged[0].controlPoints[1]])!
      merged.removeLast()
    }
    return merged
  }
}
