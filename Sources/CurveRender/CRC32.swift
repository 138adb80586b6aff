/// CRC-32 (ISO 3309, as PNG's chunks and gzip end with it), eight bytes a step through eight
/// tables ("slicing by 8"). Curves's own so that writing a PNG runs no code of zlib's: zlib's
/// code is 128 KB of the binary each process drawing an icon mapped for nine chunk checksums.
///
/// ```swift
/// let crc = bytes.withUnsafeBufferPointer { CRC32.checksum($0) }
/// ```
package enum CRC32 {
  /// The checksum of `bytes` following those `start` is the checksum of (0 for none).
  package static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, continuing start: UInt32 = 0) -> UInt32 {
    guard let base = bytes.baseAddress else { return start }
    var crc = ~start
    var offset = 0
    tables.withUnsafeBufferPointer { table in
      let raw = UnsafeRawPointer(base)
      while bytes.count - offset >= 8 {
        let low = crc ^ UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
        // Table k holds what a byte contributes once k more bytes have followed it.
        crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
          ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
          ^ table[256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
        offset += 8
      }
      while offset < bytes.count {
        crc = table[Int((crc ^ UInt32(base[offset])) & 0xFF)] ^ crc >> 8
        offset += 1
      }
    }
    return ~crc
  }

  /// The checksum of `bytes` (a chunk's type and body in turn, say).
  package static func checksum(_ bytes: [UInt8], continuing start: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { checksum($0, continuing: start) }
  }

  /// Eight tables of 256: the first the remainder of each byte (the reflected polynomial
  /// 0xEDB88320), each next one the one before advanced by a zero byte.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var remainder = UInt32(byte)
      for _ in 0..<8 { remainder = remainder & 1 == 1 ? 0xEDB8_8320 ^ remainder >> 1 : remainder >> 1 }
      tables[byte] = remainder
    }
    for index in 256..<(8 * 256) {
      let previous = tables[index - 256]
      tables[index] = tables[Int(previous & 0xFF)] ^ previous >> 8
    }
    return tables
  }()
}
