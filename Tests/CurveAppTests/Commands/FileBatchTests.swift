import CurveRaster
import Foundation
import Testing

/// Many files through one command (`FileBatch`): `curves render A.svg B.svg … --output-dir
/// DIR`, each drawing drawn alone into DIR/NAME.png, from files, a directory or a `.txt` list,
/// one bad file told and the rest drawn; `import-svg`, `export-svg` and `path` likewise.
struct FileBatchTests {
  /// A 20 × 10 drawing: a red square on the left half.
  static let square = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="10" height="10" fill="red"/></svg>"#
  /// A 10 × 10 drawing: a blue circle filling it.
  static let circle = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="5" fill="blue"/></svg>"#

  @Test func eachFileIsDrawnAloneIntoTheDirectoryUnderItsName() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("in"), out = directory.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try Self.square.write(to: inputs.appendingPathComponent("square.svg"), atomically: true, encoding: .utf8)
    try Self.circle.write(to: inputs.appendingPathComponent("circle.svg"), atomically: true, encoding: .utf8)
    let outcome = try CurvesBinary.run(["render", inputs.appendingPathComponent("square.svg").path, inputs.appendingPathComponent("circle.svg").path, "--output-dir", out.path, "--width", "40"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let square = try #require(PNGImage(contentsOf: out.appendingPathComponent("square.png")))
    let circle = try #require(PNGImage(contentsOf: out.appendingPathComponent("circle.png")))
    // --width 40: the height in each drawing's proportions.
    #expect(square.width == 40 && square.height == 20 && circle.width == 40 && circle.height == 40)
    #expect(square.pixel(x: 10, y: 10) == RGBA8(r: 255, g: 0, b: 0) && square.pixel(x: 30, y: 10).a == 0, "the drawing alone: no page")
    #expect(circle.pixel(x: 20, y: 20) == RGBA8(r: 0, g: 0, b: 255))
  }

  @Test func aDirectoryOrAListNamesTheFilesAndABadOneFailsAlone() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("icons"), out = directory.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try Self.square.write(to: inputs.appendingPathComponent("a.svg"), atomically: true, encoding: .utf8)
    try "not a drawing".write(to: inputs.appendingPathComponent("b.svg"), atomically: true, encoding: .utf8)
    try Self.circle.write(to: inputs.appendingPathComponent("c.svg"), atomically: true, encoding: .utf8)
    try "ignored: not a drawing's extension".write(to: inputs.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
    let outcome = try CurvesBinary.run(["render", inputs.path, "--output-dir", out.path, "--size", "16x16"])
    #expect(outcome.status == 1, "one file failed: exit 1 at the end")
    #expect(outcome.error.contains("b.svg") && outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["a.png", "c.png"])
    #expect(PNGImage(contentsOf: out.appendingPathComponent("c.png"))?.width == 16)
    // A list: a path a line, relative to the list's folder; a comment and a blank line skipped.
    let list = directory.appendingPathComponent("list.txt"), listed = directory.appendingPathComponent("listed")
    try "# the icons\nicons/c.svg\n\n\(inputs.appendingPathComponent("a.svg").path)\n".write(to: list, atomically: true, encoding: .utf8)
    let fromList = try CurvesBinary.run(["render", list.path, "--output-dir", listed.path])
    #expect(fromList.status == 0, "\(fromList.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: listed.path).sorted() == ["a.png", "c.png"])
  }

  @Test func severalFilesNeedTheDirectoryAndNoAnimation() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = directory.appendingPathComponent("a.svg"), b = directory.appendingPathComponent("b.svg")
    try Self.square.write(to: a, atomically: true, encoding: .utf8)
    try Self.circle.write(to: b, atomically: true, encoding: .utf8)
    let withoutDirectory = try CurvesBinary.run(["render", a.path, b.path, "--drawing-only", "-o", directory.appendingPathComponent("x.png").path])
    #expect(withoutDirectory.status != 0 && withoutDirectory.error.contains("--output-dir"), "\(withoutDirectory.error)")
    let animated = try CurvesBinary.run(["render", a.path, b.path, "--output-dir", directory.path, "--animate"])
    #expect(animated.status != 0 && animated.error.contains("--animate"), "\(animated.error)")
  }

  @Test func importExportAndPathOperationsTakeADirectoryToo() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try Self.square.write(to: inputs.appendingPathComponent("square.svg"), atomically: true, encoding: .utf8)
    try Self.circle.write(to: inputs.appendingPathComponent("circle.svg"), atomically: true, encoding: .utf8)
    let documents = directory.appendingPathComponent("documents"), drawings = directory.appendingPathComponent("drawings")
    let imported = try CurvesBinary.run(["import-svg", inputs.path, "--output-dir", documents.path])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: documents.path).sorted() == ["circle.json", "square.json"])
    let exported = try CurvesBinary.run(["export-svg", documents.path, "--output-dir", drawings.path])
    #expect(exported.status == 0, "\(exported.error)")
    let square = try String(contentsOf: drawings.appendingPathComponent("square.svg"), encoding: .utf8)
    #expect(square.contains("<path") && square.contains("#ff0000"), "\(square)")
    // A path operation keeps each input's kind: the drawing's result is a drawing.
    let united = directory.appendingPathComponent("united")
    let union = try CurvesBinary.run(["path", "union", inputs.appendingPathComponent("circle.svg").path, documents.appendingPathComponent("square.json").path, "--output-dir", united.path])
    #expect(union.status == 0, "\(union.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: united.path).sorted() == ["circle.svg", "square.json"])
    let both = try CurvesBinary.run(["import-svg", inputs.path, "-o", directory.appendingPathComponent("x.json").path])
    #expect(both.status != 0 && both.error.contains("--output-dir"), "\(both.error)")
  }
}
