/// Raw deflate (RFC 1951) made for a PNG's filtered rows: the only matches are runs of one
/// byte (a flat colour, which Sub turns into zeros), as zlib's run-length mode (`Z_RLE`) finds
/// them, but eight bytes at a time, and, given the rows' length, the bytes one row up where
/// no run starts (a ramp from left to right, whose every row is the one above it: as literals
/// it was half the instructions of a 200-pixel gradient's process). A byte that cannot start
/// either is known from four bytes read at once. Each block, of about `blockTokens` tokens,
/// has Huffman codes of its own.
///
/// zlib spent 14 instructions a byte of the tiger's rows (4 MB, nine tenths of them in runs),
/// much of it resetting for every 64 KB window match tables that runs never read: 62.7 M of a
/// 176 M process. This takes 33 M with the Adler-32 checksum and filtering (resvg's whole PNG,
/// png-rs on fdeflate, 35 M), for files the same size. Matching the pixel before as well (a
/// ramp's constant steps) made the tiger 0.1% smaller and icons 1.4% larger.
///
/// ```swift
/// let encoder = RowDeflate()
/// encoder.compress(rows, isFinal: false)      // gathered into a block
/// encoder.compress(moreRows, isFinal: true)   // the last block; the stream then ends on a byte
/// let stream = encoder.bytes                  // zlib's inflate reads it (with no header)
/// ```
package final class RowDeflate {
  private var output = BitWriter()
  /// The tokens of the block being gathered (`tokenize`), the bytes they stand for, and each
  /// symbol's count in them.
  private var tokens = UnsafeMutableBufferPointer<UInt16>(start: nil, count: 0)
  private var tokenCount = 0
  private var bytesInBlock = 0
  private var literalFrequencies = [UInt32](repeating: 0, count: literalSymbols)
  /// How many of the block's matches are one row up (the rest are runs).
  private var rowMatches: UInt32 = 0
  /// The rows' length, the distance of a match one row up; 0 for none (`compress`).
  private var rowLength = 0

  package init() {}

  deinit {
    output.deallocate()
    tokens.deallocate()
  }

  /// What has been written; whole bytes once the final block or `alignWithEmptyBlock()` ends it.
  package var bytes: [UInt8] { output.bytes }

  /// Adds `input` to the stream: its matches never reach back before it (each window of rows
  /// is compressed on its own), but it shares a block with what came before until the block
  /// holds `blockTokens` (a block's codes cost 40,000 instructions to make). If `isFinal`, the
  /// block is written as the stream's last, which then ends on a byte. `rowLength`, when the
  /// input is rows of that many bytes (at most deflate's window), lets a match be a row up.
  package func compress(_ input: UnsafeBufferPointer<UInt8>, isFinal: Bool, rowLength: Int = 0) {
    // A block's row matches share one distance: other rows begin another block.
    let rowLength = rowLength <= Self.maximumDistance ? rowLength : 0
    if rowLength != self.rowLength, tokenCount > 0 { writeBlock(isFinal: false) }
    self.rowLength = rowLength
    if let base = input.baseAddress, !input.isEmpty {
      if tokenCount + input.count > tokens.count {
        let grown = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(tokenCount + input.count, 2 * tokens.count))
        if let old = tokens.baseAddress { grown.baseAddress!.update(from: old, count: tokenCount) }
        tokens.deallocate()
        tokens = grown
      }
      let added = literalFrequencies.withUnsafeMutableBufferPointer { literals in
        Self.tokenize(
          base, count: input.count, rowLength: self.rowLength, into: tokens.baseAddress! + tokenCount, literalFrequencies: literals,
          rowMatches: &rowMatches
        )
      }
      tokenCount += added
      bytesInBlock += input.count
    }
    if isFinal || tokenCount >= Self.blockTokens { writeBlock(isFinal: isFinal) }
  }

  /// Ends what has been written on a byte with an empty stored block (zlib's sync flush, whose
  /// last four bytes are 00 00 FF FF): another stream's blocks may then follow.
  package func alignWithEmptyBlock() {
    if tokenCount > 0 { writeBlock(isFinal: false) }
    output.put(0b000, count: 3)
    output.alignToByte()
    output.append([0x00, 0x00, 0xFF, 0xFF])
  }

  /// Tokens gathered before a block is written.
  static let blockTokens = 16_384

  /// The gathered tokens as one block with codes of their own (or as stored blocks, where
  /// they are smaller); then none are gathered.
  private func writeBlock(isFinal: Bool) {
    // Written through a local copy: a class's property is checked for exclusive access at
    // every bit written.
    var output = self.output
    defer {
      self.output = output
      tokenCount = 0
      bytesInBlock = 0
      rowMatches = 0
      for index in literalFrequencies.indices { literalFrequencies[index] = 0 }
    }
    guard tokenCount > 0 else {
      // An empty block: fixed codes (type 1), whose end-of-block code is seven zero bits.
      output.put(isFinal ? 0b011 : 0b010, count: 3)
      output.put(0, count: 7)
      if isFinal { output.alignToByte() }
      return
    }
    literalFrequencies[Self.endOfBlock] = 1
    // A match is one byte back (distance code 0) or one row up.
    var distanceFrequencies = [UInt32](repeating: 0, count: Self.distanceSymbols)
    let rowDistance = Self.distanceSymbol(of: max(rowLength, 1))
    distanceFrequencies[0] = literalFrequencies[(Self.endOfBlock + 1)...].reduce(0, +) - rowMatches
    distanceFrequencies[rowDistance.code] += rowMatches
    let literalCode = HuffmanCode(frequencies: literalFrequencies, limit: 15)
    let distanceCode = HuffmanCode(frequencies: distanceFrequencies, limit: 15)
    let header = DynamicHeader(literals: literalCode.lengths, distances: distanceCode.lengths)
    var bits = 3 + header.bits + literalCode.bits(for: literalFrequencies) + distanceCode.bits(for: distanceFrequencies)
    for symbol in 257..<Self.literalSymbols { bits += Int(literalFrequencies[symbol]) * Self.lengthExtraBits[symbol - 257] }
    bits += Int(rowMatches) * rowDistance.extraBits
    // Stored: each block's 3 header bits, up to 7 to reach a byte, and 4 bytes of lengths.
    let storedBlocks = (bytesInBlock + Self.maximumStoredBytes - 1) / Self.maximumStoredBytes
    guard bits < 8 * bytesInBlock + storedBlocks * 42 else {
      let bytes = Self.decode(UnsafeBufferPointer(rebasing: tokens[..<tokenCount]), bytes: bytesInBlock, rowLength: rowLength)
      Self.writeStored(bytes, isFinal: isFinal, to: &output)
      return
    }
    output.reserve(bits / 8 + 16)
    output.put(isFinal ? 0b101 : 0b100, count: 3)
    header.write(to: &output)
    Self.writeTokens(tokens.baseAddress!, count: tokenCount, rowLength: rowLength, literals: literalCode, distances: distanceCode, to: &output)
    output.put(UInt64(literalCode.codes[Self.endOfBlock]), count: Int(literalCode.lengths[Self.endOfBlock]))
    if isFinal { output.alignToByte() }
  }

  /// The bytes `tokens` stand for (their matches reach back within them alone).
  private static func decode(_ tokens: UnsafeBufferPointer<UInt16>, bytes count: Int, rowLength: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    for token in tokens {
      guard token & matchFlag != 0 else {
        bytes.append(UInt8(token))
        continue
      }
      let distance = token & rowFlag != 0 ? rowLength : 1
      for _ in 0..<Int(token & lengthMask) { bytes.append(bytes[bytes.count - distance]) }
    }
    return bytes
  }

  // MARK: Matches

  /// The input as tokens: a literal byte (below 256), a run of the byte before it
  /// (`matchFlag` | its length), or bytes repeating those `rowLength` before them (`matchFlag`
  /// | `rowFlag` | their length; none when `rowLength` is 0); with each symbol's count.
  private static func tokenize(
    _ input: UnsafePointer<UInt8>, count: Int, rowLength: Int, into tokens: UnsafeMutablePointer<UInt16>,
    literalFrequencies: UnsafeMutableBufferPointer<UInt32>, rowMatches: inout UInt32
  ) -> Int {
    lengthCodes.withUnsafeBufferPointer { lengthCodes in
      var tokenCount = 0, index = 0
      // Where a row up is next looked for (never without rows): a failed look skips
      // `rowRetry` bytes, as most of a drawing's literals are edges, whose rows differ.
      var nextRowLook = rowLength > 0 ? rowLength : Int.max
      let raw = UnsafeRawPointer(input)
      while index < count {
        // Where the next three bytes do not all repeat the one before, no run starts: a
        // literal, most bytes of a drawing's edges and gradients.
        var length = 0
        if index >= 1, index &+ 4 > count
          || UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self) ^ raw.loadUnaligned(fromByteOffset: index &- 1, as: UInt32.self))
            & 0xFF_FFFF == 0
        {
          length = runLength(input, at: index, count: count, distance: 1)
        }
        if length >= minimumMatch {
          tokens[tokenCount] = matchFlag | UInt16(truncatingIfNeeded: length)
          literalFrequencies[257 &+ Int(lengthCodes[length])] &+= 1
          index &+= length
        } else if index >= nextRowLook, index &+ 4 <= count,
          raw.loadUnaligned(fromByteOffset: index, as: UInt32.self) == raw.loadUnaligned(fromByteOffset: index &- rowLength, as: UInt32.self),
          case let rowUp = runLength(input, at: index, count: count, distance: rowLength), rowUp >= minimumRowMatch
        {
          // No run, but the row above.
          tokens[tokenCount] = matchFlag | rowFlag | UInt16(truncatingIfNeeded: rowUp)
          literalFrequencies[257 &+ Int(lengthCodes[rowUp])] &+= 1
          rowMatches &+= 1
          index &+= rowUp
        } else {
          if index >= nextRowLook { nextRowLook = index &+ rowRetry }
          let byte = input[index]
          tokens[tokenCount] = UInt16(byte)
          literalFrequencies[Int(byte)] &+= 1
          index &+= 1
        }
        tokenCount &+= 1
      }
      return tokenCount
    }
  }

  /// How many bytes from `index` repeat the byte `distance` before them (at most
  /// `maximumMatch`), compared eight at a time.
  @inline(__always)
  private static func runLength(_ input: UnsafePointer<UInt8>, at index: Int, count: Int, distance: Int) -> Int {
    let start = UnsafeRawPointer(input + index), end = start + min(maximumMatch, count &- index)
    var here = start
    while end - here >= 8 {
      let difference = here.loadUnaligned(as: UInt64.self) ^ (here - distance).loadUnaligned(as: UInt64.self)
      // Little-endian: the first byte that differs is the lowest set byte.
      if difference != 0 { return here - start + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
      here += 8
    }
    while here < end, here.load(as: UInt8.self) == (here - distance).load(as: UInt8.self) { here += 1 }
    return here - start
  }

  private static func writeTokens(
    _ tokens: UnsafeMutablePointer<UInt16>, count: Int, rowLength: Int, literals: HuffmanCode, distances: HuffmanCode,
    to output: inout BitWriter
  ) {
    // Each literal's code and its length in one word: one load a token.
    let literalWords = zip(literals.codes, literals.lengths).map { UInt32($0) | UInt32($1) << 16 }
    // A run is one byte back: distance code 0. A row up is its own code, with its extra bits.
    let distanceCode = UInt64(distances.codes[0]), distanceLength = Int(distances.lengths[0])
    let row = distanceSymbol(of: max(rowLength, 1))
    let rowCode = UInt64(distances.codes[row.code]) | UInt64(max(rowLength, 1) - row.base) << distances.lengths[row.code]
    let rowCodeLength = Int(distances.lengths[row.code]) + row.extraBits
    literalWords.withUnsafeBufferPointer { literalWords in
      lengthCodes.withUnsafeBufferPointer { lengthCodes in
        for index in 0..<count {
          let token = tokens[index]
          if token & matchFlag == 0 {
            let word = literalWords[Int(token)]
            output.put(UInt64(word & 0xFFFF), count: Int(word >> 16))
            continue
          }
          let length = Int(token & lengthMask)
          let code = Int(lengthCodes[length])
          let word = literalWords[257 &+ code]
          output.put(UInt64(word & 0xFFFF), count: Int(word >> 16))
          let extra = lengthExtraBits[code]
          if extra > 0 { output.put(UInt64(length &- lengthBases[code]), count: extra) }
          if token & rowFlag != 0 {
            output.put(rowCode, count: rowCodeLength)
          } else {
            output.put(distanceCode, count: distanceLength)
          }
        }
      }
    }
  }

  private static func writeStored(_ input: [UInt8], isFinal: Bool, to output: inout BitWriter) {
    var start = 0
    repeat {
      let length = min(maximumStoredBytes, input.count - start)
      let isLast = start + length == input.count
      output.put(isFinal && isLast ? 1 : 0, count: 3)
      output.alignToByte()
      output.append([UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)])
      output.append(input[start..<start + length])
      start += length
    } while start < input.count
  }

  // MARK: The format's tables (RFC 1951, 3.2.5)

  static let literalSymbols = 286
  static let distanceSymbols = 30
  static let endOfBlock = 256
  static let minimumMatch = 3
  static let maximumMatch = 258
  static let maximumStoredBytes = 65_535
  static let maximumDistance = 32_768
  /// A match a row up costs a distance code and its extra bits (up to 21 bits in all): a
  /// shorter one is left to literals.
  static let minimumRowMatch = 32
  static let rowRetry = 32
  private static let matchFlag: UInt16 = 1 << 15
  private static let rowFlag: UInt16 = 1 << 14
  private static let lengthMask: UInt16 = 0x3FFF

  /// The shortest distance of each distance code (0 to 29), and its extra bits.
  static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

  /// The code of `distance` (1 to 32,768), its shortest distance and its extra bits.
  static func distanceSymbol(of distance: Int) -> (code: Int, base: Int, extraBits: Int) {
    let code = distanceBases.lastIndex { $0 <= distance }!
    return (code, distanceBases[code], distanceExtraBits[code])
  }

  /// The shortest length of each length code (symbols 257 to 285), and its extra bits.
  static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
  static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  /// The length code of each match length (3 to 258).
  static let lengthCodes: [UInt8] = {
    var codes = [UInt8](repeating: 0, count: maximumMatch + 1)
    for code in 0..<lengthBases.count - 1 {
      for length in lengthBases[code]..<lengthBases[code] + (1 << lengthExtraBits[code]) { codes[length] = UInt8(code) }
    }
    codes[maximumMatch] = UInt8(lengthBases.count - 1)
    return codes
  }()
}

