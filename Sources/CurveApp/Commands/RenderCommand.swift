import ArgumentParser
import Composable
import CurveCommandLine
import CurveFeature
import CurveRaster
import CurveRender
import CurveSVG
import Foundation

/// `curves render FILE -o OUT.png`: one frame drawn by our rasterizer, no display;
/// with `--animate`, the timeline (or one sweep of the construction) as a GIF, an animated
/// PNG or numbered PNGs (`AnimationExport`);
/// with `--drawing-only`, the drawing alone (`DrawingRender`).
struct RenderCommand: ParsableCommand {
  static let configuration = RenderOptions.configuration

  @OptionGroup var options: RenderOptions

  func run() throws {
    if options.outputDir != nil { return try options.drawingRender.run() }
    let input = URL(fileURLWithPath: options.file)
    let targets = [options.output, options.frames].compactMap { $0 }.map { URL(fileURLWithPath: $0) }
    for target in targets { try DocumentFiles.checkOutput(target, isNotAnyOf: [input]) }
    if options.drawingOnly && !options.animate { return try options.drawingRender.renderDrawing(input) }
    // The editor's frames show the timeline's moment themselves (`Editor.State.show`).
    let document = try DocumentFiles.load(input)
    try MainActor.assumeIsolated {
      if options.animate {
        let size = try options.size.map { try DocumentFiles.parseSize($0, minimum: options.minimumSize) }
          ?? (options.withPanel ? Self.defaultFrame : AnimationExport.canvasFrame(of: document))
        let export = try AnimationExport(
          state: Editor.State(document: document, url: input), width: size.width, height: size.height, scale: options.scale,
          fps: options.fps, seconds: options.duration, withPanel: options.withPanel
        )
        if let frames = options.frames {
          try export.writePNGs(to: URL(fileURLWithPath: frames))
        } else if let output = options.output {
          switch try RenderOptions.animationFormat(of: output) {
          case .gif: try DocumentFiles.write(export.gif(), to: URL(fileURLWithPath: output))
          case .apng: try DocumentFiles.write(export.apng(), to: URL(fileURLWithPath: output))
          case .video: try export.writeVideo(to: URL(fileURLWithPath: output))
          }
        }
        return
      }
      let size = try DocumentFiles.parseSize(options.size ?? Self.defaultSize, minimum: options.minimumSize)
      var state = Editor.State(document: document, url: nil)
      if let time = options.time, let timeline = state.drawing.timeline { state.show(time: timeline.localTime(time)) }
      // In steps mode `t` is step / totalSteps; when the document's steps cannot hit the
      // requested t, draw with the most steps there are, so the frame shows the t asked for.
      if let t = options.t, state.drawing.animation.mode == .steps,
        (t * Double(state.drawing.animation.totalSteps)).rounded() != t * Double(state.drawing.animation.totalSteps) {
        state.drawing.animation.totalSteps = AnimationSettings.stepRange.upperBound
      }
      let store = Store(initialState: state) { Editor() }
      if let t = options.t { store.send(.animation(.scrub(t: t))) }
      let frame = try OffscreenFrame(width: size.width, height: size.height, scale: options.scale)
      var layout = Layout.offscreen(width: size.width, height: size.height, scale: options.scale)
      layout.hasChrome = !options.canvasOnly
      let session = EditorSession(store: store, layout: layout)
      // The canvas alone fills the frame, scaled up or down.
      if options.canvasOnly { store.send(.viewport(.fit)) }
      frame.draw(session)
      try frame.savePNG(to: URL(fileURLWithPath: options.output!))
    }
  }

  private static let defaultSize = "\(Layout.defaultWindowSize.width)x\(Layout.defaultWindowSize.height)"
  private static let defaultFrame = (width: Int(Layout.defaultWindowSize.width), height: Int(Layout.defaultWindowSize.height))
}
