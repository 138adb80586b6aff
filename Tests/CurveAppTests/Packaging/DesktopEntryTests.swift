import Foundation
import Testing

/// What the installed desktop entry and MIME type claim: SVG drawings (plain and gzipped) and
/// Curves's own JSON documents, found by their content, never every JSON file.
@Suite struct DesktopEntryTests {
  static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Packaging")
  static let fixtures = packaging.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures")

  @Test func theEntryClaimsSVGAndCurvesDocumentsButNotJSON() throws {
    let entry = try String(contentsOf: Self.packaging.appendingPathComponent("curves.desktop.in"), encoding: .utf8)
    let line = try #require(entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
    #expect(line == "MimeType=image/svg+xml;image/svg+xml-compressed;application/x-curves+json;")
  }

  static var canDetectTypes: Bool {
    ["/usr/bin/gio", "/usr/bin/update-mime-database"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Through shared-mime-info itself (the database built from the package's file, read by
  /// GIO as a file manager reads it).
  @Test(.enabled(if: canDetectTypes)) func aCurvesDocumentIsItsOwnTypeAndOtherJSONStaysJSON() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("mime-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let packages = data.appendingPathComponent("mime/packages")
    try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.packaging.appendingPathComponent("curves.mime.xml"), to: packages.appendingPathComponent("curves.xml"))
    let built = try ChildProcess.run("/usr/bin/update-mime-database", [data.appendingPathComponent("mime").path], timeout: .seconds(60))
    #expect(built.status == 0, "\(built.error)")

    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = data.path
    environment["XDG_DATA_DIRS"] = "\(data.path):/usr/share"
    func type(of file: URL) throws -> String {
      let info = try ChildProcess.run(
        "/usr/bin/gio", ["info", "-a", "standard::content-type", file.path], environment: environment, timeout: .seconds(60))
      return info.output.split(separator: "\n").compactMap { $0.split(separator: ": ").dropFirst().first }.last.map(String.init) ?? info.error
    }
    #expect(try type(of: Self.packaging.appendingPathComponent("icon.json")) == "application/x-curves+json")
    #expect(try type(of: Self.fixtures.appendingPathComponent("path-editing.json")) == "application/x-curves+json")
    #expect(try type(of: Self.fixtures.appendingPathComponent("booleans-skia.json")) == "application/json")
  }
}