/// A canonical Huffman code (RFC 1951, 3.2.2) for symbols' counts, no code longer than `limit`
/// bits; each code bit-reversed, as deflate writes codes from their first bit.
struct HuffmanCode {
  let lengths: [UInt8]
  let codes: [UInt16]

  init(frequencies: [UInt32], limit: Int) {
    lengths = Self.lengths(frequencies, limit: limit)
    var lengthCounts = [Int](repeating: 0, count: limit + 1)
    for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
    var nextCode = [Int](repeating: 0, count: limit + 1), code = 0
    for length in 1...limit {
      code = (code + lengthCounts[length - 1]) << 1
      nextCode[length] = code
    }
    nextCode[0] = 0
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let code = nextCode[Int(length)]
      nextCode[Int(length)] += 1
      codes[symbol] = UInt16(truncatingIfNeeded: code.bitReversed(count: Int(length)))
    }
    self.codes = codes
  }

  /// The bits `frequencies` of the symbols take in this code.
  func bits(for frequencies: [UInt32]) -> Int {
    zip(frequencies, lengths).reduce(0) { $0 + Int($1.0) * Int($1.1) }
  }

  /// Each symbol's code length: Huffman's (two queues over the symbols sorted by count), the
  /// lengths beyond `limit` shortened to it and the code completed again by lengthening the
  /// deepest shorter code, as zlib and miniz do. A code of one symbol gets a second, unused, so
  /// that it is complete.
  static func lengths(_ frequencies: [UInt32], limit: Int) -> [UInt8] {
    // By count, then symbol: one integer each, sorted as integers.
    var keys = frequencies.indices.compactMap { frequencies[$0] > 0 ? UInt64(frequencies[$0]) << 16 | UInt64($0) : nil }
    for symbol in frequencies.indices where keys.count < 2 && frequencies[symbol] == 0 { keys.append(UInt64(symbol)) }
    keys.sort()
    let symbols = keys.map { Int($0 & 0xFFFF) }
    let leaves = symbols.count, nodes = 2 * leaves - 1
    var weights = [UInt64](repeating: 0, count: nodes), parents = [Int](repeating: 0, count: nodes)
    for (leaf, symbol) in symbols.enumerated() { weights[leaf] = UInt64(frequencies[symbol]) }
    // Internal nodes are made in order of weight after the leaves: two sorted queues.
    var nextLeaf = 0, nextNode = leaves, made = leaves
    func takeLightest() -> Int {
      if nextLeaf < leaves, nextNode >= made || weights[nextLeaf] <= weights[nextNode] {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextNode += 1
      return nextNode - 1
    }
    while made < nodes {
      let first = takeLightest(), second = takeLightest()
      weights[made] = weights[first] + weights[second]
      parents[first] = made
      parents[second] = made
      made += 1
    }
    // Depths from the root, the last node made: each node's parent was made after it.
    var depths = [Int](repeating: 0, count: nodes)
    for node in stride(from: nodes - 2, through: 0, by: -1) { depths[node] = depths[parents[node]] + 1 }
    var counts = [Int](repeating: 0, count: limit + 1)
    for leaf in 0..<leaves { counts[min(depths[leaf], limit)] += 1 }
    // Kraft's sum in units of 2^-limit: over 1 once depths were cut. Each step drops a code
    // of `limit` bits and splits the deepest shorter one in two, one unit less.
    var kraft = (1...limit).reduce(0) { $0 + counts[$1] << (limit - $1) }
    while kraft > 1 << limit {
      counts[limit] -= 1
      for length in stride(from: limit - 1, through: 1, by: -1) where counts[length] > 0 {
        counts[length] -= 1
        counts[length + 1] += 2
        break
      }
      kraft -= 1
    }
    // The rarest symbols get the longest codes.
    var lengths = [UInt8](repeating: 0, count: frequencies.count), leaf = 0
    for length in stride(from: limit, through: 1, by: -1) {
      for _ in 0..<counts[length] {
        lengths[symbols[leaf]] = UInt8(length)
        leaf += 1
      }
    }
    return lengths
  }
}

