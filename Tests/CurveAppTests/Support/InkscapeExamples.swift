import Foundation
import Testing

/// Inkscape's example drawings, which `make test` takes from Debian's inkscape package into
/// `.build/fixtures/inkscape-examples`.
enum InkscapeExamples {
  static let directory = CurvesBinary.packageRoot.appendingPathComponent(".build/fixtures/inkscape-examples")

  /// The example `name`; the test fails, saying how to fetch them, when they are missing.
  static func url(_ name: String) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try #require(FileManager.default.fileExists(atPath: url.path), "make test fetches Inkscape's examples into \(directory.path)")
    return url
  }
}
