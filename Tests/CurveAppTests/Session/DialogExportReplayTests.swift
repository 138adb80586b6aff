import Foundation
import Testing

/// The export dialog through `curves replay`, writing beside the document as the window does:
/// a PNG of the page at 48 dpi (half the canvas's size), the timeline as an APNG, and Lottie.
struct DialogExportReplayTests {
  /// The document fuzz corpus's timeline (2 s at 30 fps, played once), replayed with
  /// `keys` after Ctrl+Shift+E; the directory it was written in.
  static func export(_ keys: [String], text: String? = nil) throws -> URL {
    let directory = try makeTemporaryDirectory()
    try FileManager.default.copyItem(
      at: CurvesBinary.packageRoot.appendingPathComponent("Fuzz/Corpus/document/v4-timeline"), to: directory.appendingPathComponent("anim.json"))
    var lines = [#"{"type":"key","key":"ctrl+shift+e"}"#] + keys.map { #"{"type":"key","key":"\#($0)"}"# }
    if let text { lines.insert(#"{"type":"text","text":"\#(text)"}"#, at: lines.count - 1) }
    try Data(lines.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("events.jsonl"))
    let run = try CurvesBinary.run(["replay", "anim.json", "--events", "events.jsonl", "--state", "state.json"], in: directory)
    try #require(run.status == 0, "\(run.error)")
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
    #expect(state["exportDialog"] is NSNull && state["exporting"] is NSNull)
    return directory
  }

  static func size(ofPNG data: Data) -> [UInt8] { Array(data[16..<24]) }

  @Test func aPNGOfThePageAtHalfTheResolution() throws {
    let canvas = try JSONSerialization.jsonObject(
      with: Data(contentsOf: CurvesBinary.packageRoot.appendingPathComponent("Fuzz/Corpus/document/v4-timeline"))) as! [String: Any]
    let size = canvas["canvas"] as! [String: Double]
    let directory = try Self.export(["tab", "tab", "backspace", "backspace", "return"], text: "48")
    let png = try Data(contentsOf: directory.appendingPathComponent("anim.png"))
    let width = Int(size["width"]! / 2), height = Int(size["height"]! / 2)
    #expect(Self.size(ofPNG: png) == [0, 0, UInt8(width >> 8), UInt8(width & 255), 0, 0, UInt8(height >> 8), UInt8(height & 255)])
  }

  @Test func theTimelineAsAnAPNG() throws {
    let directory = try Self.export(["right", "right", "right", "right", "return"])
    let apng = try Data(contentsOf: directory.appendingPathComponent("anim-animation.png"))
    #expect(apng.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // acTL, the animation control chunk, says 61 frames: 2 s at 30 fps played once, and the
    // end itself; and 1 play.
    let acTL = try #require(apng.firstRange(of: Data("acTL".utf8)))
    #expect(Array(apng[acTL.upperBound..<acTL.upperBound + 8]) == [0, 0, 0, 61, 0, 0, 0, 1])
  }

  @Test func theTimelineAsLottie() throws {
    let directory = try Self.export(["left", "return"])
    let lottie = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("anim-lottie.json"))) as! [String: Any]
    #expect(lottie["fr"] as? Double == 30 && lottie["op"] as? Double == 60)
  }
}
