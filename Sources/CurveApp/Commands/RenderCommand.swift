import ArgumentParser
import Composable
import CurveFeature
import CurveRaster
import CurveRender
import CurveSVG
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
      a second (default 30): a looping GIF to -o OUT.gif, or numbered PNGs to --frames DIR. \
      With --drawing-only, the drawing alone, as an export shows it (no handles, polygons, \
      construction, panel or status line), at --size (default: the canvas's own size); FILE may \
      then be a document or an SVG drawing, imported on the fly.
      """
  )

  @Argument(help: "The document to draw (with --drawing-only, also an SVG drawing).")
  var file: String

  @Option(name: .shortAndLong, help: "The PNG (or with --animate, the GIF) to write.")
  var output: String?

  @Option(help: "The frame's size in pixels, WIDTHxHEIGHT (default 1100x750; with --drawing-only, the canvas's size).")
  var size: String?

  @Option(help: "The curve parameter to draw the construction at, 0...1 (to 1/100 when the document's steps cannot hit it).")
  var t: Double?

  @Option(help: "UI scale (1 = 100%, up to 4).")
  var scale: Double = 1

  @Flag(help: "Draw the canvas alone, without the panel and the status line (icons, thumbnails).")
  var canvasOnly = false

  @Flag(help: "Draw the drawing alone, as an export shows it: no handles, polygons, construction, panel or status line.")
  var drawingOnly = false

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
    if let size {
      do { _ = try DocumentFiles.parseSize(size, minimum: minimumSize) } catch { throw ValidationError(error.description) }
    }
    if drawingOnly {
      guard !animate, !canvasOnly, t == nil else { throw ValidationError("--drawing-only draws the drawing alone: no --animate, --canvas-only or --t.") }
    } else if SVGImport.isDrawing(URL(fileURLWithPath: file)) {
      throw ValidationError("an SVG drawing is drawn with --drawing-only; import it first (curves import-svg) to draw it in the editor's frame.")
    }
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
    if drawingOnly { return try renderDrawing(input) }
    let document = try DocumentFiles.load(input)
    let size = try DocumentFiles.parseSize(size ?? Self.defaultSize, minimum: minimumSize)
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

  private static let defaultSize = "\(Layout.defaultWindowSize.width)x\(Layout.defaultWindowSize.height)"

  private var minimumSize: (width: Int, height: Int) {
    canvasOnly || drawingOnly ? Layout.minimumCanvasOnlySize : Layout.minimumFrameSize
  }

  /// `--drawing-only`: a document, or an SVG imported on the fly (its repairs told on
  /// standard error), drawn alone.
  private func renderDrawing(_ input: URL) throws {
    let document = try SVGImport.isDrawing(input) ? DocumentFiles.importSVG(input) : DocumentFiles.load(input)
    let canvas = document.canvas
    var width = max(Int(canvas.width.rounded()), 1), height = max(Int(canvas.height.rounded()), 1)
    if let size { (width, height) = try DocumentFiles.parseSize(size, minimum: minimumSize) }
    let target = URL(fileURLWithPath: output!)
    try MainActor.assumeIsolated { [width, height] in
      try Self.writeDrawing(document, width: width, height: height, to: target)
    }
  }

  @MainActor
  private static func writeDrawing(_ document: Document, width: Int, height: Int, to target: URL) throws {
    try PNGFile.write(try DrawingRenderer(document: document, width: width, height: height).render(), to: target)
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
