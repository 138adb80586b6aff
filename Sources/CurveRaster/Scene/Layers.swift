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
///
/// One worker uses a stack at a time, never re-entrantly: its properties go unchecked for
/// exclusive access (`@exclusivity(unchecked)`), a run-time check each command of 10,000
/// playing curves otherwise.
final class LayerStack: @unchecked Sendable {
  let width: Int
  let height: Int
  @exclusivity(unchecked) private var buffers: [UnsafeMutablePointer<UInt32>] = []
  /// The targets open, innermost last.
  @exclusivity(unchecked) private(set) var open: [PixelTarget] = []
  /// The pixels each open layer was cleared in, the only ones it holds: a layer's content
  /// reaches no further.
  @exclusivity(unchecked) private(set) var regions: [(rows: Range<Int>, columns: Range<Int>)] = []

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
    regions.append((rows, columns))
    return target
  }

  /// The innermost layer and the pixels it holds.
  func pop() -> (target: PixelTarget, rows: Range<Int>, columns: Range<Int>)? {
    guard let target = open.popLast(), let region = regions.popLast() else { return nil }
    return (target, region.rows, region.columns)
  }
}

/// The filtered parts of a display list (from a `pushFilter` to its `popFilter`), each drawn
/// into an image of its own and filtered before the bands are drawn: a blur reaches across
/// bands. Each is drawn over its filter's region, all of it (what the clip hides still feeds a
/// blur that shows inside it), in an image of the whole canvas that lives while it is
/// filtered; only the region is kept, so a drawing of hundreds of small filtered parts holds
/// hundreds of small images, not as many copies of the whole one.
struct FilteredLayers: Sendable {
  struct Layer: Sendable {
    /// Premultiplied, `rect`'s size.
    let pixels: [UInt32]
    /// Where they go in the image: the filter's region.
    let rect: PixelRect
    /// The index of the matching `popFilter`.
    let end: Int
  }

  /// By the index of their `pushFilter`.
  var layers: [Int: Layer] = [:]

  /// Draws and filters every outermost filtered part of `list` within `range`.
  static func prerender(
    _ list: DisplayList, range: Range<Int>, width: Int, height: Int, cache: FilterResultCache = .shared
  ) -> FilteredLayers {
    var result = FilteredLayers()
    guard !list.effects.isEmpty else { return result }
    var index = range.lowerBound
    while index < range.upperBound {
      guard case .pushFilter = list.commands[index], let end = matchingEnd(list, from: index, limit: range.upperBound),
        case let .popFilter(effect) = list.commands[end]
      else {
        index += 1
        continue
      }
      let inner = index + 1..<end
      // The whole region is filtered, whatever the clip: a blur inside the clip reads what
      // lies outside it, and the result is the same from frame to frame (`FilterResultCache`).
      let region = list.effects[effect].region.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
      guard region.width > 0, region.height > 0 else {
        result.layers[index] = Layer(pixels: [], rect: region, end: end)
        index = end + 1
        continue
      }
      let filter = list.effects[effect]
      let drawing = cache.capacity > 0 ? list.fingerprint(of: inner) : 0
      let output = cache.result(of: filter, drawing: drawing, rect: region) {
        filtered(list, range: inner, region: region, width: width, height: height, effect: filter)
      }
      result.layers[index] = Layer(pixels: output, rect: region, end: end)
      index = end + 1
    }
    return result
  }

  /// The commands in `range` drawn over `region` and filtered by `effect`: `region`'s pixels.
  private static func filtered(_ list: DisplayList, range: Range<Int>, region: PixelRect, width: Int, height: Int, effect: FilterEffect) -> [UInt32] {
    let clip = region
    var pixels = [UInt32](repeating: 0, count: width * height)
    let nested = prerender(list, range: range, width: width, height: height)
    let accumulator = CoverageAccumulator(width: width, height: BandRenderer.bandHeight)
    let layers = LayerStack(width: width, height: BandRenderer.bandHeight)
    pixels.withUnsafeMutableBufferPointer { buffer in
      let target = PixelTarget(base: buffer.baseAddress!, width: width)
      for bandTop in stride(from: clip.minY - clip.minY % BandRenderer.bandHeight, to: clip.maxY, by: BandRenderer.bandHeight) {
        let rows = max(bandTop, clip.minY)..<min(bandTop + BandRenderer.bandHeight, clip.maxY)
        var pass = BandPass(list: list, image: target, clip: clip, rows: rows, bandTop: bandTop, accumulator: accumulator, layers: layers, filtered: nested)
        pass.commandRange = range
        pass.draw()
        while !layers.open.isEmpty { pass.popLayer(opacity: 1, clip: nil, mask: nil) }
      }
    }
    let output = effect.apply(to: pixels, width: width, height: height)
    var kept = [UInt32](repeating: 0, count: region.width * region.height)
    for y in 0..<region.height {
      for x in 0..<region.width { kept[y * region.width + x] = output[(y + region.minY) * width + x + region.minX] }
    }
    return kept
  }

  /// The index of the `popFilter` that closes the `pushFilter` at `start`.
  private static func matchingEnd(_ list: DisplayList, from start: Int, limit: Int) -> Int? {
    var depth = 0
    for index in start..<limit {
      switch list.commands[index] {
      case .pushFilter: depth += 1
      case .popFilter:
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }
}
