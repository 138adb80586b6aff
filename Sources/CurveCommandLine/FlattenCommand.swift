import ArgumentParser
import CurveGeometry
import FoundationEssentials
import Glibc

/// `curves flatten`: cubics from stdin, one polyline per line to stdout (or binary, for
/// harnesses), streamed: memory stays the same for any input length.
package struct FlattenCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "flatten",
    abstract: "Flatten cubic Bezier curves read from stdin into polylines.",
    discussion: """
      Input: one cubic per line, "x0 y0 x1 y1 x2 y2 x3 y3"; blank lines and lines starting \
      with # are skipped. Text output: one line per curve, "x0 y0 ... xk yk", both end points \
      included, in input order. Binary output: per curve a little-endian u32 point count, then \
      the points as little-endian f64 x, y pairs. A bad line stops with its number, after the \
      polylines of the lines before it.
      """
  )

  @Option(help: "The largest distance allowed between curve and polyline, in input units.")
  var tolerance: Double

  @Option(help: "adaptive (default), wang or subdivision.")
  var method: String = FlatteningMethod.adaptive.rawValue

  @Option(help: "Digits after the point in text output (0...17); default: the shortest form that reads back exactly.")
  var precision: Int?

  @Option(help: "text (default) or binary.")
  var format: String = FlattenStream.Format.text.rawValue

  @Flag(help: "Print curves, segments and flattening time to stderr.")
  var stats = false

  package init() {}

  package func validate() throws {
    guard tolerance.isFinite, tolerance > 0 else {
      throw ValidationError("--tolerance must be a positive number, not \(tolerance).")
    }
    guard FlatteningMethod(rawValue: method) != nil else {
      let names = FlatteningMethod.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("unknown --method '\(method)'; choose one of: \(names).")
    }
    if let precision, !FlattenStream.precisionRange.contains(precision) {
      throw ValidationError("--precision must be from \(FlattenStream.precisionRange.lowerBound) to \(FlattenStream.precisionRange.upperBound), not \(precision).")
    }
    guard let format = FlattenStream.Format(rawValue: format) else {
      throw ValidationError("unknown --format '\(format)'; choose text or binary.")
    }
    if format == .binary, precision != nil { throw ValidationError("--precision is for text output; binary output is exact.") }
  }

  package func run() throws {
    let stream = FlattenStream(
      tolerance: tolerance, method: FlatteningMethod(rawValue: method)!, format: FlattenStream.Format(rawValue: format)!, precision: precision
    )
    let statistics: FlattenStream.Statistics
    do {
      statistics = try stream.run(read: Self.readStandardInput, write: Self.writeStandardOutput)
    } catch {
      StandardStreams.error("curves flatten: \(error)\n")
      throw ExitCode.failure
    }
    if stats {
      let nanoseconds = Double(statistics.flattening.components.seconds) * 1e9 + Double(statistics.flattening.components.attoseconds) / 1e9
      let count = max(statistics.curves, 1)
      StandardStreams.error("""
        curves: \(statistics.curves)
        segments: \(statistics.segments) (\((Double(statistics.segments) / Double(count)).fixed(2)) per curve)
        time: \((nanoseconds / 1e6).fixed(3)) ms (\((nanoseconds / Double(count)).fixed(0)) ns per curve)

        """)
    }
  }

  private static func readStandardInput(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      guard errno == EINTR else { throw FileError.cannotReadInput(reason: String(cString: strerror(errno))) }
    }
  }

  private static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let count = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0, errno != EINTR {
        throw FileError.cannotWriteOutput(reason: String(cString: strerror(errno)))
      }
    }
  }
}

extension FlattenCommand {
  /// One line per curve, "x0 y0 ... xk yk", and the total number of segments: the stream's
  /// text output, in memory.
  static func polylines(
    of curves: [CubicBezier], tolerance: Double, method: FlatteningMethod
  ) -> (text: String, segments: Int) {
    let input = curves.map { curve in
      [curve.p0, curve.p1, curve.p2, curve.p3].map { "\($0.x) \($0.y)" }.joined(separator: " ")
    }.joined(separator: "\n")
    let stream = FlattenStream(tolerance: tolerance, method: method, format: .text, precision: nil)
    let (output, result) = stream.run(inMemory: Array(input.utf8))
    let statistics = try! result.get()
    return (String(decoding: output, as: UTF8.self), statistics.segments)
  }
}
