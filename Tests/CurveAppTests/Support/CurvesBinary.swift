import Foundation
import Testing

/// The `curves` executable that `swift build` made, run as a user would.
enum CurvesBinary {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// `.build/debug/curves`, or `CURVES_BINARY` (the sanitized runs' own build).
  static let url = ProcessInfo.processInfo.environment["CURVES_BINARY"].map { URL(fileURLWithPath: $0) }
    ?? packageRoot.appendingPathComponent(".build/debug/curves")
  /// `curves-dev`, the developer tools, built beside `curves`.
  static let developerToolsURL = url.deletingLastPathComponent().appendingPathComponent("curves-dev")

  /// How many times slower than a plain debug build the binary runs (`make test-sanitized`
  /// sets `CURVES_TEST_SLOWDOWN`).
  static let slowdown = Int(ProcessInfo.processInfo.environment["CURVES_TEST_SLOWDOWN"] ?? "") ?? 1

  /// Runs `curves` (or `binary`) with `arguments`; a run longer than a minute (times
  /// `slowdown`) is killed and fails the test.
  static func run(
    _ arguments: [String], input: String? = nil, in directory: URL? = nil, environment: [String: String]? = nil,
    binary: URL = url
  ) throws -> ChildProcess.Outcome {
    try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the package first: swift build")
    let outcome = try ChildProcess.run(
      binary.path, arguments, input: input, in: directory,
      environment: environment ?? ProcessInfo.processInfo.environment, timeout: .seconds(60 * slowdown)
    )
    #expect(!outcome.timedOut, "\(binary.lastPathComponent) \(arguments.joined(separator: " ")) ran for over a minute and was killed")
    return outcome
  }
}

/// A fresh directory under the system's temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curves-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// A document with one cubic whose control points are at known places.
let sampleDocumentJSON = """
  { "version": 1, "canvas": { "width": 800, "height": 600 },
    "curves": [ { "id": "11111111-1111-1111-1111-111111111111", "points": [
       { "id": "21111111-1111-1111-1111-111111111111", "x": 120, "y": 450 },
       { "id": "31111111-1111-1111-1111-111111111111", "x": 240, "y": 120 },
       { "id": "41111111-1111-1111-1111-111111111111", "x": 560, "y": 120 },
       { "id": "51111111-1111-1111-1111-111111111111", "x": 680, "y": 450 } ] } ],
    "animation": { "totalSteps": 10, "speed": 50 } }
  """
