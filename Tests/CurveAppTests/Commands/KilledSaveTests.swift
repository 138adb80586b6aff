import CurveFeature
import Foundation
import SeededRandom
import Testing

/// A save killed at any moment (SIGKILL: no handler runs) leaves the document as it was or as
/// it was being saved, never a file that does not decode.
struct KilledSaveTests {
  /// An SVG of `count` cubic paths, so writing its document takes a while.
  static func svg(paths count: Int, offset: Double) -> String {
    let paths = (0..<count).map { index in
      let x = Double(index % 60) * 13 + offset, y = Double(index / 60) * 11
      return #"<path d="M \#(x) \#(y) C \#(x + 5) \#(y - 9) \#(x + 9) \#(y + 9) \#(x + 12) \#(y)"/>"#
    }
    return #"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">"# + paths.joined() + "</svg>"
  }

  @Test(.timeLimit(.minutes(5)))
  func aKilledSaveLeavesTheOldOrTheNewDocument() throws {
    let work = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let sources = [work.appendingPathComponent("a.svg"), work.appendingPathComponent("b.svg")]
    try Data(Self.svg(paths: 2000, offset: 0).utf8).write(to: sources[0])
    try Data(Self.svg(paths: 3000, offset: 1).utf8).write(to: sources[1])
    let target = work.appendingPathComponent("drawing.json")
    let first = try CurvesBinary.run(["import-svg", sources[0].path, "-o", target.path])
    try #require(first.status == 0, "\(first.error)")
    // The moments are within how long a whole import takes here and now, measured: a fixed
    // range killed too few on a quiet machine (where the import is quick) and too many on a
    // loaded one.
    let clock = ContinuousClock()
    let whole = try clock.measure {
      let run = try CurvesBinary.run(["import-svg", sources[1].path, "-o", target.path])
      try #require(run.status == 0, "\(run.error)")
    }
    let longest = max(Int(whole / .milliseconds(1)) * 6 / 5, 20)
    var random = SplitMix64(seed: 15)
    var killed = 0, finished = 0
    for round in 0..<40 {
      let delay = Int.random(in: 5...longest, using: &random)
      let run = try ChildProcess.run(
        CurvesBinary.url.path, ["import-svg", sources[round % 2 == 0 ? 1 : 0].path, "-o", target.path], timeout: .milliseconds(delay)
      )
      if run.timedOut { killed += 1 } else { finished += 1 }
      let document = try Document.decode(Data(contentsOf: target))
      #expect([2000, 3000].contains(document.curves.count), "round \(round), killed after \(delay) ms")
    }
    #expect(killed > 5, "most saves were killed part way (\(killed) of 40)")
    #expect(finished > 0, "some finished (\(finished) of 40)")
  }
}
