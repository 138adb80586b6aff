import ArgumentParser
import CurveDocument
import CurveRender
import CurveSVG
import Foundation

/// `curves export-svg FILE -o OUT.svg`; `-o OUT.svgz` writes it gzip-compressed; `--animated`
/// adds the timeline as SMIL.
package struct ExportSVGCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "export-svg",
    abstract: "Write a document's curves as SVG paths (cubics as C commands, higher degrees flattened)."
  )

  @Argument(help: "The document to export.")
  var file: String

  @Option(name: .shortAndLong, help: "The SVG file to write (.svgz: compressed).")
  var output: String

  @Flag(help: "Write the document's timeline as SMIL animation (browsers play it; other renderers show 0 s).")
  var animated = false

  package init() {}

  package func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try DocumentFiles.load(input)
    let svg = Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint, animated: animated).utf8)
    try DocumentFiles.write(target.pathExtension.lowercased() == "svgz" ? Gzip.compress(svg) : svg, to: target)
  }
}
