import ArgumentParser
import CurveGeometry
import CurveSVG
import FoundationEssentials
import Glibc

/// `curves fit --tolerance T [--corner-angle DEGREES]`: strokes of points on standard input,
/// one line of SVG path data for each on standard output.
package struct FitCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "fit",
    abstract: "Fit cubic Bezier curves to strokes of points read from stdin.",
    discussion: """
      Input: one point per line, "x y"; a blank line starts a new stroke. Output: for each \
      stroke, one line of SVG path data, "M x y C x1 y1 x2 y2 x y …", with as few cubics as \
      the fitter finds and every input point within the tolerance of them. A stroke that \
      ends on its start is closed (its last cubic ends there). A bad line stops with its \
      number, after the strokes before it.
      """
  )

  @Option(help: "The largest distance allowed between an input point and its stroke's curve.")
  var tolerance: Double

  @Option(name: .customLong("corner-angle"), help: "A turn sharper than this many degrees is a corner node (default 45).")
  var cornerAngle: Double = CurveFitter.defaultCornerAngle

  package init() {}

  package func validate() throws {
    guard tolerance.isFinite, tolerance > 0 else { throw ValidationError("--tolerance must be a positive number, not \(tolerance).") }
    guard (0...180).contains(cornerAngle) else { throw ValidationError("--corner-angle must be from 0 to 180 degrees, not \(cornerAngle).") }
  }

  package func run() throws {
    let input = Data(StandardStreams.readInput())
    let fitter = CurveFitter(tolerance: tolerance, cornerAngle: cornerAngle)
    var output = ""
    let result = Self.strokes(in: input) { stroke in
      output += Self.pathData(fitter.fit(stroke)) + "\n"
      if output.utf8.count > 1 << 16 {
        StandardStreams.output(output)
        output = ""
      }
    }
    StandardStreams.output(output)
    if case let .failure(error) = result {
      StandardStreams.error("curves fit: \(error)\n")
      throw ExitCode.failure
    }
  }

  /// A stroke as `M x y C …`, numbers in their shortest exact form.
  static func pathData(_ stroke: FittedStroke) -> String {
    let number = SVGExport.number
    var parts = ["M \(number(stroke.start.x)) \(number(stroke.start.y))"]
    for cubic in stroke.cubics {
      parts.append("C \(number(cubic.p1.x)) \(number(cubic.p1.y)) \(number(cubic.p2.x)) \(number(cubic.p2.y)) \(number(cubic.p3.x)) \(number(cubic.p3.y))")
    }
    return parts.joined(separator: " ")
  }

  /// Calls `body` with each stroke of `data` in turn; a line that is not two numbers stops it.
  static func strokes(in data: Data, _ body: ([Point]) -> Void) -> Result<Void, FlattenStream.LineError> {
    // strtod reads in place: the text ends in a NUL, and each number at a line's end stops at
    // its newline.
    var text = [CChar](repeating: 0, count: data.count + 1)
    text.withUnsafeMutableBytes { _ = data.copyBytes(to: $0) }
    var stroke: [Point] = []
    var lineNumber = 0
    let failure = text.withUnsafeMutableBufferPointer { buffer -> FlattenStream.LineError? in
      var cursor = buffer.baseAddress!
      let end = cursor + data.count
      while cursor < end {
        lineNumber += 1
        let lineStart = cursor
        while cursor < end, Self.isSpace(cursor.pointee) { cursor += 1 }
        if cursor == end || cursor.pointee == 10 {
          // A blank line ends the stroke.
          if !stroke.isEmpty { body(stroke) }
          stroke.removeAll(keepingCapacity: true)
          cursor += 1
          continue
        }
        var after: UnsafeMutablePointer<CChar>? = cursor
        let x = strtod(cursor, &after)
        let afterX = after!
        let y = afterX == cursor ? .nan : strtod(afterX, &after)
        var rest = after!
        while rest < end, Self.isSpace(rest.pointee) { rest += 1 }
        guard rest != afterX, x.isFinite, y.isFinite, rest == end || rest.pointee == 10 else {
          var lineEnd = lineStart
          while lineEnd < end, lineEnd.pointee != 10 { lineEnd += 1 }
          let line = String(decoding: UnsafeRawBufferPointer(start: lineStart, count: min(lineEnd - lineStart, 40)), as: UTF8.self)
          return FlattenStream.LineError(line: lineNumber, reason: "expected two numbers \"x y\", got \"\(line)\"")
        }
        stroke.append(Point(x: x, y: y))
        cursor = rest + 1
      }
      return nil
    }
    if let failure { return .failure(failure) }
    if !stroke.isEmpty { body(stroke) }
    return .success(())
  }

  private static func isSpace(_ character: CChar) -> Bool { character == 32 || character == 9 || character == 13 }
}
