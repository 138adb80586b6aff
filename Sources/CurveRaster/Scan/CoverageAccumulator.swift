/// Exact area coverage of a shape made of line edges, accumulated sparsely.
///
/// ```swift
/// let accumulator = CoverageAccumulator(width: 64, height: 64)
/// accumulator.addLine(from: (10, 10), to: (50, 20))   // …every edge of a closed shape
/// accumulator.sweep(rule: .evenOdd) { x, y, count, coverage in … }  // each touched pixel, then reset
/// ```
///
/// Each edge adds, to every cell of each pixel row it crosses, the change in that row's
/// coverage from the cell before (the signed-area accumulation of font-rs and libart, derived
/// afresh below). A row's running sum is then the exact area of each pixel inside the shape,
/// times its winding number. The sweep turns that sum into coverage by a `FillRule`: non-zero
/// as `min(1, |sum|)`, exact for one closed outline, for holes wound the other way, and for
/// shapes whose parts all wind the same way (our strokes, discs and polygons), which may
/// overlap; even-odd as `|sum|` folded modulo 2, so a region wound twice is a hole.
///
/// Where edges cross inside a pixel, a sum cannot tell a region wound twice from two wound
/// once, so an even-odd shape whose sums leave 0...1 (or change sign) is covered again from its
/// edges, sampled on `sampledRows` lines a pixel row and exact along each line, as cairo's and
/// Skia's scan converters cover every shape: a self-crossing star's overlaps come out as they
/// draw them, not half grey.
///
/// Only what the shape touches is swept: every row keeps a bit per block of 8 cells an edge
/// wrote to, so a thin stroke across a wide row costs its blocks, not the row; between two
/// dirty blocks the running sum is constant and the pixels get it as one span.
///
/// Coordinates are pixels, y down; pixel (x, y) is the square [x, x+1] × [y, y+1]. Edges
/// outside the buffer are clipped exactly (left of it they still cover the row to their
/// right). Coordinates must be finite: `addLine` ignores an edge that is not.
///
/// An accumulator is one worker's, used by one call at a time: its properties go unchecked
/// for exclusive access (`@exclusivity(unchecked)`), whose run-time checks, two an edge and
/// three a shape, were a twentieth of a 10,000-curve frame's rasterizing.
public final class CoverageAccumulator {
  public let width: Int
  public let height: Int
  /// Cells a row holds: `width` pixels and two more (a piece of edge on the right border
  /// writes to the cells at `width` and `width + 1`), padded to whole blocks.
  private let stride: Int
  private let wordsPerRow: Int
  /// `height × stride` coverage deltas; all zero between shapes.
  private let cells: UnsafeMutablePointer<Float>
  /// `height × wordsPerRow` bits, one per block of `blockSize` cells written since the last
  /// sweep; all zero between shapes.
  private let dirty: UnsafeMutablePointer<UInt64>
  /// Rows written since the last sweep: `dirtyRows.lowerBound ..< dirtyRows.upperBound`, empty
  /// when `lowerBound >= upperBound`.
  @exclusivity(unchecked) private var firstDirtyRow: Int
  @exclusivity(unchecked) private var lastDirtyRow: Int
  /// The shape's edges as added (x inside the buffer), kept for `coverBySampling`.
  @exclusivity(unchecked) private var edges: [Edge] = []
  /// Whether the edges added are kept for an even-odd sweep to cover crossing rows from (see
  /// above); a caller that will sweep by the non-zero rule turns it off and saves the copy
  /// (1% of the tiger's instructions).
  @exclusivity(unchecked) public var keepsEdges = true

  /// An edge from top to bottom (y increasing), `winding` +1 where it ran downwards.
  private struct Edge {
    var topX: Float, top: Float, bottom: Float, dxdy: Float, winding: Int32
  }

  /// Lines sampled a pixel row when a shape is covered again from its edges: as cairo's 15,
  /// a coverage step of 1/16.
  static let sampledRows = 16

  static let blockShift = 3
  static let blockSize = 1 << blockShift

  public init(width: Int, height: Int) {
    precondition(width > 0 && height > 0 && width <= 1 << 15 && height <= 1 << 15, "a \(width)x\(height) buffer is out of range")
    self.width = width
    self.height = height
    stride = (width + 2 + Self.blockSize - 1) & ~(Self.blockSize - 1)
    wordsPerRow = (stride / Self.blockSize + 63) / 64
    cells = .allocate(capacity: stride * height)
    cells.initialize(repeating: 0, count: stride * height)
    dirty = .allocate(capacity: wordsPerRow * height)
    dirty.initialize(repeating: 0, count: wordsPerRow * height)
    firstDirtyRow = height
    lastDirtyRow = -1
  }

