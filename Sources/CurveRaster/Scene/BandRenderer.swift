// Over 400 lines on purpose: one algorithm, the banded rasterizer: the bands shared among cores
// and one band's pass over a list (layers, edge accumulation, compositing), whose private steps
// share the band's state and read together.
import CurveGeometry
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Rasterizes a `DisplayList` into pixels one band of rows at a time: every command is drawn
/// into a band before the next band starts, so the band's pixels and coverage cells (about
/// 0.5 MB at 1,280 pixels wide) stay in the core's cache, and bands go to several cores, each
/// core taking the next band not yet taken (bands differ in cost: a fixed share left one core
/// idle for a band's time). The result is the same as drawing the commands one after another
/// over the whole image.
///
/// ```swift
/// var image = PixelBuffer(width: 1280, height: 800)
/// BandRenderer.render(list, into: &image, clip: PixelRect(x: 0, y: 0, width: 1280, height: 800))
/// ```
public enum BandRenderer {
  /// Rows a band holds: 17 bands on an 800-row window, so that the last band taken leaves
  /// the other core little time idle.
  static let bandHeight = 48
  /// Below this many outline points a list is drawn on one core: starting threads would cost
  /// more than they save.
  static let parallelPointCount = 20_000

  /// Draws `list` into `image`, changing only pixels inside `clip`. Between bands it asks
  /// `isCancelled`, and stops (leaving the image part drawn) when it says so.
  public static func render(
    _ list: DisplayList, into image: inout PixelBuffer, clip: PixelRect, cache: AccumulatorCache = AccumulatorCache(),
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) {
    render([list], into: &image, clip: clip, cache: cache, isCancelled: isCancelled)
  }

  /// Draws `lists` one after another, as if they were one list (without joining them).
  public static func render(
    _ lists: [DisplayList], into image: inout PixelBuffer, clip: PixelRect, cache: AccumulatorCache = AccumulatorCache(),
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) {
    let clip = clip.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
    guard lists.contains(where: { !$0.isEmpty }), clip.width > 0, clip.height > 0 else { return }
    let width = image.width
    let firstBand = clip.minY / bandHeight, endBand = (clip.maxY + bandHeight - 1) / bandHeight
    let bandCount = endBand - firstBand
    let work = lists.reduce(0) { $0 + $1.pointCount }
    let workers = work >= parallelPointCount ? min(bandCount, cache.workerLimit) : 1
    let accumulators = cache.accumulators(count: workers, width: width, height: bandHeight)
    let layerStacks = (0..<workers).map { _ in UncheckedBox(LayerStack(width: width, height: bandHeight)) }
    let filtered = lists.map { FilteredLayers.prerender($0, range: 0..<$0.commands.count, width: width, height: image.height) }
    let bands = BandQueue(first: firstBand)
    image.pixels.withUnsafeMutableBufferPointer { pixels in
      let target = PixelTarget(base: pixels.baseAddress!, width: width)
      let drawBands: @Sendable (Int) -> Void = { worker in
        while true {
          let band = bands.take()
          guard band < endBand, !isCancelled() else { return }
          let rows = max(band * bandHeight, clip.minY)..<min((band + 1) * bandHeight, clip.maxY)
          let layers = layerStacks[worker].value
          for (index, list) in lists.enumerated() {
            BandPass(
              list: list, image: target, clip: clip, rows: rows, bandTop: band * bandHeight, accumulator: accumulators[worker].value,
              layers: layers, filtered: filtered[index]
            ).draw()
          }
          // Layers a list left open are blended as they are.
          while !layers.open.isEmpty {
            BandPass(
              list: DisplayList(width: 0, height: 0), image: target, clip: clip, rows: rows, bandTop: band * bandHeight,
              accumulator: accumulators[worker].value, layers: layers, filtered: FilteredLayers()
            ).popLayer(opacity: 1, clip: nil, mask: nil)
          }
        }
      }
      if workers == 1 {
        drawBands(0)
      } else {
        DispatchQueue.concurrentPerform(iterations: workers) { drawBands($0) }
      }
    }
  }
}

/// Accumulators kept from one render to the next (one per core used), so a frame allocates
/// no coverage buffers.
public final class AccumulatorCache: @unchecked Sendable {
  /// Cores a render may use: the limit given, else the cores there are (at most 8), asked
  /// only when a render has enough work to share.
  var workerLimit: Int { max(givenLimit ?? min(Cores.available, 8), 1) }
  private let givenLimit: Int?
  private var kept: [UncheckedBox<CoverageAccumulator>] = []

