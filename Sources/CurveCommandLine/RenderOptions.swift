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

  /// The options as plain values, which `validate` checks (and `DrawingRender.quick` too,
  /// without building these property wrappers).
  package var request: RenderRequest {
    RenderRequest(
      files: files, outputDir: outputDir, width: width, output: output, size: size, t: t, scale: scale, canvasOnly: canvasOnly,
      drawingOnly: drawingOnly, animate: animate, fps: fps, withPanel: withPanel, duration: duration, frames: frames, time: time
    )
  }

  package func validate() throws { try request.validate() }

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

  package var minimumSize: (width: Int, height: Int) { request.minimumSize }

  /// The drawing drawn alone that `--drawing-only` or `--output-dir` ask for.
  package var drawingRender: DrawingRender {
    DrawingRender(files: files, outputDir: outputDir, width: width, output: output, size: size, time: time)
  }
}
