import Composable
import CurveCommandLine
import CurveExport
import CurveFeature
import CurveRaster
import CurveRender
import Foundation

/// A document's animation as frames: its timeline when it has one, else one sweep of the
/// construction. `curves render --animate` writes them as a GIF, an APNG, a video or numbered PNGs;
/// Ctrl+G as a GIF beside the document.
///
/// ```swift
/// let gif = try AnimationExport(state: state, width: 800, height: 600, fps: 30).gif()
/// ```
///
/// A timeline's frame i is drawn at i / fps seconds exactly as `curves render --time` draws
/// it: the drawing alone (`--drawing-only`), or with `withPanel` the editor's whole frame. A
/// looping timeline is one cycle (a bouncing one, there and back), its last frame one step
/// before the first comes round again; one played once ends on its last moment. A sweep's
/// frame i of n is the construction at t = i / (n - 1) (by arc length when the document says
/// so), so it runs from 0 to 1; the canvas alone unless `withPanel`.
///
/// The editor's frames (a sweep, or the panel) are drawn on the main actor; a timeline's
/// drawing alone can be encoded anywhere (`gif(progress:)`), so the window's export runs in
/// the background.
struct AnimationExport: Sendable {
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
  let withPanel: Bool
  /// The document's timeline, when it has one: what is exported instead of the sweep.
  let timeline: Timeline?

  /// `fps` and `seconds` default to the timeline's (one cycle) or the sweep's.
  init(
    state: Editor.State, width: Int, height: Int, scale: Double = 1, fps: Int? = nil, seconds: Double? = nil, withPanel: Bool = false
  ) throws(CommandLineError) {
    let timeline = state.drawing.timeline.flatMap { $0.duration > 0 ? $0 : nil }
    // A timeline's own rate and length, held to what an export draws (its first minute, at
    // most 60 frames a second); what is asked for explicitly must be within them.
    let fps = fps ?? timeline.map { min(max(Int($0.fps.rounded()), Self.fpsRange.lowerBound), Self.fpsRange.upperBound) } ?? 30
    guard Self.fpsRange.contains(fps) else { throw .framesPerSecond(fps) }
    let seconds = seconds ?? timeline.map { min($0.repeat == .pingPong ? 2 * $0.duration : $0.duration, Self.secondsRange.upperBound) }
      // The document's own sweep when smooth; 3 s for a steps document.
      ?? (state.drawing.animation.mode == .smooth ? state.drawing.animation.duration : 3)
    guard seconds.isFinite, Self.secondsRange.contains(seconds) else {
      throw .duration(seconds)
    }
    self.state = state
    self.width = width
    self.height = height
    self.scale = scale
    self.fps = fps
    self.seconds = seconds
    self.withPanel = withPanel
    self.timeline = timeline
    guard frameCount * width * height <= Self.maximumPixels else {
      throw .animationTooLarge(frames: frameCount, width: width, height: height)
    }
  }

  /// The canvas's own size in pixels, at least an icon's: a timeline's frame without the panel.
  static func canvasFrame(of document: Document) -> (width: Int, height: Int) {
    let smallest = DocumentFiles.smallestCanvasFrame, largest = RenderError.largestFrame
    func side(_ length: Double, _ low: Int, _ high: Int) -> Int { min(max(Int(length.rounded()), low), high) }
    return (side(document.canvas.width, smallest.width, largest.width), side(document.canvas.height, smallest.height, largest.height))
  }

  /// Whether players go round again after the last frame.
  var loops: Bool { timeline.map { $0.repeat != .once } ?? true }

  var frameCount: Int {
    let steps = Int((Double(fps) * seconds).rounded())
    guard timeline != nil else { return max(steps, 2) }
    // Played once, the last frame is the end itself (`time(ofFrame:)` holds it there).
    return loops ? max(steps, 1) : Int((Double(fps) * seconds).rounded(.up)) + 1
  }

  /// The seconds into the timeline frame `index` shows.
  func time(ofFrame index: Int) -> Double { min(Double(index) / Double(fps), seconds) }

  /// Whether the frames are the drawing alone, off the main actor (`gif(progress:)`).
  var drawsOffMainActor: Bool { timeline != nil && !withPanel }

  /// Draws each frame and hands it to `body` with its index, as straight (not premultiplied)
  /// ARGB.
  @MainActor
  func forEachFrame(_ body: (PixelBuffer, Int) throws -> Void) throws {
    try forEachFrame(prepared: { $0.unpremultiplied() }, body)
  }

