import ArgumentParser
import Composable
import CurveFeature
import Foundation

/// `curves render FILE -o OUT.png`: one frame drawn by our rasterizer, no display;
/// with `--animate`, one sweep of the construction as a looping GIF or as numbered PNGs.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw a document into a PNG, or its animation into a GIF, without a display.",
    discussion: """
      With --animate, one sweep of t from 0 to 1 (by arc length when the document says so) over \
      --duration seconds (default: the document's duration, or 3 s in steps mode) at --fps frames \
      a second (default 30): a looping GIF to -o OUT.gif, or numbered PNGs to --frames DIR.
      """
  )

  @Argument(help: "The document to draw.")
  var file: String

  @Option(name: .shortAndLong, help: "The PNG (or with --animate, the GIF) to write.")
  var output: String?

  @Option(help: "The frame's size in pixels, WIDTHxHEIGHT.")
  var size: String = "\(Layout.defaultWindowSize.width)x\(Layout.defaultWindowSize.height)"

  @Option(help: "The curve parameter to draw the construction at, 0...1 (to 1/100 when the document's steps cannot hit it).")
  var t: Double?

  @Option(help: "UI scale (1 = 100%, up to 4).")
  var scale: Double = 1

  @Flag(help: "Draw the canvas alone, without the panel and the status line (icons, thumbnails).")
  var canvasOnly = false

  @Flag(help: "Draw one sweep of the animation instead of one frame.")
  var animate = false

  @Option(help: "Frames a second of the animation (1...60).")
  var fps: Int = 30

  @Option(help: "Seconds the animation's sweep takes (0.1...60).")
  var duration: Double?

  @Option(help: "With --animate: write numbered PNGs into this directory instead of a GIF.")
  var frames: String?

  func validate() throws {
    if let t, !(t.isFinite && (0...1).contains(t)) { throw ValidationError("--t must be between 0 and 1, not \(t).") }
    guard scale.isFinite, (0.5...4).contains(scale) else { throw ValidationError("--scale must be between 0.5 and 4, not \(scale).") }
    do { _ = try DocumentFiles.parseSize(size, minimum: canvasOnly ? Layout.minimumCanvasOnlySize : Layout.minimumFrameSize) } catch { throw ValidationError(error.description) }
    if animate {
      guard output != nil || frames != nil else { throw ValidationError("--animate needs -o OUT.gif or --frames DIR.") }
      guard t == nil else { throw ValidationError("--t draws one frame; --animate draws them all. Give one of them.") }
      guard !canvasOnly else { throw ValidationError("--canvas-only draws one frame, not an animation.") }
    } else {
      guard output != nil else { throw ValidationError("give -o OUT.png.") }
      guard frames == nil, duration == nil else { throw ValidationError("--frames and --duration go with --animate.") }
    }
  }

  func run() throws {
    let input = URL(fileURLWithPath: file)
    let targets = [output, frames].compactMap { $0 }.map { URL(fileURLWithPath: $0) }
    for target in targets { try DocumentFiles.checkOutput(target, isNotAnyOf: [input]) }
    let document = try DocumentFiles.load(input)
    let size = try DocumentFiles.parseSize(size, minimum: canvasOnly ? Layout.minimumCanvasOnlySize : Layout.minimumFrameSize)
    try MainActor.assumeIsolated {
      if animate {
        let export = try AnimationExport(
          state: Editor.State(document: document, url: nil), width: size.width, height: size.height, scale: scale,
          fps: fps, seconds: duration
        )
        if let frames {
          try export.writePNGs(to: URL(fileURLWithPath: frames))
        } else if let output {
          try Self.write(export.gif(), to: URL(fileURLWithPath: output))
        }
        return
      }
      var state = Editor.State(document: document, url: nil)
      // In steps mode `t` is step / totalSteps; when the document's steps cannot hit the
      // requested t, draw with the most steps there are, so the frame shows the t asked for.
      if let t, state.drawing.animation.mode == .steps,
        (t * Double(state.drawing.animation.totalSteps)).rounded() != t * Double(state.drawing.animation.totalSteps) {
        state.drawing.animation.totalSteps = AnimationSettings.stepRange.upperBound
      }
      let store = Store(initialState: state) { Editor() }
      if let t { store.send(.animation(.scrub(t: t))) }
      let frame = try OffscreenFrame(width: size.width, height: size.height, scale: scale)
      var layout = Layout.offscreen(width: size.width, height: size.height, scale: scale)
      layout.hasChrome = !canvasOnly
      let session = EditorSession(store: store, layout: layout)
      // The canvas alone fills the frame, scaled up or down.
      if canvasOnly { store.send(.viewport(.fit)) }
      frame.draw(session)
      try frame.savePNG(to: URL(fileURLWithPath: output!))
    }
  }

  private static func write(_ data: @autoclosure () throws -> Data, to url: URL) throws {
    let bytes = try data()
    do {
      try FileSystemClient.liveValue.writeAtomically(bytes, url)
    } catch {
      throw FileError.cannotWrite(path: url.path, reason: error.localizedDescription)
    }
  }
}
