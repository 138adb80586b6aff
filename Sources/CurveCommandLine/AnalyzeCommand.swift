import ArgumentParser
import CurveDocument
import CurveGeometry
import CurveSVG
import FoundationEssentials

/// `curves analyze FILE [--curve I] [--segment K]`: what the primer measures on each segment
/// of a document or SVG drawing, one JSON object a line, in document order.
package struct AnalyzeCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Print what the primer measures on each segment of a document or an SVG drawing.",
    discussion: """
      One JSON object a line, a segment each, in document order: {"curve", "subpath", \
      "segment", "degree", "length", "bounds": [minX, minY, maxX, maxY], "alignedBounds": \
      [[x, y] x 4], "extrema": {"x": [t], "y": [t]}, "inflections": [t], "curvature": \
      {"min": {"t", "k"}, "max": {"t", "k"}}, "canonical" (cubics only: "loop", "cusp", \
      "double inflection", "single inflection" or "arch"), "lowered": {"points", "distance"}, \
      "canonicalPoint": [x, y] (cubics only: the fourth point once the first three are at \
      (0, 0), (0, 1), (1, 1); null when they lie on a line), "flattening": {"tolerance", \
      "chords", "wang"} (the adaptive flattening's chords, and Wang's uniform count), "arcs": \
      {"tolerance", "count", "error"} (circular arcs within the tolerance), and for a \
      weighted segment "weights" (the figures above are then its control points' Bézier \
      curve's, but "rationalLength", the drawn curve's), for a B-spline curve's segment \
      "spline": {"degree", "knots", "span": [u0, u1]}}. Parameters \
      listed are those strictly inside (0, 1), ascending; coordinates are where the drawing \
      shows the segment.
      """
  )

  @Argument(help: "The document or SVG drawing.")
  var file: String

  @Option(help: "Only this curve (from 0, in document order).")
  var curve: Int?

  @Option(help: "Only this segment of each subpath (from 0).")
  var segment: Int?

  @Option(help: "The flattening's and the arcs' tolerance, in drawing units.")
  var tolerance = 0.25

  package init() {}

  package func validate() throws {
    if let curve, curve < 0 { throw ValidationError("--curve counts from 0") }
    if let segment, segment < 0 { throw ValidationError("--segment counts from 0") }
    guard tolerance.isFinite, tolerance > 0 else { throw ValidationError("--tolerance must be a positive number of units") }
  }

  package func run() throws {
    let input = URL(fileURLWithPath: file)
    let document = try (SVGImport.isDrawing(input) ? DocumentFiles.importSVG(input) : DocumentFiles.load(input)).inDrawingCoordinates()
    if let curve, curve >= document.curves.count {
      throw ValidationError("--curve \(curve): \(file) has \(document.curves.count) curve\(document.curves.count == 1 ? "" : "s") (0 to \(document.curves.count - 1))")
    }
    var output = ""
    for (c, record) in document.curves.enumerated() where curve.map({ $0 == c }) ?? true {
      let spans = record.spline?.spans
      for (s, subpath) in record.subpaths.enumerated() {
        let weights = subpath.points.contains { $0.weight != nil } ? subpath.segmentWeights : []
        for (k, piece) in subpath.segments.compactMap(Bezier.init).enumerated() where segment.map({ $0 == k }) ?? true {
          var more: [String] = []
          if weights.indices.contains(k), let weights = weights[k], let rational = RationalBezier(piece.controlPoints, weights: weights) {
            let size = max(piece.bounds.width, piece.bounds.height, Double.leastNormalMagnitude)
            more.append(#""weights": [\#(weights.map { "\($0)" }.joined(separator: ", "))], "rationalLength": \#(rational.arcLength(accuracy: 1e-12 * size))"#)
          }
          if let spline = record.spline, let spans, spans.indices.contains(k) {
            let knots = spline.knots.map { "\($0)" }.joined(separator: ", ")
            more.append(#""spline": {"degree": \#(spline.degree), "knots": [\#(knots)], "span": [\#(spans[k].lowerBound), \#(spans[k].upperBound)]}"#)
          }
          output += Self.line(curve: c, subpath: s, segment: k, piece, tolerance: tolerance, more: more) + "\n"
          if output.utf8.count > 1 << 16 {
            StandardStreams.output(output)
            output = ""
          }
        }
      }
    }
    StandardStreams.output(output)
  }

  /// One segment's figures as a JSON object, with `more` fields (a weighted or B-spline
  /// segment's) at its end.
  static func line(curve: Int, subpath: Int, segment: Int, _ piece: Bezier, tolerance: Double = 0.25, more: [String] = []) -> String {
    func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }
    func point(_ point: Point) -> String { "[\(number(point.x)), \(number(point.y))]" }
    func list(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ", ") + "]" }
    // Lengths to 1e-12 of the segment's size: well inside the 1e-9 promised.
    let size = max(piece.bounds.width, piece.bounds.height, Double.leastNormalMagnitude)
    let box = piece.tightBounds()
    var fields = [
      #""curve": \#(curve), "subpath": \#(subpath), "segment": \#(segment), "degree": \#(piece.degree)"#,
      #""length": \#(number(piece.arcLength(accuracy: 1e-12 * size)))"#,
      #""bounds": [\#(number(box.minX)), \#(number(box.minY)), \#(number(box.maxX)), \#(number(box.maxY))]"#,
      #""alignedBounds": [\#(piece.alignedBounds().map(point).joined(separator: ", "))]"#,
      #""extrema": {"x": \#(list(piece.extremaParameters(along: \.x))), "y": \#(list(piece.extremaParameters(along: \.y)))}"#,
      #""inflections": \#(list(piece.inflectionParameters()))"#,
    ]
    if let extremes = piece.curvatureExtremes() {
      func extreme(_ value: (t: Double, curvature: Double)) -> String { #"{"t": \#(number(value.t)), "k": \#(number(value.curvature))}"# }
      fields.append(#""curvature": {"min": \#(extreme(extremes.least)), "max": \#(extreme(extremes.greatest))}"#)
    } else {
      fields.append(#""curvature": null"#)
    }
    if let shape = piece.cubicShape { fields.append(#""canonical": "\#(shape.rawValue)""#) }
    let lowered = piece.lowered()
    fields.append(#""lowered": {"points": [\#(lowered.points.map(point).joined(separator: ", "))], "distance": \#(number(lowered.distance))}"#)
    if let cubic = piece.cubic { fields.append(#""canonicalPoint": \#(cubic.canonicalPoint.map(point) ?? "null")"#) }
    var chords: [Point] = []
    piece.flatten(tolerance: tolerance, into: &chords)
    fields.append(#""flattening": {"tolerance": \#(number(tolerance)), "chords": \#(chords.count - 1), "wang": \#(piece.uniformChordCount(tolerance: tolerance))}"#)
    let arcs = piece.arcs(tolerance: tolerance)
    fields.append(#""arcs": {"tolerance": \#(number(tolerance)), "count": \#(arcs.count), "error": \#(number(arcs.map(\.error).max() ?? 0))}"#)
    return "{" + (fields + more).joined(separator: ", ") + "}"
  }
}
