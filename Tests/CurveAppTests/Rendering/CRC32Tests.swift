import CurveRender
import CZlib
import SeededRandom
import Testing

/// Curves computes a PNG chunk's CRC-32 itself, eight bytes a step: it must equal zlib's on
/// every length around the step, continued from any checksum.
struct CRC32Tests {
  private func zlibChecksum(_ bytes: [UInt8], continuing start: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(crc32(uLong(start), $0.baseAddress, uInt($0.count))) }
  }

  /// The check value every CRC-32 catalogue gives for the nine digits.
  @Test func theCatalogueCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
  }

  /// PNG's own example: the IEND chunk, type and empty body, ends with AE 42 60 82.
  @Test func anEmptyChunksChecksum() {
    #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
  }

  @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 1_000, 65_537])
  func randomBytesAsZlibChecksThem(count: Int) {
    var random = SplitMix64(seed: UInt64(count) + 7)
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    #expect(CRC32.checksum(bytes) == zlibChecksum(bytes))
    let start: UInt32 = 0xDEAD_BEEF
    #expect(CRC32.checksum(bytes, continuing: start) == zlibChecksum(bytes, continuing: start))
  }
}
