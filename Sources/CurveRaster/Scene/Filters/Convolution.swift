/// SVG's `feConvolveMatrix` (Filter Effects 1, 15.13): each pixel the weighted sum of the
/// `columns` × `rows` around it, divided, plus a bias.
///
/// ```swift
/// let sharpen = Convolution(columns: 3, rows: 3, kernel: [0, -1, 0, -1, 5, -1, 0, -1, 0])
/// let emboss = Convolution(columns: 3, rows: 3, kernel: [-2, -1, 0, -1, 1, 1, 0, 1, 2], edgeMode: .none)
/// ```
///
/// The kernel is given row by row as the file writes it and applied turned half a turn, as
/// the specification's sum says. Premultiplied colours are convolved, unless
/// `preservesAlpha`: then straight colours, and the alpha stays. Results are clamped, each
/// colour to its alpha.
public struct Convolution: Hashable, Sendable {
  public enum EdgeMode: String, Hashable, Sendable, Codable {
    /// Beyond the edge, the nearest edge pixel.
    case duplicate
    /// Beyond the edge, the opposite side's pixels.
    case wrap
    /// Beyond the edge, transparent black.
    case none
  }

  public var columns: Int
  public var rows: Int
  public var kernel: [Float]
  /// Nonzero; the kernel's sum by default (1 when that is 0).
  public var divisor: Float
  public var bias: Float
  /// Which kernel cell lies over the pixel computed: its middle by default.
  public var targetX: Int
  public var targetY: Int
  public var edgeMode: EdgeMode
  public var preservesAlpha: Bool

  public init(
    columns: Int, rows: Int, kernel: [Float], divisor: Float? = nil, bias: Float = 0,
    targetX: Int? = nil, targetY: Int? = nil, edgeMode: EdgeMode = .duplicate, preservesAlpha: Bool = false
  ) {
    self.columns = columns
    self.rows = rows
    self.kernel = kernel
    let sum = kernel.reduce(0, +)
    self.divisor = divisor.flatMap { $0 == 0 ? nil : $0 } ?? (abs(sum) < 1e-6 ? 1 : sum)
    self.bias = bias
    self.targetX = targetX ?? columns / 2
    self.targetY = targetY ?? rows / 2
    self.edgeMode = edgeMode
    self.preservesAlpha = preservesAlpha
  }

  /// `pixels` (premultiplied, `width` a row) convolved.
  func apply(to pixels: [SIMD4<Float>], width: Int, height: Int) -> [SIMD4<Float>] {
    guard kernel.count == columns * rows, columns > 0, rows > 0 else { return pixels }
    let straight = preservesAlpha ? pixels.map(Self.unpremultiplied) : pixels
    var result = pixels
    for y in 0..<height {
      for x in 0..<width {
        var sum = SIMD4<Float>.zero
        for row in 0..<rows {
          for column in 0..<columns {
            guard let source = sample(straight, x: x - targetX + column, y: y - targetY + row, width: width, height: height) else { continue }
            sum += source * kernel[(rows - 1 - row) * columns + (columns - 1 - column)]
          }
        }
        let index = y * width + x
        // The bias is added to the alpha, and to each colour times that alpha (as resvg and
        // Chrome read it: a bias brightens only where there is something).
        let alpha = preservesAlpha ? pixels[index].w : sum.w / divisor + bias
        let color = SIMD3(sum.x, sum.y, sum.z) / divisor + SIMD3(repeating: bias * alpha)
        let shown = min(max(alpha, 0), 1)
        let bounded = preservesAlpha
          ? color.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1)) * shown
          : color.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: shown))
        result[index] = SIMD4(bounded.x, bounded.y, bounded.z, shown)
      }
    }
    return result
  }

  private func sample(_ pixels: [SIMD4<Float>], x: Int, y: Int, width: Int, height: Int) -> SIMD4<Float>? {
    if x >= 0, x < width, y >= 0, y < height { return pixels[y * width + x] }
    switch edgeMode {
    case .none: return nil
    case .duplicate: return pixels[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
    case .wrap:
      let wrappedX = ((x % width) + width) % width, wrappedY = ((y % height) + height) % height
      return pixels[wrappedY * width + wrappedX]
    }
  }

  static func unpremultiplied(_ pixel: SIMD4<Float>) -> SIMD4<Float> {
    pixel.w > 0 ? SIMD4(pixel.x / pixel.w, pixel.y / pixel.w, pixel.z / pixel.w, pixel.w) : .zero
  }
}
