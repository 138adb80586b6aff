import ArgumentParser
import CurveDocument
import CurveRender
import CurveSVG
import FoundationEssentials

/// `curves export-svg FILE -o OUT.svg`; `-o OUT.svgz` writes it gzip-compressed; `--animated`
/// adds the timeline as SMIL.
package struct ExportSVGCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "export-svg",
    abstract: "Write a document's curves as SVG paths (cubics as C commands, higher degrees flattened)."
  )

  @Argument(help: "The document to export; with --output-dir, any number, directories and .txt lists.")
  var files: [String] = []

  @Option(name: .shortAndLong, help: "The SVG file to write (.svgz: compressed).")
  var output: String?

  @Option(help: "Export each FILE into this directory, as NAME.svg, on every core.")
  var outputDir: String?

  @Flag(help: "Write the document's timeline as SMIL animation (browsers play it; other renderers show 0 s).")
  var animated = false

  package init() {}

  package func validate() throws { try FileBatch.validate(files: files, output: output, outputDir: outputDir) }

  package func run() throws {
    if let outputDir { return try FileBatch.runAll(files, extensions: ["json", "curves"], into: outputDir, extension: "svg", export) }
    try export(URL(fileURLWithPath: files[0]), to: URL(fileURLWithPath: output!))
  }

  /// One document written as SVG.
  @Sendable private func export(_ input: URL, to target: URL) throws {
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try DocumentFiles.load(input)
    let svg = Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint, animated: animated).utf8)
    try DocumentFiles.write(target.pathExtension.lowercased() == "svgz" ? Gzip.compress(svg) : svg, to: target)
  }
}
