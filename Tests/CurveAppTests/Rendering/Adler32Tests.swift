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

  /// Two pieces summed apart and combined give the checksum of the whole, as zlib's
  /// `adler32_combine` does, at every split of random bytes and where the sums are largest.
  @Test(arguments: [0, 1, 16, 5552, 9_999, 65_521, 70_000])
  func piecesCombineToTheWhole(split: Int) {
    var random = SplitMix64(seed: UInt64(split) + 3)
    let bytes = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let (first, second) = (Array(bytes[..<split]), Array(bytes[split...]))
    let combined = Adler32.combine(zlibChecksum(first), zlibChecksum(second), secondLength: second.count)
    #expect(combined == zlibChecksum(bytes))
    let zlibCombined = adler32_combine(uLong(zlibChecksum(first)), uLong(zlibChecksum(second)), off_t(second.count))
    #expect(combined == UInt32(zlibCombined))
    let full: UInt32 = 65520 << 16 | 65520
    #expect(Adler32.combine(full, full, secondLength: 123_456) == UInt32(adler32_combine(uLong(full), uLong(full), 123_456)))
  }
}
