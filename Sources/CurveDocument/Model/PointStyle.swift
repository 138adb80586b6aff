/// A colour a control point can be given, 8 bits a channel, written `#rrggbb` as in SVG and
/// in documents.
///
/// ```swift
/// let blue = RGBColor(hex: "#4E79A7")!       // case does not matter
/// blue.hex                                    // "#4e79a7"
/// RGBColor(hex: "red")                        // nil: only #rrggbb
/// RGBColor.palette.count                      // 8, the panel's swatches
/// ```
///
/// It encodes as its `hex` string, the form documents use, and refuses any other on decoding.
public struct RGBColor: Hashable, Sendable, Codable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// Exactly `#` and six hexadecimal digits, in either case; nil for anything else (no
  /// short `#rgb`, no names, no spaces).
  public init?(hex: String) {
    let digits = hex.utf8.dropFirst()
    guard hex.utf8.first == UInt8(ascii: "#"), digits.count == 6,
      digits.allSatisfy(Self.isHexDigit),
      let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    else { return nil }
    self.init(r: UInt8(value >> 16), g: UInt8((value >> 8) & 0xff), b: UInt8(value & 0xff))
  }

  /// Lower-case `#rrggbb`.
  public var hex: String {
    "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// ASCII `0-9`, `a-f` and `A-F` (or-ing 0x20 folds `A-F`, and only them, onto `a-f`).
  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = RGBColor(hex: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a colour written #rrggbb")
    }
    self = color
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hex)
  }

  /// The panel's swatches, in the order shown: red, orange, yellow, green, teal, blue, purple,
  /// pink. Tableau 10's hues (Maureen Stone's 2016 palette), chosen to stay apart from each
  /// other and legible on the white page and against the blue curves.
  public static let palette: [RGBColor] = [
    RGBColor(r: 0xe1, g: 0x57, b: 0x59),  // red
    RGBColor(r: 0xf2, g: 0x8e, b: 0x2b),  // orange
    RGBColor(r: 0xed, g: 0xc9, b: 0x48),  // yellow
    RGBColor(r: 0x59, g: 0xa1, b: 0x4f),  // green
    RGBColor(r: 0x76, g: 0xb7, b: 0xb2),  // teal
    RGBColor(r: 0x4e, g: 0x79, b: 0xa7),  // blue
    RGBColor(r: 0xb0, g: 0x7a, b: 0xa1),  // purple
    RGBColor(r: 0xff, g: 0x9d, b: 0xa7),  // pink
  ]
}

/// A control point's size: its handle's diameter, in screen units at every zoom like every
/// handle (the SVG export draws it in document units, as at 100%).
///
/// ```swift
/// PointSize.range              // 2...30
/// PointSize.clamped(50)        // 30
/// PointSize.clamped(.nan)      // nil
/// ```
/// A point's weight on its curve (the primer's rational curves): how strongly it pulls the
/// curve toward itself, relative to its segment's other points. 1 (or no weight) for every
/// point is the plain Bézier curve.
public enum PointWeight {
  /// A weight must be above 0; past a ratio of 10⁴ between two points the curve is a corner.
  public static let range = 0.01...100.0

  /// `weight` within `range`, or nil when it is not a finite number.
  public static func clamped(_ weight: Double) -> Double? {
    guard weight.isFinite else { return nil }
    return min(max(weight, range.lowerBound), range.upperBound)
  }
}

public enum PointSize {
  /// Below 2 a marker is lost under the curve's stroke; above 30 it hides its neighbours.
  public static let range = 2.0...30.0

  /// `size` within `range`, or nil when it is not a finite number (no size can be made of it).
  public static func clamped(_ size: Double) -> Double? {
    guard size.isFinite else { return nil }
    return min(max(size, range.lowerBound), range.upperBound)
  }
}
