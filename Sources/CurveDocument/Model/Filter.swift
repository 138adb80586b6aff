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
    /// Each straight channel through its own function (feComponentTransfer).
    case componentTransfer(red: ComponentFunction, green: ComponentFunction, blue: ComponentFunction, alpha: ComponentFunction)
    /// Each channel the least (erode) or greatest (dilate) within the radii (feMorphology).
    case morphology(dilates: Bool, radiusX: Double, radiusY: Double)
    /// A weighted sum of the pixels around each (feConvolveMatrix), in the drawing's pixels.
    case convolveMatrix(ConvolveMatrix)
    /// Perlin noise (feTurbulence), in the space it was drawn in.
    case turbulence(Turbulence)
    /// The input's alpha as a surface, lit (feDiffuseLighting, feSpecularLighting).
    case lighting(SurfaceLighting)
    /// The input's subregion repeated over the filter's region (feTile).
    case tile
    /// An image drawn into the subregion (feImage): a file, a `data:` URI, or an element of
    /// the drawing written as an SVG document of its own. Its group is not used.
    case image(KeptImage)
    /// The input moved pixel by pixel by two channels of `input2` (feDisplacementMap):
    /// "R", "G", "B" or "A"; `scale` in document units.
    case displacementMap(scale: Double, xChannel: String, yChannel: String)
  }

  public var operation: Operation
  /// `SourceGraphic`, `SourceAlpha`, or an earlier result; nil for the previous result (the
  /// source graphic for the first).
  public var input: String?
  /// The second input, of `composite`, `blend` and `displacementMap`.
  public var input2: String?
  /// The name later primitives read this one's output by.
  public var result: String?
  /// Where its output may show (SVG's x, y, width and height on a primitive), in document
  /// units; the sides not given, and all of it when nil, are the union of its inputs'.
  public var subregion: FilterSubregion?
  /// Its own `color-interpolation-filters`: whether it mixes in linear RGB; nil for the
  /// filter's.
  public var usesLinearRGB: Bool?

  public init(
    _ operation: Operation, input: String? = nil, input2: String? = nil, result: String? = nil, subregion: FilterSubregion? = nil,
    usesLinearRGB: Bool? = nil
  ) {
    self.operation = operation
    self.input = input
    self.input2 = input2
    self.result = result
    self.subregion = subregion
    self.usesLinearRGB = usesLinearRGB
  }

  var isValid: Bool {
    if let subregion, ![subregion.x, subregion.y, subregion.width, subregion.height].allSatisfy({ $0?.isFinite ?? true }) { return false }
    switch operation {
    case let .gaussianBlur(x, y): return x.isFinite && y.isFinite && x >= 0 && y >= 0
    case let .offset(dx, dy): return dx.isFinite && dy.isFinite
    case let .flood(_, opacity): return (0...1).contains(opacity)
    case let .composite(_, k1, k2, k3, k4): return [k1, k2, k3, k4].allSatisfy(\.isFinite)
    case .merge, .blend, .tile: return true
    case let .displacementMap(scale, _, _): return scale.isFinite
    case let .image(image):
      return image.transform.count == 6 && image.transform.allSatisfy(\.isFinite)
        && [image.x, image.y, image.width ?? 0, image.height ?? 0].allSatisfy(\.isFinite)
    case let .colorMatrix(values): return values.count == 20 && values.allSatisfy(\.isFinite)
    case let .dropShadow(dx, dy, x, y, _, opacity):
      return [dx, dy, x, y].allSatisfy(\.isFinite) && x >= 0 && y >= 0 && (0...1).contains(opacity)
    case let .componentTransfer(red, green, blue, alpha):
      return [red, green, blue, alpha].allSatisfy(\.isValid)
    case let .morphology(_, x, y):
      return x.isFinite && y.isFinite && x >= 0 && y >= 0
    case let .convolveMatrix(matrix):
      return matrix.isValid
    case let .turbulence(noise):
      return noise.isValid
    case let .lighting(lighting):
      return lighting.isValid
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

/// One channel's function of `feComponentTransfer`, on a straight value in 0…1; the result
/// clamped to 0…1. A table or discrete function without values is the identity.
public enum ComponentFunction: Equatable, Sendable, Codable {
  case identity
  /// Straight lines through the values, spread evenly over 0…1.
  case table([Double])
  /// Equal steps, a value each.
  case discrete([Double])
  case linear(slope: Double, intercept: Double)
  case gamma(amplitude: Double, exponent: Double, offset: Double)

  var isValid: Bool {
    switch self {
    case .identity: true
    case let .table(values), let .discrete(values): values.allSatisfy(\.isFinite)
    case let .linear(slope, intercept): slope.isFinite && intercept.isFinite
    case let .gamma(amplitude, exponent, offset): amplitude.isFinite && exponent.isFinite && offset.isFinite
    }
  }
}

/// `feConvolveMatrix`'s parameters: a kernel of `columns` × `rows`, given row by row.
public struct ConvolveMatrix: Equatable, Sendable, Codable {
  public var columns: Int
  public var rows: Int
  public var kernel: [Double]
  /// Nonzero; nil for the kernel's sum (1 when that is 0).
  public var divisor: Double?
  public var bias: Double
  /// The kernel cell over the pixel computed.
  public var targetX: Int
  public var targetY: Int
  /// `duplicate`, `wrap` or `none`.
  public var edgeMode: String
  public var preservesAlpha: Bool

  public init(
    columns: Int, rows: Int, kernel: [Double], divisor: Double? = nil, bias: Double = 0,
    targetX: Int? = nil, targetY: Int? = nil, edgeMode: String = "duplicate", preservesAlpha: Bool = false
  ) {
    self.columns = columns
    self.rows = rows
    self.kernel = kernel
    self.divisor = divisor
    self.bias = bias
    self.targetX = targetX ?? columns / 2
    self.targetY = targetY ?? rows / 2
    self.edgeMode = edgeMode
    self.preservesAlpha = preservesAlpha
  }

  var isValid: Bool {
    columns > 0 && rows > 0 && kernel.count == columns * rows && kernel.allSatisfy(\.isFinite)
      && (divisor.map { $0.isFinite && $0 != 0 } ?? true) && bias.isFinite
      && (0..<columns).contains(targetX) && (0..<rows).contains(targetY)
  }
}

/// `feTurbulence`'s parameters, and the space its frequencies are in.
public struct Turbulence: Equatable, Sendable, Codable {
  public var baseFrequencyX: Double
  public var baseFrequencyY: Double
  public var octaves: Int
  public var seed: Int
  /// Fractal noise sums the noise; turbulence its magnitude.
  public var isFractalNoise: Bool
  /// Frequencies fitted so the noise repeats across the primitive's subregion.
  public var stitchesTiles: Bool
  /// From the document to the element's own space, where the frequencies are: the noise
  /// moves and stretches with what it was drawn on.
  public var space: Affine

  public init(
    baseFrequencyX: Double, baseFrequencyY: Double, octaves: Int = 1, seed: Int = 0,
    isFractalNoise: Bool = false, stitchesTiles: Bool = false, space: Affine = .identity
  ) {
    self.baseFrequencyX = baseFrequencyX
    self.baseFrequencyY = baseFrequencyY
    self.octaves = octaves
    self.seed = seed
    self.isFractalNoise = isFractalNoise
    self.stitchesTiles = stitchesTiles
    self.space = space
  }

  private enum CodingKeys: String, CodingKey { case baseFrequencyX, baseFrequencyY, octaves, seed, isFractalNoise, stitchesTiles, space }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    baseFrequencyX = try container.decode(Double.self, forKey: .baseFrequencyX)
    baseFrequencyY = try container.decode(Double.self, forKey: .baseFrequencyY)
    octaves = try container.decode(Int.self, forKey: .octaves)
    seed = try container.decode(Int.self, forKey: .seed)
    isFractalNoise = try container.decode(Bool.self, forKey: .isFractalNoise)
    stitchesTiles = try container.decode(Bool.self, forKey: .stitchesTiles)
    let m = try container.decode([Double].self, forKey: .space)
    guard m.count == 6 else {
      throw DecodingError.dataCorruptedError(forKey: .space, in: container, debugDescription: "a turbulence's space is a, b, c, d, e, f")
    }
    space = Affine(a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(baseFrequencyX, forKey: .baseFrequencyX)
    try container.encode(baseFrequencyY, forKey: .baseFrequencyY)
    try container.encode(octaves, forKey: .octaves)
    try container.encode(seed, forKey: .seed)
    try container.encode(isFractalNoise, forKey: .isFractalNoise)
    try container.encode(stitchesTiles, forKey: .stitchesTiles)
    try container.encode([space.a, space.b, space.c, space.d, space.e, space.f], forKey: .space)
  }

  var isValid: Bool {
    baseFrequencyX.isFinite && baseFrequencyY.isFinite && baseFrequencyX >= 0 && baseFrequencyY >= 0 && octaves >= 0 && space.isFinite
  }
}

/// `feDiffuseLighting`'s or `feSpecularLighting`'s parameters and light, positions in
/// document units.
public struct SurfaceLighting: Equatable, Sendable, Codable {
  public enum Light: Equatable, Sendable, Codable {
    /// Degrees: from the x axis towards y, and up from the surface.
    case distant(azimuth: Double, elevation: Double)
    case point(x: Double, y: Double, z: Double)
    /// A cone towards the point it points at, fading by `exponent`, cut at `coneAngle` degrees.
    case spot(x: Double, y: Double, z: Double, pointsAtX: Double, pointsAtY: Double, pointsAtZ: Double, exponent: Double, coneAngle: Double?)
  }

  /// Specular light has a highlight and shows only where it falls; diffuse light is opaque.
  public var isSpecular: Bool
  /// The alpha's height: 1 is one unit.
  public var surfaceScale: Double
  /// kd or ks.
  public var constant: Double
  /// The highlight's sharpness, 1…128; specular only.
  public var specularExponent: Double
  public var color: RGBColor
  public var light: Light
  /// The distance, in document units, over which the surface's slope is measured
  /// (`kernelUnitLength`), so the light does not change with the resolution; nil: one pixel.
  public var kernelUnitLength: Double?

  public init(
    isSpecular: Bool, surfaceScale: Double = 1, constant: Double = 1, specularExponent: Double = 1, color: RGBColor, light: Light,
    kernelUnitLength: Double? = nil
  ) {
    self.isSpecular = isSpecular
    self.surfaceScale = surfaceScale
    self.constant = constant
    self.specularExponent = specularExponent
    self.color = color
    self.light = light
    self.kernelUnitLength = kernelUnitLength
  }

  var isValid: Bool {
    let numbers: [Double] = switch light {
    case let .distant(azimuth, elevation): [azimuth, elevation]
    case let .point(x, y, z): [x, y, z]
    case let .spot(x, y, z, px, py, pz, exponent, angle): [x, y, z, px, py, pz, exponent, angle ?? 0]
    }
    return (numbers + [surfaceScale, constant, specularExponent]).allSatisfy(\.isFinite)
      && kernelUnitLength.map { $0.isFinite && $0 > 0 } ?? true
  }

  /// Its positions mapped by `transform`, heights scaled as the mean of its axes' stretch.
  public func applying(_ transform: Affine) -> SurfaceLighting {
    var result = self
    let scale = ((transform.a * transform.a + transform.d * transform.d) / 2).squareRoot()
    result.kernelUnitLength = kernelUnitLength.map { $0 * scale }
    switch light {
    case .distant:
      break
    case let .point(x, y, z):
      let point = transform.apply(to: Point(x: x, y: y))
      result.light = .point(x: point.x, y: point.y, z: z * scale)
    case let .spot(x, y, z, px, py, pz, exponent, angle):
      let point = transform.apply(to: Point(x: x, y: y)), target = transform.apply(to: Point(x: px, y: py))
      result.light = .spot(x: point.x, y: point.y, z: z * scale, pointsAtX: target.x, pointsAtY: target.y, pointsAtZ: pz * scale, exponent: exponent, coneAngle: angle)
    }
    return result
  }
}
