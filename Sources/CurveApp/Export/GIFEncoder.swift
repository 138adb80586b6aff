import Foundation

/// Animated GIFs written by our own code (no giflib), to the GIF89a specification
/// (CompuServe, "Graphics Interchange Format, Version 89a", 1990; section numbers below are
/// its own).
///
/// ```swift
/// let red = (0..<8 * 6).flatMap { _ in [0, 0, 255, 255] as [UInt8] }  // B, G, R, A
/// let frame = try GIFFrame(width: 8, height: 6, pixels: red, order: .bgra)
/// let gif = try GIFEncoder.encode(frames: [frame, frame], delayCentiseconds: 4, loop: .forever)
/// try gif.write(to: URL(fileURLWithPath: "red.gif"))
/// ```
///
/// Guarantees: the file is GIF89a with one global colour table (`GIFPalette`, fitted to all
/// frames together, so colours do not flicker from frame to frame) and no local tables; every
/// frame is full-size at (0, 0), not interlaced, disposal 1 ("do not dispose", §23), with the
/// same delay; `.forever` adds the NETSCAPE2.0 application extension with loop count 0. With
/// at most 256 distinct colours over all frames every pixel is reproduced exactly; with more,
/// the error is `GIFPalette`'s. Same frames, same bytes. Refuses, before writing anything:
/// no frames, frames of different sizes, and a delay outside 0...65535 (`GIFEncoderError`);
/// `GIFFrame` refuses empty, oversized and short frames.
enum GIFEncoder {
  /// Whether players start the animation again after its last frame.
  enum Loop: Sendable {
    /// The NETSCAPE2.0 extension with loop count 0, which browsers read as "forever".
    case forever
    /// No extension: players show the frames once and stop on the last.
    case once
  }

  /// A delay of `delayCentiseconds` hundredths of a second after each frame. Browsers treat
  /// delays of 0 or 1 as 10 (a tenth of a second), so 2 (50 frames a second) is the shortest
  /// delay that plays as written.
  static func encode(frames: [GIFFrame], delayCentiseconds: Int, loop: Loop = .forever) throws(GIFEncoderError) -> Data {
    guard let first = frames.first else { throw .noFrames }
    for (index, frame) in frames.enumerated() where frame.width != first.width || frame.height != first.height {
      throw .mismatchedSize(index: index, width: frame.width, height: frame.height, expectedWidth: first.width, expectedHeight: first.height)
    }
    guard (0...Int(UInt16.max)).contains(delayCentiseconds) else { throw .delayOutOfRange(delayCentiseconds) }

    var palette = GIFPalette(fittedTo: frames)
    // The table's size is written as 2^(n + 1), n in 0...7 (§18), so it is at least 2.
    let tableBits = max(1, Int.bitWidth - (palette.colors.count - 1).leadingZeroBitCount)
    // GIF decoders need a minimum code size of at least 2 even for a 2-colour table (Appendix F).
    let minimumCodeSize = max(2, tableBits)

    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024 + frames.count * first.width * first.height / 4)
    bytes += Array("GIF89a".utf8)
    // Logical screen descriptor (§18): global table present, 8-bit colour resolution, unsorted.
    appendLittleEndian(first.width, to: &bytes)
    appendLittleEndian(first.height, to: &bytes)
    bytes += [0x80 | 0x70 | UInt8(tableBits - 1), 0, 0]
    for entry in 0..<(1 << tableBits) {
      let color = entry < palette.colors.count ? palette.colors[entry] : 0
      bytes += [UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color)]
    }
    if loop == .forever {
      // Application extension (§26): "NETSCAPE" + "2.0", sub-block 1 = loop count, 0 = forever.
      bytes += [0x21, 0xFF, 11] as [UInt8]
      bytes += Array("NETSCAPE2.0".utf8)
      bytes += [3, 1, 0, 0, 0] as [UInt8]
    }

    var lzw = GIFLZWEncoder()
    var indices = [UInt8](repeating: 0, count: first.width * first.height)
    for frame in frames {
      // Graphic control extension (§23): disposal 1, no user input, no transparent colour.
      bytes += [0x21, 0xF9, 4, 1 << 2]
      appendLittleEndian(delayCentiseconds, to: &bytes)
      bytes += [0, 0]
      // Image descriptor (§20): at (0, 0), full size, no local table, not interlaced.
      bytes += [0x2C, 0, 0, 0, 0]
      appendLittleEndian(frame.width, to: &bytes)
      appendLittleEndian(frame.height, to: &bytes)
      bytes.append(0)
      palette.mapPixels(of: frame, into: &indices)
      bytes.append(UInt8(minimumCodeSize))
      appendSubBlocks(lzw.encode(indices, minimumCodeSize: minimumCodeSize), to: &bytes)
    }
    bytes.append(0x3B)
    return Data(bytes)
  }

  /// Data sub-blocks (§15): a length byte of 1...255, that many bytes, and a zero-length
  /// terminator.
  static func appendSubBlocks(_ data: [UInt8], to bytes: inout [UInt8]) {
    var start = 0
    while start < data.count {
      let end = min(start + 255, data.count)
      bytes.append(UInt8(end - start))
      bytes += data[start..<end]
      start = end
    }
    bytes.append(0)
  }

  private static func appendLittleEndian(_ value: Int, to bytes: inout [UInt8]) {
    bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }
}

