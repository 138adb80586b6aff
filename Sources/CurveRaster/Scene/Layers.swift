import CurveGeometry

/// How a layer's mask says how much of the layer shows: SVG's `mask-type`.
public struct LayerMask: Sendable, Equatable {
  /// Luminance (SVG's default: white shows all, black nothing) or alpha.
  public var usesLuminance: Bool
  /// In pixels: nothing shows outside it (the mask's region); nil for everywhere.
  public var region: Rect?

  public init(usesLuminance: Bool = true, region: Rect? = nil) {
    self.usesLuminance = usesLuminance
    self.region = region
  }

  /// How much a premultiplied mask pixel lets through, 0...1: its luminance (sRGB's
  /// coefficients, as SVG's `luminanceToAlpha` has them) or its alpha.
  @inline(__always)
  func coverage(_ pixel: UInt32) -> Float {
    guard usesLuminance else { return Float(pixel >> 24) / 255 }
    let red = Float((pixel >> 16) & 0xFF), green = Float((pixel >> 8) & 0xFF), blue = Float(pixel & 0xFF)
    return (0.2125 * red + 0.7154 * green + 0.0721 * blue) / 255
  }
}

/// A layer's clip as recorded: contours in the list's points, filled by `rule`.
struct RecordedClip: Sendable {
  let firstPoint: Int
  let contours: Range<Int>
  let bounds: Rect
  let rule: FillRule
}

/// The layers open in one worker's band: a buffer of the band's size for each, reused from
/// band to band, so layers allocate nothing once warmed up.
final class LayerStack: @unchecked Sendable {
  let width: Int
  let height: Int
  private var buffers: [UnsafeMutablePointer<UInt32>] = []
  /// The targets open, innermost last.
  private(set) var open: [PixelTarget] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  deinit {
    for buffer in buffers { buffer.deallocate() }
  }

  /// A new transparent layer for the band whose first row is `bandTop`, cleared in `rows`
  /// and `columns`.
  func push(bandTop: Int, rows: Range<Int>, columns: Range<Int>) -> PixelTarget {
    if buffers.count == open.count {
      buffers.append(UnsafeMutablePointer<UInt32>.allocate(capacity: width * height))
    }
    let target = PixelTarget(base: buffers[open.count] - bandTop * width, width: width)
    for y in rows { (target.row(y) + columns.lowerBound).update(repeating: 0, count: columns.count) }
    open.append(target)
    return target
  }

  func pop() -> PixelTarget? { open.popLast() }
}
