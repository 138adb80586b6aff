import CurveDocument
import CurveRender
import CurveSVG
import FoundationEssentials

/// `curves render --drawing-only` and `--output-dir`: drawings drawn alone, the render that
/// needs no editor. Made from the parsed `RenderOptions`, or by `DrawingRender.quick`
/// straight from a command line that asks for nothing else.
///
/// ```swift
/// try DrawingRender(files: ["icon.svg"], output: "icon.png", size: "128x128").run()
/// ```
package struct DrawingRender: Equatable, Sendable {
  package var files: [String]
  /// Each file drawn into this directory as NAME.png, on every core.
  package var outputDir: String?
  /// The width in pixels, the height in the drawing's proportions (as `rsvg-convert -w`).
  package var width: Int?
  /// The PNG written (without `outputDir`).
  package var output: String?
  /// WIDTHxHEIGHT; by default the size the drawing's file gives (`Document.displaySize`).
  package var size: String?
  /// Seconds into the document's timeline.
  package var time: Double?

  package init(files: [String], outputDir: String? = nil, width: Int? = nil, output: String? = nil, size: String? = nil, time: Double? = nil) {
    self.files = files
    self.outputDir = outputDir
    self.width = width
    self.output = output
    self.size = size
    self.time = time
  }

  /// Draws the one file into `output`, or every file into `outputDir`.
  package func run() throws {
    if outputDir != nil { return try renderDrawings() }
    let input = files.first ?? ""
    if let output { try DocumentFiles.checkOutput(path: output, isNotAnyOf: [input]) }
    try renderDrawing(path: input)
  }

  /// A document, or an SVG imported on the fly (its repairs told on standard error), drawn
  /// alone.
  package func renderDrawing(_ input: URL, to target: URL? = nil) throws {
    try renderDrawing(path: input.filePath, to: target?.filePath)
  }

  /// The same, by paths: an SVG drawn this way makes no `URL` (a file URL's parsing and
  /// percent-encoding were 128 KB of Foundation's code each icon's process mapped).
  package func renderDrawing(path input: String, to target: String? = nil) throws {
    let renderer = try renderer(path: input)
    try PNGFile.write(try renderer.render(), path: target ?? output!)
  }

  /// The renderer of the drawing at `input`, at the size asked for. The document read is
  /// handed over, not copied: the renderer places it where it is seen in place.
  private func renderer(path input: String) throws -> DrawingRenderer {
    var document = try SVGImport.isDrawing(path: input) ? DocumentFiles.importSVG(path: input) : DocumentFiles.load(URL(fileURLWithPath: input))
    let viewBox = time.flatMap(document.viewBox(at:))
    if let time { document = document.frame(at: time) }
    let canvas = document.canvas
    // At the size the file gives, as librsvg and resvg draw an SVG, whole pixels rounded up.
    let shown = document.displaySize
    func pixels(_ side: Double) -> Int { max(Int((side - 1e-6).rounded(.up)), 1) }
    var width = pixels(shown.width), height = pixels(shown.height)
    let largest = RenderError.largestFrame
    if size == nil, self.width == nil, width > largest.width || height > largest.height {
      throw CommandLineError.drawingTooLarge(path: DocumentFiles.shownPath(input), width: width, height: height)
    }
    if let size { (width, height) = try DocumentFiles.parseSize(size, minimum: DocumentFiles.smallestCanvasFrame) }
    if let wanted = self.width { (width, height) = (wanted, DrawingRenderer.height(ofWidth: wanted, canvas: canvas)) }
    return DrawingRenderer(document: consume document, width: width, height: height, viewBox: viewBox, scaledToWidth: self.width != nil)
  }

  /// Every drawing `files` name drawn alone into `outputDir`, on every core; throws
  /// `ExitCode.failure` at the end when any failed (each told on standard error).
  package func renderDrawings() throws {
    let render = self
    try FileBatch.runAll(files, extensions: FileBatch.drawings, into: outputDir!, extension: "png") { input, output in
      try render.renderDrawing(input, to: output)
    }
  }
}

extension DrawingRender {
  /// The render `arguments` (after `render`) ask for when they are only `--drawing-only` or
  /// `--output-dir DIR`, files, and `-o`, `--output`, `--size`, `--width` and `--time`,
  /// each once with a well-formed value, and valid together (`RenderRequest.validate`); nil
  /// for anything else, which ArgumentParser then reads, answers or refuses.
  ///
  /// Why: ArgumentParser builds each command's options by reflection, which cost a process
  /// drawing an icon 1.2 of its 7.8 ms, more than rasterizing it; this costs microseconds.
  /// `DrawingRenderTests` checks that both read such lines alike.
  package static func quick(_ arguments: some Collection<String>) -> DrawingRender? {
    var render = DrawingRender(files: [])
    var drawingOnly = false
    var given: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("-"), argument != "-" else {
        render.files.append(argument)
        continue
      }
      let name = argument == "-o" ? "--output" : argument
      guard !given.contains(name) else { return nil }
      given.append(name)
      if name == "--drawing-only" {
        drawingOnly = true
        continue
      }
      guard let value = remaining.popFirst(), !value.hasPrefix("-") else { return nil }
      switch name {
      case "--output-dir": render.outputDir = value
      case "--output": render.output = value
      case "--size": render.size = value
      case "--width":
        guard let width = Int(value) else { return nil }
        render.width = width
      case "--time":
        guard let time = Double(value) else { return nil }
        render.time = time
      default: return nil
      }
    }
    guard drawingOnly || render.outputDir != nil else { return nil }
    let request = RenderRequest(
      files: render.files, outputDir: render.outputDir, width: render.width, output: render.output, size: render.size,
      drawingOnly: drawingOnly, time: render.time
    )
    guard (try? request.validate()) != nil else { return nil }
    return render
  }
}