  public init(workerLimit: Int? = nil) {
    givenLimit = workerLimit
  }

  func accumulators(count: Int, width: Int, height: Int) -> [UncheckedBox<CoverageAccumulator>] {
    if kept.first.map({ $0.value.width != width || $0.value.height != height }) ?? false { kept.removeAll() }
    while kept.count < count { kept.append(UncheckedBox(CoverageAccumulator(width: width, height: height))) }
    return Array(kept.prefix(count))
  }
}

/// The bands not yet drawn, taken one at a time by whichever core is free.
final class BandQueue: Sendable {
  private let next: Atomic<Int>

  init(first: Int) { next = Atomic(first) }

  /// The next band, never the same twice.
  func take() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// A reference handed to exactly one worker at a time.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// The pixels being drawn; workers write disjoint rows.
struct PixelTarget: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt32>
  let width: Int
  func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y * width }
}

/// One band's drawing of a whole list.
struct BandPass {
  let list: DisplayList
  /// The image's pixels.
  let image: PixelTarget
  let clip: PixelRect
  /// The rows drawn (inside the band and the clip).
  let rows: Range<Int>
  /// The image row the accumulator's row 0 stands for.
  let bandTop: Int
  let accumulator: CoverageAccumulator
  /// The layers open in this band, across the lists drawn into it.
  let layers: LayerStack
  /// The filtered parts of the list, drawn and filtered before the bands.
  let filtered: FilteredLayers
  /// The commands drawn: all of the list's unless a filtered part is being drawn.
  var commandRange: Range<Int>? = nil

  /// Where drawing goes: the innermost open layer, else the image.
  var target: PixelTarget { layers.open.last ?? image }

  func draw() {
    let top = Double(rows.lowerBound), bottom = Double(rows.upperBound)
    let left = Double(clip.minX), right = Double(clip.maxX)
    var index = commandRange?.lowerBound ?? 0
    let end = commandRange?.upperBound ?? list.commands.count
    while index < end {
      let command = list.commands[index]
      index += 1
      if case .pushFilter = command, let layer = filtered.layers[index - 1] {
        drawFiltered(layer)
        index = layer.end + 1
        continue
      }
      switch command {
      case .clear(let value):
        for y in rows { (target.row(y) + clip.minX).update(repeating: value, count: clip.width) }
      case .rect(let rect, let color):
        fill(rect, color)
      case .path(let firstPoint, let contours, let bounds, let rule, let color, let alpha):
        guard bounds.maxY > top, bounds.minY < bottom, bounds.maxX > left, bounds.minX < right else { continue }
        accumulator.keepsEdges = rule == .evenOdd
        accumulate(firstPoint: firstPoint, contours: contours)
        composite(color, alpha: alpha, rule: rule)
      case .shadedPath(let firstPoint, let contours, let bounds, let rule, let shader, let alpha):
        guard bounds.maxY > top, bounds.minY < bottom, bounds.maxX > left, bounds.minX < right else { continue }
        accumulator.keepsEdges = rule == .evenOdd
        accumulate(firstPoint: firstPoint, contours: contours)
        composite(list.shaders[shader], alpha: alpha, rule: rule)
      case .disc(let centre, let radius, let color):
        guard centre.y + radius > top, centre.y - radius < bottom, centre.x + radius > left, centre.x - radius < right else { continue }
        accumulator.keepsEdges = false
        var sink = AccumulatorSink(accumulator: accumulator, yOffset: Double(bandTop))
        sink.circle(centre: centre, radius: radius)
        composite(color, alpha: Float(color.a), rule: .nonZero)
      case .image(let image, let x, let y):
        drawImage(image, x: x, y: y)
      case .pushLayer(let bounds):
        // Cleared where its content can reach in this band (maybe nowhere), not across it.
        guard let bounds else {
          _ = layers.push(bandTop: bandTop, rows: rows, columns: clip.minX..<clip.maxX)
          continue
        }
        let reach = { (low: Double, high: Double, range: Range<Int>) -> Range<Int> in
          guard !low.isNaN, !high.isNaN, low <= high else { return range.lowerBound..<range.lowerBound }
          // Clamped before they become integers: a box may reach far beyond the canvas.
          let lower = Int(min(max(low, Double(range.lowerBound)), Double(range.upperBound)).rounded(.down))
          return lower..<max(Int(min(max(high, Double(range.lowerBound)), Double(range.upperBound)).rounded(.up)), lower)
        }
        _ = layers.push(
          bandTop: bandTop, rows: reach(bounds.minY, bounds.maxY, rows), columns: reach(bounds.minX, bounds.maxX, clip.minX..<clip.maxX))
      case .popLayer(let opacity, let clip, let mask, let blendMode, let inLinearRGB):
        popLayer(opacity: opacity, clip: clip, mask: mask, blendMode: blendMode, inLinearRGB: inLinearRGB)
      case .pushFilter, .popFilter:
        break  // an unmatched one: drawn unfiltered
      }
    }
  }

