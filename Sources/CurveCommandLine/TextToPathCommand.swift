import ArgumentParser
import CurveDocument
import CurveRender
import CurveSVG
import FoundationEssentials

/// `curves text-to-path FILE.svg -o OUT.svg` (or `OUT.svgz`, `OUT.json`): every text of a
/// drawing turned into curves, as Inkscape's Object to Path turns one.
package struct TextToPathCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "text-to-path",
    abstract: "Turn every text of an SVG drawing into curves: a group for each text, labelled with its words, of a curve for each glyph.",
    discussion: """
      The glyphs are the fonts' own outlines (TrueType's quadratics and CFF's cubics as they are), set as `curves render` \
      draws the text (fontconfig, HarfBuzz, FreeType). OUT is written as its extension says: .svg, .svgz (compressed) or \
      .json (a Curves document). A family the machine lacks is said on standard error, with the one put in its place.
      """
  )

  @Argument(help: "The SVG drawing (.svg, .svgz) or Curves document whose texts to turn.")
  var file: String

  @Option(name: .shortAndLong, help: "The file to write: .svg, .svgz or .json.")
  var output: String

  package init() {}

  package func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    var document = try SVGImport.isDrawing(input) ? DocumentFiles.importSVG(input) : DocumentFiles.load(input)
    for substitution in Set(document.kept.compactMap(\.text).flatMap(\.substitutions)).sorted() {
      StandardStreams.error("Font: \(input.path): \(substitution)\n")
    }
    let turned = document.turnTextsIntoCurves()
    StandardStreams.error("Turned \(turned) text\(turned == 1 ? "" : "s") into curves.\n")
    let data: Data
    switch target.pathExtension.lowercased() {
    case "json": data = try document.encoded()
    case "svgz": data = Gzip.compress(Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint).utf8))
    default: data = Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint).utf8)
    }
    try DocumentFiles.write(data, to: target)
  }
}
