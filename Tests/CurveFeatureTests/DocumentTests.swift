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
    let state = Editor.State(curves: oneCurve())
    let data = try Document(state).encoded()
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"version\" : 1"))
    #expect(text.contains("\"totalSteps\" : 10"))
    #expect(try Document.decode(data).editorCurves == state.curves)
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

@MainActor
struct EditorDocumentTests {
  let url = URL(fileURLWithPath: "/documents/drawing.json")

  func makeStore(
    _ state: Editor.State, files: LockIsolated<[URL: Data]>, clock: TestClock<Duration> = TestClock()
  ) -> TestStore<Editor.State, Editor.Action> {
    TestStore(initialState: state) { Editor() } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
      $0.fileSystem = .inMemory(files)
    }
  }

  @Test func openingADocumentReplacesTheEditorState() async throws {
    let files = try LockIsolated([url: Document(Editor.State(curves: oneCurve())).encoded()])
    let store = makeStore(Editor.State(curves: []), files: files)
    await store.send(.open(url))
    await store.receive(\.opened) {
      $0.curves = oneCurve()
      $0.savedCurves = oneCurve()
      $0.documentURL = self.url
    }
  }

  @Test func aBadFileLeavesTheDocumentUntouched() async {
    let files = LockIsolated([url: Data("{\"version\": 9}".utf8)])
    let store = makeStore(Editor.State(curves: oneCurve()), files: files)
    await store.send(.open(url))
    await store.receive(\.opened) { $0.errorMessage = DocumentError.unsupportedVersion(9).description }
    await store.send(.open(URL(fileURLWithPath: "/missing.json")))
    await store.receive(\.opened) {
      $0.errorMessage = DocumentError.unreadable(
        path: "/missing.json", reason: CocoaError(.fileReadNoSuchFile).localizedDescription
      ).description
    }
    #expect(store.state.curves == oneCurve())
    await store.send(.dismissError) { $0.errorMessage = nil }
  }

  @Test func autosaveWaitsForASecondWithoutEdits() async throws {
    let clock = TestClock()
    let files = LockIsolated<[URL: Data]>([:])
    var state = Editor.State(curves: oneCurve())
    state.documentURL = url
    state.selection = point2
    let store = makeStore(state, files: files, clock: clock)
    await store.send(.nudgeSelectedPoint(dx: 1, dy: 0))
    await store.receive(.moveSelectedPoint(to: Point(x: 201, y: 100))) { $0.history.record(oneCurve()) }
    await store.receive(movePoint(100, 102, Point(x: 201, y: 100))) {
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 201, y: 100)
    }
    await clock.advance(by: .milliseconds(600))
    let once = store.state.curves
    await store.send(.nudgeSelectedPoint(dx: 1, dy: 0))
    await store.receive(.moveSelectedPoint(to: Point(x: 202, y: 100))) { $0.history.record(once) }
    await store.receive(movePoint(100, 102, Point(x: 202, y: 100))) {
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 202, y: 100)
    }
    await clock.advance(by: .milliseconds(600))
    #expect(files.value.isEmpty)
    await clock.advance(by: .milliseconds(400))
    await store.receive(.save) { $0.savedCurves = $0.curves }
    await store.receive(.saveFinished(.success(url)))
    let saved = try Document.decode(try #require(files.value[url]))
    #expect(saved.editorCurves == store.state.curves)
    #expect(!store.state.hasUnsavedChanges)
  }

  @Test func aFailedSaveShowsAnErrorAndKeepsTheChangesUnsaved() async {
    var state = Editor.State(curves: oneCurve())
    state.documentURL = url
    let store = TestStore(initialState: state) { Editor() } withDependencies: {
      $0.fileSystem = FileSystemClient(read: { _ in Data() }, writeAtomically: { _, _ in throw CocoaError(.fileWriteOutOfSpace) })
    }
    await store.send(.save) { $0.savedCurves = $0.curves }
    await store.receive(\.saveFinished.failure) {
      $0.savedCurves = []
      $0.errorMessage = DocumentError.unwritable(
        path: "/documents/drawing.json", reason: CocoaError(.fileWriteOutOfSpace).localizedDescription
      ).description
    }
    #expect(store.state.hasUnsavedChanges)
  }
}
