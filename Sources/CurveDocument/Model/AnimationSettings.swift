import CurveGeometry

/// The de Casteljau animation: how t sweeps from 0 to 1, and where it is now.
///
/// Two modes: `steps`, the original app's (t jumps through `totalSteps` steps, one every
/// `tickInterval`), and `smooth` (t moves continuously, one sweep in `duration` seconds).
/// `repetition` says what happens at the end of a sweep; with `arcLength` parametrization
/// the point moves at constant speed along each curve. The settings are saved in the
/// document; `step`, `progress`, `isReversing` and `isPlaying` are not.
public struct AnimationSettings: Equatable, Sendable {
  public enum Mode: String, CaseIterable, Equatable, Sendable, Codable {
    case steps, smooth
  }

  public enum Repetition: String, CaseIterable, Equatable, Sendable, Codable {
    /// From 1 back to 0, again and again.
    case loop
    /// From 1 back down to 0, and up again.
    case pingPong
    /// One sweep; it stops at 1, and playing again starts from 0.
    case once
  }

  public enum Parametrization: String, CaseIterable, Equatable, Sendable, Codable {
    /// The construction at t.
    case t
    /// The construction at the t whose arc length is the sweep's fraction of the curve's.
    case arcLength
  }

  public static let stepRange = 1...100
  public static let speedRange = 0...100
  /// Seconds a smooth sweep takes.
  public static let durationRange = 0.5...30.0
  /// Smooth playback's updates a second, the display's usual rate.
  public static let framesPerSecond = 60

  public var totalSteps: Int
  public var speed: Int
  public var mode: Mode
  public var duration: Double
  public var repetition: Repetition
  public var parametrization: Parametrization
  /// Where a steps sweep is, 0...totalSteps.
  public var step = 0
  /// Where a smooth sweep is, 0...1.
  public var progress = 0.0
  /// Ping-pong's way back down.
  public var isReversing = false
  public var isPlaying = false

  public init(
    totalSteps: Int = 10, speed: Int = 50, mode: Mode = .steps, duration: Double = 3,
    repetition: Repetition = .loop, parametrization: Parametrization = .t
  ) {
    self.totalSteps = totalSteps
    self.speed = speed
    self.mode = mode
    self.duration = duration
    self.repetition = repetition
    self.parametrization = parametrization
  }

  /// How far the sweep has come, 0...1: the curve parameter t itself, or with `arcLength`
  /// the fraction of each curve's length.
  public var t: Double {
    mode == .steps ? Double(step) / Double(max(totalSteps, 1)) : progress
  }

  /// The parameter at which `curve`'s construction is drawn: `t`, or with `arcLength` the t
  /// whose arc length is that fraction of the curve's (within 1e-4 of its length). Zoom and
  /// pan scale lengths uniformly, so the same t serves on screen.
  public func parameter(on curve: Bezier) -> Double {
    parametrization == .arcLength ? curve.parameter(atArcLengthFraction: t) : t
  }

  /// Whether the sweep is at its end, where `once` stops.
  public var isAtEnd: Bool { mode == .steps ? step >= totalSteps : progress >= 1 }

  /// Time between ticks in steps mode, as in the original app: (105 - speed) × 10 ms, so
  /// speed 100 ticks every 50 ms and speed 0 about once a second.
  public var tickInterval: Duration { .milliseconds((105 - speed) * 10) }

  /// Time between smooth updates.
  public static var frameInterval: Duration { .seconds(1) / framesPerSecond }

  /// Back to t = 0: an edited curve's construction starts again from its first point.
  public mutating func rewind() {
    step = 0
    progress = 0
    isReversing = false
  }

  /// One step (1/totalSteps) back or on per unit of `delta`, wrapping around: the arrow keys
  /// with nothing selected.
  public mutating func step(by delta: Int) {
    let count = totalSteps + 1
    if mode == .steps {
      step = ((step + delta) % count + count) % count
    } else {
      let current = Int((progress * Double(totalSteps)).rounded())
      progress = Double(((current + delta) % count + count) % count) / Double(totalSteps)
    }
  }
}
