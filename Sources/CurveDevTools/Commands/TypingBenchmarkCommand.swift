import ArgumentParser
import Composable
import CurveApp
import CurveCommandLine
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation

/// `curves-dev benchmark-typing [--glyphs 5000]`: a text of that many glyphs (lines of 50
/// characters, DejaVu Sans), the text tool's cursor put in its middle line, then keys typed
/// and deleted one at a time, each timed from the text input event to the finished frame
/// (the line laid out again, the drawing drawn), headless; and the process's peak memory.
/// With `CURVES_BENCH_SPLIT` set, each key's reducer and frame times too. Build in release
/// mode first.
struct TypingBenchmarkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "benchmark-typing",
    abstract: "Time frames of typing into a long text with the text tool (run a release build)."
  )

  @Option(help: "How many characters the text has.")
  var glyphs: Int = 5000

  @Option(help: "Keys typed (then as many deleted).")
  var keys: Int = 50

  @Option(help: "Frame size in pixels, WIDTHxHEIGHT.")
  var size: String = "1280x800"

  func validate() throws {
    guard glyphs >= 50, keys > 0 else { throw ValidationError("--glyphs must be at least 50 and --keys positive") }
    do { _ = try DocumentFiles.parseSize(size) } catch { throw ValidationError(error.description) }
  }

  func run() throws {
    let words = "Curves draws every glyph from its outline, quickly. "
    let lines = (0..<(glyphs / 50)).map { index in String(repeating: words, count: 2).dropFirst(index % 50).prefix(50) }
    var content = TextContent(x: 20, y: 30, size: 10, lines: lines.map { [TextContent.Span(String($0))] })
    content.lineSpacing = 1.2
    let height = Int(content.baseline(ofLine: lines.count) + 20)
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="400" height="\#(height)">\#(content.xml)</svg>"#
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let frameSize = try DocumentFiles.parseSize(size)
    let (width, frameHeight) = (frameSize.width, frameSize.height)
    try MainActor.assumeIsolated {
      let opened = ContinuousClock.now
      var state = Editor.State(document: document, url: nil)
      let openTime = (ContinuousClock.now - opened).milliseconds
      state.interaction.tool = .text
      // Ids as the window makes them.
      let store = Store(initialState: state) { Editor() } withDependencies: {
        $0.continuousClock = TestClock()
        $0.uuid = UUIDGenerator { RandomUUIDs.shared() }
      }
      let session = EditorSession(store: store, layout: .offscreen(width: width, height: frameHeight))
      let frame = try OffscreenFrame(width: width, height: frameHeight, layerWorker: .queue())
      // Into the middle line, at its end.
      let middle = lines.count / 2
      store.send(.text(.click(Point(x: 25, y: content.baseline(ofLine: middle) - 3))))
      store.send(.text(.move(.lineEnd, extending: false)))
      guard store.interaction.textCursor != nil else { throw ValidationError("the click did not go into the text") }
      frame.draw(session)
      HeadlessFrames.settle(frame, session)
      let glyphCurves = store.drawing.curves.count
      @MainActor func timed(_ event: InputEvent) -> Double {
        let clock = ContinuousClock.now
        session.handle(event)
        let reduced = ContinuousClock.now
        frame.draw(session)
        HeadlessFrames.settle(frame, session)
        if ProcessInfo.processInfo.environment["CURVES_BENCH_SPLIT"] != nil {
          print(String(format: "  reducer %.1f ms, frame %.1f ms", (reduced - clock).milliseconds, (ContinuousClock.now - reduced).milliseconds))
        }
        return (ContinuousClock.now - clock).milliseconds
      }
      let typing = (0..<keys).map { _ in timed(.text("a")) }
      let deleting = (0..<keys).map { _ in timed(.key(KeyChord("backspace"))) }
      let enter = (0..<5).map { _ in timed(.key(KeyChord("return"))) }
      print("typing into a text of \(glyphs.formatted()) characters (\(glyphCurves.formatted()) glyph curves), \(width)x\(frameHeight), event to finished frame (median / p95)")
      print(String(format: "| opening (texts laid out, made objects) | %.1f ms |", openTime))
      print("| a key typed | \(HeadlessFrames.summary(typing)) |")
      print("| Backspace | \(HeadlessFrames.summary(deleting)) |")
      print("| Enter (the lines below move) | \(HeadlessFrames.summary(enter)) |")
      print("peak memory: \(HeadlessFrames.peakResidentMegabytes()) MB")
    }
  }
}