  /// Blends the innermost layer onto the one below (or the image): each pixel at `opacity`,
  /// times the clip's coverage and the mask's, when there are.
  func popLayer(opacity: Float, clip recordedClip: RecordedClip?, mask: LayerMask?, blendMode: BlendMode = .normal, inLinearRGB: Bool = false) {
    let maskLayer = mask == nil ? nil : layers.pop()?.target
    guard let (layer, layerRows, layerColumns) = layers.pop() else { return }
    let below = target, clip = clip, rows = rows
    let scale = opacity * 255
    // A group's opacity alone (a see-through curve among thousands): one factor, row by row,
    // without a branch a pixel (an empty one blends to the pixel below exactly), so the loop
    // is vectorized.
    if recordedClip == nil, mask == nil, blendMode == .normal, !inLinearRGB {
      let factor = Blending.alpha(scale)
      guard factor > 0, !layerColumns.isEmpty else { return }
      for y in layerRows {
        let source = layer.row(y) + layerColumns.lowerBound, destination = below.row(y) + layerColumns.lowerBound
        for x in 0..<layerColumns.count {
          destination[x] = Blending.blend(destination[x], premultiplied: source[x], scale: factor)
        }
      }
      return
    }
    @inline(__always) func blend(_ x: Int, _ y: Int, _ coverage: Float) {
      // Beyond the pixels the layer was cleared in it holds nothing.
      guard layerColumns.contains(x), layerRows.contains(y) else { return }
      let source = layer.row(y)[x]
      guard source != 0 else { return }
      var amount = coverage * scale
      if let mask, let maskLayer {
        if let region = mask.region, !region.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { return }
        amount *= mask.coverage(maskLayer.row(y)[x])
      }
      guard blendMode == .normal, !inLinearRGB else {
        if amount > 0 {
          below.row(y)[x] = blendMode.composite(below.row(y)[x], source, factor: min(amount / 255, 1), inLinearRGB: inLinearRGB)
        }
        return
      }
      let factor = Blending.alpha(amount)
      guard factor > 0 else { return }
      below.row(y)[x] = Blending.blend(below.row(y)[x], premultiplied: source, scale: factor)
    }
    guard let recordedClip else {
      for y in layerRows {
        for x in layerColumns { blend(x, y, 1) }
      }
      return
    }
    let top = Double(rows.lowerBound), bottom = Double(rows.upperBound)
    guard recordedClip.bounds.maxY > top, recordedClip.bounds.minY < bottom,
      recordedClip.bounds.maxX > Double(clip.minX), recordedClip.bounds.minX < Double(clip.maxX)
    else { return }
    accumulator.keepsEdges = recordedClip.rule == .evenOdd
    accumulate(firstPoint: recordedClip.firstPoint, contours: recordedClip.contours)
    let bandTop = bandTop
    accumulator.sweep(rule: recordedClip.rule) { x, bandRow, count, coverage in
      let y = bandRow + bandTop
      guard rows.contains(y) else { return }
      for column in max(x, clip.minX)..<max(min(x + count, clip.maxX), max(x, clip.minX)) { blend(column, y, coverage) }
    } block: { x, bandRow, coverages, covered in
      let y = bandRow + bandTop
      guard rows.contains(y) else { return }
      var bits = covered
      while bits != 0 {
        let offset = bits.trailingZeroBitCount
        bits &= bits &- 1
        if (clip.minX..<clip.maxX).contains(x + offset) { blend(x + offset, y, coverages[offset]) }
      }
    }
  }

