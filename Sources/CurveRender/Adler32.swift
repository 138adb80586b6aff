/// Adler-32 (RFC 1950), the checksum a zlib stream ends with, summed sixteen bytes at a time:
/// zlib's `adler32` adds each byte to two running sums in turn, 3.5 instructions a byte (7% of
/// a process drawing the tiger); this takes 1.3.
///
/// ```swift
/// let checksum = bytes.withUnsafeBufferPointer { Adler32.checksum($0) }
/// ```
package enum Adler32 {
  /// The checksum of `bytes` following those `start` is the checksum of (1 for none).
  package static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, continuing start: UInt32 = 1) -> UInt32 {
    guard let base = bytes.baseAddress else { return start }
    var low = start & 0xFFFF, high = start >> 16
    var offset = 0
    while offset < bytes.count {
      let count = min(blockBytes, bytes.count - offset)
      // Over n bytes x₀…xₙ₋₁ the low sum grows by Σxᵢ and the high one by n·low + Σ(n−i)·xᵢ.
      // In sixteen lanes, chunk after chunk: `lanes` sums each lane's bytes, and `prefixes`
      // adds up `lanes` after every chunk, so a byte of chunk c is counted (chunks − c) times;
      // its weight n − i is 16 of those a chunk, less its lane's place.
      let chunks = count / 16, raw = UnsafeRawPointer(base + offset)
      var lanes = SIMD16<UInt32>(), prefixes = SIMD16<UInt32>()
      for chunk in 0..<chunks {
        lanes &+= SIMD16<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: 16 * chunk, as: SIMD16<UInt8>.self))
        prefixes &+= lanes
      }
      var sum = lanes.wrappedSum()
      let tail = 16 * chunks
      // The bytes after the last whole chunk, and what they add to the weights before them.
      var weighted = 16 * UInt64(prefixes.wrappedSum()) - UInt64((lanes &* lanePlaces).wrappedSum()) + UInt64(count - tail) * UInt64(sum)
      for index in tail..<count {
        let byte = UInt32(base[offset + index])
        sum += byte
        weighted += UInt64(count - index) * UInt64(byte)
      }
      high = UInt32((UInt64(high) + UInt64(count) * UInt64(low) + weighted) % UInt64(modulus))
      low = (low + sum) % modulus
      offset += count
    }
    return high << 16 | low
  }

  /// The checksum of two runs of bytes one after the other, from the checksum of each and the
  /// second's length (pieces summed on different cores). Begun at 1 instead of the first's low
  /// sum, the second's low sum is that much lower, and its high sum lower by as much for each
  /// of its bytes.
  package static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    let m = UInt64(modulus), length = UInt64(secondLength) % m
    let firstLow = UInt64(first & 0xFFFF), secondLow = UInt64(second & 0xFFFF)
    let low = (firstLow + secondLow + m - 1) % m
    let high = (UInt64(first >> 16) + UInt64(second >> 16) + length * ((firstLow + m - 1) % m)) % m
    return UInt32(high << 16 | low)
  }

  static let modulus: UInt32 = 65521
  /// A block's bytes: the lanes' counts (at most 255 · 347 · 348 / 2 in `prefixes`) stay far
  /// inside 32 bits; zlib's own block (NMAX) is 5552.
  static let blockBytes = 5552
  private static let lanePlaces = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
}