/// Why frames could not become a GIF; the message says what to do.
enum GIFEncoderError: Error, Equatable, Sendable, CustomStringConvertible {
  case noFrames
  case invalidSize(width: Int, height: Int)
  case wrongBufferLength(width: Int, height: Int, count: Int)
  /// `index` counts from 0 in the array of frames; the message counts from 1.
  case mismatchedSize(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  case delayOutOfRange(Int)

  var description: String {
    switch self {
    case .noFrames:
      "There are no frames to put in the GIF. Record at least one frame, then export again."
    case let .invalidSize(width, height):
      "A \(width)×\(height) frame cannot be exported as a GIF; width and height must each be 1 to \(GIFFrame.maximumSide) pixels. Export a smaller window or scale the frames down."
    case let .wrongBufferLength(width, height, count):
      "A \(width)×\(height) frame needs \(width * height * 4) bytes (4 a pixel, rows without padding), but \(count) were given. Copy the frame's rows without their padding."
    case let .mismatchedSize(index, width, height, expectedWidth, expectedHeight):
      "Frame \(index + 1) is \(width)×\(height) but the first frame is \(expectedWidth)×\(expectedHeight); every frame of a GIF is the same size. Keep the window's size fixed while recording."
    case let .delayOutOfRange(delay):
      "A delay of \(delay) hundredths of a second cannot be stored in a GIF; choose 0 to 65535, and 2 or more to play as set (browsers slow 0 and 1 down to 10)."
    }
  }
}

/// One frame for `GIFEncoder`: `width` × `height` pixels of four 8-bit channels, rows top to
/// bottom, no padding between rows.
///
/// Both byte orders are read as they are, with no copy: `.bgra` is SDL's `ARGB8888` on a
/// little-endian machine (bytes B, G, R, A; the surfaces of `PNGFile.makeSurface` and
/// `OffscreenFrame`), `.rgba` is what most other code writes. Alpha is ignored: the app's
/// frames are opaque and the GIF has no transparent colour.
struct GIFFrame: Sendable {
  enum ByteOrder: Sendable {
    case rgba
    case bgra
  }

  /// 8192 is twice the width of a 4K screen and keeps a frame within 256 MiB (8192² × 4
  /// bytes); GIF itself allows 65535 (16-bit sizes, §18).
  static let maximumSide = 8192

  // Invariant: 1 ≤ width, height ≤ maximumSide, and pixels.count == width × height × 4.
  let width: Int
  let height: Int
  let pixels: [UInt8]
  let order: ByteOrder

  init(width: Int, height: Int, pixels: [UInt8], order: ByteOrder) throws(GIFEncoderError) {
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
      throw .invalidSize(width: width, height: height)
    }
    guard pixels.count == width * height * 4 else {
      throw .wrongBufferLength(width: width, height: height, count: pixels.count)
    }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.order = order
  }
}