  deinit {
    cells.deallocate()
    dirty.deallocate()
  }

  /// Adds the edge from `start` to `end`. The direction matters: a closed outline's edges
  /// run one way round.
  public func addLine(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) {
    guard start.y != end.y, start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
    let right = Double(width)
    // Split where the edge crosses the left and right borders; outside pieces become vertical
    // edges on the border, which cover the row to their right exactly as the pieces would.
    var leftCrossing = Double.infinity, rightCrossing = Double.infinity
    if (start.x < 0) != (end.x < 0) { leftCrossing = -start.x / (end.x - start.x) }
    if (start.x < right) != (end.x < right) { rightCrossing = (right - start.x) / (end.x - start.x) }
    let (first, second) = leftCrossing <= rightCrossing ? (leftCrossing, rightCrossing) : (rightCrossing, leftCrossing)
    func point(at fraction: Double) -> (x: Double, y: Double) {
      (start.x + (end.x - start.x) * fraction, start.y + (end.y - start.y) * fraction)
    }
    guard first.isFinite else { return addClampedLine(from: start, to: end) }
    let firstCut = point(at: first)
    addClampedLine(from: start, to: firstCut)
    guard second.isFinite else { return addClampedLine(from: firstCut, to: end) }
    let secondCut = point(at: second)
    addClampedLine(from: firstCut, to: secondCut)
    addClampedLine(from: secondCut, to: end)
  }

  private func addClampedLine(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) {
    let right = Double(width)
    let x0 = min(max(start.x, 0), right), x1 = min(max(end.x, 0), right)
    addInsideLine(x0: x0, y0: start.y, x1: x1, y1: end.y)
  }

  /// An edge with 0 ≤ x ≤ width; rows outside the buffer are skipped.
  private func addInsideLine(x0: Double, y0: Double, x1: Double, y1: Double) {
    guard y0 != y1 else { return }
    let direction: Double = y0 < y1 ? 1 : -1
    let (topX, top, bottomX, bottom) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
    let dxdy = (bottomX - topX) / (bottom - top)
    if keepsEdges { edges.append(Edge(topX: Float(topX), top: Float(top), bottom: Float(bottom), dxdy: Float(dxdy), winding: direction > 0 ? 1 : -1)) }
    let firstRow = max(Int(top.rounded(.down)), 0)
    let endRow = min(Int(bottom.rounded(.up)), height)
    guard firstRow < endRow else { return }
    firstDirtyRow = min(firstDirtyRow, firstRow)
    lastDirtyRow = max(lastDirtyRow, endRow - 1)
    var rowTop = max(top, Double(firstRow))
    var xAtRowTop = topX + (rowTop - top) * dxdy
    for row in firstRow..<endRow {
      let rowBottom = min(bottom, Double(row + 1))
      let xAtRowBottom = rowBottom >= bottom ? bottomX : topX + (rowBottom - top) * dxdy
      addPiece(row: row, xa: xAtRowTop, xb: xAtRowBottom, height: direction * (rowBottom - rowTop))
      rowTop = rowBottom
      xAtRowTop = xAtRowBottom
    }
  }

  /// The part of an edge inside one row: from x `xa` to `xb`, `height` tall (signed).
  ///
  /// The edge adds to pixel i of the row c(i) = ∫ clamp(i + 1 − x(y), 0, 1) dy over its
  /// height, which is A(i + 1) − A(i) for A(X) = ∫ max(0, X − x(y)) dy. With x(y) spread
  /// evenly over [lo, hi], A is 0 up to lo, `height`·(X − lo)² / (2(hi − lo)) between, and
  /// `height`·(X − (lo + hi)/2) past hi. Cell i stores c(i) − c(i − 1), the second difference
  /// of A, which is zero left of floor(lo) and right of floor(hi) + 1.
  @inline(__always)
  private func addPiece(row: Int, xa: Double, xb: Double, height: Double) {
    let lo = min(xa, xb), hi = max(xa, xb)
    let first = Int(lo), last = min(Int(hi), width)
    let rowCells = cells + row * stride
    if first == last {
      let inside = (xa + xb) / 2 - Double(first)
      rowCells[first] += Float(height * (1 - inside))
      rowCells[first + 1] += Float(height * inside)
      markDirty(row: row, from: first, through: first + 1)
      return
    }
    // A without a branch (the three parts alternate unpredictably from piece to piece): the
    // quadratic up to `hi`, then the straight part past it, whose value at `hi` is the
    // quadratic's, height · (hi − lo) / 2.
    let slope = height / (hi - lo), halfSlope = slope / 2
    func area(_ x: Double) -> Double {
      let d = min(max(x, lo), hi) - lo
      return halfSlope * d * d + height * max(x - hi, 0)
    }
    var previous = 0.0, current = 0.0  // A(first − 1), A(first)
    for cell in first...(last + 1) {
      let next = area(Double(cell + 1))
      rowCells[cell] += Float(next - 2 * current + previous)
      previous = current
      current = next
    }
    markDirty(row: row, from: first, through: last + 1)
  }

