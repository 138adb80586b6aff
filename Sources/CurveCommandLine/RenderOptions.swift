import ArgumentParser
import CurveDocument
import CurveRender
import CurveSVG
import FoundationEssentials
import Glibc

/// What `curves render` takes, and the part of it that needs no editor: `--drawing-only`,
/// the drawing alone. The editor's frames (the default, `--canvas-only`, `--animate`) are
/// drawn by the editor's `RenderCommand`, which shares these options.
package struct RenderOptions: ParsableArguments {
  /// `render`, as both commands name and describe it.
  package static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw a document into a PNG, or its animation into a GIF or an APNG, without a display.",
    discussion: """
      With --animate, the document's timeline (one cycle, the drawing alone, at the timeline's \
      frames a second) or, when it has none, one sweep of t from 0 to 1 (by arc length when the \
      document says so; the canvas alone) over --duration seconds (default: the document's \
      duration, or 3 s in steps mode) at --fps frames a second (default 30); --with-panel draws \
      the editor's whole frame instead. -o OUT.gif writes a GIF, -o OUT.png or OUT.apng an \
      animated PNG, --frames DIR numbered PNGs. \
      With --drawing-only, the drawing alone, as an export shows it (no handles, polygons, \
      construction, panel or status line), at --size (default: the canvas's own size); FILE may \
      then be a document or an SVG drawing, imported on the fly. \
      With --output-dir DIR, each of several FILEs (or a directory's drawings, or a .txt list \
      of them) drawn so, to DIR/NAME.png, on every core; one that fails is reported and the \
      rest drawn (exit status 1).
      """
  )

  @Argument(help: "The document to draw (with --drawing-only, also an SVG drawing); with --output-dir, any number, directories and .txt lists.")
  package var files: [String] = []

  /// The one document drawn (without `--output-dir`).
  package var file: String { files.first ?? "" }

  @Option(help: "Draw each FILE alone (as --drawing-only does) into this directory, as NAME.png.")
  package var outputDir: String?

  @Option(help: "With --drawing-only or --output-dir: the width in pixels, the height in the drawing's proportions (rounded up, the drawing at the top, as rsvg-convert -w draws it).")
  package var width: Int?

  @Option(name: .shortAndLong, help: "The PNG (or with --animate, the GIF, or the animated PNG: .png or .apng) to write.")
  package var output: String?

  @Option(help: "The frame's size in pixels, WIDTHxHEIGHT (default 1100x750; with --drawing-only, the canvas's size).")
  package var size: String?

  @Option(help: "The curve parameter to draw the construction at, 0...1 (to 1/100 when the document's steps cannot hit it).")
  package var t: Double?

  @Option(help: "UI scale (1 = 100%, up to 4).")
  package var scale: Double = 1

  @Flag(help: "Draw the canvas alone, without the panel and the status line (icons, thumbnails).")
  package var canvasOnly = false

  @Flag(help: "Draw the drawing alone, as an export shows it: no handles, polygons, construction, panel or status line.")
  package var drawingOnly = false

  @Flag(help: "Draw one sweep of the animation instead of one frame.")
  package var animate = false

  @Option(help: "Frames a second of the animation, 1...60 (default: the timeline's, or 30).")
  package var fps: Int?

  @Flag(help: "With --animate: draw the editor's whole frame (panel and status line), not the drawing or canvas alone.")
  package var withPanel = false

  @Option(help: "Seconds the animation's sweep takes (0.1...60).")
  package var duration: Double?

  @Option(help: "With --animate: write numbered PNGs into this directory instead of a GIF.")
  package var frames: String?

  @Option(help: "Seconds into the document's timeline: draw the drawing as it is then (looped or held as the timeline says).")
  package var time: Double?

  package init() {}

  package func validate() throws {
    guard !files.isEmpty else { throw ValidationError("give the document to draw.") }
    if let width, !(1...RenderError.largestFrame.width).contains(width) {
      throw ValidationError("--width must be between 1 and \(RenderError.largestFrame.width), not \(width).")
    }
    guard width == nil || size == nil else { throw ValidationError("--width and --size both give the size; give one of them.") }
    if outputDir != nil {
      guard !animate, output == nil, frames == nil, t == nil, !canvasOnly, !withPanel else {
        throw ValidationError("--output-dir draws each drawing alone, one PNG a file: no --animate, -o, --frames, --t, --canvas-only or --with-panel.")
      }
      if let size { _ = try DocumentFiles.parseSize(size, minimum: DocumentFiles.smallestCanvasFrame) }
      return
    }
    guard !FileBatch.namesMany(files) else { throw ValidationError("several files (or a directory's) are drawn with --output-dir DIR.") }
    guard width == nil || drawingOnly else { throw ValidationError("--width goes with --drawing-only or --output-dir.") }
    if let t, !(t.isFinite && (0...1).contains(t)) { throw ValidationError("--t must be between 0 and 1, not \(t).") }
    if let time {
      guard time.isFinite, time >= 0 else { throw ValidationError("--time must be a number of seconds, 0 or more, not \(time).") }
      guard !animate else { throw ValidationError("--time draws one frame; --animate draws them all. Give one of them.") }
    }
    guard scale.isFinite, (0.5...4).contains(scale) else { throw ValidationError("--scale must be between 0.5 and 4, not \(scale).") }
    if let size {
      do { _ = try DocumentFiles.parseSize(size, minimum: minimumSize) } catch { throw ValidationError(error.description) }
    }
    if drawingOnly {
      guard !canvasOnly, t == nil, !withPanel else { throw ValidationError("--drawing-only draws the drawing alone: no --canvas-only, --with-panel or --t.") }
    } else if SVGImport.isDrawing(URL(fileURLWithPath: file)) {
      throw ValidationError("an SVG drawing is drawn with --drawing-only; import it first (curves import-svg) to draw it in the editor's frame.")
    }
    if animate {
      guard output != nil || frames != nil else { throw ValidationError("--animate needs -o OUT.gif, -o OUT.png (animated PNG) or --frames DIR.") }
      guard t == nil else { throw ValidationError("--t draws one frame; --animate draws them all. Give one of them.") }
      guard !(canvasOnly && withPanel) else { throw ValidationError("--canvas-only and --with-panel contradict each other; give one of them.") }
      if let output { _ = try Self.animationFormat(of: output) }
    } else {
      guard output != nil else { throw ValidationError("give -o OUT.png.") }
      guard frames == nil, duration == nil, fps == nil, !withPanel else { throw ValidationError("--frames, --duration, --fps and --with-panel go with --animate.") }
    }
  }

  /// How `--animate` writes `-o`, by its extension.
  package enum AnimationFormat: Equatable, Sendable {
    case gif
    /// An animated PNG (`.png` or `.apng`).
    case apng
    /// A video through FFmpeg's libraries (`.webm`: VP9; `.mp4`, `.mkv`, `.mov`: H.264).
    case video
  }

  /// The format `-o`'s extension asks for.
  package static func animationFormat(of output: String) throws -> AnimationFormat {
    switch URL(fileURLWithPath: output).pathExtension.lowercased() {
    case "gif": return .gif
    case "png", "apng": return .apng
    case "webm", "mp4", "mkv", "mov": return .video
    case let other:
      throw ValidationError("--animate writes .gif, .png (animated PNG), .webm or .mp4 files, not \(other.isEmpty ? "a file without an extension" : ".\(other)").")
    }
  }

  package var minimumSize: (width: Int, height: Int) {
    canvasOnly || drawingOnly || outputDir != nil || (animate && !withPanel) ? DocumentFiles.smallestCanvasFrame : DocumentFiles.smallestFrame
  }

  /// The drawing drawn alone that `--drawing-only` or `--output-dir` ask for.
  package var drawingRender: DrawingRender {
    DrawingRender(files: files, outputDir: outputDir, width: width, output: output, size: size, time: time)
  }
}
