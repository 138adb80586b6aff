import ArgumentParser
import CurveDocument
import CurveSVG
import Foundation

/// `curves import-svg FILE.svg -o OUT.json`.
package struct ImportSVGCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "import-svg",
    abstract: "Make a document from an SVG drawing: one curve for each shape, with its subpaths and style.",
    discussion: "Errors in the drawing are repaired as SVG renderers repair them; each repair is one line on standard error."
  )

  @Argument(help: "The SVG file to import.")
  var file: String

  @Option(name: .shortAndLong, help: "The document to write.")
  var output: String

  package init() {}

  package func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let data = try DocumentFiles.read(input)
    let encoded: Data
    do {
      let (document, repairs) = try SVGImport.import(from: data, baseURL: input)
      for repair in repairs { FileHandle.standardError.write(Data("Repaired: \(input.path): \(repair)\n".utf8)) }
      if !KeptElement.summary(document.kept).isEmpty { FileHandle.standardError.write(Data("Kept: \(input.path): \(KeptElement.summary(document.kept))\n".utf8)) }
      encoded = try document.encoded()
    } catch let error as SVGImportError {
      throw FileError.invalid(path: input.path, reason: error.description)
    }
    try DocumentFiles.write(encoded, to: target)
  }
}
