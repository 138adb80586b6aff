import Foundation
import Testing

@testable import CurveApp
@testable import CurveExport

/// Frames made from a colour function, and the round trip through `GIFEncoder` and
/// `DecodedGIF` that the GIF suites measure their errors with.
protocol GIFTestSupport {}

extension GIFTestSupport {
  /// A frame whose pixel (x, y) is `color(x, y)`, 0xRRGGBB, opaque.
  static func frame(width: Int, height: Int, order: GIFFrame.ByteOrder = .bgra, _ color: (Int, Int) -> UInt32) throws -> GIFFrame {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    let (red, blue) = order == .rgba ? (0, 2) : (2, 0)
    for y in 0..<height {
      for x in 0..<width {
        let value = color(x, y), byte = 4 * (y * width + x)
        pixels[byte + red] = UInt8(value >> 16 & 0xFF)
        pixels[byte + 1] = UInt8(value >> 8 & 0xFF)
        pixels[byte + blue] = UInt8(value & 0xFF)
      }
    }
    return try GIFFrame(width: width, height: height, pixels: pixels, order: order)
  }

  /// The frame's pixels as 0xRRGGBB, rows top to bottom.
  static func colors(of frame: GIFFrame) -> [UInt32] {
    let (red, blue) = frame.order == .rgba ? (0, 2) : (2, 0)
    return stride(from: 0, to: frame.pixels.count, by: 4).map { byte in
      UInt32(frame.pixels[byte + red]) << 16 | UInt32(frame.pixels[byte + 1]) << 8 | UInt32(frame.pixels[byte + blue])
    }
  }

  static func channels(_ color: UInt32) -> SIMD3<Double> {
    SIMD3(Double(color >> 16), Double(color >> 8 & 0xFF), Double(color & 0xFF))
  }

  static func packed(_ color: SIMD3<Double>) -> UInt32 {
    let rounded = color.rounded(.toNearestOrAwayFromZero)
    return UInt32(rounded.x) << 16 | UInt32(rounded.y) << 8 | UInt32(rounded.z)
  }

  /// The largest difference in any one channel.
  static func error(_ a: UInt32, _ b: UInt32) -> Int {
    [16, 8, 0].map { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) }.max()!
  }

  /// Encodes, decodes and compares every pixel; returns the largest and the mean per-channel
  /// error.
  @discardableResult
  static func expectRoundTrip(_ frames: [GIFFrame], maximumError: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> (largest: Int, mean: Double) {
    let gif = try DecodedGIF(GIFEncoder.encode(frames: frames, delayCentiseconds: 4))
    #expect(gif.frames.count == frames.count, sourceLocation: sourceLocation)
    var largest = 0, total = 0, count = 0
    for (index, frame) in frames.enumerated() {
      for (input, output) in zip(colors(of: frame), gif.pixels(ofFrame: index)) {
        largest = max(largest, error(input, output))
        total += [16, 8, 0].map { abs(Int(input >> $0 & 0xFF) - Int(output >> $0 & 0xFF)) }.reduce(0, +)
        count += 3
      }
    }
    #expect(largest <= maximumError, "largest per-channel error \(largest)", sourceLocation: sourceLocation)
    return (largest, Double(total) / Double(count))
  }
}