  /// Draws each frame, readies it for its encoder with `prepare` (which is given premultiplied
  /// ARGB), and hands it to `body` with its index, in order. A timeline's frames are drawn and
  /// readied on every core, ahead of the one `body` has (`FramePipeline`); the editor's frames
  /// one at a time.
  @MainActor
  func forEachFrame<Frame>(prepared prepare: @escaping @Sendable (PixelBuffer) throws -> Frame, _ body: (Frame, Int) throws -> Void) throws {
    if drawsOffMainActor {
      try forEachTimelineFrame(prepared: prepare, body)
      return
    }
    let frames = try EditorFrames(self)
    for index in 0..<frameCount { try body(try prepare(frames.image(index)), index) }
  }

  /// Each frame in order, wherever it is called from: a timeline's drawing alone on every
  /// core, the editor's frames one at a time on the main actor, the window handling its events
  /// between them. Stops when the task is cancelled.
  func forEachFrameInTurn<Frame>(prepared prepare: @escaping @Sendable (PixelBuffer) throws -> Frame, _ body: (Frame, Int) throws -> Void) async throws {
    if drawsOffMainActor {
      try forEachTimelineFrame(prepared: prepare) { frame, index in
        try Task.checkCancellation()
        try body(frame, index)
      }
      return
    }
    let frames = try await MainActor.run { try EditorFrames(self) }
    for index in 0..<frameCount {
      try Task.checkCancellation()
      let image = try await frames.image(index)
      try body(try prepare(image), index)
    }
  }

  /// A timeline's drawing, frame by frame, on every core (`FramePipeline`), wherever it is
  /// called from: the drawing alone needs nothing of the main actor.
  func forEachTimelineFrame<Frame>(prepared prepare: @escaping @Sendable (PixelBuffer) throws -> Frame, _ body: (Frame, Int) throws -> Void) throws {
    guard let timeline else { return }
    // Made to correspond once, not for every frame.
    let document = Document(state).corresponded()
    try FramePipeline.run(count: frameCount, make: { [self] index in
      let time = time(ofFrame: index)
      let frame = document.frameOfCorresponded(atLocalTime: timeline.localTime(time))
      let renderer = DrawingRenderer(document: frame, width: width, height: height, viewBox: document.viewBox(at: time))
      return try prepare(try renderer.renderPremultiplied())
    }, use: body)
  }

  /// A GIF at `fps` (GIF delays are in hundredths of a second), looping unless the timeline
  /// plays once. GIF has no partial transparency, so a transparent page is drawn on white.
  @MainActor
  func gif() throws -> Data {
    var frames: [GIFFrame] = []
    try forEachFrame(prepared: gifFrame) { frame, _ in frames.append(frame) }
    return try encodeGIF(frames)
  }

  /// The GIF in the background (the window's export): `progress` hears each frame done (and
  /// the frame count); it throws to stop, and so does a cancelled task.
  func gif(progress: (_ done: Int, _ count: Int) throws -> Void) async throws -> Data {
    var frames: [GIFFrame] = []
    let count = frameCount
    try await forEachFrameInTurn(prepared: gifFrame) { frame, index in
      frames.append(frame)
      try progress(index + 1, count)
    }
    return try encodeGIF(frames)
  }

  /// The APNG in the background, as `gif(progress:)`.
  func apng(progress: (_ done: Int, _ count: Int) throws -> Void) async throws -> Data {
    var writer = APNGWriter(width: width, height: height, frameCount: frameCount, plays: loops ? 0 : 1, framesPerSecond: fps)
    let count = frameCount
    try await forEachFrameInTurn(prepared: { $0.unpremultiplied() }) { image, index in
      try writer.append(image)
      try progress(index + 1, count)
    }
    return writer.data
  }

  /// The video in the background, as `gif(progress:)`; a stopped one leaves no file.
  func writeVideo(to url: URL, progress: (_ done: Int, _ count: Int) throws -> Void) async throws {
    let count = frameCount
    let partial = Self.partialURL(for: url)
    defer { try? FileManager.default.removeItem(at: partial) }
    let writer = try VideoWriter(url: partial, width: width, height: height, framesPerSecond: fps)
    try await forEachFrameInTurn(prepared: Self.onWhite) { bytes, index in
      try writer.append(bgra: bytes)
      try progress(index + 1, count)
    }
    try writer.finish()
    try Self.move(partial, to: url)
  }

  private var gifFrame: @Sendable (PixelBuffer) throws -> GIFFrame {
    { [width, height] image in try GIFFrame(width: width, height: height, pixels: Self.onWhite(image), order: .bgra) }
  }

  private func encodeGIF(_ frames: [GIFFrame]) throws -> Data {
    try GIFEncoder.encode(frames: frames, delayCentiseconds: max(Int((100 / Double(fps)).rounded()), 1), loop: loops ? .forever : .once)
  }

