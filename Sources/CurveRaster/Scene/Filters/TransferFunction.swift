import Glibc

/// One channel's function in SVG's `feComponentTransfer` (Filter Effects 1, 15.11), on a
/// straight (not premultiplied) value in 0…1.
///
/// ```swift
/// let posterize = TransferFunction.discrete([0, 0.5, 1])
/// posterize(0.4)        // 0.5: the second of three equal steps
/// TransferFunction.gamma(amplitude: 1, exponent: 2, offset: 0)(0.5)   // 0.25
/// ```
///
/// The result is clamped to 0…1. A table or discrete function with no values is the
/// identity, as the specification says.
public enum TransferFunction: Hashable, Sendable {
  case identity
  /// Straight lines through the values, spread evenly over 0…1.
  case table([Float])
  /// Equal steps, each one value.
  case discrete([Float])
  case linear(slope: Float, intercept: Float)
  case gamma(amplitude: Float, exponent: Float, offset: Float)

  public func callAsFunction(_ value: Float) -> Float {
    // NaN (0 · ∞ of an earlier function) reads as 0: it must not reach a table's index.
    let c = value.isNaN ? 0 : min(max(value, 0), 1)
    let result: Float
    switch self {
    case .identity:
      result = c
    case let .table(values):
      guard values.count > 1 else { return values.first.map { min(max($0, 0), 1) } ?? c }
      let n = Float(values.count - 1)
      let k = min(Int(c * n), values.count - 2)
      result = values[k] + (c * n - Float(k)) * (values[k + 1] - values[k])
    case let .discrete(values):
      guard !values.isEmpty else { return c }
      result = values[min(Int(c * Float(values.count)), values.count - 1)]
    case let .linear(slope, intercept):
      result = slope * c + intercept
    case let .gamma(amplitude, exponent, offset):
      result = amplitude * powf(c, exponent) + offset
    }
    return result.isNaN ? 0 : min(max(result, 0), 1)
  }
}
