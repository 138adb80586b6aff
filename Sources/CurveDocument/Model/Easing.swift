import Foundation

/// How a value moves from one keyframe to the next: CSS's timing functions, by the names CSS
/// and SMIL use, saved as CSS writes them (`"ease-in-out"`, `"cubic-bezier(0.3, -0.2, 0.6, 1.4)"`).
///
/// ```swift
/// Easing.easeInOut.progress(at: 0.25)                            // 0.1291…: slow to start
/// try Easing(css: "cubic-bezier(0.3, -0.2, 0.6, 1.4)").progress(at: 0.9)   // past 1: it overshoots
/// ```
public enum Easing: Equatable, Hashable, Sendable {
  case linear
  /// The value stays until the next keyframe, then jumps.
  case hold
  case ease
  case easeIn
  case easeOut
  case easeInOut
  /// The curve from (0, 0) to (1, 1) with these two control points: x1 and x2 within 0…1 (so
  /// it gives one value for each time), y1 and y2 free (so it may overshoot).
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

  /// The presets, as the easing editor lists them.
  public static let presets: [Easing] = [.linear, .hold, .ease, .easeIn, .easeOut, .easeInOut]

  /// The preset after this one in `presets`, round again after the last (a custom curve goes
  /// back to the first).
  public var nextPreset: Easing {
    guard let index = Self.presets.firstIndex(of: self) else { return Self.presets[0] }
    return Self.presets[(index + 1) % Self.presets.count]
  }

  /// This easing with its first handle (or, `second`, its second) moved to `point` of the
  /// unit square (x the share of the interval, y the share of the way): x held within 0…1,
  /// y free, as CSS's `cubic-bezier` allows. A hold has no handles: it starts from linear.
  public func movingHandle(second: Bool, to point: (x: Double, y: Double)) -> Easing {
    let x = min(max(point.x, 0), 1), y = point.y
    let (x1, y1, x2, y2) = controlPoints ?? (0, 0, 1, 1)
    return second ? .cubicBezier(x1: x1, y1: y1, x2: x, y2: y) : .cubicBezier(x1: x, y1: y, x2: x2, y2: y2)
  }

  /// The control points CSS defines for each named curve (linear's lie on the diagonal).
  public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
    switch self {
    case .linear: (0, 0, 1, 1)
    case .hold: nil
    case .ease: (0.25, 0.1, 0.25, 1)
    case .easeIn: (0.42, 0, 1, 1)
    case .easeOut: (0, 0, 0.58, 1)
    case .easeInOut: (0.42, 0, 0.58, 1)
    case .cubicBezier(let x1, let y1, let x2, let y2): (x1, y1, x2, y2)
    }
  }

  /// How far along the value is (0 at the first keyframe, 1 at the next) at `fraction` of the
  /// time between them: y where the curve's x is `fraction`, x solved by Newton's method with
  /// bisection to fall back on (x grows with the curve's parameter).
  public func progress(at fraction: Double) -> Double {
    let x = min(max(fraction, 0), 1)
    guard let (x1, y1, x2, y2) = controlPoints else { return x < 1 ? 0 : 1 }
    if self == .linear || x == 0 || x == 1 { return x }
    func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }
    func slope(_ a: Double, _ b: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }
    var s = x, low = 0.0, high = 1.0
    for _ in 0..<64 {
      let error = bezier(x1, x2, s) - x
      if abs(error) < 1e-12 { break }
      if error > 0 { high = s } else { low = s }
      let derivative = slope(x1, x2, s)
      let next = derivative > 1e-9 ? s - error / derivative : (low + high) / 2
      s = next > low && next < high ? next : (low + high) / 2
    }
    return bezier(y1, y2, s)
  }
}

extension Easing {
  /// The easing played backwards, as a bounce plays it on the way back: its curve turned
  /// half a turn about (0.5, 0.5), named as a preset when it is one (ease-in's is ease-out).
  /// `hold` stays `hold`.
  public var reversed: Easing {
    guard let (x1, y1, x2, y2) = controlPoints, self != .linear else { return self }
    // To 1e-9: a reversed 0.42 is 0.58, not 0.5800000000000001.
    func turned(_ value: Double) -> Double { ((1 - value) * 1e9).rounded() / 1e9 }
    let points = (turned(x2), turned(y2), turned(x1), turned(y1))
    return Self.presets.first { $0.controlPoints.map { $0 == points } ?? false }
      ?? .cubicBezier(x1: points.0, y1: points.1, x2: points.2, y2: points.3)
  }
}

extension Easing: Codable {
  /// What CSS writes: a keyword, or `cubic-bezier(x1, y1, x2, y2)` with x1 and x2 in 0…1;
  /// `hold` is SMIL's discrete step, spelled as a keyword here.
  public init(css text: String) throws(EasingError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch trimmed {
    case "linear": self = .linear
    case "hold": self = .hold
    case "ease": self = .ease
    case "ease-in": self = .easeIn
    case "ease-out": self = .easeOut
    case "ease-in-out": self = .easeInOut
    default:
      guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { throw EasingError(text: text) }
      let numbers = trimmed.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
        [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2)
      else { throw EasingError(text: text) }
      self = .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }
  }

  public var css: String {
    switch self {
    case .linear: "linear"
    case .hold: "hold"
    case .ease: "ease"
    case .easeIn: "ease-in"
    case .easeOut: "ease-out"
    case .easeInOut: "ease-in-out"
    case .cubicBezier(let x1, let y1, let x2, let y2): "cubic-bezier(\(Self.number(x1)), \(Self.number(y1)), \(Self.number(x2)), \(Self.number(y2)))"
    }
  }

  private static func number(_ value: Double) -> String {
    let text = "\(value)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      try self.init(css: text)
    } catch {
      throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(css)
  }
}

/// An easing that is not one CSS (or `hold`) names, or a cubic-bezier whose x leaves 0…1.
public struct EasingError: Error, CustomStringConvertible, Equatable {
  public let text: String
  public init(text: String) { self.text = text }
  public var description: String {
    "\"\(text)\" is not an easing: linear, hold, ease, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2) with x1 and x2 within 0…1"
  }
}
