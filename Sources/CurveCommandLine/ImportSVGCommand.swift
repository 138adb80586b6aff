import ArgumentParser
import CurveDocument
import CurveSVG
import FoundationEssentials

/// `curves import-svg FILE.svg -o OUT.json`.
package struct ImportSVGCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "import-svg",
    abstract: "Make a document from an SVG drawing: one curve for each shape, with its subpaths and style.",
    discussion: "Errors in the drawing are repaired as SVG renderers repair them; each repair is one line on standard error."
  )

  @Argument(help: "The SVG file to import; with --output-dir, any number, directories and .txt lists.")
  var files: [String] = []

  @Option(name: .shortAndLong, help: "The document to write.")
  var output: String?

  @Option(help: "Import each FILE into this directory, as NAME.json, on every core.")
  var outputDir: String?

  package init() {}

  package func validate() throws { try FileBatch.validate(files: files, output: output, outputDir: outputDir) }

  package func run() throws {
    if let outputDir { return try FileBatch.runAll(files, extensions: ["svg", "svgz"], into: outputDir, extension: "json", Self.convert) }
    try Self.convert(URL(fileURLWithPath: files[0]), to: URL(fileURLWithPath: output!))
  }

  /// One drawing imported and written as a document.
  @Sendable private static func convert(_ input: URL, to target: URL) throws {
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let data = try DocumentFiles.read(input)
    let encoded: Data
    do {
      let (document, repairs) = try SVGImport.import(from: data, baseURL: input)
      for repair in repairs { StandardStreams.error("Repaired: \(input.path): \(repair)\n") }
      if !KeptElement.summary(document.kept).isEmpty { StandardStreams.error("Kept: \(input.path): \(KeptElement.summary(document.kept))\n") }
      encoded = try document.encoded()
    } catch let error as SVGImportError {
      throw FileError.invalid(path: input.path, reason: error.description)
    }
    try DocumentFiles.write(encoded, to: target)
  }
}
