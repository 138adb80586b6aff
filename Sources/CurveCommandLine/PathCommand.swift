import ArgumentParser
import CurveDocument
import CurveGeometry
import CurveSVG
import Foundation

/// `curves path …`: Inkscape's Path menu on every curve of a document or an SVG drawing.
package struct PathCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "path",
    abstract: "Operate on every curve of a document or an SVG drawing, as Inkscape's Path menu does.",
    subcommands: [SimplifyPathCommand.self]
  )

  package init() {}
}

/// `curves path simplify FILE --tolerance T -o OUT`: what Ctrl+L does, to every curve.
package struct SimplifyPathCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "simplify",
    abstract: "Refit every subpath with as few cubics as fit within the tolerance, keeping its corners.",
    discussion: "OUT is written as a document (.json) or an SVG drawing (.svg, .svgz) by its extension."
  )

  @Argument(help: "The document or SVG drawing to simplify.")
  var file: String

  @Option(help: "The largest distance allowed between the old curves and the new, in document units.")
  var tolerance: Double

  @Option(name: .shortAndLong, help: "The document or SVG drawing to write.")
  var output: String

  package init() {}

  package func validate() throws {
    guard tolerance.isFinite, tolerance > 0 else { throw ValidationError("--tolerance must be a positive number, not \(tolerance).") }
  }

  package func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    var document = try SVGImport.isDrawing(input) ? DocumentFiles.importSVG(input) : DocumentFiles.load(input)
    document.simplify(by: CurveFitter(tolerance: tolerance))
    try DocumentFiles.writeDocumentOrSVG(document, to: target)
  }
}

extension Document {
  /// Every subpath of every curve simplified (`SubpathRecord.simplified`), in each curve's
  /// own group coordinates (the tolerance is in those units).
  mutating func simplify(by fitter: CurveFitter) {
    for curve in curves.indices {
      for subpath in curves[curve].subpaths.indices {
        curves[curve].subpaths[subpath] = curves[curve].subpaths[subpath].simplified(by: fitter, makeID: UUID.init)
      }
    }
  }
}