/// Runs of equal colours in a frame's pixels, as 0xRRGGBB whatever the byte order: flat
/// areas (the page, the panels) cost one histogram or palette step a run, not a pixel.
/// Valid only inside `withUnsafeBufferPointer` over the frame's pixels.
private struct ColorRuns: IteratorProtocol {
  let base: UnsafePointer<UInt8>
  let pixelCount: Int
  let redOffset: Int
  let blueOffset: Int
  private var pixel = 0

  init(_ pixels: UnsafeBufferPointer<UInt8>, order: GIFFrame.ByteOrder) {
    base = pixels.baseAddress!
    pixelCount = pixels.count / 4
    (redOffset, blueOffset) = order == .rgba ? (0, 2) : (2, 0)
  }

  @inline(__always)
  private func color(at pixel: Int) -> UInt32 {
    let byte = pixel &* 4
    return UInt32(base[byte &+ redOffset]) << 16 | UInt32(base[byte &+ 1]) << 8 | UInt32(base[byte &+ blueOffset])
  }

  mutating func next() -> (color: UInt32, count: Int)? {
    guard pixel < pixelCount else { return nil }
    let start = pixel, color = color(at: pixel)
    pixel += 1
    while pixel < pixelCount, self.color(at: pixel) == color { pixel += 1 }
    return (color, pixel - start)
  }
}

/// The one global colour table of an animation, fitted to all of its frames, and the map
/// from pixels to its entries.
///
/// ```swift
/// let frame = try GIFFrame(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255], order: .rgba)
/// var palette = GIFPalette(fittedTo: [frame])
/// var indices = [UInt8](repeating: 0, count: 2)
/// palette.mapPixels(of: frame, into: &indices)
/// let color = palette.colors[Int(indices[1])]  // 0x0000FF, exact: two colours
/// ```
///
/// Method: median cut (Heckbert, "Color Image Quantization for Frame Buffer Display",
/// SIGGRAPH 1982) over the frames' colours weighted by their pixel counts, with
/// variance-based cuts (Wan, Wong and Prusinkiewicz, "An Algorithm for Multidimensional Data
/// Clustering", ACM TOMS 14(2), 1988): the box with the largest count-weighted squared error
/// is cut next, across its channel of largest error, where the two halves' summed squared
/// error is least. Each entry is its box's count-weighted mean; each colour maps to the entry
/// nearest it (RGB, Euclidean). No dithering: it would change from frame to frame and shimmer.
///
/// What is cut:
/// - Up to `exactColorLimit` distinct colours over all frames (alpha ignored), as the
///   editor's frames have (flat fills plus anti-aliased edges): the colours themselves.
/// - More (photographs, noise, full-range gradients): 64³ buckets of 6 bits a channel, each
///   standing for the mean of the colours that fell into it, not for its centre.
///
/// Guarantees:
/// - At most 256 distinct colours: the palette is exactly those colours, in the order first
///   seen, and every pixel is exact.
/// - Flat colours (the `flatColorEntries` most common of those covering at least
///   `flatColorMinimumCount` pixels) get entries of their own and stay exact; the other
///   colours are cut into the entries left, so cuts go where colours vary, the anti-aliased
///   edges, which get ramps.
/// - Error: a colour maps no farther from its entry than from its box's mean, so at most the
///   box's diagonal away; with buckets, add 3 per channel (a bucket's spread about its mean).
/// - Measured (GIFEncoderTests), per channel: a frame the editor drew (1453 colours): flat
///   colours exact, 98.7 % of pixels exact, largest 11 on lone pixels of text.
///   Anti-aliased strokes over a page and grid: largest 2, flat colours exact. A 541-colour
///   ramp: largest 1, mean 0.09. A 16 384-colour plane: largest 9, mean 3.4, about what any
///   256 entries can do there (each stands for a patch of some 17 × 17 levels). A
///   98 304-colour plane (buckets): largest 11, mean 3.5.
struct GIFPalette {
  /// 2^16 colours (1.5 MiB of histogram) hold the editor's anti-aliased frames, which have a
  /// few thousand, many times over.
  static let exactColorLimit = 1 << 16

  /// A colour covering this many pixels is a flat fill (page, panel, grid, a handle's
  /// colour), not an anti-aliased edge's blend, and is kept exact: an entry of its own.
  static let flatColorMinimumCount = 200
  /// At most this many flat colours get their own entries, leaving the rest for the ramps of
  /// anti-aliased edges.
  static let flatColorEntries = 64

