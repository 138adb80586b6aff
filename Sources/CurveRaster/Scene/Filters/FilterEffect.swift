import CurveGeometry
import Glibc

/// Filter effects in pixels, as SVG's filter primitives compute them on a layer's drawing:
/// blur, offset, flood, composite, merge, blend, colour matrix, drop shadow, component
/// transfer, morphology, convolution, turbulence and lighting, each reading the source, its
/// alpha or an earlier result, all inside `region`.
///
/// ```swift
/// let glow = FilterEffect(region: PixelRect(x: 0, y: 0, width: 64, height: 64), steps: [
///   .init(.gaussianBlur(x: 2, y: 2), input: .sourceAlpha, result: "blur"),
///   .init(.merge([.result("blur"), .sourceGraphic])),
/// ])
/// let filtered = glow.apply(to: layer)   // premultiplied pixels in, premultiplied out
/// ```
///
/// Colours are mixed in linear RGB when `usesLinearRGB` (SVG's default), else in sRGB. A
/// Gaussian blur of deviation 2 or more is three box blurs, as SVG allows; a smaller one is
/// its kernel. Each step's result is cut to its subregion: the sides it gives, the others
/// those of the union of its inputs' subregions (the region for the source and for a flood).
public struct FilterEffect: Hashable, Sendable {
  public enum Input: Hashable, Sendable {
    case sourceGraphic, sourceAlpha, previous
    case result(String)
  }

  public enum Operation: Hashable, Sendable {
    /// Deviations in pixels.
    case gaussianBlur(x: Double, y: Double)
    case offset(dx: Double, dy: Double)
    /// Straight colour.
    case flood(RGBA8)
    case composite(String, k1: Double, k2: Double, k3: Double, k4: Double)
    case merge([Input])
    case blend(String)
    /// 4×5, row by row, on straight colours.
    case colorMatrix([Double])
    case dropShadow(dx: Double, dy: Double, x: Double, y: Double, RGBA8)
    /// Red, green, blue and alpha, each through its function, on straight colours.
    case componentTransfer(red: TransferFunction, green: TransferFunction, blue: TransferFunction, alpha: TransferFunction)
    case morphology(Morphology)
    case convolution(Convolution)
    /// Noise over the whole subregion; reads nothing.
    case turbulence(TurbulenceNoise)
    /// The input's alpha as a surface, lit.
    case lighting(Lighting)
    /// The input's subregion repeated over the whole region.
    case tile
    /// Premultiplied ARGB pixels covering `rect` (in the drawing's pixels; the filter's
    /// region, before the image cuts it), row by row: an image drawn apart.
    case image([UInt32], rect: PixelRect)
    /// Each pixel of `input` taken from as far away as `input2`'s chosen channels say
    /// (feDisplacementMap): channels 0…3 are red, green, blue, alpha; `scale` in pixels.
    case displacement(scale: Double, xChannel: Int, yChannel: Int)
  }

  /// A step's subregion, in pixels: the sides given (SVG's x, y, width, height on a
  /// primitive); nil sides are the default subregion's.
  public struct Subregion: Hashable, Sendable {
    public var x, y, width, height: Double?

    public init(x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    /// The whole pixels it covers, its missing sides taken from `fallback`.
    func pixels(within fallback: PixelRect) -> PixelRect {
      let left = x ?? Double(fallback.minX), top = y ?? Double(fallback.minY)
      let right = left + (width ?? Double(fallback.width)), bottom = top + (height ?? Double(fallback.height))
      guard [left, top, right, bottom].allSatisfy(\.isFinite), right > left, bottom > top else {
        return PixelRect(x: fallback.minX, y: fallback.minY, width: 0, height: 0)
      }
      return PixelRect(covering: Rect(minX: left, minY: top, maxX: right, maxY: bottom))
    }
  }

  public struct Step: Hashable, Sendable {
    public var operation: Operation
    public var input: Input
    public var input2: Input
    public var result: String?
    public var subregion: Subregion?
    /// Whether it mixes in linear RGB (its own `color-interpolation-filters`); nil for the
    /// effect's.
    public var usesLinearRGB: Bool?

    public init(
      _ operation: Operation, input: Input = .previous, input2: Input = .previous, result: String? = nil, subregion: Subregion? = nil,
      usesLinearRGB: Bool? = nil
    ) {
      self.operation = operation
      self.input = input
      self.input2 = input2
      self.result = result
      self.subregion = subregion
      self.usesLinearRGB = usesLinearRGB
    }

