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
      for index in 0..<count {
        colors[index] = color(at: start + step * Double(index), in: texels)
      }
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
    // The four texels' weights in 1/65536ths, each side's in 1/256ths.
    let right = UInt64((u - Double(left + 1)) * 256 + 0.5), below = UInt64((v - Double(top + 1)) * 256 + 0.5)
    let columns = repeats ? ((left + width) % width, (left + 1) % width) : (max(left, 0), min(left + 1, width - 1))
    let rows = repeats ? ((top + height) % height * width, (top + 1) % height * width) : (max(top, 0) * width, min(top + 1, height - 1) * width)
    var low: UInt64 = 0, high: UInt64 = 0
    // Blue and red, green and alpha, each in a 32-bit half: a channel times its weight,
    // summed over the four texels, stays under 2^24.
    func add(_ index: Int, _ weight: UInt64) {
      let texel = texels[index]
      low &+= (UInt64(texel & 0xFF) | UInt64(texel & 0xFF_0000) << 16) &* weight
      high &+= (UInt64(texel >> 8 & 0xFF) | UInt64(texel >> 8 & 0xFF_0000) << 16) &* weight
    }
    add(rows.0 + columns.0, (256 - right) * (256 - below))
    add(rows.0 + columns.1, right * (256 - below))
    add(rows.1 + columns.0, (256 - right) * below)
    add(rows.1 + columns.1, right * below)
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
