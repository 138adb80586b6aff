import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

struct DocumentTests {
  func json(_ curves: String, version: Int = 1, extra: String = "") -> Data {
    Data("""
      { "version": \(version), \(extra)
        "canvas": { "width": 800, "height": 600 },
        "curves": [ \(curves) ],
        "animation": { "totalSteps": 10, "speed": 50 } }
      """.utf8)
  }

  func curve(_ n: Int, points: Int = 3, x: String = "30") -> String {
    let list = (1...max(points, 1)).prefix(points).map {
      "{ \"id\": \"\(id(n * 100 + $0).uuidString)\", \"x\": \(x), \"y\": \($0 * 10) }"
    }
    return "{ \"id\": \"\(id(n).uuidString)\", \"points\": [\(list.joined(separator: ","))] }"
  }

  @Test func readsTheVersionOneFormatAndIgnoresUnknownFields() throws {
    let document = try Document.decode(json(curve(1), extra: "\"style\": { \"color\": \"red\" },"))
    #expect(document.canvas == Canvas(width: 800, height: 600))
    #expect(document.curves[0].points.map(\.y) == [10, 20, 30])
    #expect(document.editorCurves[0].points[0].position == Point(x: 30, y: 10))
  }

  @Test func roundTripsAnEditorState() throws {
    var state = Editor.State(curves: oneCurve())
    state.display.showsTrace = false
    let data = try Document(state).encoded()
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"version\" : 1"))
    #expect(text.contains("\"totalSteps\" : 10"))
    #expect(try Document.decode(data).editorCurves == state.curves)
    #expect(try Document.decode(data).display == state.display)
  }

  @Test func displayOptionsAreOptionalFieldByField() throws {
    let document = try Document.decode(json(curve(1), extra: "\"display\": { \"showsTrace\": false },"))
    var expected = DisplayOptions()
    expected.showsTrace = false
    #expect(document.display == expected)
    #expect(try Document.decode(json(curve(1))).display == DisplayOptions())
    #expect(throws: DocumentError.self) {
      try Document.decode(json(curve(1), extra: "\"display\": { \"construction\": \"sideways\" },"))
    }
  }

  @Test func rejectsEveryKindOfBadDocument() {
    func error(_ data: Data) -> DocumentError? {
      do { _ = try Document.decode(data); return nil } catch { return error }
    }
    if case .malformed? = error(Data("{ not json".utf8)) {} else { Issue.record("not reported as malformed") }
    #expect(error(Data("{\"version\": 1}".utf8)).map { "\($0)".contains("missing \"canvas\"") } == true)
    #expect(error(json(curve(1), version: 2)) == .unsupportedVersion(2))
    #expect(error(json(curve(1, points: 17))) == .wrongPointCount(curve: 1, count: 17))
    #expect(error(json(curve(1, points: 1))) == .wrongPointCount(curve: 1, count: 1))
    #expect(error(json(curve(1) + "," + curve(1))) == .duplicateID(id(1)))
    #expect(error(json(curve(1, x: "1e999"))) != nil)
    #expect(error(json(curve(1, x: "\"NaN\""))) != nil)
    let many = (0...Document.maximumCurves).map { _ in "{ \"id\": \"\(UUID().uuidString)\", \"points\": [] }" }
    #expect(error(json(many.joined(separator: ","))) == .tooManyCurves(Document.maximumCurves + 1))
    let badCanvas = Data("""
      { "version": 1, "canvas": { "width": -5, "height": 600 }, "curves": [], "animation": { "totalSteps": 10, "speed": 50 } }
      """.utf8)
    #expect(error(badCanvas) == .invalidCanvas(width: -5, height: 600))
  }

  @Test func everyErrorSaysWhatToDo() {
    #expect(DocumentError.unsupportedVersion(3).description.contains("Update Curves"))
    #expect(DocumentError.unwritable(path: "/x", reason: "full").description.contains("save somewhere else"))
  }
}

struct AtomicSaveTests {
  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curves-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func replacesTheFileAndLeavesNoTemporaryFiles() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("doc.json")
    try FileSystemClient.liveValue.writeAtomically(Data("old".utf8), file)
    try FileSystemClient.liveValue.writeAtomically(Data("new".utf8), file)
    #expect(try FileSystemClient.liveValue.read(file) == Data("new".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["doc.json"])
  }

  @Test func aFailedSaveKeepsTheOldFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("doc.json")
    try FileSystemClient.liveValue.writeAtomically(Data("old".utf8), file)
    // A directory where the file should go cannot be replaced by a file.
    let blocked = directory.appendingPathComponent("blocked")
    try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
    #expect(throws: (any Error).self) { try FileSystemClient.liveValue.writeAtomically(Data("new".utf8), blocked) }
    #expect(try FileSystemClient.liveValue.read(file) == Data("old".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["blocked", "doc.json"])
  }
}
