/// A polynomial in Bernstein form on [0, 1]: p(t) = Σ cᵢ C(m, i) (1 − t)^(m−i) tⁱ.
struct BernsteinPolynomial {
  var coefficients: [Double]

  init(_ coefficients: [Double]) { self.coefficients = coefficients }

  /// p(t) by de Casteljau's algorithm (backward stable for t in [0, 1]).
  func value(at t: Double) -> Double {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: coefficients.count) { scratch in
      _ = scratch.initialize(from: coefficients)
      for level in stride(from: coefficients.count - 1, to: 0, by: -1) {
        for index in 0..<level { scratch[index] += (scratch[index + 1] - scratch[index]) * t }
      }
      return scratch[0]
    }
  }

  /// The parameters in (0, 1) where p changes sign, ascending: its roots of odd multiplicity.
  ///
  /// Root isolation by subdivision (Lane & Riesenfeld, "Bounds on a polynomial", BIT 1981): by
  /// the variation-diminishing property of the Bernstein basis (Descartes' rule of signs after
  /// t = x / (1 + x)), the roots in an interval, counted with multiplicity, number at most the
  /// sign changes V of its coefficients and have V's parity. V = 0: no root; V = 1: exactly
  /// one simple root, bisected on p (evaluated from the original coefficients) until the
  /// bracket is narrower than 2.2e-16; otherwise the interval is halved by de Casteljau. Below
  /// width 2⁻⁴⁰ a cluster is reported once if p changes sign across it, else not at all.
  ///
  /// Rounding splits a touching zero (a double root) into two close sign changes; two
  /// neighbouring ones between which |p| stays within `noise`, the coefficients' rounding
  /// noise (which bounds p's, the basis summing to 1), are dropped as one such zero.
  func signChanges(noise: Double) -> [Double] {
    var roots: [Double] = []
    isolate(coefficients, 0, 1, depth: 0, into: &roots)
    var resolved: [Double] = []
    var index = 0
    while index < roots.count {
      if index + 1 < roots.count, abs(value(at: (roots[index] + roots[index + 1]) / 2)) <= noise {
        index += 2
      } else {
        resolved.append(roots[index])
        index += 1
      }
    }
    return resolved
  }

  private func isolate(_ local: [Double], _ a: Double, _ b: Double, depth: Int, into roots: inout [Double]) {
    guard let first = local.first(where: { $0 != 0 }), let last = local.last(where: { $0 != 0 }) else { return }
    var changes = 0, positive = first > 0
    for coefficient in local where coefficient != 0 && (coefficient > 0) != positive {
      changes += 1
      positive.toggle()
    }
    if changes == 0 { return }
    if changes == 1 {
      roots.append(bisect(a, b, positiveAtStart: first > 0))
      return
    }
    let middle = (a + b) / 2
    guard depth < 40 else {
      if (first > 0) != (last > 0) { roots.append(middle) }
      return
    }
    var left: [Double] = [], right: [Double] = [], level = local
    left.reserveCapacity(local.count)
    right.reserveCapacity(local.count)
    while !level.isEmpty {
      left.append(level[0])
      right.append(level[level.count - 1])
      level = zip(level, level.dropFirst()).map { ($0 + $1) / 2 }
    }
    right.reverse()
    isolate(left, a, middle, depth: depth + 1, into: &roots)
    // A root exactly at the split point is a zero end coefficient on both sides, which
    // neither side counts.
    if left[left.count - 1] == 0, let before = left.last(where: { $0 != 0 }), let after = right.first(where: { $0 != 0 }),
      (before > 0) != (after > 0) {
      roots.append(middle)
    }
    isolate(right, middle, b, depth: depth + 1, into: &roots)
  }

  private func bisect(_ a: Double, _ b: Double, positiveAtStart: Bool) -> Double {
    var low = a, high = b
    while high - low > 2.2e-16 {
      let middle = (low + high) / 2
      guard middle > low && middle < high else { break }
      let value = value(at: middle)
      if value == 0 { return middle }
      if (value > 0) == positiveAtStart { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }
}