  @inline(__always)
  private func markDirty(row: Int, from firstCell: Int, through lastCell: Int) {
    let words = dirty + row * wordsPerRow
    var block = firstCell >> Self.blockShift
    let lastBlock = lastCell >> Self.blockShift
    if block >> 6 == lastBlock >> 6, lastBlock - block < 63 {
      // Blocks within one word (nearly always): one mask, no loop to mispredict.
      words[block >> 6] |= ((2 << UInt64(lastBlock - block)) &- 1) << UInt64(block & 63)
      return
    }
    while block <= lastBlock {
      words[block >> 6] |= 1 << UInt64(block & 63)
      block += 1
    }
  }

  /// Hands every pixel the shape reached its coverage (0...1) under `rule`, row by row from
  /// the top, then resets for the next shape: `span(x, y, count, coverage)` for a run of
  /// pixels between touched blocks, all with the same coverage (inside the shape: 1 for an
  /// opaque fill); `block(x, y, coverages, covered)` for each touched block: a coverage for
  /// each of its `blockSize` pixels, and a bit set in `covered` for each pixel that has some
  /// (none past the right edge).
  @inline(__always)
  public func sweep(
    rule: FillRule = .nonZero,
    span: (_ x: Int, _ y: Int, _ count: Int, _ coverage: Float) -> Void,
    block: (_ x: Int, _ y: Int, _ coverages: UnsafePointer<Float>, _ covered: UInt32) -> Void
  ) {
    switch rule {
    case .nonZero: sweep(NonZeroCoverage.self, span: span, block: block)
    case .evenOdd:
      // Without its edges (a caller that kept none) the shape keeps its folded sums.
      let rows = edges.isEmpty ? [] : rowsWhereSumsLeaveOneWinding()
      if !rows.isEmpty {
        coverBySampling(rows)
        sweep(NonZeroCoverage.self, span: span, block: block)
      } else {
        sweep(EvenOddCoverage.self, span: span, block: block)
      }
    }
    edges.removeAll(keepingCapacity: true)
  }

  /// The rows where some pixel's sum is past 1, or below 0 while another is above, and one row
  /// either side: there, edges may cross inside a pixel and the sum not say what is wound an
  /// odd number of times. Rows of a hole wound the same way as its outline are caught too,
  /// and drawn the same either way.
  private func rowsWhereSumsLeaveOneWinding() -> [Int] {
    guard firstDirtyRow <= lastDirtyRow else { return [] }
    var flagged: [Int] = []
    let slack: Float = 1.0 / 256
    for row in firstDirtyRow...lastDirtyRow {
      let words = dirty + row * wordsPerRow
      let rowCells = cells + row * stride
      var sum: Float = 0, lowest: Float = 0, highest: Float = 0
      for wordIndex in 0..<wordsPerRow {
        var word = words[wordIndex]
        while word != 0 {
          let blockCells = rowCells + ((wordIndex << 6 | word.trailingZeroBitCount) << Self.blockShift)
          word &= word - 1
          for index in 0..<Self.blockSize {
            sum += blockCells[index]
            lowest = min(lowest, sum)
            highest = max(highest, sum)
          }
        }
      }
      if highest > 1 + slack || lowest < -1 - slack || (lowest < -slack && highest > slack) { flagged.append(row) }
    }
    var rows: [Int] = []
    for row in flagged {
      for neighbour in max(row - 1, firstDirtyRow)...min(row + 1, lastDirtyRow) where neighbour > rows.last ?? Int.min {
        rows.append(neighbour)
      }
    }
    return rows
  }

