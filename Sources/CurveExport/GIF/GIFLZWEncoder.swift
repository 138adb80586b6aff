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
