import ArgumentParser
import CurveDocument
import CurveGeometry
import CurveRender
import CurveSVG
import FoundationEssentials
import Glibc

/// `curves path …`: Inkscape's Path menu on every curve of a document or an SVG drawing.
package struct PathCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "path",
    abstract: "Operate on every curve of a document or an SVG drawing, as Inkscape's Path menu does.",
    subcommands: [
      UnionPathCommand.self, DifferencePathCommand.self, IntersectionPathCommand.self, ExclusionPathCommand.self,
      DivisionPathCommand.self, CutPathCommand.self, OffsetPathCommand.self, StrokeToPathCommand.self, SimplifyPathCommand.self,
    ]
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
        curves[curve].subpaths[subpath] = curves[curve].subpaths[subpath].simplified(by: fitter, makeID: RandomUUIDs.shared.callAsFunction)
      }
    }
  }
}

/// `curves path OP`, one command for each `PathOperation`.
package protocol PathOperationCommand: ParsableCommand {}

/// What every `curves path OP FILE -o OUT` takes.
package struct PathOperationOptions: ParsableArguments {
  @Argument(help: "The document or SVG drawing; with --output-dir, any number, directories and .txt lists.")
  var files: [String] = []

  @Option(name: .shortAndLong, help: "The document or SVG drawing to write.")
  var output: String?

  @Option(help: "Write each FILE's result into this directory under its own name, on every core.")
  var outputDir: String?

  package init() {}

  package func validate() throws { try FileBatch.validate(files: files, output: output, outputDir: outputDir) }

  /// Every curve of FILE, in painting order (bottom first), as if all were selected, replaced
  /// by what `operation` makes of them; written to OUT as a document or SVG by its extension.
  func run(_ operation: PathOperation) throws {
    try transform { curves, name in
      if let refusal = operation.refusal(forCurveCount: curves.count) {
        throw ValidationError("\(name) has \(curves.count) curves: \(refusal.prefix { $0 != "(" }.trimmingWhitespace()).")
      }
      return operation.apply(to: curves, makeID: RandomUUIDs.shared.callAsFunction)
    }
  }

  /// FILE's curves, where the drawing shows them, replaced by `change`; written to OUT (or
  /// each FILE's into `--output-dir`).
  func transform(_ change: @escaping @Sendable ([Document.CurveRecord], String) throws -> [Document.CurveRecord]) throws {
    if let outputDir {
      return try FileBatch.runAll(files, extensions: FileBatch.drawings, into: outputDir, extension: nil) { input, target in
        try Self.transform(input, to: target, change)
      }
    }
    try Self.transform(URL(fileURLWithPath: files[0]), to: URL(fileURLWithPath: output!), change)
  }

  private static func transform(_ input: URL, to target: URL, _ change: ([Document.CurveRecord], String) throws -> [Document.CurveRecord]) throws {
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try SVGImport.isDrawing(input) ? DocumentFiles.importSVG(input) : DocumentFiles.load(input)
    var result = document.inDrawingCoordinates()
    result.curves = try change(result.curves, input.lastPathComponent)
    guard let stored = result.inGroupCoordinates() else { throw ValidationError("A group's transform in \(input.lastPathComponent) cannot be undone.") }
    try DocumentFiles.writeDocumentOrSVG(stored, to: target)
  }
}

/// A `curves path OP` subcommand's help, from its operation.
private func pathOperationConfiguration(_ operation: PathOperation, _ abstract: String) -> CommandConfiguration {
  CommandConfiguration(
    commandName: operation.rawValue, abstract: abstract,
    discussion: """
      Works on every curve of FILE in painting order (the first is the bottom one), each filling what its \
      fill rule fills; the result takes the bottom curve's style and place. OUT is written as a document \
      (.json) or an SVG drawing (.svg, .svgz) by its extension.
      """
  )
}

/// `curves path union FILE -o OUT`: Ctrl++.
package struct UnionPathCommand: PathOperationCommand {
  package static let configuration = pathOperationConfiguration(.union, "Unite every curve into one (Ctrl++).")
  @OptionGroup var options: PathOperationOptions
  package init() {}
  package func run() throws { try options.run(.union) }
}

/// `curves path difference FILE -o OUT`: Ctrl+-.
package struct DifferencePathCommand: PathOperationCommand {
  package static let configuration = pathOperationConfiguration(.difference, "The bottom curve minus the top one (Ctrl+-); exactly two curves.")
  @OptionGroup var options: PathOperationOptions
  package init() {}
  package func run() throws { try options.run(.difference) }
}

/// `curves path intersection FILE -o OUT`: Ctrl+*.
package struct IntersectionPathCommand: PathOperationCommand {
  package static let configuration = pathOperationConfiguration(.intersection, "What every curve fills (Ctrl+*).")
  @OptionGroup var options: PathOperationOptions
  package init() {}
  package func run() throws { try options.run(.intersection) }
}

/// `curves path exclusion FILE -o OUT`: Ctrl+^.
package struct ExclusionPathCommand: PathOperationCommand {
  package static let configuration = pathOperationConfiguration(.exclusion, "What exactly one of the two curves fills (Ctrl+^).")
  @OptionGroup var options: PathOperationOptions
  package init() {}
  package func run() throws { try options.run(.exclusion) }
}

/// `curves path division FILE -o OUT`: Ctrl+/.
package struct DivisionPathCommand: PathOperationCommand {
  package static let configuration = pathOperationConfiguration(.division, "The bottom curve cut into pieces by the top one (Ctrl+/), a curve each.")
  @OptionGroup var options: PathOperationOptions
  package init() {}
  package func run() throws { try options.run(.division) }
}

/// `curves path cut FILE -o OUT`: Ctrl+Alt+/.
package struct CutPathCommand: PathOperationCommand {
  package static let configuration = pathOperationConfiguration(.cut, "The bottom curve's outline cut where the top one crosses it (Ctrl+Alt+/), open pieces.")
  @OptionGroup var options: PathOperationOptions
  package init() {}
  package func run() throws { try options.run(.cut) }
}

/// `curves path offset --distance D FILE -o OUT`: Ctrl+) and Ctrl+( on every curve.
package struct OffsetPathCommand: PathOperationCommand {
  package static let configuration = CommandConfiguration(
    commandName: "offset", abstract: "Grow (positive --distance) or shrink (negative) what every curve fills (Ctrl+), Ctrl+().",
    discussion: """
      Each curve's area, by its fill rule, grown or shrunk by D document units, with round, miter or bevel \
      joins at its corners, within 0.1% of |D| (or 0.01 units) of the true offset, in cubic segments; a \
      curve shrunk to nothing is left out. OUT is written as a document (.json) or an SVG drawing (.svg, \
      .svgz) by its extension.
      """
  )
  @Option(parsing: .unconditional, help: "How far to move the outline, in document units: positive grows, negative shrinks.")
  var distance: Double
  @Option(help: "The corners' joins: round, miter or bevel.")
  var join: String = "round"
  @OptionGroup var options: PathOperationOptions
  package init() {}

  package func validate() throws {
    guard distance.isFinite else { throw ValidationError("--distance must be a number, not \(distance).") }
    guard PathStroke.Join(rawValue: join) != nil else { throw ValidationError("--join must be round, miter or bevel, not \(join).") }
  }

  package func run() throws {
    let join = PathStroke.Join(rawValue: join)!
    try options.transform { curves, _ in curves.compactMap { $0.offset(by: distance, join: join, makeID: RandomUUIDs.shared.callAsFunction) } }
  }
}

/// `curves path stroke-to-path FILE -o OUT`: Ctrl+Alt+C on every curve.
package struct StrokeToPathCommand: PathOperationCommand {
  package static let configuration = CommandConfiguration(
    commandName: "stroke-to-path", abstract: "Turn every curve's stroke into a filled curve that paints the same (Ctrl+Alt+C).",
    discussion: """
      The stroke's width, caps, joins, miter limit and dashes become the outline of a curve filled with the \
      stroke's paint; a curve that was also filled keeps its fill as a curve under it. OUT is written as a \
      document (.json) or an SVG drawing (.svg, .svgz) by its extension.
      """
  )
  @OptionGroup var options: PathOperationOptions
  package init() {}

  package func run() throws {
    try options.transform { curves, _ in curves.flatMap { $0.strokedToPath(unstyledWidth: DrawingLook.unstyledWidth, makeID: RandomUUIDs.shared.callAsFunction) } }
  }
}