    /// The inputs the step reads.
    var inputs: [Input] {
      switch operation {
      case .flood, .turbulence, .image: []
      case let .merge(inputs): inputs
      case .composite, .blend, .displacement: [input, input2]
      default: [input]
      }
    }
  }

  public var region: PixelRect
  public var steps: [Step]
  public var usesLinearRGB: Bool

  public init(region: PixelRect, steps: [Step], usesLinearRGB: Bool = true) {
    self.region = region
    self.steps = steps
    self.usesLinearRGB = usesLinearRGB
  }

  /// Premultiplied RGBA, 0…1 a channel.
  typealias Pixels = [SIMD4<Float>]

  /// The filter's output for a layer of premultiplied ARGB pixels (`width` a row), as
  /// premultiplied ARGB; transparent outside the region.
  public func apply(to layer: [UInt32], width: Int, height: Int) -> [UInt32] {
    let region = region.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    var output = [UInt32](repeating: 0, count: width * height)
    guard region.width > 0, region.height > 0 else { return output }
    func context(linear: Bool) -> Context {
      Context(width: region.width, height: region.height, originX: region.minX, originY: region.minY, linear: linear)
    }
    // The source, cut to the region, in the effect's space.
    let first = context(linear: usesLinearRGB)
    var source = Pixels(repeating: .zero, count: region.width * region.height)
    for y in 0..<region.height {
      for x in 0..<region.width {
        source[y * region.width + x] = first.load(layer[(y + region.minY) * width + x + region.minX])
      }
    }
    /// Each result in the space its step mixed in.
    typealias Result = (pixels: Pixels, subregion: PixelRect, linear: Bool)
    var results: [String: Result] = [:]
    var previous: Result = (source, region, usesLinearRGB)
    for step in steps {
      let linear = step.usesLinearRGB ?? usesLinearRGB
      let context = context(linear: linear)
      func read(_ input: Input) -> Pixels {
        let found: Result = switch input {
        case .sourceGraphic: (source, region, usesLinearRGB)
        case .sourceAlpha: (source.map { SIMD4(0, 0, 0, $0.w) }, region, linear)
        case .previous: previous
        case let .result(name): results[name] ?? previous
        }
        return found.linear == linear ? found.pixels : found.pixels.map { Context.converted($0, toLinear: linear) }
      }
      func subregionOf(_ input: Input) -> PixelRect {
        switch input {
        case .sourceGraphic, .sourceAlpha: region
        case .previous: previous.subregion
        case let .result(name): (results[name] ?? previous).subregion
        }
      }
      // The default subregion: the union of the inputs' (the region for the source, for
      // what reads nothing, and for a tile, which would otherwise only copy its input).
      let inputRegions = step.operation == .tile ? [] : step.inputs.map(subregionOf)
      let fallback = inputRegions.dropFirst().reduce(inputRegions.first ?? region) { $0.union($1) }
      let subregion = (step.subregion?.pixels(within: fallback) ?? fallback).intersection(region)
      var value = if step.operation == .tile {
        Self.tiled(read(step.input), from: subregionOf(step.input), of: region)
      } else {
        context.run(step, read: read)
      }
      if subregion != region { Self.clear(&value, outside: subregion, of: region) }
      if let name = step.result { results[name] = (value, subregion, linear) }
      previous = (value, subregion, linear)
    }
    let last = previous.pixels, storing = context(linear: previous.linear)
    for y in 0..<region.height {
      for x in 0..<region.width {
        output[(y + region.minY) * width + x + region.minX] = storing.store(last[y * region.width + x])
      }
    }
    return output
  }

  /// `pixels` (covering `region`) inside `tile` repeated across the region, from the tile's
  /// top left.
  private static func tiled(_ pixels: Pixels, from tile: PixelRect, of region: PixelRect) -> Pixels {
    guard tile.width > 0, tile.height > 0 else { return Pixels(repeating: .zero, count: pixels.count) }
    var result = pixels
    for y in 0..<region.height {
      let sourceY = tile.minY - region.minY + ((y + region.minY - tile.minY) % tile.height + tile.height) % tile.height
      for x in 0..<region.width {
        let sourceX = tile.minX - region.minX + ((x + region.minX - tile.minX) % tile.width + tile.width) % tile.width
        result[y * region.width + x] = pixels[sourceY * region.width + sourceX]
      }
    }
    return result
  }