  /// An animated PNG at `fps`, looping unless the timeline plays once; transparent where the
  /// drawing is.
  @MainActor
  func apng() throws -> Data {
    var writer = APNGWriter(width: width, height: height, frameCount: frameCount, plays: loops ? 0 : 1, framesPerSecond: fps)
    try forEachFrame { image, _ in try writer.append(image) }
    return writer.data
  }

  /// A video at `fps` (`VideoWriter`: WebM or MP4 by `url`'s extension), laid on white as a
  /// GIF is. Written beside `url` first and moved there when whole, so a failure leaves what
  /// was there.
  @MainActor
  func writeVideo(to url: URL) throws {
    let partial = Self.partialURL(for: url)
    defer { try? FileManager.default.removeItem(at: partial) }
    let writer = try VideoWriter(url: partial, width: width, height: height, framesPerSecond: fps)
    try forEachFrame(prepared: Self.onWhite) { bytes, _ in try writer.append(bgra: bytes) }
    try writer.finish()
    try Self.move(partial, to: url)
  }

  /// Where a video is written until it is whole: `.NAME.partial.EXT` beside `url`.
  static func partialURL(for url: URL) -> URL {
    url.deletingLastPathComponent().appendingPathComponent(".\(url.deletingPathExtension().lastPathComponent).partial.\(url.pathExtension)")
  }

  /// `partial` in `url`'s place, in one step (rename(2) replaces what was there).
  static func move(_ partial: URL, to url: URL) throws {
    guard rename(partial.path, url.path) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
    }
  }

  /// Numbered PNGs, `frame-0001.png` on, in `directory` (made if missing).
  @MainActor
  func writePNGs(to directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let digits = max(String(frameCount).count, 4)
    try forEachFrame { image, index in
      let number = String(index + 1)
      try PNGFile.write(image, to: directory.appendingPathComponent("frame-\(String(repeating: "0", count: digits - number.count))\(number).png"))
    }
  }

  /// `image`'s premultiplied ARGB laid over white, as bytes B, G, R, A: each channel plus
  /// what the pixel leaves uncovered.
  static func onWhite(_ image: PixelBuffer) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: image.pixels.count * 4) { bytes, count in
      image.pixels.withUnsafeBufferPointer { pixels in
        for (index, pixel) in pixels.enumerated() {
          let uncovered = 255 - pixel >> 24
          bytes[4 * index] = UInt8(truncatingIfNeeded: min((pixel & 0xFF) + uncovered, 255))
          bytes[4 * index + 1] = UInt8(truncatingIfNeeded: min((pixel >> 8 & 0xFF) + uncovered, 255))
          bytes[4 * index + 2] = UInt8(truncatingIfNeeded: min((pixel >> 16 & 0xFF) + uncovered, 255))
          bytes[4 * index + 3] = 255
        }
      }
      count = image.pixels.count * 4
    }
  }
}

/// The editor's frames of an export (a construction's sweep, or a timeline with the panel),
/// drawn one at a time on the main actor, as the window draws.
@MainActor
final class EditorFrames {
  private let export: AnimationExport
  private let frame: OffscreenFrame
  private let layout: Layout
  /// The sweep's store and session (a timeline's frames each have their own).
  private let sweep: (store: StoreOf<Editor>, session: EditorSession)?

  init(_ export: AnimationExport) throws {
    self.export = export
    frame = try OffscreenFrame(width: export.width, height: export.height, scale: export.scale)
    var layout = Layout.offscreen(width: export.width, height: export.height, scale: export.scale)
    layout.hasChrome = export.withPanel
    self.layout = layout
    guard export.timeline == nil else {
      sweep = nil
      return
    }
    var animated = export.state
    // Smooth playback puts t exactly where each frame needs it; the document is not changed.
    animated.drawing.animation.mode = .smooth
    animated.drawing.animation.isPlaying = false
    let store = Store(initialState: animated) { Editor() }
    let session = EditorSession(store: store, layout: layout)
    if !export.withPanel { store.send(.viewport(.fit)) }
    sweep = (store, session)
  }

  /// Frame `index`, premultiplied.
  func image(_ index: Int) throws -> PixelBuffer {
    if let sweep {
      sweep.store.send(.animation(.scrub(t: Double(index) / Double(export.frameCount - 1))))
      frame.draw(sweep.session)
    } else if let timeline = export.timeline {
      var moment = export.state
      moment.show(time: timeline.localTime(export.time(ofFrame: index)))
      let store = Store(initialState: moment) { Editor() }
      frame.draw(EditorSession(store: store, layout: layout))
    }
    return frame.image
  }
}
