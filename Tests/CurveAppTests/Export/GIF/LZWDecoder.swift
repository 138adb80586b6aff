/// GIF's LZW decoding (GIF89a, Appendix F), strict: every code must be one the table has
/// or the one it is about to add, and the stream must end with end-of-information and
/// nothing but padding after it.
enum LZWDecoder {
  struct Decoded {
    var indices: [UInt8]
    /// Clear codes read, the first included.
    var clears: Int
    /// The widest code read, in bits.
    var widest: Int
  }

  static func decode(_ bytes: [UInt8], minimumCodeSize: Int) throws -> Decoded {
    guard (2...8).contains(minimumCodeSize) else { throw DecodedGIF.Malformed(description: "minimum code size \(minimumCodeSize)") }
    let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
    // Each code is the code of its string's prefix and its last index.
    var prefixes = [Int](repeating: 0, count: 4096), suffixes = [UInt8](repeating: 0, count: 4096)
    for index in 0..<clear { suffixes[index] = UInt8(index) }
    var codeSize = minimumCodeSize + 1, nextCode = clear + 2, previousCode: Int?
    var decoded = Decoded(indices: [], clears: 0, widest: codeSize)
    var bitOffset = 0

    func string(_ code: Int) -> [UInt8] {
      var string: [UInt8] = [], code = code
      while code >= clear {
        string.append(suffixes[code])
        code = prefixes[code]
      }
      string.append(UInt8(code))
      return string.reversed()
    }

    while true {
      guard bitOffset + codeSize <= 8 * bytes.count else { throw DecodedGIF.Malformed(description: "no end-of-information code") }
      var code = 0
      for bit in 0..<codeSize where bytes[(bitOffset + bit) / 8] >> ((bitOffset + bit) % 8) & 1 != 0 { code |= 1 << bit }
      bitOffset += codeSize
      decoded.widest = max(decoded.widest, codeSize)
      if code == clear {
        (codeSize, nextCode, previousCode) = (minimumCodeSize + 1, clear + 2, nil)
        decoded.clears += 1
        continue
      }
      if code == endOfInformation { break }
      guard let previous = previousCode else {
        guard code < clear else { throw DecodedGIF.Malformed(description: "code \(code) first after a clear") }
        decoded.indices.append(UInt8(code))
        previousCode = code
        continue
      }
      let entry: [UInt8]
      if code < nextCode {
        entry = string(code)
      } else if code == nextCode {
        let earlier = string(previous)
        entry = earlier + [earlier[0]]
      } else {
        throw DecodedGIF.Malformed(description: "code \(code) before the table has it (next is \(nextCode))")
      }
      decoded.indices += entry
      if nextCode < 4096 {
        (prefixes[nextCode], suffixes[nextCode]) = (previous, entry[0])
        nextCode += 1
        if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
      }
      previousCode = code
    }
    guard (bitOffset + 7) / 8 == bytes.count else {
      throw DecodedGIF.Malformed(description: "\(bytes.count - (bitOffset + 7) / 8) bytes after end-of-information")
    }
    return decoded
  }
}
