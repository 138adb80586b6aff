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
  @inline(__always)
  func color(x: Int, y: Int) -> UInt32 {
    var point = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    if repeats {
      guard point.x.isFinite, point.y.isFinite else { return 0 }
      point.x -= (point.x / Double(width)).rounded(.down) * Double(width)
      point.y -= (point.y / Double(height)).rounded(.down) * Double(height)
    } else {
      guard point.x.isFinite, point.y.isFinite else { return 0 }
      point.x = min(max(point.x, 0), Double(width))
      point.y = min(max(point.y, 0), Double(height))
    }
    let repeats = repeats, width = width, height = height
    if samplesNearest {
      let column = min(Int(point.x.rounded(.down)), width - 1), row = min(Int(point.y.rounded(.down)), height - 1)
      return pixels[max(row, 0) * width + max(column, 0)]
    }
    // Texel centres sit at half-integers.
    let u = point.x - 0.5, v = point.y - 0.5
    let left = Int(u.rounded(.down)), top = Int(v.rounded(.down))
    let fx = Float(u - Double(left)), fy = Float(v - Double(top))
    func texel(_ column: Int, _ row: Int) -> SIMD4<Float> {
      let index = repeats
        ? ((row + height) % height) * width + (column + width) % width
        : min(max(row, 0), height - 1) * width + min(max(column, 0), width - 1)
      let pixel = pixels[index]
      return SIMD4(Float(pixel >> 24), Float((pixel >> 16) & 0xFF), Float((pixel >> 8) & 0xFF), Float(pixel & 0xFF))
    }
    let top2 = texel(left, top) * (1 - fx) + texel(left + 1, top) * fx
    let bottom = texel(left, top + 1) * (1 - fx) + texel(left + 1, top + 1) * fx
    let value = top2 * (1 - fy) + bottom * fy
    func byte(_ channel: Float) -> UInt32 { UInt32(min(max(channel.rounded(), 0), 255)) }
    return byte(value.x) << 24 | byte(value.y) << 16 | byte(value.z) << 8 | byte(value.w)
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
      for index in 0..<count { colors[index] = shader.color(x: x + index, y: y) }
    }
  }
}
