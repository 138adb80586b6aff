import Composable
import CurveCommandLine
import CurveFeature
import Foundation

/// One sweep of the construction as frames: what `curves render --animate` writes as a GIF or
/// as numbered PNGs, and Ctrl+G as a GIF beside the document.
///
/// ```swift
/// let gif = try AnimationExport(state: state, width: 1100, height: 750, fps: 30, seconds: 3).gif()
/// ```
///
/// Frame i of n is drawn exactly as `curves render --t` draws t = i / (n - 1) (by arc length
/// when the document says so), so the sweep runs from 0 to 1 and the GIF loops.
@MainActor
struct AnimationExport {
  static let fpsRange = 1...60
  static let secondsRange = 0.1...60.0
  /// The most pixels held for one GIF (its palette is fitted to every frame at once):
  /// 90 frames of 1100x750 are a quarter of it.
  static let maximumPixels = 300_000_000

  let state: Editor.State
  let width: Int
  let height: Int
  let scale: Double
  let fps: Int
  let seconds: Double

  init(state: Editor.State, width: Int, height: Int, scale: Double = 1, fps: Int = 30, seconds: Double? = nil) throws(CommandLineError) {
    guard Self.fpsRange.contains(fps) else { throw .framesPerSecond(fps) }
    // The document's own sweep when smooth; 3 s for a steps document.
    let seconds = seconds ?? (state.drawing.animation.mode == .smooth ? state.drawing.animation.duration : 3)
    guard seconds.isFinite, Self.secondsRange.contains(seconds) else {
      throw .duration(seconds)
    }
    self.state = state
    self.width = width
    self.height = height
    self.scale = scale
    self.fps = fps
    self.seconds = seconds
    guard frameCount * width * height <= Self.maximumPixels else {
      throw .animationTooLarge(frames: frameCount, width: width, height: height)
    }
  }

  var frameCount: Int { max(Int((Double(fps) * seconds).rounded()), 2) }

  /// Draws each frame and hands it to `body` with its index.
  func forEachFrame(_ body: (OffscreenFrame, Int) throws -> Void) throws {
    var animated = state
    // Smooth playback puts t exactly where each frame needs it; the document is not changed.
    animated.drawing.animation.mode = .smooth
    animated.drawing.animation.isPlaying = false
    let store = Store(initialState: animated) { Editor() }
    let frame = try OffscreenFrame(width: width, height: height, scale: scale)
    let session = EditorSession(store: store, layout: .offscreen(width: width, height: height, scale: scale))
    for index in 0..<frameCount {
      store.send(.animation(.scrub(t: Double(index) / Double(frameCount - 1))))
      frame.draw(session)
      try body(frame, index)
    }
  }

  /// A looping GIF of the sweep, at `fps` (GIF delays are in hundredths of a second).
  func gif() throws -> Data {
    var frames: [GIFFrame] = []
    try forEachFrame { frame, _ in
      frames.append(try GIFFrame(width: width, height: height, pixels: frame.pixelBytes(), order: .bgra))
    }
    return try GIFEncoder.encode(frames: frames, delayCentiseconds: max(Int((100 / Double(fps)).rounded()), 1))
  }

  /// Numbered PNGs, `frame-0001.png` on, in `directory` (made if missing).
  func writePNGs(to directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let digits = max(String(frameCount).count, 4)
    try forEachFrame { frame, index in
      let number = String(index + 1)
      try frame.savePNG(to: directory.appendingPathComponent("frame-\(String(repeating: "0", count: digits - number.count))\(number).png"))
    }
  }
}