  /// At most 256 entries, 0xRRGGBB; never empty.
  let colors: [UInt32]
  /// Every colour of the frames and its entry; nil when there were too many and buckets
  /// were cut.
  private let histogram: ColorHistogram?
  /// Buckets only: `means[bucket]` is the bucket's mean colour | `occupied`, or 0 for a
  /// bucket no pixel fell into.
  private let means: [UInt32]
  /// Buckets only: `nearest[bucket]` is the bucket's entry, or `unmapped` until a pixel
  /// first asks for it.
  private var nearest: [UInt16]

  /// 6 bits a channel: 4 levels a bucket, fine enough that an anti-aliased ramp of 256
  /// levels spans up to 64 buckets, coarse enough (8 MiB of sums) for any frame.
  static let bucketBits = 6
  private static let bucketCount = 1 << (3 * bucketBits)
  private static let occupied: UInt32 = 1 << 24
  private static let unmapped = UInt16.max

  @inline(__always)
  private static func bucket(of color: UInt32) -> Int {
    let shift = UInt32(8 - bucketBits), mask = UInt32(1 << bucketBits - 1)
    let r = (color >> (16 + shift)) & mask, g = (color >> (8 + shift)) & mask, b = (color >> shift) & mask
    return Int(r << (2 * UInt32(bucketBits)) | g << UInt32(bucketBits) | b)
  }

  /// Fits the palette to every pixel of every frame. Frames must not be empty.
  init(fittedTo frames: [GIFFrame]) {
    precondition(!frames.isEmpty, "a palette needs at least one frame")
    var histogram = ColorHistogram(capacity: Self.exactColorLimit)
    // Count and channel sums per bucket, interleaved so one pixel run touches one cache line;
    // kept beside the exact histogram until it is known which one is cut.
    var sums = [Int](repeating: 0, count: 4 * Self.bucketCount)
    sums.withUnsafeMutableBufferPointer { sums in
      for frame in frames {
        frame.pixels.withUnsafeBufferPointer { pixels in
          var runs = ColorRuns(pixels, order: frame.order)
          while let (color, count) = runs.next() {
            let slot = 4 * Self.bucket(of: color)
            sums[slot] += count
            sums[slot + 1] += count * Int(color >> 16)
            sums[slot + 2] += count * Int((color >> 8) & 0xFF)
            sums[slot + 3] += count * Int(color & 0xFF)
            if !histogram.overflowed { histogram.add(color, count: count) }
          }
        }
      }
    }
    if histogram.colors.count <= 256, !histogram.overflowed {
      // In the order first seen: the same as cutting them, and the table reads like the frames.
      let firstSeen = histogram.colors.map(\.color)
      histogram.assignEntries { color in UInt8(firstSeen.firstIndex(of: color)!) }
      colors = firstSeen
      self.histogram = histogram
      means = []
      nearest = []
      return
    }
    guard histogram.overflowed else {
      // Flat colours get entries of their own; the rest are cut into the entries left.
      let byCount = histogram.colors.sorted { $0.count > $1.count }
      let flat = byCount.prefix { $0.count >= Self.flatColorMinimumCount }.prefix(Self.flatColorEntries).map(\.color)
      let clusters = byCount.dropFirst(flat.count).map { MedianCut.Cluster(mean: Self.channels($0.color), weight: Double($0.count)) }
      let colors = flat + MedianCut.palette(of: clusters, size: 256 - flat.count).map(Self.packed)
      histogram.assignEntries { UInt8(Self.nearestEntry(to: $0, in: colors)) }
      self.colors = colors
      self.histogram = histogram
      means = []
      nearest = []
      return
    }
    var means = [UInt32](repeating: 0, count: Self.bucketCount)
    var clusters: [MedianCut.Cluster] = []
    for bucket in 0..<Self.bucketCount where sums[4 * bucket] > 0 {
      let count = Double(sums[4 * bucket])
      let mean = SIMD3(Double(sums[4 * bucket + 1]), Double(sums[4 * bucket + 2]), Double(sums[4 * bucket + 3])) / count
      clusters.append(MedianCut.Cluster(mean: mean, weight: count))
      means[bucket] = Self.occupied | Self.packed(mean)
    }
    colors = MedianCut.palette(of: clusters, size: 256).map(Self.packed)
    self.histogram = nil
    self.means = means
    nearest = [UInt16](repeating: Self.unmapped, count: Self.bucketCount)
  }