  /// A filtered part's pixels over the band.
  private func drawFiltered(_ layer: FilteredLayers.Layer) {
    let target = target, rect = layer.rect.intersection(clip)
    guard rect.width > 0 else { return }
    for y in max(rows.lowerBound, rect.minY)..<max(min(rows.upperBound, rect.maxY), max(rows.lowerBound, rect.minY)) {
      let row = target.row(y)
      for x in rect.minX..<rect.maxX {
        let source = layer.pixels[(y - layer.rect.minY) * layer.rect.width + x - layer.rect.minX]
        if source != 0 { row[x] = Blending.blend(row[x], premultiplied: source, scale: 255) }
      }
    }
  }

  /// The covered pixels of the block at `x` (a bit each) that lie inside `clip`'s columns:
  /// pixels left and right of it are not drawn.
  @inline(__always)
  static func bits(_ covered: UInt32, ofBlockAt x: Int, inside clip: PixelRect) -> UInt32 {
    var bits = covered
    if x < clip.minX { bits &= ~((1 << UInt32(min(clip.minX - x, 31))) - 1) }
    if x + 32 > clip.maxX { bits &= (1 << UInt32(max(clip.maxX - x, 0))) &- 1 }
    return bits
  }

  /// Adds the edges of a recorded path's contours that cross the band's rows.
  private func accumulate(firstPoint: Int, contours: Range<Int>) {
    var start = firstPoint
    let bandTopRow = Float(rows.lowerBound), bandBottomRow = Float(rows.upperBound)
    list.points.withUnsafeBufferPointer { points in
      for contour in contours {
        let end = list.contourEnds[contour]
        var previous = points[end - 1]
        for index in start..<end {
          let point = points[index]
          // Edges above or below the band's rows add nothing to them.
          if previous.y != point.y, max(previous.y, point.y) > bandTopRow, min(previous.y, point.y) < bandBottomRow {
            accumulator.addLine(
              from: (Double(previous.x), Double(previous.y) - Double(bandTop)),
              to: (Double(point.x), Double(point.y) - Double(bandTop))
            )
          }
          previous = point
        }
        start = end
      }
    }
  }

