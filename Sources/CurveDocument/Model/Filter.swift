import CurveGeometry

/// The filter effects people put on icons (drop shadows and glows), as SVG's `<filter>`
/// defines them: a chain of primitives, each reading the group's drawing (`SourceGraphic`),
/// its alpha (`SourceAlpha`), or an earlier primitive's named result, inside a region.
///
/// ```swift
/// let shadow = Filter(region: Rect(minX: 0, minY: 0, maxX: 120, maxY: 120), primitives: [
///   FilterPrimitive(.dropShadow(dx: 2, dy: 2, deviationX: 3, deviationY: 3, color: .black, opacity: 0.5)),
/// ])
/// group.filter = shadow
/// ```
///
/// Lengths are in document units. Colours are mixed in linear RGB unless `usesLinearRGB` is
/// false (SVG's `color-interpolation-filters`).
public struct Filter: Equatable, Sendable, Codable {
  /// Nothing of the result shows outside it.
  public var region: Rect
  public var primitives: [FilterPrimitive]
  public var usesLinearRGB: Bool
  /// The filter as read and the map it was carried through since (`applying`); not saved.
  var origin: (filter: Filter, transform: Affine)? {
    get { origins.first.map { ($0.filter, $0.transform) } }
    set { origins = newValue.map { [Origin(filter: $0.filter, transform: $0.transform)] } ?? [] }
  }
  /// `origin`'s storage: a struct holds itself only through an array.
  private var origins: [Origin] = []
  struct Origin: Equatable, Sendable {
    var filter: Filter
    var transform: Affine
  }

  /// Equal as drawn and saved: where a filter was carried from is not part of it.
  public static func == (lhs: Filter, rhs: Filter) -> Bool {
    lhs.region == rhs.region && lhs.primitives == rhs.primitives && lhs.usesLinearRGB == rhs.usesLinearRGB
  }

  public init(region: Rect, primitives: [FilterPrimitive], usesLinearRGB: Bool = true) {
    self.region = region
    self.primitives = primitives
    self.usesLinearRGB = usesLinearRGB
  }

  private enum CodingKeys: String, CodingKey { case region, primitives, usesLinearRGB }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let box = try container.decode([Double].self, forKey: .region)
    guard box.count == 4 else {
      throw DecodingError.dataCorruptedError(forKey: .region, in: container, debugDescription: "a filter's region is x, y, width, height")
    }
    region = Rect(minX: box[0], minY: box[1], maxX: box[0] + box[2], maxY: box[1] + box[3])
    primitives = try container.decode([FilterPrimitive].self, forKey: .primitives)
    usesLinearRGB = try container.decodeIfPresent(Bool.self, forKey: .usesLinearRGB) ?? true
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode([region.minX, region.minY, region.width, region.height], forKey: .region)
    try container.encode(primitives, forKey: .primitives)
    if !usesLinearRGB { try container.encode(false, forKey: .usesLinearRGB) }
  }

  /// Every number finite, deviations not negative, opacities within 0…1.
  public var isValid: Bool {
    [region.minX, region.minY, region.maxX, region.maxY].allSatisfy(\.isFinite) && primitives.allSatisfy(\.isValid)
  }
}

/// One step of a `Filter`.
public struct FilterPrimitive: Equatable, Sendable, Codable {
  public enum Operation: Equatable, Sendable, Codable {
    case gaussianBlur(deviationX: Double, deviationY: Double)
    case offset(dx: Double, dy: Double)
    /// A colour over the whole region.
    case flood(color: RGBColor, opacity: Double)
    /// Porter–Duff's `over`, `in`, `out`, `atop`, `xor`, or `arithmetic` with k1…k4.
    case composite(operator: String, k1: Double, k2: Double, k3: Double, k4: Double)
    /// Each input over the one before.
    case merge(inputs: [String?])
    /// One of CSS's blend modes (`normal`, `multiply`, `screen`, `color-burn`, `hue`, …).
    case blend(mode: String)
    /// A 4×5 matrix, row by row, on straight colours (saturate, hueRotate and
    /// luminanceToAlpha are given as their matrices).
    case colorMatrix(values: [Double])
    case dropShadow(dx: Double, dy: Double, deviationX: Double, deviationY: Double, color: RGBColor, opacity: Double)
  }

  public var operation: Operation
  /// `SourceGraphic`, `SourceAlpha`, or an earlier result; nil for the previous result (the
  /// source graphic for the first).
  public var input: String?
  /// The second input, of `composite` and `blend`.
  public var input2: String?
  /// The name later primitives read this one's output by.
  public var result: String?
  /// Where its output may show (SVG's x, y, width and height on a primitive), in document
  /// units; the sides not given, and all of it when nil, are the union of its inputs'.
  public var subregion: FilterSubregion?

  public init(_ operation: Operation, input: String? = nil, input2: String? = nil, result: String? = nil, subregion: FilterSubregion? = nil) {
    self.operation = operation
    self.input = input
    self.input2 = input2
    self.result = result
    self.subregion = subregion
  }

  var isValid: Bool {
    if let subregion, ![subregion.x, subregion.y, subregion.width, subregion.height].allSatisfy({ $0?.isFinite ?? true }) { return false }
    switch operation {
    case let .gaussianBlur(x, y): return x.isFinite && y.isFinite && x >= 0 && y >= 0
    case let .offset(dx, dy): return dx.isFinite && dy.isFinite
    case let .flood(_, opacity): return (0...1).contains(opacity)
    case let .composite(_, k1, k2, k3, k4): return [k1, k2, k3, k4].allSatisfy(\.isFinite)
    case .merge, .blend: return true
    case let .colorMatrix(values): return values.count == 20 && values.allSatisfy(\.isFinite)
    case let .dropShadow(dx, dy, x, y, _, opacity):
      return [dx, dy, x, y].allSatisfy(\.isFinite) && x >= 0 && y >= 0 && (0...1).contains(opacity)
    }
  }
}

/// The sides of a filter primitive's subregion that the file gives, in document units.
public struct FilterSubregion: Equatable, Sendable, Codable {
  public var x, y, width, height: Double?

  public init(x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
