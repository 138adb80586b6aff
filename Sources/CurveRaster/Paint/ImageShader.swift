import CurveGeometry

/// A raster image as a paint, as SVG's `<image>` draws one: each pixel of the shape it fills
/// takes the image's colour at that point, sampled between its four nearest texels
/// (bilinear; where texels meet pixels one to one, the texel it falls in), the edge texels carried on beyond the image (the shape drawn is the image's
/// own rectangle, so that its coverage makes a smooth edge); or, as a pattern's tile,
/// repeated across the whole plane (the texels wrapping round at the edges).
///
/// ```swift
/// let photo = ImageShader(width: 2, height: 2, pixels: premultiplied, transform: placement)!
/// canvas.fill([rectangle], rule: .nonZero, .image(photo), opacity: 1)
/// ```
public struct ImageShader: Sendable {
  let width: Int
  let height: Int
  /// Premultiplied ARGB, row after row.
  let pixels: [UInt32]
  /// Pixels of the canvas to texels.
  let inverse: Affine
  /// Whether the image tiles the plane, rather than stopping at its edges.
  let repeats: Bool
  /// Whether each pixel takes its one texel: where texels meet pixels one to one (a
  /// translation, even by a fraction), as Skia and resvg draw it, so an unscaled image or
  /// tile stays sharp rather than smeared across a pixel boundary.
  let samplesNearest: Bool

  /// An image of `width × height` premultiplied ARGB `pixels`, drawn through `transform`
  /// (texels, (0, 0) at the image's top-left corner, to the canvas's pixels), tiling the
  /// plane when it `repeats`; nil for an empty image or a transform that flattens it.
  public init?(width: Int, height: Int, pixels: [UInt32], transform: Affine, repeats: Bool = false) {
    guard width > 0, height > 0, pixels.count == width * height, let inverse = transform.inverted else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.inverse = inverse
    self.repeats = repeats
    let oneToOne = 1e-6
    samplesNearest = abs(inverse.a - 1) < oneToOne && abs(inverse.d - 1) < oneToOne
      && abs(inverse.b) < oneToOne && abs(inverse.c) < oneToOne
  }

