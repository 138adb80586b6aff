import ArgumentParser
import CurveFeature
import CurveSVG
import Foundation

/// `curves export-svg FILE -o OUT.svg`; `-o OUT.svgz` writes it gzip-compressed.
struct ExportSVGCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-svg",
    abstract: "Write a document's curves as SVG paths (cubics as C commands, higher degrees flattened)."
  )

  @Argument(help: "The document to export.")
  var file: String

  @Option(name: .shortAndLong, help: "The SVG file to write (.svgz: compressed).")
  var output: String

  func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try DocumentFiles.load(input)
    do {
      let svg = Data(SVGExport.svg(for: document, pointLook: Theme.exportedPoint).utf8)
      try FileSystemClient.liveValue.writeAtomically(target.pathExtension.lowercased() == "svgz" ? Gzip.compress(svg) : svg, target)
    } catch {
      throw FileError.cannotWrite(path: target.path, reason: error.localizedDescription)
    }
  }
}
