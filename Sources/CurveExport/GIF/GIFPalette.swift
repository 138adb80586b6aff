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