  /// Writes each pixel's palette index into `indices`, which must hold width × height bytes.
  mutating func mapPixels(of frame: GIFFrame, into indices: inout [UInt8]) {
    precondition(indices.count == frame.width * frame.height, "the index buffer must match the frame")
    let colors = colors, means = means
    if let histogram {
      Self.fill(&indices, from: frame) { histogram.entry(of: $0) ?? UInt8(Self.nearestEntry(to: $0, in: colors)) }
      return
    }
    nearest.withUnsafeMutableBufferPointer { nearest in
      Self.fill(&indices, from: frame) { color in
        let bucket = Self.bucket(of: color)
        if nearest[bucket] == Self.unmapped {
          // A colour outside the fitted frames stands for its bucket's centre.
          let mean = means[bucket] & Self.occupied != 0 ? means[bucket] : (color & 0xFCFCFC) | 0x020202
          nearest[bucket] = UInt16(Self.nearestEntry(to: mean, in: colors))
        }
        return UInt8(truncatingIfNeeded: nearest[bucket])
      }
    }
  }

  private static func fill(_ indices: inout [UInt8], from frame: GIFFrame, index: (UInt32) -> UInt8) {
    indices.withUnsafeMutableBufferPointer { indices in
      frame.pixels.withUnsafeBufferPointer { pixels in
        var runs = ColorRuns(pixels, order: frame.order)
        var start = 0
        while let (color, count) = runs.next() {
          let entry = index(color)
          for pixel in start..<(start + count) { indices[pixel] = entry }
          start += count
        }
      }
    }
  }

  private static func nearestEntry(to color: UInt32, in colors: [UInt32]) -> Int {
    let r = Int(color >> 16 & 0xFF), g = Int(color >> 8 & 0xFF), b = Int(color & 0xFF)
    var best = 0, bestDistance = Int.max
    for (entry, candidate) in colors.enumerated() {
      let dr = r - Int(candidate >> 16), dg = g - Int(candidate >> 8 & 0xFF), db = b - Int(candidate & 0xFF)
      let distance = dr * dr + dg * dg + db * db
      if distance < bestDistance { (best, bestDistance) = (entry, distance) }
    }
    return best
  }

  private static func channels(_ color: UInt32) -> SIMD3<Double> {
    SIMD3(Double(color >> 16), Double(color >> 8 & 0xFF), Double(color & 0xFF))
  }

  private static func packed(_ color: SIMD3<Double>) -> UInt32 {
    let channels = color.rounded(.toNearestOrEven).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
    return UInt32(channels.x) << 16 | UInt32(channels.y) << 8 | UInt32(channels.z)
  }
}

/// Distinct colours, their pixel counts and, once the palette is known, their entries, in an
/// open-addressing table twice the capacity (at most half full, so a probe ends within a
/// few slots). A colour past the capacity sets `overflowed` and is not kept.
private struct ColorHistogram {
  let capacity: Int
  private let slotMask: Int
  private let hashShift: UInt32
  /// 0 is an empty slot; a kept colour is stored as color | 1 << 24.
  private var keys: [UInt32]
  private var counts: [Int]
  private var entries: [UInt8]
  /// The slots in use, in the order their colours were first seen.
  private var used: [Int32] = []
  private(set) var overflowed = false

