import CurveRaster
import CurveRender
import Foundation

/// An animated PNG read back frame by frame, independent of the writer: its chunks split by
/// the PNG specification, each frame's data made into a PNG of its own (its region's size)
/// that SDL2_image decodes, and the regions laid one over another as a player lays them
/// (disposal none, blend source: all the writer uses).
struct DecodedAPNG {
  struct Malformed: Error, CustomStringConvertible { var description: String }

  struct Frame {
    var x = 0, y = 0, width = 0, height = 0
    var delay = (numerator: 0, denominator: 0)
    var disposal = 0, blend = 0
    var data = Data()
  }

  var width = 0, height = 0
  var frameCount = 0, plays = 0
  var frames: [Frame] = []
  private var header = Data()

  init(_ data: Data) throws {
    let bytes = [UInt8](data)
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Malformed(description: "not a PNG") }
    func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = word(offset), type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), body = offset + 8
      guard body + length + 4 <= bytes.count else { throw Malformed(description: "\(type) runs past the end") }
      switch type {
      case "IHDR":
        (width, height) = (word(body), word(body + 4))
        header = Data(bytes[body..<body + length])
      case "acTL": (frameCount, plays) = (word(body), word(body + 4))
      case "fcTL":
        var frame = Frame()
        (frame.width, frame.height, frame.x, frame.y) = (word(body + 4), word(body + 8), word(body + 12), word(body + 16))
        frame.delay = (Int(bytes[body + 20]) << 8 | Int(bytes[body + 21]), Int(bytes[body + 22]) << 8 | Int(bytes[body + 23]))
        (frame.disposal, frame.blend) = (Int(bytes[body + 24]), Int(bytes[body + 25]))
        frames.append(frame)
      case "IDAT":
        guard !frames.isEmpty else { throw Malformed(description: "IDAT before the first fcTL (an image outside the animation)") }
        frames[frames.count - 1].data.append(contentsOf: bytes[body..<body + length])
      case "fdAT":
        guard !frames.isEmpty else { throw Malformed(description: "fdAT before any fcTL") }
        frames[frames.count - 1].data.append(contentsOf: bytes[body + 4..<body + length])
      default: break
      }
      offset = body + length + 4
    }
    guard frames.count == frameCount else { throw Malformed(description: "acTL says \(frameCount) frames, \(frames.count) are there") }
  }

  /// The screen once frame `index` is drawn over those before, as straight RGBA.
  func pixels(ofFrame index: Int, in directory: URL) throws -> [RGBA8] {
    var screen = [RGBA8](repeating: RGBA8(r: 0, g: 0, b: 0, a: 0), count: width * height)
    for (number, frame) in frames[...index].enumerated() {
      precondition(frame.disposal == 0 && frame.blend == 0, "only disposal none and blend source are composed here")
      var ownHeader = header
      ownHeader.replaceSubrange(0..<8, with: Self.bigEndian(frame.width) + Self.bigEndian(frame.height))
      var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      png += Self.chunk("IHDR", ownHeader) + Self.chunk("IDAT", frame.data) + Self.chunk("IEND", Data())
      let file = directory.appendingPathComponent("apng-frame-\(number).png")
      try png.write(to: file)
      guard let image = PNGImage(contentsOf: file) else { throw Malformed(description: "frame \(number) does not decode") }
      for row in 0..<frame.height {
        for column in 0..<frame.width { screen[(frame.y + row) * width + frame.x + column] = image.pixel(x: column, y: row) }
      }
    }
    return screen
  }

  private static func bigEndian(_ value: Int) -> Data { Data([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }) }

  private static func chunk(_ type: String, _ body: Data) -> Data {
    let typed = Data(type.utf8) + body
    return bigEndian(body.count) + typed + bigEndian(Int(CRC32.checksum([UInt8](typed))))
  }
}
