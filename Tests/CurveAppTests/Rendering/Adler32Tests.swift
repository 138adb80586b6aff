import CurveRender
import CZlib
import SeededRandom
import Testing

/// Curves sums the checksum of a PNG's zlib stream itself, a block at a time: it must equal
/// zlib's own on every length around the block's size, and where the sums are largest.
struct Adler32Tests {
  private func zlibChecksum(_ bytes: [UInt8], continuing start: UInt32 = 1) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(adler32(uLong(start), $0.baseAddress, uInt($0.count))) }
  }

  @Test func theRFCsExampleWord() {
    let bytes = Array("Wikipedia".utf8)
    #expect(bytes.withUnsafeBufferPointer { Adler32.checksum($0) } == 0x11E6_0398)
  }

  @Test(arguments: [0, 1, 15, 16, 5551, 5552, 5553, 11_104, 100_003])
  func randomBytesSumAsZlibSumsThem(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    #expect(bytes.withUnsafeBufferPointer { Adler32.checksum($0) } == zlibChecksum(bytes))
  }

  /// Every byte 255, continuing from a checksum whose sums are just under the modulus: the
  /// largest sums a block can reach.
  @Test func theLargestSumsDoNotOverflow() {
    let bytes = [UInt8](repeating: 0xFF, count: 3 * 5552 + 7)
    let start: UInt32 = 65520 << 16 | 65520
    #expect(bytes.withUnsafeBufferPointer { Adler32.checksum($0, continuing: start) } == zlibChecksum(bytes, continuing: start))
  }
}
