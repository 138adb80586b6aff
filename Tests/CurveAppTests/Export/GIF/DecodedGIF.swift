import Foundation

/// A GIF decoder written from the GIF89a specification, independent of the encoder: it reads
/// every block the encoder writes (and interlaced images, which gifsicle writes), and refuses
/// anything malformed rather than guessing.
struct DecodedGIF {
  struct Frame {
    var delay = 0
    var disposal = 0
    var left = 0, top = 0, width = 0, height = 0
    var interlaced = false
    var localPalette: [UInt32]?
    /// Rows top to bottom, interlacing undone.
    var indices: [UInt8] = []
  }

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  var width = 0, height = 0
  var palette: [UInt32] = []
  var loopCount: Int?
  var frames: [Frame] = []
  var hasTrailer = false

  init(_ data: Data) throws { try self.init([UInt8](data)) }

  init(_ bytes: [UInt8]) throws {
    var reader = Reader(bytes: bytes)
    guard try reader.take(6) == Array("GIF89a".utf8) else { throw Malformed(description: "not GIF89a") }
    width = try reader.word()
    height = try reader.word()
    let screen = try reader.byte()
    _ = try reader.take(2)  // background colour index, pixel aspect ratio
    if screen & 0x80 != 0 { palette = try reader.colorTable(entries: 2 << (screen & 7)) }
    var control: (delay: Int, disposal: Int)?
    while !hasTrailer {
      switch try reader.byte() {
      case 0x21:
        let label = try reader.byte()
        if label == 0xF9 {
          guard try reader.byte() == 4 else { throw Malformed(description: "graphic control extension of the wrong size") }
          let packed = try reader.byte(), delay = try reader.word()
          control = (delay: delay, disposal: Int(packed >> 2 & 7))
          _ = try reader.byte()  // transparent colour index
          guard try reader.byte() == 0 else { throw Malformed(description: "graphic control extension not terminated") }
        } else if label == 0xFF {
          guard try reader.byte() == 11 else { throw Malformed(description: "application extension of the wrong size") }
          let identifier = try reader.take(11)
          let data = try reader.subBlocks()
          if identifier == Array("NETSCAPE2.0".utf8), data.count == 3, data[0] == 1 { loopCount = Int(data[1]) | Int(data[2]) << 8 }
        } else {
          _ = try reader.subBlocks()
        }
      case 0x2C:
        var frame = Frame()
        frame.left = try reader.word()
        frame.top = try reader.word()
        frame.width = try reader.word()
        frame.height = try reader.word()
        let packed = try reader.byte()
        frame.interlaced = packed & 0x40 != 0
        if packed & 0x80 != 0 { frame.localPalette = try reader.colorTable(entries: 2 << (packed & 7)) }
        if let control { (frame.delay, frame.disposal) = control }
        control = nil
        let minimumCodeSize = Int(try reader.byte())
        let indices = try LZWDecoder.decode(reader.subBlocks(), minimumCodeSize: minimumCodeSize).indices
        guard indices.count == frame.width * frame.height else {
          throw Malformed(description: "\(indices.count) indices for a \(frame.width)×\(frame.height) image")
        }
        frame.indices = frame.interlaced ? Self.deinterlaced(indices, width: frame.width, height: frame.height) : indices
        frames.append(frame)
      case 0x3B:
        hasTrailer = true
      case let other:
        throw Malformed(description: "unknown block 0x\(String(other, radix: 16))")
      }
    }
    guard reader.offset == bytes.count else { throw Malformed(description: "\(bytes.count - reader.offset) bytes after the trailer") }
  }

  /// The screen's colours, 0xRRGGBB, once frame `index` is drawn: as a player shows it, each
  /// frame drawn over the ones before (disposal 1, "do not dispose", is all the encoder writes).
  func pixels(ofFrame index: Int) -> [UInt32] {
    var screen = [UInt32](repeating: 0, count: width * height)
    for frame in frames[...index] {
      precondition(frame.disposal <= 1, "only disposal 0 or 1 is composed here")
      let table = frame.localPalette ?? palette
      for row in 0..<frame.height where frame.top + row < height {
        for column in 0..<frame.width where frame.left + column < width {
          screen[(frame.top + row) * width + frame.left + column] = table[Int(frame.indices[row * frame.width + column])]
        }
      }
    }
    return screen
  }

  /// Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from
  /// 2, every 2nd from 1 (GIF89a, Appendix E).
  private static func deinterlaced(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
    let rows = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in stride(from: start, to: height, by: step) }
    var result = [UInt8](repeating: 0, count: indices.count)
    for (stored, row) in rows.enumerated() {
      result[(row * width)..<((row + 1) * width)] = indices[(stored * width)..<((stored + 1) * width)]
    }
    return result
  }

  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    mutating func byte() throws -> UInt8 {
      guard offset < bytes.count else { throw Malformed(description: "the file ends early") }
      offset += 1
      return bytes[offset - 1]
    }

    mutating func take(_ count: Int) throws -> [UInt8] {
      guard offset + count <= bytes.count else { throw Malformed(description: "the file ends early") }
      offset += count
      return Array(bytes[(offset - count)..<offset])
    }

    mutating func word() throws -> Int {
      let low = try byte(), high = try byte()
      return Int(low) | Int(high) << 8
    }

    mutating func colorTable(entries: Int) throws -> [UInt32] {
      let table = try take(3 * entries)
      return (0..<entries).map { UInt32(table[3 * $0]) << 16 | UInt32(table[3 * $0 + 1]) << 8 | UInt32(table[3 * $0 + 2]) }
    }

    /// The data of sub-blocks up to their zero-length terminator.
    mutating func subBlocks() throws -> [UInt8] {
      var data: [UInt8] = []
      while true {
        let count = Int(try byte())
        if count == 0 { return data }
        data += try take(count)
      }
    }
  }
}
