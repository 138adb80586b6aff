import ArgumentParser
import Composable
import CurveFeature
import Foundation

/// `curves render FILE -o OUT.png`: one frame with SDL's software renderer, no display.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw one frame of a document into a PNG, without a display."
  )

  @Argument(help: "The document to draw.")
  var file: String

  @Option(name: .shortAndLong, help: "The PNG to write.")
  var output: String

  @Option(help: "The frame's size in pixels, WIDTHxHEIGHT.")
  var size: String = "\(Layout.defaultWindowSize.width)x\(Layout.defaultWindowSize.height)"

  @Option(help: "The curve parameter to draw the construction at, 0...1 (to 1/100 when the document's steps cannot hit it).")
  var t: Double?

  @Option(help: "UI scale (1 = 100%, up to 4).")
  var scale: Double = 1

  func validate() throws {
    if let t, !(t.isFinite && (0...1).contains(t)) { throw ValidationError("--t must be between 0 and 1, not \(t).") }
    guard scale.isFinite, (0.5...4).contains(scale) else { throw ValidationError("--scale must be between 0.5 and 4, not \(scale).") }
    do { _ = try DocumentFiles.parseSize(size) } catch { throw ValidationError(error.description) }
  }

  func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try DocumentFiles.load(input)
    let size = try DocumentFiles.parseSize(size)
    try MainActor.assumeIsolated {
      var state = Editor.State(document: document, url: nil)
      // `t` is step / totalSteps; when the document's steps cannot hit the requested t, draw
      // with the most steps there are, so the frame shows the t asked for.
      if let t, (t * Double(state.animation.totalSteps)).rounded() != t * Double(state.animation.totalSteps) {
        state.animation.totalSteps = AnimationSettings.stepRange.upperBound
      }
      let store = Store(initialState: state) { Editor() }
      if let t { store.send(.playback(.scrub(t: t))) }
      let frame = try OffscreenFrame(width: size.width, height: size.height, scale: scale)
      let session = EditorSession(store: store, layout: .offscreen(width: size.width, height: size.height, scale: scale))
      frame.draw(session)
      try frame.savePNG(to: target)
    }
  }
}