/// A dynamic block's description of its two codes (RFC 1951, 3.2.7): their lengths in one
/// sequence, runs of it shortened by codes 16 to 18, themselves written in a third code.
private struct DynamicHeader {
  let literalCount: Int
  let distanceCount: Int
  /// The sequence: each code-length symbol and its extra bits' value.
  let symbols: [(symbol: Int, extra: Int)]
  let code: HuffmanCode
  let codeLengthCount: Int
  /// How many bits the header takes after the block's first three.
  let bits: Int

  /// The order code-length codes' own lengths are written in.
  static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
  /// The extra bits after a code-length symbol: a repeat count for 16 to 18.
  static func extraBits(_ symbol: Int) -> Int {
    switch symbol {
    case 16: 2
    case 17: 3
    case 18: 7
    default: 0
    }
  }

  init(literals: [UInt8], distances: [UInt8]) {
    literalCount = max(257, (literals.lastIndex { $0 != 0 } ?? 0) + 1)
    distanceCount = max(1, (distances.lastIndex { $0 != 0 } ?? 0) + 1)
    let sequence = Array(literals[..<literalCount]) + Array(distances[..<distanceCount])
    var symbols: [(symbol: Int, extra: Int)] = []
    var index = 0
    while index < sequence.count {
      let length = sequence[index]
      var run = 1
      while index + run < sequence.count, sequence[index + run] == length { run += 1 }
      index += run
      if length == 0 {
        while run >= 11 {
          let taken = min(run, 138)
          symbols.append((18, taken - 11))
          run -= taken
        }
        if run >= 3 {
          symbols.append((17, run - 3))
          run = 0
        }
      } else {
        symbols.append((Int(length), 0))
        run -= 1
        while run >= 3 {
          let taken = min(run, 6)
          symbols.append((16, taken - 3))
          run -= taken
        }
      }
      for _ in 0..<run { symbols.append((Int(length), 0)) }
    }
    var frequencies = [UInt32](repeating: 0, count: 19)
    for (symbol, _) in symbols { frequencies[symbol] += 1 }
    let code = HuffmanCode(frequencies: frequencies, limit: 7)
    let codeLengthCount = max(4, (Self.order.lastIndex { code.lengths[$0] != 0 } ?? 0) + 1)
    self.code = code
    self.codeLengthCount = codeLengthCount
    self.symbols = symbols
    bits = 14 + 3 * codeLengthCount + symbols.reduce(0) { $0 + Int(code.lengths[$1.symbol]) + Self.extraBits($1.symbol) }
  }