  /// Replaces the accumulated sums of `rows` (ascending) by the shape's even-odd coverage,
  /// from its edges: on `sampledRows` lines a pixel row, the edges' crossings sorted and
  /// every stretch between two wound an odd number of times added exactly, a
  /// `1 / sampledRows` share a line. Those rows' cells then hold coverage, 0...1, as every
  /// other row's sums do, for a non-zero sweep.
  private func coverBySampling(_ rows: [Int]) {
    edges.sort { $0.top < $1.top }
    // The edges that cross the current line, with their crossings, kept in order of x: from
    // one line to the next they swap only where they cross, so insertion sorts in a pass.
    var active: [(x: Float, edge: Edge)] = []
    var next = 0
    let share = 1 / Float(Self.sampledRows)
    for row in rows {
      (cells + row * stride).update(repeating: 0, count: stride)
      (dirty + row * wordsPerRow).update(repeating: 0, count: wordsPerRow)
      for line in 0..<Self.sampledRows {
        let y = Float(row) + (Float(line) + 0.5) * share
        active.removeAll { $0.edge.bottom <= y }
        while next < edges.count, edges[next].top <= y {
          if edges[next].bottom > y { active.append((0, edges[next])) }
          next += 1
        }
        guard !active.isEmpty else { continue }
        active.withUnsafeMutableBufferPointer { active in
          for index in active.indices {
            let edge = active[index].edge
            active[index].x = edge.topX + (y - edge.top) * edge.dxdy
            var place = index
            let moving = active[index]
            while place > 0, active[place - 1].x > moving.x {
              active[place] = active[place - 1]
              place -= 1
            }
            active[place] = moving
          }
          var winding: Int32 = 0
          for index in 0..<(active.count - 1) {
            winding += active[index].edge.winding
            if winding & 1 != 0 {
              addSpan(row: row, from: active[index].x, to: active[index + 1].x, share: share)
            }
          }
        }
      }
    }
  }

  /// Adds `share` of coverage over x from `start` to `end` in `row`, as differences.
  private func addSpan(row: Int, from start: Float, to end: Float, share: Float) {
    guard end > start else { return }
    let rowCells = cells + row * stride
    let first = Int(start), last = Int(end)
    let startInside = start - Float(first), endInside = end - Float(last)
    rowCells[first] += share * (1 - startInside)
    rowCells[first + 1] += share * startInside
    rowCells[last] -= share * (1 - endInside)
    rowCells[last + 1] -= share * endInside
    markDirty(row: row, from: first, through: last + 1)
  }

  @inline(__always)
  private func sweep<Rule: WindingCoverage>(
    _ rule: Rule.Type,
    span: (_ x: Int, _ y: Int, _ count: Int, _ coverage: Float) -> Void,
    block: (_ x: Int, _ y: Int, _ coverages: UnsafePointer<Float>, _ covered: UInt32) -> Void
  ) {
    guard firstDirtyRow <= lastDirtyRow else { return }
    let threshold: Float = 1.0 / 1024
    for row in firstDirtyRow...lastDirtyRow {
      let words = dirty + row * wordsPerRow
      let rowCells = cells + row * stride
      var sum: Float = 0
      var doneUpTo = 0
      for wordIndex in 0..<wordsPerRow {
        var word = words[wordIndex]
        guard word != 0 else { continue }
        words[wordIndex] = 0
        while word != 0 {
          let blockStart = (wordIndex << 6 | word.trailingZeroBitCount) << Self.blockShift
          word &= word - 1
          let coverage = Rule.coverage(sum)
          if coverage > threshold, blockStart > doneUpTo {
            span(doneUpTo, row, min(blockStart, width) - doneUpTo, coverage)
          }
          let blockCells = rowCells + blockStart
          var coverages = (Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0))
          withUnsafeMutableBytes(of: &coverages) { raw in
            let coverage = raw.baseAddress!.assumingMemoryBound(to: Float.self)
            // Which pixels of the block have coverage, a bit each: edges fill only a few.
            var covered: UInt32 = 0
            for index in 0..<Self.blockSize {
              sum += blockCells[index]
              let value = Rule.coverage(sum)
              coverage[index] = value
              covered |= (value > threshold ? 1 : 0) << UInt32(index)
            }
            blockCells.update(repeating: 0, count: Self.blockSize)
            // Cells past the last pixel are not pixels.
            if width - blockStart < Self.blockSize { covered &= (1 << UInt32(max(width - blockStart, 0))) - 1 }
            if covered != 0 { block(blockStart, row, UnsafePointer(coverage), covered) }
          }
          doneUpTo = min(blockStart + Self.blockSize, width)
        }
      }
    }
    firstDirtyRow = height
    lastDirtyRow = -1
  }

  /// `sweep` one pixel at a time: `pixel(x, y, coverage)` for each pixel with coverage above
  /// 1/1024 under `rule`, spans given whole as `(x, y, count, coverage)`.
  public func sweep(rule: FillRule = .nonZero, _ pixels: (_ x: Int, _ y: Int, _ count: Int, _ coverage: Float) -> Void) {
    sweep(rule: rule, span: pixels) { x, y, coverages, covered in
      var bits = covered
      while bits != 0 {
        let offset = bits.trailingZeroBitCount
        bits &= bits - 1
        pixels(x + offset, y, 1, coverages[offset])
      }
    }
  }
}