  /// Makes the pixels of `value` (which covers `region`) outside `subregion` transparent.
  private static func clear(_ value: inout Pixels, outside subregion: PixelRect, of region: PixelRect) {
    for y in 0..<region.height {
      for x in 0..<region.width where !subregion.contains(x: x + region.minX, y: y + region.minY) {
        value[y * region.width + x] = .zero
      }
    }
  }

  /// The region's size, and the colour space mixed in.
  struct Context {
    let width: Int
    let height: Int
    /// The region's top left, in the drawing's pixels.
    let originX: Int
    let originY: Int
    let linear: Bool
    /// `sRGBOfLinear`, held here: a static's every read went through `swift_once`.
    private let encodedOfLinear = Context.sRGBOfLinear

    /// A premultiplied ARGB pixel in the mixing space. In linear RGB its straight colour is
    /// rounded to a byte and looked up (as resvg converts), not raised to a power per pixel.
    func load(_ pixel: UInt32) -> SIMD4<Float> {
      let a = pixel >> 24
      guard a > 0 else { return .zero }
      let bytes = SIMD4(Float((pixel >> 16) & 0xFF), Float((pixel >> 8) & 0xFF), Float(pixel & 0xFF), Float(a))
      guard linear else { return bytes / 255 }
      func straight(_ channel: UInt32) -> Float { Self.linearOfByte[Int(min((channel * 255 + a / 2) / a, 255))] }
      let alpha = Float(a) / 255
      return SIMD4(straight((pixel >> 16) & 0xFF) * alpha, straight((pixel >> 8) & 0xFF) * alpha, straight(pixel & 0xFF) * alpha, alpha)
    }