  /// `capacity` is a power of two.
  init(capacity: Int) {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0, "the capacity is a power of two")
    self.capacity = capacity
    slotMask = 2 * capacity - 1
    hashShift = UInt32(32 - (2 * capacity).trailingZeroBitCount)
    keys = [UInt32](repeating: 0, count: 2 * capacity)
    counts = [Int](repeating: 0, count: 2 * capacity)
    entries = [UInt8](repeating: 0, count: 2 * capacity)
  }

  @inline(__always)
  private func slot(of color: UInt32) -> Int {
    let key = color | 1 << 24
    // Fibonacci hashing (Knuth, TAOCP 3, 6.4): the top bits of key × 2^32/φ.
    var slot = Int((key &* 0x9E37_79B9) >> hashShift)
    while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & slotMask }
    return slot
  }

  mutating func add(_ color: UInt32, count: Int) {
    let slot = slot(of: color)
    if keys[slot] == 0 {
      guard used.count < capacity else {
        overflowed = true
        return
      }
      keys[slot] = color | 1 << 24
      used.append(Int32(slot))
    }
    counts[slot] += count
  }

  var colors: [(color: UInt32, count: Int)] {
    used.map { (keys[Int($0)] & 0xFF_FFFF, counts[Int($0)]) }
  }

  mutating func assignEntries(_ entry: (UInt32) -> UInt8) {
    for slot in used { entries[Int(slot)] = entry(keys[Int(slot)] & 0xFF_FFFF) }
  }

  /// The entry of a kept colour; nil for any other.
  func entry(of color: UInt32) -> UInt8? {
    let slot = slot(of: color)
    return keys[slot] == 0 ? nil : entries[slot]
  }
}

/// Median cut with variance-based cuts; see `GIFPalette` for the method and its sources.
private enum MedianCut {
  /// A colour of the frames, or a bucket's mean colour, and how many pixels it stands for.
  struct Cluster {
    var mean: SIMD3<Double>
    var weight: Double
  }

  /// A run of `clusters` and its moments: Σw, Σw·x and Σw·x² per channel.
  struct Box {
    var range: Range<Int>
    var weight = 0.0
    var sum = SIMD3<Double>.zero
    var squares = SIMD3<Double>.zero

    init(range: Range<Int>, clusters: ArraySlice<Cluster>) {
      self.range = range
      for cluster in clusters { add(cluster) }
    }

    mutating func add(_ cluster: Cluster) {
      weight += cluster.weight
      sum += cluster.weight * cluster.mean
      squares += cluster.weight * cluster.mean * cluster.mean
    }

    /// Σw·(x - mean)² per channel; rounding can leave a tiny negative, read as 0.
    var errors: SIMD3<Double> {
      weight > 0 ? (squares - sum * sum / weight).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: .infinity)) : .zero
    }

    var mean: SIMD3<Double> { sum / weight }
  }

  /// Box means, at most `size` of them and one per cluster when there are no more clusters
  /// than that.
  static func palette(of clusters: [Cluster], size: Int) -> [SIMD3<Double>] {
    var clusters = clusters
    var boxes = [Box(range: clusters.indices, clusters: clusters[...])]
    while boxes.count < size {
      var chosen: Int?, chosenError = 0.0
      for (index, box) in boxes.enumerated() where box.range.count > 1 {
        let error = box.errors.sum()
        if error > chosenError { (chosen, chosenError) = (index, error) }
      }
      guard let chosen else { break }
      let (low, high) = cut(boxes[chosen], in: &clusters)
      boxes[chosen] = low
      boxes.append(high)
    }
    return boxes.map(\.mean)
  }

  /// Sorts the box's clusters along its channel of largest error and cuts where the two
  /// halves' summed error is least; both halves keep at least one cluster.
  private static func cut(_ box: Box, in clusters: inout [Cluster]) -> (Box, Box) {
    let errors = box.errors
    let channel = errors.x >= errors.y && errors.x >= errors.z ? 0 : (errors.y >= errors.z ? 1 : 2)
    clusters[box.range].sort { $0.mean[channel] < $1.mean[channel] }
    var low = Box(range: box.range.lowerBound..<box.range.lowerBound, clusters: [])
    var best = box.range.lowerBound + 1, bestError = Double.infinity
    for index in box.range.dropLast() {
      low.add(clusters[index])
      var high = box
      high.weight -= low.weight
      high.sum -= low.sum
      high.squares -= low.squares
      let error = low.errors.sum() + high.errors.sum()
      if error < bestError { (best, bestError) = (index + 1, error) }
    }
    let lowRange = box.range.lowerBound..<best, highRange = best..<box.range.upperBound
    return (Box(range: lowRange, clusters: clusters[lowRange]), Box(range: highRange, clusters: clusters[highRange]))
  }
}

