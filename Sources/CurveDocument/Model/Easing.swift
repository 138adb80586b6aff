import FoundationEssentials

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
    guard let (_, y1, _, y2) = controlPoints else { return x < 1 ? 0 : 1 }
    if self == .linear || x == 0 || x == 1 { return x }
    return Self.bezier(y1, y2, parameter(atX: x))
  }

  /// The curve's parameter where its x is `x` (x grows with it): Newton's method, with
  /// bisection to fall back on.
  func parameter(atX x: Double) -> Double {
    guard let (x1, _, x2, _) = controlPoints else { return x }
    func slope(_ a: Double, _ b: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }
    var s = x, low = 0.0, high = 1.0
    for _ in 0..<64 {
      let error = Self.bezier(x1, x2, s) - x
      if abs(error) < 1e-12 { break }
      if error > 0 { high = s } else { low = s }
      let derivative = slope(x1, x2, s)
      let next = derivative > 1e-9 ? s - error / derivative : (low + high) / 2
      s = next > low && next < high ? next : (low + high) / 2
    }
    return s
  }

  /// One coordinate of the curve from 0 to 1 with inner control values `a` and `b`, at `s`.
  static func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
  }
}

extension Easing {
  /// The easing of the part of its interval from fraction `start` to `end` of the time,
  /// scaled to a whole interval of its own: where another keyframe falls inside this one's
  /// interval (one another property needs), the two parts move exactly as the whole did,
  /// each from the value the whole has at its start. Linear and hold stay themselves; a
  /// curve is cut there (blossoming) and scaled to the unit square, named as a preset when it
  /// is one. Exact for the presets and most curves; one whose x runs fast then slow (x1 near
  /// 1, x2 near 0) may have a part whose control points leave the square, which CSS cannot
  /// say: its x is then held to 0…1, the nearest curve that can. A part over which the value
  /// ends where it began (inside an overshoot) can only be linear.
  public func part(from start: Double, to end: Double) -> Easing {
    let start = min(max(start, 0), 1), end = min(max(end, start), 1)
    guard start > 0 || end < 1, let (x1, y1, x2, y2) = controlPoints, self != .linear else { return self }
    let s0 = parameter(atX: start), s1 = parameter(atX: end)
    func piece(_ a: Double, _ b: Double) -> [Double] {
      let values = [0, a, b, 1]
      func blossom(_ t1: Double, _ t2: Double, _ t3: Double) -> Double {
        var level = values
        for t in [t1, t2, t3] { level = zip(level, level.dropFirst()).map { $0 + ($1 - $0) * t } }
        return level[0]
      }
      return [blossom(s0, s0, s0), blossom(s0, s0, s1), blossom(s0, s1, s1), blossom(s1, s1, s1)]
    }
    let xs = piece(x1, x2), ys = piece(y1, y2)
    let width = xs[3] - xs[0], height = ys[3] - ys[0]
    guard width > 1e-12, abs(height) > 1e-12 else { return .linear }
    // To 1e-9, as `reversed` rounds: a part of ease-in-out is not 0.4200000000000001.
    func rounded(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }
    let points = (
      min(max(rounded((xs[1] - xs[0]) / width), 0), 1), rounded((ys[1] - ys[0]) / height),
      min(max(rounded((xs[2] - xs[0]) / width), 0), 1), rounded((ys[2] - ys[0]) / height)
    )
    return Self.presets.first { $0.controlPoints.map { $0 == points } ?? false }
      ?? .cubicBezier(x1: points.0, y1: points.1, x2: points.2, y2: points.3)
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
    let trimmed = text.trimmingWhitespace()
    switch trimmed {
    case "linear": self = .linear
    case "hold": self = .hold
    case "ease": self = .ease
    case "ease-in": self = .easeIn
    case "ease-out": self = .easeOut
    case "ease-in-out": self = .easeInOut
    default:
      guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { throw EasingError(text: text) }
      let numbers = trimmed.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",").map { Double($0.trimmingWhitespace()) }
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