  /// Blends the shader's colour, its alpha times `alpha`/255, into every pixel the
  /// accumulated shape covers under `rule`, by its coverage.
  private func composite(_ shader: Shader, alpha scale: Float, rule: FillRule) {
    let clip = clip, rows = rows, bandTop = bandTop, target = target
    // The shader's colours for a span or a block, shaded a row's run at a time.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(clip.width, CoverageAccumulator.blockSize)) { scratch in
      let colors = scratch.baseAddress!
      accumulator.sweep(rule: rule) { x, bandRow, count, coverage in
        let y = bandRow + bandTop
        guard rows.contains(y) else { return }
        let from = max(x, clip.minX), to = min(x + count, clip.maxX)
        let factor = Blending.alpha(coverage * scale)
        guard from < to, factor > 0 else { return }
        shader.shade(x: from, y: y, count: to - from, into: colors)
        let row = target.row(y) + from
        for index in 0..<(to - from) {
          row[index] = Blending.blend(row[index], premultiplied: colors[index], scale: factor)
        }
      } block: { x, bandRow, coverages, covered in
        let y = bandRow + bandTop
        guard rows.contains(y) else { return }
        var bits = Self.bits(covered, ofBlockAt: x, inside: clip)
        guard bits != 0 else { return }
        let first = bits.trailingZeroBitCount, last = 31 - bits.leadingZeroBitCount
        shader.shade(x: x + first, y: y, count: last - first + 1, into: colors)
        let row = target.row(y)
        while bits != 0 {
          let offset = bits.trailingZeroBitCount
          bits &= bits &- 1
          let factor = Blending.alpha(coverages[offset] * scale)
          guard factor > 0 else { continue }
          row[x + offset] = Blending.blend(row[x + offset], premultiplied: colors[offset - first], scale: factor)
        }
      }
    }
  }

  /// Blends `color` at `alpha` (0...255) into every pixel the accumulated shape covers under
  /// `rule`, by its coverage.
  private func composite(_ color: RGBA8, alpha scale: Float, rule: FillRule) {
    let source = color.argb | 0xFF00_0000
    let clip = clip, rows = rows, bandTop = bandTop, target = target
    accumulator.sweep(rule: rule) { x, bandRow, count, coverage in
      let y = bandRow + bandTop
      guard rows.contains(y) else { return }
      let from = max(x, clip.minX), to = min(x + count, clip.maxX)
      guard from < to else { return }
      let alpha = Blending.alpha(coverage * scale)
      guard alpha > 0 else { return }
      Blending.blend(target.row(y) + from, count: to - from, source, alpha: alpha)
    } block: { x, bandRow, coverages, covered in
      let y = bandRow + bandTop
      guard rows.contains(y) else { return }
      let row = target.row(y) + x
      if x >= clip.minX, x + CoverageAccumulator.blockSize <= clip.maxX {
        // The whole block, without a branch a pixel: blending by alpha 0 leaves a pixel as it
        // was, and a thin shape's coverage ends and starts unpredictably within a block.
        for offset in 0..<CoverageAccumulator.blockSize {
          row[offset] = Blending.blend(row[offset], source, alpha: Blending.alpha(coverages[offset] * scale))
        }
        return
      }
      var bits = Self.bits(covered, ofBlockAt: x, inside: clip)
      while bits != 0 {
        let offset = bits.trailingZeroBitCount
        bits &= bits &- 1
        row[offset] = Blending.blend(row[offset], source, alpha: Blending.alpha(coverages[offset] * scale))
      }
    }
  }

  /// `rect` with exact coverage of its edge pixels.
  private func fill(_ rect: Rect, _ color: RGBA8) {
    let minX = max(rect.minX, Double(clip.minX)), maxX = min(rect.maxX, Double(clip.maxX))
    let minY = max(rect.minY, Double(rows.lowerBound)), maxY = min(rect.maxY, Double(rows.upperBound))
    guard minX < maxX, minY < maxY else { return }
    let source = color.argb | 0xFF00_0000, opacity = Float(color.a)
    let firstColumn = Int(minX), lastColumn = min(Int(maxX.rounded(.up)), clip.maxX) - 1
    let firstRow = Int(minY), lastRow = min(Int(maxY.rounded(.up)), rows.upperBound) - 1
    /// How much of pixel `index`'s span [index, index + 1] lies inside [low, high].
    func overlap(_ index: Int, _ low: Double, _ high: Double) -> Float {
      Float(min(high, Double(index + 1)) - max(low, Double(index)))
    }
    func blend(_ start: UnsafeMutablePointer<UInt32>, count: Int, coverage: Float) {
      let alpha = Blending.alpha(coverage * opacity)
      if alpha > 0 { Blending.blend(start, count: count, source, alpha: alpha) }
    }
    for y in firstRow...lastRow {
      let rowCoverage = overlap(y, minY, maxY)
      let row = target.row(y)
      blend(row + firstColumn, count: 1, coverage: overlap(firstColumn, minX, maxX) * rowCoverage)
      guard lastColumn > firstColumn else { continue }
      if lastColumn > firstColumn + 1 { blend(row + firstColumn + 1, count: lastColumn - firstColumn - 1, coverage: rowCoverage) }
      blend(row + lastColumn, count: 1, coverage: overlap(lastColumn, minX, maxX) * rowCoverage)
    }
  }

  /// `image` (straight alpha) with its top-left pixel at (`x`, `y`).
  private func drawImage(_ image: PixelBuffer, x: Int, y: Int) {
    let area = PixelRect(x: clip.minX, y: rows.lowerBound, width: clip.width, height: rows.count)
      .intersection(PixelRect(x: x, y: y, width: image.width, height: image.height))
    guard area.width > 0, area.height > 0 else { return }
    image.pixels.withUnsafeBufferPointer { source in
      for row in area.minY..<area.maxY {
        let from = source.baseAddress! + (row - y) * image.width - x
        let to = target.row(row)
        for column in area.minX..<area.maxX {
          let pixel = from[column], alpha = pixel >> 24
          guard alpha > 0 else { continue }
          to[column] = Blending.blend(to[column], pixel | 0xFF00_0000, alpha: alpha)
        }
      }
    }
  }
}

/// Edges straight into an accumulator, shifted up by `yOffset` rows (its band's top).
struct AccumulatorSink: OutlineSink {
  let accumulator: CoverageAccumulator
  let yOffset: Double
  private var start = Point(x: 0, y: 0)
  private var current = Point(x: 0, y: 0)

  init(accumulator: CoverageAccumulator, yOffset: Double) {
    self.accumulator = accumulator
    self.yOffset = yOffset
  }

  mutating func move(to point: Point) {
    start = point
    current = point
  }

  mutating func line(to point: Point) {
    accumulator.addLine(from: (current.x, current.y - yOffset), to: (point.x, point.y - yOffset))
    current = point
  }

  mutating func close() {
    line(to: start)
  }
}