/// GIF's LZW with variable-length codes (GIF89a Appendix F): codes start at minimum code size
/// + 1 bits and widen as the string table grows, up to 12 bits; a clear code starts the
/// stream and, when the table is full (4096 codes), starts a new table; an
/// end-of-information code ends it. Codes are packed least significant bit first.
///
/// ```swift
/// var lzw = GIFLZWEncoder(), bytes: [UInt8] = [2]  // the minimum code size, then the codes
/// let codes = lzw.encode([0, 0, 1, 1, 0, 0], minimumCodeSize: 2)
/// GIFEncoder.appendSubBlocks(codes, to: &bytes)
/// ```
///
/// Allocation-free per frame but for the output: the table is a trie laid out flat,
/// `children[prefix << 8 | byte]`, allocated once (2 MiB) and reused for every frame; a
/// clear empties only the slots it filled.
struct GIFLZWEncoder {
  static let maximumCodeBits = 12
  private static let tableSize = 1 << maximumCodeBits

  /// `children[prefix << 8 | byte]` is the code of string(prefix) + byte, or 0 when it has no
  /// code yet: 0 is never an added code, which start at end-of-information + 1 ≥ 6.
  private var children = [UInt16](repeating: 0, count: tableSize << 8)
  /// The `children` slot each added code was stored in, to empty the table on a clear.
  private var slots = [Int32](repeating: 0, count: tableSize)

  /// The code stream for `indices`, without the minimum-code-size byte and sub-blocks. Every
  /// index must be below 2^`minimumCodeSize`; `minimumCodeSize` is 2...8.
  mutating func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
    precondition((2...8).contains(minimumCodeSize), "GIF's minimum code size is 2 to 8")
    let clear = 1 << minimumCodeSize, endOfInformation = clear + 1, firstAdded = clear + 2
    // Each index emits at most one code, plus a clear every (4096 - firstAdded) codes, the
    // first clear and end-of-information; at most 12 bits each.
    let maximumCodes = indices.count + indices.count / (Self.tableSize - firstAdded) + 3
    let capacity = (maximumCodes * Self.maximumCodeBits + 7) / 8
    return children.withUnsafeMutableBufferPointer { children in
      slots.withUnsafeMutableBufferPointer { slots in
        indices.withUnsafeBufferPointer { indices in
          [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
            var bits: UInt64 = 0, bitCount = 0, codeSize = minimumCodeSize + 1
            written = 0
            @inline(__always) func emit(_ code: Int) {
              bits |= UInt64(code) << UInt64(bitCount)
              bitCount += codeSize
              while bitCount >= 8 {
                output[written] = UInt8(truncatingIfNeeded: bits)
                written += 1
                bits >>= 8
                bitCount -= 8
              }
            }

            var nextCode = firstAdded
            emit(clear)
            if var prefix = indices.first.map(Int.init) {
              for index in indices.dropFirst() {
                let byte = Int(index)
                assert(byte < clear, "index \(byte) is outside a \(clear)-colour table")
                let slot = prefix << 8 | byte
                let child = children[slot]
                if child != 0 {
                  prefix = Int(child)
                  continue
                }
                emit(prefix)
                children[slot] = UInt16(nextCode)
                slots[nextCode] = Int32(slot)
                nextCode += 1
                // The decoder adds each string one code later than we do, so it widens on
                // reaching 2^codeSize entries when we have one more.
                if nextCode > 1 << codeSize && codeSize < Self.maximumCodeBits { codeSize += 1 }
                if nextCode == Self.tableSize {
                  emit(clear)
                  for code in firstAdded..<nextCode { children[Int(slots[code])] = 0 }
                  nextCode = firstAdded
                  codeSize = minimumCodeSize + 1
                }
                prefix = byte
              }
              emit(prefix)
              // The decoder adds a string on reading that last code too, and may widen
              // before it reads end-of-information.
              if nextCode == 1 << codeSize && codeSize < Self.maximumCodeBits { codeSize += 1 }
              for code in firstAdded..<nextCode { children[Int(slots[code])] = 0 }
            }
            emit(endOfInformation)
            if bitCount > 0 {
              output[written] = UInt8(truncatingIfNeeded: bits)
              written += 1
            }
          }
        }
      }
    }
  }
}
