import ArgumentParser
import CurveDocument
import CurveGeometry
import CurveSVG
import FoundationEssentials

/// `curves transform FILE --translate DX,DY --scale SX[,SY] --rotate DEG [--about X,Y]
/// [--ids ID,…] -o OUT`: what the selector does to objects, by the same code
/// (`Document.transforming(_:by:)`).
package struct TransformCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "transform",
    abstract: "Move, scale and rotate objects of a document or an SVG drawing, as the selector tool does.",
    discussion: """
      The scale applies first, then the rotation (SVG's rotate(): positive turns clockwise on screen), both \
      about --about (by default the centre of the named objects' joint geometric box), then the translation. \
      A curve's points move (its stroke width and dashes scale by the square root of the scale's area factor, \
      its gradients move with it); a group gains the transform and keeps its content. --ids names top-level \
      curves or groups (a group's id, a curve's id, or a curve's label: an imported element's id); all \
      top-level objects by default. OUT is written as a document (.json) or an SVG drawing (.svg, .svgz) by \
      its extension.
      """
  )

  @Argument(help: "The document or SVG drawing.")
  var file: String

  @Option(parsing: .unconditional, help: "Move by DX,DY document units.")
  var translate: String?

  @Option(parsing: .unconditional, help: "Scale by SX (both axes) or SX,SY.")
  var scale: String?

  @Option(parsing: .unconditional, help: "Rotate by DEG degrees, clockwise on screen.")
  var rotate: Double?

  @Option(parsing: .unconditional, help: "The point X,Y to scale and rotate about.")
  var about: String?

  @Option(help: "The objects to transform, comma separated.")
  var ids: String?

  @Option(name: .shortAndLong, help: "The document or SVG drawing to write.")
  var output: String

  package init() {}

  package func validate() throws {
    _ = try pair(translate, "--translate", allowsOne: false)
    if let scale = try pair(scale, "--scale", allowsOne: true) {
      guard scale.x != 0, scale.y != 0 else { throw ValidationError("--scale must not be 0: that flattens the objects to nothing.") }
    }
    if let rotate, !rotate.isFinite { throw ValidationError("--rotate must be a number of degrees, not \(rotate).") }
    _ = try pair(about, "--about", allowsOne: false)
  }

  package func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try SVGImport.isDrawing(input) ? DocumentFiles.importSVG(input) : DocumentFiles.load(input)
    let seen = document.inDrawingCoordinates()
    let names = (ids ?? "").split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    let objects: Set<DrawingObject>
    do {
      objects = try seen.objects(named: names)
    } catch {
      throw ValidationError("\(input.lastPathComponent): \(error.description).")
    }
    let box = seen.bounds(of: objects)
    let centre = box.width.isFinite ? Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2) : .zero
    let scales = try pair(scale, "--scale", allowsOne: true) ?? Point(x: 1, y: 1)
    let transform = Affine.objectTransform(
      scaleX: scales.x, scaleY: scales.y, rotation: rotate ?? 0,
      translation: try pair(translate, "--translate", allowsOne: false) ?? .zero,
      about: try pair(about, "--about", allowsOne: false) ?? centre
    )
    guard let stored = seen.transforming(objects, by: transform).inGroupCoordinates() else {
      throw ValidationError("A group's transform in \(input.lastPathComponent) cannot be undone.")
    }
    try DocumentFiles.writeDocumentOrSVG(stored, to: target)
  }

  /// `X,Y` (or `X` for both when `allowsOne`) as numbers; nil when the option is not given.
  private func pair(_ text: String?, _ option: String, allowsOne: Bool) throws -> Point? {
    guard let text else { return nil }
    let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace()) }
    let expected = allowsOne ? "a number or two numbers X,Y" : "two numbers X,Y"
    guard (allowsOne ? 1...2 : 2...2).contains(numbers.count), numbers.allSatisfy({ $0?.isFinite ?? false }) else {
      throw ValidationError("\(option) takes \(expected), not '\(text)'.")
    }
    return Point(x: numbers[0]!, y: numbers.count == 2 ? numbers[1]! : numbers[0]!)
  }
}
