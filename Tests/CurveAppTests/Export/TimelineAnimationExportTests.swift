import CurveRaster
import Foundation
import Testing

/// `curves render --animate` of a document with a timeline: its frames, as GIF, animated PNG
/// or numbered PNGs, are the frames `render --time --drawing-only` draws.
struct TimelineAnimationExportTests {
  let directory: URL
  let document: URL

  init() throws {
    directory = try makeTemporaryDirectory()
    document = directory.appendingPathComponent("moving.json")
    try Data(TimelineRenderTests.document.utf8).write(to: document)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private func run(_ arguments: [String]) throws {
    let outcome = try CurvesBinary.run(arguments)
    #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
  }

  /// `render --time T --drawing-only`, read back.
  private func frame(at time: Double) throws -> PNGImage {
    let out = path("at-\(time).png")
    try run(["render", document.path, "--drawing-only", "--time", "\(time)", "-o", out])
    return try #require(PNGImage(contentsOf: URL(fileURLWithPath: out)))
  }

  @Test func anAnimatedPNGHoldsEveryFrameOfTheTimelineAsRenderAtThatTimeDrawsIt() throws {
    // 2 s at 4 frames a second, played once: 0, 0.25, … 2 s, nine frames.
    try run(["render", document.path, "--animate", "--fps", "4", "-o", path("moving.png")])
    let apng = try DecodedAPNG(Data(contentsOf: URL(fileURLWithPath: path("moving.png"))))
    #expect(apng.width == 200 && apng.height == 20, "the canvas's size")
    #expect(apng.frameCount == 9 && apng.plays == 1, "once through, ending on the last keyframe")
    #expect(apng.frames.allSatisfy { $0.delay == (1, 4) })
    #expect(apng.frames[0].width == 200 && apng.frames[0].height == 20)
    #expect(apng.frames[1].width < 30 && apng.frames[1].height <= 10, "only the square's old and new places are stored")
    for index in [0, 3, 4, 8] {
      let expected = try frame(at: Double(index) / 4)
      let pixels = try apng.pixels(ofFrame: index, in: directory)
      var differing = 0
      for y in 0..<20 {
        for x in 0..<200 where pixels[y * 200 + x] != expected.pixel(x: x, y: y) { differing += 1 }
      }
      #expect(differing == 0, "frame \(index)")
    }
  }

  @Test func aGIFShowsTheSameFramesOnWhiteStoringOnlyWhatChanged() throws {
    try run(["render", document.path, "--animate", "--fps", "4", "-o", path("moving.gif")])
    let gif = try DecodedGIF(Data(contentsOf: URL(fileURLWithPath: path("moving.gif"))))
    #expect(gif.width == 200 && gif.height == 20 && gif.frames.count == 9)
    #expect(gif.loopCount == nil, "a timeline played once does not loop")
    #expect(gif.frames.allSatisfy { $0.delay == 25 })
    #expect(gif.frames.dropFirst().allSatisfy { $0.width < 30 && $0.height <= 10 }, "\(gif.frames.map { ($0.width, $0.height) })")
    for index in [0, 4, 8] {
      let expected = try frame(at: Double(index) / 4), pixels = gif.pixels(ofFrame: index)
      var worst = 0
      for y in 0..<20 {
        for x in 0..<200 {
          let color = expected.pixel(x: x, y: y), alpha = Int(color.a)
          func onWhite(_ channel: UInt8) -> Int { (Int(channel) * alpha + 255 * (255 - alpha) + 127) / 255 }
          let shown = pixels[y * 200 + x]
          worst = max(worst, abs(onWhite(color.r) - Int(shown >> 16 & 0xFF)), abs(onWhite(color.g) - Int(shown >> 8 & 0xFF)), abs(onWhite(color.b) - Int(shown & 0xFF)))
        }
      }
      #expect(worst <= 8, "frame \(index): a channel off by \(worst)")
    }
  }

  @Test func aLoopingTimelineEndsOneFrameBeforeItsStartComesRound() throws {
    let looping = try String(contentsOf: document, encoding: .utf8).replacingOccurrences(of: #""repeat": "once""#, with: #""repeat": "loop""#)
    try Data(looping.utf8).write(to: document)
    try run(["render", document.path, "--animate", "--fps", "4", "--frames", path("frames")])
    let names = try FileManager.default.contentsOfDirectory(atPath: path("frames")).sorted()
    #expect(names == (1...8).map { "frame-000\($0).png" }, "0 to 1.75 s: 2 s is 0 s again")
    try run(["render", document.path, "--animate", "--fps", "4", "-o", path("loop.png")])
    let apng = try DecodedAPNG(Data(contentsOf: URL(fileURLWithPath: path("loop.png"))))
    #expect(apng.frameCount == 8 && apng.plays == 0)
  }

  @Test func withThePanelEachFrameIsTheEditorsWholeFrame() throws {
    try run(["render", document.path, "--animate", "--with-panel", "--fps", "2", "--size", "400x300", "-o", path("panel.gif")])
    let gif = try DecodedGIF(Data(contentsOf: URL(fileURLWithPath: path("panel.gif"))))
    #expect(gif.width == 400 && gif.height == 300 && gif.frames.count == 5)
    // Each frame shows its own moment: the square moves, so the frames after the first store
    // a change.
    #expect(gif.frames.dropFirst().allSatisfy { $0.width > 1 }, "\(gif.frames.map { ($0.width, $0.height) })")
    // One frame with the panel at 1 s is the editor's frame at that moment, not at 0 s.
    try run(["render", document.path, "--time", "0", "--size", "400x300", "-o", path("panel-0.png")])
    try run(["render", document.path, "--time", "1", "--size", "400x300", "-o", path("panel-1.png")])
    let start = try Data(contentsOf: URL(fileURLWithPath: path("panel-0.png"))), middle = try Data(contentsOf: URL(fileURLWithPath: path("panel-1.png")))
    #expect(start != middle)
  }

  /// WebM (VP9) and MP4 (H.264) through FFmpeg's libraries, read back with Debian's ffprobe
  /// and ffmpeg (which `make test` installs): every frame there, each as `render --time` draws
  /// it on white, within what 4:2:0 colour loses at the square's edges.
  @Test func aVideoHoldsEveryFrameAsRenderAtThatTimeDrawsIt() throws {
    for (name, codec) in [("moving.webm", "vp9"), ("moving.mp4", "h264")] {
      try run(["render", document.path, "--animate", "--fps", "4", "-o", path(name)])
      let probe = try Self.tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path(name)])
      #expect(probe == "\(codec),200,20,9", "\(name): \(probe)")
      for index in [0, 4, 8] {
        let still = path("\(name)-\(index).png")
        _ = try Self.tool("ffmpeg", ["-v", "error", "-y", "-i", path(name), "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", still])
        let decoded = try #require(PNGImage(contentsOf: URL(fileURLWithPath: still))), expected = try frame(at: Double(index) / 4)
        var total = 0, far = 0
        for y in 0..<20 {
          for x in 0..<200 {
            let color = expected.pixel(x: x, y: y), shown = decoded.pixel(x: x, y: y), alpha = Int(color.a)
            func onWhite(_ channel: UInt8) -> Int { (Int(channel) * alpha + 255 * (255 - alpha) + 127) / 255 }
            let off = max(abs(onWhite(color.r) - Int(shown.r)), abs(onWhite(color.g) - Int(shown.g)), abs(onWhite(color.b) - Int(shown.b)))
            total += off
            if off > 60 { far += 1 }
          }
        }
        #expect(Double(total) / 4000 < 6 && far < 40, "\(name) frame \(index): mean \(Double(total) / 4000), \(far) pixels far off")
      }
    }
  }

