import ArgumentParser
import CurveRender
import CurveSVG
import FoundationEssentials

/// What `curves render` was asked for, as plain values: `RenderOptions`' fields without their
/// ArgumentParser property wrappers, and the rules they must keep together.
///
/// Why apart: building `RenderOptions` sets up fifteen property wrappers, 2% of a headless
/// icon render that `DrawingRender.quick` reads without ArgumentParser.
///
/// ```swift
/// try RenderRequest(files: ["icon.svg"], output: "icon.png", drawingOnly: true).validate()
/// ```
package struct RenderRequest: Equatable, Sendable {
  package var files: [String]
  package var outputDir: String?
  package var width: Int?
  package var output: String?
  package var size: String?
  package var t: Double?
  package var scale: Double
  package var canvasOnly: Bool
  package var drawingOnly: Bool
  package var animate: Bool
  package var fps: Int?
  package var withPanel: Bool
  package var duration: Double?
  package var frames: String?
  package var time: Double?

  package init(
    files: [String], outputDir: String? = nil, width: Int? = nil, output: String? = nil, size: String? = nil, t: Double? = nil,
    scale: Double = 1, canvasOnly: Bool = false, drawingOnly: Bool = false, animate: Bool = false, fps: Int? = nil, withPanel: Bool = false,
    duration: Double? = nil, frames: String? = nil, time: Double? = nil
  ) {
    self.files = files
    self.outputDir = outputDir
    self.width = width
    self.output = output
    self.size = size
    self.t = t
    self.scale = scale
    self.canvasOnly = canvasOnly
    self.drawingOnly = drawingOnly
    self.animate = animate
    self.fps = fps
    self.withPanel = withPanel
    self.duration = duration
    self.frames = frames
    self.time = time
  }

  /// The one document drawn (without `--output-dir`).
  package var file: String { files.first ?? "" }

  /// The smallest frame `--size` may give: an icon's when only the canvas or the drawing is
  /// drawn, else room for the panel.
  package var minimumSize: (width: Int, height: Int) {
    canvasOnly || drawingOnly || outputDir != nil || (animate && !withPanel) ? DocumentFiles.smallestCanvasFrame : DocumentFiles.smallestFrame
  }

  /// Refuses options that contradict each other or values out of range, each with a line
  /// naming the option.
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
      if let output { _ = try RenderOptions.animationFormat(of: output) }
    } else {
      guard output != nil else { throw ValidationError("give -o OUT.png.") }
      guard frames == nil, duration == nil, fps == nil, !withPanel else { throw ValidationError("--frames, --duration, --fps and --with-panel go with --animate.") }
    }
  }

}