  func write(to output: inout BitWriter) {
    output.put(UInt64(literalCount - 257), count: 5)
    output.put(UInt64(distanceCount - 1), count: 5)
    output.put(UInt64(codeLengthCount - 4), count: 4)
    for symbol in Self.order[..<codeLengthCount] { output.put(UInt64(code.lengths[symbol]), count: 3) }
    for (symbol, extra) in symbols {
      output.put(UInt64(code.codes[symbol]), count: Int(code.lengths[symbol]))
      let count = Self.extraBits(symbol)
      if count > 0 { output.put(UInt64(extra), count: count) }
    }
  }
}

/// Bits written from each byte's lowest, as deflate packs them, into a buffer that grows
/// (its owner deallocates it).
struct BitWriter {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0
  private var pending: UInt64 = 0
  private var pendingCount = 0

  init(capacity: Int = 256) {
    self.capacity = capacity
    storage = .allocate(capacity: capacity)
  }

  func deallocate() { storage.deallocate() }

  /// The whole bytes written.
  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

  /// Room for `bytes` more than are written (and those pending).
  mutating func reserve(_ bytes: Int) {
    let needed = count + bytes + 8
    guard needed > capacity else { return }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, 2 * capacity))
    grown.update(from: storage, count: count)
    storage.deallocate()
    storage = grown
    capacity = max(needed, 2 * capacity)
  }

  /// The low `count` bits of `bits` (at most 32; nothing above them set).
  @inline(__always)
  mutating func put(_ bits: UInt64, count bitCount: Int) {
    pending |= bits &<< UInt64(pendingCount)
    pendingCount &+= bitCount
    guard pendingCount >= 32 else { return }
    if count &+ 8 > capacity { reserve(8) }
    UnsafeMutableRawPointer(storage + count).storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
    count &+= 4
    pending &>>= 32
    pendingCount &-= 32
  }

  /// The pending bits out, the last byte filled with zeros.
  mutating func alignToByte() {
    reserve(8)
    while pendingCount > 0 {
      storage[count] = UInt8(truncatingIfNeeded: pending)
      count += 1
      pending >>= 8
      pendingCount = max(pendingCount - 8, 0)
    }
    pending = 0
  }

  /// Whole bytes, after `alignToByte()`.
  mutating func append(_ bytes: some Collection<UInt8>) {
    precondition(pendingCount == 0, "bytes follow whole bytes")
    reserve(bytes.count)
    for byte in bytes {
      storage[count] = byte
      count += 1
    }
  }
}

extension Int {
  /// The low `count` bits in the opposite order.
  func bitReversed(count: Int) -> Int {
    var value = self, reversed = 0
    for _ in 0..<count {
      reversed = reversed << 1 | value & 1
      value >>= 1
    }
    return reversed
  }
}
