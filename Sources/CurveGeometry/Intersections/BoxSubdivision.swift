/// The bounding-box subdivision that finds where two curves meet, as the primer's chapter on
/// curve/curve intersection draws it: both curves halved at every step, and only the pairs of
/// halves whose boxes still overlap kept, so the pairs close in on the meetings.
///
/// ```swift
/// let pairs = BoxSubdivision.pairs(arch, line, steps: 3)   // [(a: Bezier, b: Bezier)], boxes meeting
/// ```
public enum BoxSubdivision {
  /// The pieces of `a` and `b` still paired after `steps` halvings of both (at most `limit`
  /// pairs: where the curves run together the count would double every step).
  public static func pairs(_ a: Bezier, _ b: Bezier, steps: Int, limit: Int = 256) -> [(a: Bezier, b: Bezier)] {
    var pairs: [(a: Bezier, b: Bezier)] = a.bounds.intersects(b.bounds) ? [(a, b)] : []
    for _ in 0..<max(0, steps) {
      var next: [(a: Bezier, b: Bezier)] = []
      for (pieceA, pieceB) in pairs {
        let (a0, a1) = pieceA.split(at: 0.5), (b0, b1) = pieceB.split(at: 0.5)
        for x in [a0, a1] {
          for y in [b0, b1] where x.bounds.intersects(y.bounds) && next.count < limit { next.append((x, y)) }
        }
      }
      pairs = next
    }
    return pairs
  }
}
