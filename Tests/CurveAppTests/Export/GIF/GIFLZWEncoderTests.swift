import SeededRandom
import Testing

@testable import CurveApp
@testable import CurveExport

/// `GIFLZWEncoder`'s code streams, read back by the independent `LZWDecoder`.
struct GIFLZWEncoderTests {
  static let lzwInputs: [(name: String, minimumCodeSize: Int, indices: [UInt8])] = [
    ("empty", 8, []),
    ("one index", 8, [200]),
    ("one byte repeated", 8, [UInt8](repeating: 7, count: 100_000)),
    ("two colours, minimum code size 2", 2, (0..<50_000).map { UInt8(($0 / 3 + $0 / 7) % 2) }),
    ("four colours cycling", 2, (0..<30_000).map { UInt8($0 % 4) }),
  ]

  @Test(arguments: lzwInputs)
  func lzwRoundTrips(name: String, minimumCodeSize: Int, indices: [UInt8]) throws {
    var lzw = GIFLZWEncoder()
    let codes = lzw.encode(indices, minimumCodeSize: minimumCodeSize)
    #expect(try LZWDecoder.decode(codes, minimumCodeSize: minimumCodeSize).indices == indices, "\(name)")
  }

  /// Codes grow to 12 bits and the table fills: the encoder must clear and start again, and
  /// the decoder must follow every width change on the way.
  @Test func lzwClearsAFullTableAndRoundTrips() throws {
    var random = SplitMix64(seed: 5)
    let noise = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    // 5000 random indices: nearly every pair is new, so nearly every index adds a code and
    // the 3838 codes after 256 + 2 run out before the input does.
    let distinct = (0..<5000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    var lzw = GIFLZWEncoder()
    for indices in [noise, distinct, noise + distinct + noise] {
      let decoded = try LZWDecoder.decode(lzw.encode(indices, minimumCodeSize: 8), minimumCodeSize: 8)
      #expect(decoded.indices == indices)
      #expect(decoded.clears >= 2)
      #expect(decoded.widest == 12)
    }
    // The encoder is reused from frame to frame: a second pass over the same input gives the same codes.
    #expect(lzw.encode(noise, minimumCodeSize: 8) == lzw.encode(noise, minimumCodeSize: 8))
  }

  /// Every length from 0 to 600: the stream ends at every point of the code-width steps and
  /// of the bytes, where the decoder, which adds a string on reading the last code, may need
  /// end-of-information one bit wider than the codes before it.
  @Test(arguments: [2, 8])
  func lzwRoundTripsEveryLength(minimumCodeSize: Int) throws {
    var random = SplitMix64(seed: UInt64(minimumCodeSize))
    let indices = (0..<600).map { _ in UInt8(random.next() % (minimumCodeSize == 2 ? 4 : 7)) }
    var lzw = GIFLZWEncoder()
    var failures: [Int] = []
    for length in 0...indices.count {
      let prefix = Array(indices.prefix(length))
      let decoded = try? LZWDecoder.decode(lzw.encode(prefix, minimumCodeSize: minimumCodeSize), minimumCodeSize: minimumCodeSize)
      if decoded?.indices != prefix { failures.append(length) }
    }
    #expect(failures.isEmpty, "lengths that do not round-trip: \(failures.prefix(10))")
  }
}
