/// The de Casteljau animation: t runs from 0 to 1 in `totalSteps` steps, one per tick.
/// `totalSteps` and `speed` are saved in the document; `step` and `isPlaying` are not.
public struct AnimationSettings: Equatable, Sendable, Codable {
  public static let stepRange = 1...100
  public static let speedRange = 0...100

  public var totalSteps: Int
  public var speed: Int
  public var step = 0
  public var isPlaying = false

  public init(totalSteps: Int = 10, speed: Int = 50) {
    self.totalSteps = totalSteps
    self.speed = speed
  }

  /// The curve parameter the construction is drawn at.
  public var t: Double { Double(step) / Double(max(totalSteps, 1)) }

  /// Time between ticks, as in the original app: (105 - speed) × 10 ms, so speed 100 ticks
  /// every 50 ms and speed 0 about once a second.
  public var tickInterval: Duration { .milliseconds((105 - speed) * 10) }

  /// Back to t = 0: an edited curve's construction starts again from its first point.
  public mutating func rewind() { step = 0 }

  enum CodingKeys: String, CodingKey { case totalSteps, speed }
}
