import CurveApp
import CurveCommandLine
import Foundation

/// Any bytes as `curves flatten`'s input: the stream ends normally or with a `LineError`
/// naming a line, after the polylines of the lines before it. Every polyline written is a line
/// of at least two points, every number finite, and never more polylines than input lines.
enum FlattenFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
    let stream = FlattenStream(tolerance: 0.25, method: .adaptive, format: .text, precision: nil)
    let (output, result) = stream.run(inMemory: bytes)
    var curves: Int?
    switch result {
    case let .success(statistics):
      curves = statistics.curves
    case let .failure(error as FlattenStream.LineError):
      try require(error.line >= 1 && !error.reason.isEmpty, "an unclear error: \(error)")
    case let .failure(error):
      throw FuzzFailure("an error that names no line: \(error)")
    }
    let polylines = output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    try require(output.isEmpty || output.last == 0x0A, "the output ends mid-line")
    if let curves { try require(polylines.count == curves, "\(polylines.count) polylines for \(curves) curves") }
    let inputLines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    try require(polylines.count <= inputLines, "\(polylines.count) polylines from \(inputLines) lines")
    for (index, line) in polylines.enumerated() {
      let numbers = line.split(separator: 0x20).map { Double(String(decoding: $0, as: UTF8.self)) }
      try require(numbers.count >= 4 && numbers.count % 2 == 0, "polyline \(index + 1) has \(numbers.count) numbers")
      try require(numbers.allSatisfy { $0?.isFinite == true }, "polyline \(index + 1) has a non-finite number")
    }
  }
}
