import Foundation
import SeededRandom
import Testing

@testable import CurveApp
@testable import CurveExport

/// GIFs written by `GIFEncoder`, read back by a decoder of our own written from the GIF89a
/// specification (`DecodedGIF`), and, where installed, by gifsicle, ffprobe and ImageMagick:
/// the file's structure, the refusals, and other decoders' reading of it.
struct GIFEncoderTests: GIFTestSupport {
  // MARK: - The file's structure

  @Test func headerScreenLoopExtensionAndTrailer() throws {
    let frames = try [0xFF0000, 0x00FF00].map { color in try Self.frame(width: 3, height: 2) { _, _ in UInt32(color) } }
    let bytes = [UInt8](try GIFEncoder.encode(frames: frames, delayCentiseconds: 7))
    #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
    // 3×2, a global table of 2 entries (size field 0), 8-bit colour resolution.
    #expect(Array(bytes[6..<13]) == [3, 0, 2, 0, 0xF0, 0, 0])
    #expect(Array(bytes[13..<19]) == [0xFF, 0, 0, 0, 0xFF, 0])
    let netscape: [UInt8] = [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    #expect(Array(bytes[19..<(19 + netscape.count)]) == netscape)
    #expect(bytes.last == 0x3B)

    let once = [UInt8](try GIFEncoder.encode(frames: frames, delayCentiseconds: 7, loop: .once))
    #expect(once.count == bytes.count - netscape.count)
    #expect(try DecodedGIF(once).loopCount == nil)
  }

  /// Frame i draws column i blue: after the first, only columns i - 1 and i change.
  @Test func frameCountSizeDelaysAndDisposalReadBack() throws {
    let frames = try (0..<5).map { index in try Self.frame(width: 17, height: 9) { x, _ in x == index ? 0x1E4EA8 : 0xFFFFFF } }
    let gif = try DecodedGIF(GIFEncoder.encode(frames: frames, delayCentiseconds: 7))
    #expect(gif.width == 17 && gif.height == 9)
    #expect(gif.loopCount == 0)
    #expect(gif.frames.count == 5)
    for (index, frame) in gif.frames.enumerated() {
      #expect(frame.delay == 7)
      #expect(frame.disposal == 1)
      if index == 0 {
        #expect(frame.left == 0 && frame.top == 0 && frame.width == 17 && frame.height == 9)
      } else {
        #expect(frame.left == index - 1 && frame.top == 0 && frame.width == 2 && frame.height == 9, "only what changed")
      }
      #expect(gif.pixels(ofFrame: index) == (0..<9 * 17).map { $0 % 17 == index ? 0x1E4EA8 : 0xFFFFFF })
      #expect(frame.localPalette == nil && !frame.interlaced)
    }
    #expect(gif.hasTrailer)
  }

  @Test func subBlocksHoldAtMost255Bytes() {
    var bytes: [UInt8] = []
    GIFEncoder.appendSubBlocks([UInt8](repeating: 9, count: 600), to: &bytes)
    #expect(bytes.count == 600 + 3 + 1)
    #expect(bytes[0] == 255 && bytes[256] == 255 && bytes[512] == 90 && bytes.last == 0)
  }

  // MARK: - Refusals

  @Test func refusesNoFramesMismatchedSizesAndBadDelays() throws {
    #expect(throws: GIFEncoderError.noFrames) { try GIFEncoder.encode(frames: [], delayCentiseconds: 4) }
    let small = try Self.frame(width: 4, height: 3) { _, _ in 0 }, large = try Self.frame(width: 4, height: 5) { _, _ in 0 }
    #expect(throws: GIFEncoderError.mismatchedSize(index: 2, width: 4, height: 5, expectedWidth: 4, expectedHeight: 3)) {
      try GIFEncoder.encode(frames: [small, small, large], delayCentiseconds: 4)
    }
    #expect(throws: GIFEncoderError.delayOutOfRange(70_000)) { try GIFEncoder.encode(frames: [small], delayCentiseconds: 70_000) }
    #expect(throws: GIFEncoderError.delayOutOfRange(-1)) { try GIFEncoder.encode(frames: [small], delayCentiseconds: -1) }
    #expect(GIFEncoderError.noFrames.description.contains("Record at least one frame"))
    #expect(GIFEncoderError.mismatchedSize(index: 2, width: 4, height: 5, expectedWidth: 4, expectedHeight: 3).description
      .hasPrefix("Frame 3 is 4×5 but the first frame is 4×3"))
  }

  @Test func refusesEmptyHugeAndShortFrames() {
    #expect(throws: GIFEncoderError.invalidSize(width: 0, height: 3)) { try GIFFrame(width: 0, height: 3, pixels: [], order: .rgba) }
    #expect(throws: GIFEncoderError.invalidSize(width: 8193, height: 1)) {
      try GIFFrame(width: 8193, height: 1, pixels: [UInt8](repeating: 0, count: 8193 * 4), order: .rgba)
    }
    #expect(throws: GIFEncoderError.wrongBufferLength(width: 2, height: 2, count: 12)) {
      try GIFFrame(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 12), order: .bgra)
    }
    #expect(GIFEncoderError.invalidSize(width: 0, height: 3).description.contains("1 to 8192"))
  }

  // MARK: - Against other decoders

  static let gifsicle = tool("gifsicle")
  static let ffprobe = tool("ffprobe")
  /// ImageMagick's own `identify`, not a script standing in for it.
  static let identify = tool("identify").flatMap { path in
    (try? Data(contentsOf: URL(fileURLWithPath: path)).prefix(2)) == Data("#!".utf8) ? nil : path
  }

  @Test(.enabled(if: gifsicle != nil, "gifsicle is not installed (Debian: apt-get install gifsicle)"))
  func gifsicleReadsTheFramesAndTheirPixels() throws {
    var random = SplitMix64(seed: 3)
    let frames = try (0..<3).map { _ in try Self.frame(width: 40, height: 30) { _, _ in UInt32(random.next() % 200) * 0x010203 } }
    try Self.withFile(GIFEncoder.encode(frames: frames, delayCentiseconds: 7), named: "ours.gif") { ours in
      let info = try ChildProcess.run(Self.gifsicle!, ["--info", ours.path], timeout: .seconds(60))
      #expect(info.status == 0 && info.error.isEmpty, "\(info.error)")
      #expect(info.output.contains("3 images"))
      #expect(info.output.contains("logical screen 40x30"))
      #expect(info.output.contains("loop forever"))
      #expect(info.output.components(separatedBy: "delay 0.07s").count == 4)

      // Interlacing makes gifsicle decode our LZW and write its own, which we decode in turn.
      let gif = try DecodedGIF(Self.interlacedByGifsicle(ours))
      #expect(gif.frames.count == 3 && gif.frames.allSatisfy(\.interlaced))
      for (index, frame) in frames.enumerated() {
        #expect(zip(gif.pixels(ofFrame: index), Self.colors(of: frame)).filter { $0 != $1 }.count == 0, "frame \(index)")
      }
    }
  }

  @Test(.enabled(if: gifsicle != nil, "gifsicle is not installed (Debian: apt-get install gifsicle)"))
  func gifsicleDecodesAFullTableOfCodesAsWeDo() throws {
    let busy = try Self.frame(width: 300, height: 200) { x, y in UInt32(x * 255 / 299) << 16 | UInt32(y * 255 / 199) << 8 | UInt32((x * y) % 256) }
    let data = try GIFEncoder.encode(frames: [busy], delayCentiseconds: 4)
    try Self.withFile(data, named: "ours.gif") { ours in
      let theirs = try DecodedGIF(Self.interlacedByGifsicle(ours))
      let mismatches = zip(theirs.pixels(ofFrame: 0), try DecodedGIF(data).pixels(ofFrame: 0)).filter { $0 != $1 }
      #expect(mismatches.count == 0)
    }
  }

  @Test(.enabled(if: ffprobe != nil, "ffprobe is not installed"))
  func ffprobeCountsTheFrames() throws {
    let frames = try (0..<4).map { index in try Self.frame(width: 40, height: 30) { x, _ in x == index ? 0 : 0xFFFFFF } }
    try Self.withFile(GIFEncoder.encode(frames: frames, delayCentiseconds: 5), named: "frames.gif") { file in
      let probe = try ChildProcess.run(
        Self.ffprobe!,
        ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0", file.path],
        timeout: .seconds(60)
      )
      #expect(probe.status == 0, "\(probe.error)")
      #expect(probe.output.trimmingCharacters(in: .whitespacesAndNewlines) == "40,30,4")
    }
  }

  @Test(.enabled(if: identify != nil, "ImageMagick's identify is not installed"))
  func imageMagickReadsSizesAndDelays() throws {
    let frames = try (0..<4).map { index in try Self.frame(width: 40, height: 30) { x, _ in x == index ? 0 : 0xFFFFFF } }
    try Self.withFile(GIFEncoder.encode(frames: frames, delayCentiseconds: 5), named: "frames.gif") { file in
      // The screen's size, then each frame's own region (only what changed) and delay.
      let identified = try ChildProcess.run(Self.identify!, ["-format", "%W %H %w %h %X %Y %T\n", file.path], timeout: .seconds(60))
      #expect(identified.status == 0, "\(identified.error)")
      #expect(identified.output.split(separator: "\n") == ["40 30 40 30 +0 +0 5", "40 30 2 30 +0 +0 5", "40 30 2 30 +1 +0 5", "40 30 2 30 +2 +0 5"])
    }
  }

  // MARK: - Support

  static func tool(_ name: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `body` with `data` written as `name` in a directory of its own, which is removed
  /// afterwards with whatever `body` wrote beside the file.
  static func withFile(_ data: Data, named name: String, _ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(name)
    try data.write(to: file)
    try body(file)
  }

  /// The GIF at `file` as gifsicle writes it again interlaced (beside it, as theirs.gif),
  /// which it can only do by decoding our LZW and encoding its own.
  static func interlacedByGifsicle(_ file: URL) throws -> Data {
    let theirs = file.deletingLastPathComponent().appendingPathComponent("theirs.gif")
    let rewritten = try ChildProcess.run(gifsicle!, ["--interlace", file.path, "-o", theirs.path], timeout: .seconds(60))
    #expect(rewritten.status == 0 && rewritten.error.isEmpty, "\(rewritten.error)")
    return try Data(contentsOf: theirs)
  }
}