    /// Scalar clamps, and a half added before truncating: `clamped(lowerBound:upperBound:)` and
    /// `rounded()` were calls per channel (x86-64's baseline has no rounding instruction, so
    /// each `rounded()` called libm's `roundf`), half of a flood's instructions (callgrind).
    /// On values from 0 to 255 truncating after adding a half rounds halves up, as
    /// `rounded()` does.
    func store(_ value: SIMD4<Float>) -> UInt32 {
      let alpha = min(max(value.w, 0), 1)
      guard alpha > 0 else { return 0 }
      let straight = 1 / alpha
      // NaN (a light with no direction) is black, as the clamp made it.
      func unit(_ channel: Float) -> Float { channel * straight > 0 ? min(channel * straight, 1) : 0 }
      var red = unit(value.x), green = unit(value.y), blue = unit(value.z)
      if linear {
        func encoded(_ channel: Float) -> Float { encodedOfLinear[Int(channel * Float(Self.sRGBSteps) + 0.5)] }
        (red, green, blue) = (encoded(red), encoded(green), encoded(blue))
      }
      func byte(_ channel: Float) -> UInt32 { UInt32(channel * alpha * 255 + 0.5) }
      return UInt32(alpha * 255 + 0.5) << 24 | byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// A premultiplied pixel of the other space in linear RGB (`toLinear`) or sRGB: what a
    /// step reads from a step that mixed in the other.
    static func converted(_ pixel: SIMD4<Float>, toLinear linear: Bool) -> SIMD4<Float> {
      let alpha = pixel.w
      guard alpha > 0 else { return .zero }
      let straight = (SIMD3(pixel.x, pixel.y, pixel.z) / alpha).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
      func change(_ value: Float) -> Float { linear ? Self.toLinear(value) : Self.toSRGB(value) }
      return SIMD4(change(straight.x) * alpha, change(straight.y) * alpha, change(straight.z) * alpha, alpha)
    }

    /// Each sRGB byte's linear value.
    static let linearOfByte: [Float] = (0..<256).map { toLinear(Float($0) / 255) }
    /// Linear values in 4096 steps, as sRGB: a step is under a byte of sRGB (0.8 near black,
    /// where sRGB is steepest; far less elsewhere).
    static let sRGBSteps = 4095
    static let sRGBOfLinear: [Float] = (0...sRGBSteps).map { toSRGB(Float($0) / Float(sRGBSteps)) }

    /// A straight colour in the mixing space, premultiplied.
    func premultiplied(_ color: RGBA8) -> SIMD4<Float> {
      let alpha = Float(color.a) / 255
      var rgb = SIMD4(Float(color.r), Float(color.g), Float(color.b), 0) / 255
      if linear { rgb = SIMD4(Self.toLinear(rgb.x), Self.toLinear(rgb.y), Self.toLinear(rgb.z), 0) }
      return SIMD4(rgb.x * alpha, rgb.y * alpha, rgb.z * alpha, alpha)
    }

    static func toLinear(_ value: Float) -> Float {
      value <= 0.04045 ? value / 12.92 : powf((value + 0.055) / 1.055, 2.4)
    }

    static func toSRGB(_ value: Float) -> Float {
      value <= 0.0031308 ? value * 12.92 : 1.055 * powf(value, 1 / 2.4) - 0.055
    }

    func run(_ step: Step, read: (Input) -> Pixels) -> Pixels {
      switch step.operation {
      case let .gaussianBlur(x, y):
        return blur(read(step.input), x: x, y: y)
      case let .offset(dx, dy):
        return offset(read(step.input), dx: dx, dy: dy)
      case let .flood(color):
        return Pixels(repeating: premultiplied(color), count: width * height)
      case let .composite(op, k1, k2, k3, k4):
        return zip(read(step.input), read(step.input2)).map { composite(op, $0, $1, k1: Float(k1), k2: Float(k2), k3: Float(k3), k4: Float(k4)) }
      case let .merge(inputs):
        var result = Pixels(repeating: .zero, count: width * height)
        for input in inputs {
          result = zip(read(input), result).map { $0 + $1 * (1 - $0.w) }
        }
        return result
      case let .blend(mode):
        return zip(read(step.input), read(step.input2)).map { blend(mode, $0, $1) }
      case let .colorMatrix(values):
        let m = values.map(Float.init)
        return read(step.input).map { pixel in
          let alpha = pixel.w
          let color = alpha > 0 ? SIMD4(pixel.x / alpha, pixel.y / alpha, pixel.z / alpha, alpha) : .zero
          var result = SIMD4<Float>.zero
          for row in 0..<4 {
            result[row] = m[row * 5] * color.x + m[row * 5 + 1] * color.y + m[row * 5 + 2] * color.z + m[row * 5 + 3] * color.w + m[row * 5 + 4]
          }
          result = result.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
          return SIMD4(result.x * result.w, result.y * result.w, result.z * result.w, result.w)
        }
      case let .componentTransfer(red, green, blue, alpha):
        return read(step.input).map { pixel in
          let straight = Convolution.unpremultiplied(pixel)
          let a = alpha(straight.w)
          return SIMD4(red(straight.x) * a, green(straight.y) * a, blue(straight.z) * a, a)
        }
      case let .morphology(morphology):
        return morphology.apply(to: read(step.input), width: width, height: height)
      case let .convolution(convolution):
        return convolution.apply(to: read(step.input), width: width, height: height)
      case let .turbulence(noise):
        return noise.pixels(width: width, height: height, originX: originX, originY: originY)
      case let .lighting(lighting):
        return lighting.apply(to: read(step.input), width: width, height: height, originX: originX, originY: originY)
      case .tile:
        return read(step.input)  // `apply` tiles it: it needs its input's subregion
      case let .displacement(scale, xChannel, yChannel):
        return displaced(read(step.input), by: read(step.input2), scale: scale, xChannel: xChannel, yChannel: yChannel)
      case let .image(pixels, rect):
        var result = Pixels(repeating: .zero, count: width * height)
        guard pixels.count == rect.width * rect.height else { return result }
        let shown = rect.intersection(PixelRect(x: originX, y: originY, width: width, height: height))
        for y in shown.minY..<max(shown.maxY, shown.minY) {
          for x in shown.minX..<max(shown.maxX, shown.minX) {
            result[(y - originY) * width + x - originX] = load(pixels[(y - rect.minY) * rect.width + x - rect.minX])
          }
        }
        return result
      case let .dropShadow(dx, dy, x, y, color):
        let source = read(step.input)
        let flood = premultiplied(color)
        let shadow = offset(blur(source.map { flood * $0.w }, x: x, y: y), dx: dx, dy: dy)
        return zip(source, shadow).map { $0 + $1 * (1 - $0.w) }
      }
    }

    /// Porter–Duff of `a` (in) with `b` (in2), or arithmetic.
    func composite(_ op: String, _ a: SIMD4<Float>, _ b: SIMD4<Float>, k1: Float, k2: Float, k3: Float, k4: Float) -> SIMD4<Float> {
      switch op {
      case "in": return a * b.w
      case "out": return a * (1 - b.w)
      case "atop": return a * b.w + b * (1 - a.w)
      case "xor": return a * (1 - b.w) + b * (1 - a.w)
      case "arithmetic":
        let value = k1 * a * b + k2 * a + k3 * b + SIMD4(repeating: k4)
        let alpha = min(max(value.w, 0), 1)
        return SIMD4(min(max(value.x, 0), alpha), min(max(value.y, 0), alpha), min(max(value.z, 0), alpha), alpha)
      default: return a + b * (1 - a.w)
      }
    }

    /// `a` (feBlend's `in`) blended over `b` (`in2`) by one of CSS's blend modes (normal for a
    /// name that is none), both premultiplied, as Compositing and Blending 1 composes them.
    func blend(_ mode: String, _ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
      let blendMode = BlendMode(rawValue: mode) ?? .normal
      let source = SIMD3(a.x, a.y, a.z), backdrop = SIMD3(b.x, b.y, b.z)
      let mixed = blendMode.blend(b.w > 0 ? backdrop / b.w : .zero, a.w > 0 ? source / a.w : .zero)
      let color = (1 - b.w) * source + (1 - a.w) * backdrop + a.w * b.w * mixed
      return SIMD4(color.x, color.y, color.z, a.w + b.w - a.w * b.w)
    }

    /// Each pixel of `pixels` read from (x, y) + scale · (map's straight channel − ½), the
    /// nearest pixel; transparent beyond the region. The map's colours are straight, as
    /// Filter Effects 1 (15.15) says.
    func displaced(_ pixels: Pixels, by map: Pixels, scale: Double, xChannel: Int, yChannel: Int) -> Pixels {
      var result = Pixels(repeating: .zero, count: pixels.count)
      for y in 0..<height {
        for x in 0..<width {
          let straight = Convolution.unpremultiplied(map[y * width + x])
          let reach = Double(width + height)
          let sourceX = x + Int(min(max(scale * (Double(straight[xChannel]) - 0.5), -reach), reach).rounded())
          let sourceY = y + Int(min(max(scale * (Double(straight[yChannel]) - 0.5), -reach), reach).rounded())
          guard sourceX >= 0, sourceX < width, sourceY >= 0, sourceY < height else { continue }
          result[y * width + x] = pixels[sourceY * width + sourceX]
        }
      }
      return result
    }

    /// `pixels` moved by (dx, dy), a fraction of a pixel shared between the two nearest.
    func offset(_ pixels: Pixels, dx: Double, dy: Double) -> Pixels {
      guard dx != 0 || dy != 0 else { return pixels }
      let reach = Double(width + height)
      let (dx, dy) = (min(max(dx, -reach), reach), min(max(dy, -reach), reach))
      let wholeX = Int(dx.rounded(.down)), wholeY = Int(dy.rounded(.down))
      let fractionX = Float(dx - Double(wholeX)), fractionY = Float(dy - Double(wholeY))
      @inline(__always) func at(_ x: Int, _ y: Int) -> SIMD4<Float> {
        x >= 0 && x < width && y >= 0 && y < height ? pixels[y * width + x] : .zero
      }
      var result = Pixels(repeating: .zero, count: pixels.count)
      for y in 0..<height {
        let from = y - wholeY
        for x in 0..<width {
          let source = x - wholeX
          let top = at(source, from) * (1 - fractionX) + at(source - 1, from) * fractionX
          let bottom = at(source, from - 1) * (1 - fractionX) + at(source - 1, from - 1) * fractionX
          result[y * width + x] = top * (1 - fractionY) + bottom * fractionY
        }
      }
      return result
    }

    /// A Gaussian blur of deviation `x` across and `y` down (pixels).
    func blur(_ pixels: Pixels, x: Double, y: Double) -> Pixels {
      var result = pixels
      GaussianBlur.apply(to: &result, width: width, height: height, deviationX: x, deviationY: y)
      return result
    }
  }
}