  /// The colour at the centre of canvas pixel (`x`, `y`).
  func color(x: Int, y: Int) -> UInt32 {
    pixels.withUnsafeBufferPointer { color(at: inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)), in: $0) }
  }

  /// The colours of `count` pixels from (`x`, `y`) rightwards: the texel position stepped
  /// along the row, the texels read in place.
  func shade(x: Int, y: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>) {
    let start = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    let step = Point(x: inverse.a, y: inverse.b)
    pixels.withUnsafeBufferPointer { texels in
      // An image neither turned nor skewed, blended: the row's texel row and its weight are
      // the same for every pixel, so only the column is found a pixel.
      if step.y == 0, !repeats, !samplesNearest, start.y.isFinite, (abs(start.x) + Double(count) * abs(step.x)).isFinite {
        shadeUpright(start: start, stepX: step.x, count: count, into: colors, from: texels)
        return
      }
      for index in 0..<count {
        colors[index] = color(at: start + step * Double(index), in: texels)
      }
    }
  }

  /// `shade`'s row of an upright image: what `color(at:in:)` gives for each pixel, the
  /// vertical half of its work done once.
  private func shadeUpright(start: Point, stepX: Double, count: Int, into colors: UnsafeMutablePointer<UInt32>, from texels: UnsafeBufferPointer<UInt32>) {
    let width = width, height = height
    let v = min(max(start.y, 0), Double(height)) + 0.5
    let top = Int(v) - 1
    let below = Self.weight(v - Double(top + 1)), above = 256 - below
    let upper = max(top, 0) * width, lower = min(top + 1, height - 1) * width
    for index in 0..<count {
      let u = min(max(start.x + stepX * Double(index), 0), Double(width)) + 0.5
      let left = Int(u) - 1
      let right = Self.weight(u - Double(left + 1))
      let first = max(left, 0), second = min(left + 1, width - 1)
      colors[index] = Self.blend(
        (texels[upper + first], (256 - right) * above), (texels[upper + second], right * above),
        (texels[lower + first], (256 - right) * below), (texels[lower + second], right * below)
      )
    }
  }

  /// The colour at `point` of the image (in texels): bilinear in fixed point, four channels
  /// in two 64-bit words, each side's weight in 1/256ths (within one level of the exact
  /// blend). In floats, with libm's `roundf` four times a pixel, it was 390 instructions a
  /// pixel, the most of a process drawing an embedded photo.
  @inline(__always)
  private func color(at point: Point, in texels: UnsafeBufferPointer<UInt32>) -> UInt32 {
    guard point.x.isFinite, point.y.isFinite else { return 0 }
    var point = point
    if repeats {
      point.x -= (point.x / Double(width)).rounded(.down) * Double(width)
      point.y -= (point.y / Double(height)).rounded(.down) * Double(height)
    } else {
      point.x = min(max(point.x, 0), Double(width))
      point.y = min(max(point.y, 0), Double(height))
    }
    // Within 0…width (0…height) now, so truncating is flooring.
    let repeats = repeats, width = width, height = height
    if samplesNearest {
      let column = min(Int(max(point.x, 0)), width - 1), row = min(Int(max(point.y, 0)), height - 1)
      return texels[row * width + column]
    }
    // Texel centres sit at half-integers.
    let u = point.x + 0.5, v = point.y + 0.5
    let left = Int(u) - 1, top = Int(v) - 1
    // Each side's weight in 1/256ths.
    let right = Self.weight(u - Double(left + 1)), below = Self.weight(v - Double(top + 1))
    let columns = repeats ? ((left + width) % width, (left + 1) % width) : (max(left, 0), min(left + 1, width - 1))
    let rows = repeats ? ((top + height) % height * width, (top + 1) % height * width) : (max(top, 0) * width, min(top + 1, height - 1) * width)
    return Self.blend(
      (texels[rows.0 + columns.0], (256 - right) * (256 - below)), (texels[rows.0 + columns.1], right * (256 - below)),
      (texels[rows.1 + columns.0], (256 - right) * below), (texels[rows.1 + columns.1], right * below)
    )
  }

  /// A fraction of a texel, 0…1, in 256ths: through `Int`, one instruction, where a
  /// conversion to `UInt64` checks for values past `Int.max`.
  @inline(__always)
  static func weight(_ fraction: Double) -> UInt64 {
    UInt64(truncatingIfNeeded: Int(fraction * 256 + 0.5))
  }

  /// Four premultiplied texels weighed in 1/65536ths (the weights adding up to 65536): blue
  /// and red, green and alpha, each pair in the two 32-bit halves of a word, where a channel
  /// times its weight, summed over the four, stays under 2^24.
  @inline(__always)
  static func blend(
    _ a: (UInt32, UInt64), _ b: (UInt32, UInt64), _ c: (UInt32, UInt64), _ d: (UInt32, UInt64)
  ) -> UInt32 {
    var low: UInt64 = 0, high: UInt64 = 0
    func add(_ texel: UInt32, _ weight: UInt64) {
      low &+= (UInt64(texel & 0xFF) | UInt64(texel & 0xFF_0000) << 16) &* weight
      high &+= (UInt64(texel >> 8 & 0xFF) | UInt64(texel >> 8 & 0xFF_0000) << 16) &* weight
    }
    add(a.0, a.1)
    add(b.0, b.1)
    add(c.0, c.1)
    add(d.0, d.1)
    func channel(_ sum: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: (sum & 0xFFFF_FFFF &+ 0x8000) >> 16) }
    return channel(high >> 32) << 24 | channel(low >> 32) << 16 | channel(high) << 8 | channel(low)
  }
}

/// What a shaded path is painted with: a gradient or an image.
public enum Shader: Sendable {
  case gradient(GradientShader)
  case image(ImageShader)

  /// The premultiplied colours of `count` pixels from (`x`, `y`) rightwards, into `colors`.
  @inline(__always)
  func shade(x: Int, y: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>) {
    switch self {
    case let .gradient(shader):
      shader.shade(x: x, y: y, count: count, into: colors)
    case let .image(shader):
      shader.shade(x: x, y: y, count: count, into: colors)
    }
  }
}
