import CurveGeometry
import Dispatch
import FoundationEssentials
import Glibc

/// Filter Effects 1's Gaussian blur (15.17) on premultiplied pixels, in place, on up to 8
/// cores (one for small images): a deviation of 2 pixels or more is three box blurs of width
/// d = ⌊s · 3√(2π)/4 + 0.5⌋, as the specification allows, so its cost does not grow with
/// the deviation; a smaller one is the Gaussian kernel itself, cut at three deviations.
///
/// ```swift
/// GaussianBlur.apply(to: &pixels, width: 64, height: 48, deviationX: 50, deviationY: 50)
/// ```
///
/// Both passes work on strips whose lanes lie side by side in memory: a row is a strip of
/// one lane; a band of columns is copied into a strip of as many lanes, so the pass down
/// reads memory in order, as the pass across does. Pixels beyond the edges are transparent.
enum GaussianBlur {
  static func apply(to pixels: inout [SIMD4<Float>], width: Int, height: Int, deviationX: Double, deviationY: Double) {
    guard width > 0, height > 0 else { return }
    pixels.withUnsafeMutableBufferPointer { buffer in
      let image = Strip.Image(base: buffer.baseAddress!, width: width)
      if deviationX > 0 {
        inParallel(height) { rows in
          var strip = Strip(length: width, lanes: 1)
          for y in rows {
            strip.load(row: y, of: image)
            strip.blur(deviation: deviationX)
            strip.store(row: y, of: image)
          }
        }
      }
      if deviationY > 0 {
        let bands = (width + Strip.bandWidth - 1) / Strip.bandWidth
        inParallel(bands) { range in
          var strip = Strip(length: height, lanes: Strip.bandWidth)
          for band in range {
            let columns = band * Strip.bandWidth..<min((band + 1) * Strip.bandWidth, width)
            strip.load(columns: columns, of: image, height: height)
            strip.blur(deviation: deviationY)
            strip.store(columns: columns, of: image, height: height)
          }
        }
      }
    }
  }

  /// The three boxes' reach before and after each pixel, for a deviation of 2 or more.
  static func boxes(deviation: Double) -> [(before: Int, after: Int)] {
    // A box wider than any image blurs it as much as one that wide: capped, it stays an Int.
    let d = Int(min(deviation * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5, 1e9).rounded(.down))
    if d % 2 == 1 { return Array(repeating: (d / 2, d / 2), count: 3) }
    return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
  }

  /// `body` on `count` items split into one run per core.
  private static func inParallel(_ count: Int, _ body: @escaping @Sendable (Range<Int>) -> Void) {
    let workers = max(1, min(Cores.available, 8, count / 16))
    guard workers > 1 else { return body(0..<count) }
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      body(count * worker / workers..<count * (worker + 1) / workers)
    }
  }

  /// `lanes` lines of `length` values, lane by lane within each position, blurred along
  /// their length; two buffers, each pass writing the other.
  struct Strip {
    /// Columns copied together for the pass down: 1 KB of a row each.
    static let bandWidth = 64

    /// The image being blurred; workers touch disjoint rows or columns.
    struct Image: @unchecked Sendable {
      let base: UnsafeMutablePointer<SIMD4<Float>>
      let width: Int
    }

    let length: Int
    let lanes: Int
    var values: [SIMD4<Float>]
    var other: [SIMD4<Float>]
    var sums: [SIMD4<Float>]

    init(length: Int, lanes: Int) {
      self.length = length
      self.lanes = lanes
      values = Array(repeating: .zero, count: length * lanes)
      other = values
      sums = Array(repeating: .zero, count: lanes)
    }

    mutating func load(row y: Int, of image: Image) {
      values.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: image.base + y * image.width, count: length) }
    }

    mutating func store(row y: Int, of image: Image) {
      values.withUnsafeBufferPointer { (image.base + y * image.width).update(from: $0.baseAddress!, count: length) }
    }

    mutating func load(columns: Range<Int>, of image: Image, height: Int) {
      values.withUnsafeMutableBufferPointer { strip in
        for y in 0..<height {
          (strip.baseAddress! + y * lanes).update(from: image.base + y * image.width + columns.lowerBound, count: columns.count)
        }
      }
    }

    func store(columns: Range<Int>, of image: Image, height: Int) {
      values.withUnsafeBufferPointer { strip in
        for y in 0..<height {
          (image.base + y * image.width + columns.lowerBound).update(from: strip.baseAddress! + y * lanes, count: columns.count)
        }
      }
    }

    mutating func blur(deviation: Double) {
      if deviation >= 2 {
        for (before, after) in GaussianBlur.boxes(deviation: deviation) { box(before: before, after: after) }
      } else {
        kernel(deviation: deviation)
      }
    }

    /// Each value the mean of the `before + 1 + after` around it along the strip.
    private mutating func box(before: Int, after: Int) {
      let size = Float(before + after + 1), lanes = lanes, length = length
      values.withUnsafeBufferPointer { source in
        other.withUnsafeMutableBufferPointer { target in
          sums.withUnsafeMutableBufferPointer { sums in
            for lane in 0..<lanes { sums[lane] = .zero }
            for position in 0..<min(after, length) {
              for lane in 0..<lanes { sums[lane] += source[position * lanes + lane] }
            }
            for position in 0..<length {
              let ahead = position + after, behind = position - before
              for lane in 0..<lanes {
                if ahead < length { sums[lane] += source[ahead * lanes + lane] }
                target[position * lanes + lane] = sums[lane] / size
                if behind >= 0 { sums[lane] -= source[behind * lanes + lane] }
              }
            }
          }
        }
      }
      swap(&values, &other)
    }

    /// The Gaussian's weights applied along the strip, normalized.
    private mutating func kernel(deviation: Double) {
      let radius = max(Int((min(deviation, 2) * 3).rounded(.up)), 1)
      let weights = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * deviation * deviation))) }
      let total = weights.reduce(0, +), lanes = lanes, length = length
      values.withUnsafeBufferPointer { source in
        other.withUnsafeMutableBufferPointer { target in
          for position in 0..<length {
            let low = max(position - radius, 0), high = min(position + radius, length - 1)
            for lane in 0..<lanes {
              var sum = SIMD4<Float>.zero
              for neighbour in low...high { sum += source[neighbour * lanes + lane] * weights[neighbour - position + radius] }
              target[position * lanes + lane] = sum / total
            }
          }
        }
      }
      swap(&values, &other)
    }
  }
}
