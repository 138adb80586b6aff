import ArgumentParser
import CurveGeometry
import Foundation

/// `curves flatten`: cubics from stdin, one polyline per line to stdout, in flatbench's
/// formats.
struct FlattenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flatten",
    abstract: "Flatten cubic Béziers read from stdin into polylines.",
    discussion: """
      Input: one cubic per line, "x0 y0 x1 y1 x2 y2 x3 y3"; blank lines and lines starting \
      with # are skipped. Output: one line per curve, "x0 y0 ... xk yk", both end points \
      included, in input order.
      """
  )

  @Option(help: "The largest distance allowed between curve and polyline, in input units.")
  var tolerance: Double

  @Option(help: "adaptive (default), wang or subdivision.")
  var method: String = FlatteningMethod.adaptive.rawValue

  @Flag(help: "Print curves, segments and flattening time to stderr.")
  var stats = false

  func validate() throws {
    guard tolerance.isFinite, tolerance > 0 else {
      throw ValidationError("--tolerance must be a positive number, not \(tolerance).")
    }
    guard FlatteningMethod(rawValue: method) != nil else {
      let names = FlatteningMethod.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("unknown --method '\(method)'; choose one of: \(names).")
    }
  }

  func run() throws {
    let input = FileHandle.standardInput.readDataToEndOfFile()
    let curves: [CubicBezier]
    do {
      curves = try CubicListParser.parse(String(decoding: input, as: UTF8.self))
    } catch {
      FileHandle.standardError.write(Data("curves flatten: \(error)\n".utf8))
      throw ExitCode.failure
    }
    let method = FlatteningMethod(rawValue: method)!
    let (output, segments) = Self.polylines(of: curves, tolerance: tolerance, method: method)
    FileHandle.standardOutput.write(Data(output.utf8))
    if stats {
      // Timed apart from formatting: one buffer reused for every curve, as a frame does.
      var points: [Point] = []
      let elapsed = ContinuousClock().measure {
        for curve in curves {
          points.removeAll(keepingCapacity: true)
          curve.flatten(tolerance: tolerance, method: method, into: &points)
        }
      }
      let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      let count = max(curves.count, 1)
      FileHandle.standardError.write(Data("""
        curves: \(curves.count)
        segments: \(segments) (\(String(format: "%.2f", Double(segments) / Double(count))) per curve)
        time: \(String(format: "%.3f", nanoseconds / 1e6)) ms (\(String(format: "%.0f", nanoseconds / Double(count))) ns per curve)

        """.utf8))
    }
  }
}

extension FlattenCommand {
  /// One line per curve, "x0 y0 ... xk yk", and the total number of segments.
  static func polylines(
    of curves: [CubicBezier], tolerance: Double, method: FlatteningMethod
  ) -> (text: String, segments: Int) {
    var text = ""
    var points: [Point] = []
    var segments = 0
    for curve in curves {
      points.removeAll(keepingCapacity: true)
      curve.flatten(tolerance: tolerance, method: method, into: &points)
      segments += points.count - 1
      text += points.map { "\($0.x) \($0.y)" }.joined(separator: " ")
      text += "\n"
    }
    return (text, segments)
  }
}

/// Reads flatbench's corpus format.
enum CubicListParser {
  struct LineError: Error, CustomStringConvertible {
    let line: Int
    let reason: String
    var description: String { "line \(line): \(reason)" }
  }

  static func parse(_ text: String) throws -> [CubicBezier] {
    var curves: [CubicBezier] = []
    var lineNumber = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard fields.count == 8 else {
        throw LineError(line: lineNumber, reason: "expected 8 numbers (x0 y0 x1 y1 x2 y2 x3 y3), found \(fields.count)")
      }
      var values: [Double] = []
      for field in fields {
        guard let value = Double(field), value.isFinite else {
          throw LineError(line: lineNumber, reason: "'\(field)' is not a finite number")
        }
        values.append(value)
      }
      curves.append(CubicBezier(
        Point(x: values[0], y: values[1]), Point(x: values[2], y: values[3]),
        Point(x: values[4], y: values[5]), Point(x: values[6], y: values[7])
      ))
    }
    return curves
  }
}