  /// Runs one of Debian's FFmpeg tools, its output trimmed.
  static func tool(_ name: String, _ arguments: [String]) throws -> String {
    let process = Process(), output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
    process.arguments = arguments
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(name) \(arguments)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func unknownFormatsAreRefusedWithWhatToWriteInstead() throws {
    for (name, message) in [("moving.bmp", "not .bmp"), ("moving", "without an extension")] {
      let outcome = try CurvesBinary.run(["render", document.path, "--animate", "-o", path(name)])
      #expect(outcome.status != 0 && outcome.error.contains(message), "\(name): \(outcome.error)")
      #expect(!FileManager.default.fileExists(atPath: path(name)))
    }
    let contradictory = try CurvesBinary.run(["render", document.path, "--animate", "--canvas-only", "--with-panel", "-o", path("x.gif")])
    #expect(contradictory.status != 0 && contradictory.error.contains("contradict"))
  }
}

extension TimelineAnimationExportTests {
  @Test func exportSVGAnimatedWritesTheTimelineAsSMILAndOnlyWhenAsked() throws {
    try run(["export-svg", document.path, "--animated", "-o", path("moving.svg")])
    let animated = try String(contentsOfFile: path("moving.svg"), encoding: .utf8)
    #expect(animated.contains(#"<animate attributeName="d" dur="2s" keyTimes="0;1" values="M 0 5 L 10 5 L 10 15 L 0 15 L 0 5 Z;M 100 5 L 110 5 L 110 15 L 100 15 L 100 5 Z""#))
    #expect(animated.contains(##"<animate attributeName="fill" dur="2s" keyTimes="0;1" values="#ff0000;#0000ff""##))
    #expect(animated.components(separatedBy: #"fill="freeze""#).count == 3, "played once, both hold their end")
    try run(["export-svg", document.path, "-o", path("still.svg")])
    #expect(try !String(contentsOfFile: path("still.svg"), encoding: .utf8).contains("<animate"))
  }
}

extension TimelineAnimationExportTests {
  /// `--drawing-only` is what an animation draws already; with `--animate` it animates.
  @Test func drawingOnlyWithAnimateStillAnimates() throws {
    try run(["render", document.path, "--animate", "--drawing-only", "--fps", "2", "-o", path("both.png")])
    let apng = try DecodedAPNG(Data(contentsOf: URL(fileURLWithPath: path("both.png"))))
    #expect(apng.frameCount == 5)
  }
}

extension TimelineAnimationExportTests {
  @Test func exportLottieWritesAShapeLayerKeyedAtTheTimelinesFrames() throws {
    try run(["export-lottie", document.path, "-o", path("moving-lottie.json")])
    let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("moving-lottie.json")))) as? [String: Any])
    #expect(json["fr"] as? Double == 30 && json["op"] as? Double == 60 && json["w"] as? Double == 200 && json["h"] as? Double == 20)
    let layer = try #require((json["layers"] as? [[String: Any]])?.first)
    #expect(layer["ty"] as? Double == 4)
    let items = try #require(((layer["shapes"] as? [[String: Any]])?.first)?["it"] as? [[String: Any]])
    let keys = try #require((items.first?["ks"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(keys.map { $0["t"] as? Double } == [0, 60])
    let refused = try CurvesBinary.run(["export-lottie", document.path, "-o", document.path])
    #expect(refused.status != 0, "never over its own input")
  }
}
