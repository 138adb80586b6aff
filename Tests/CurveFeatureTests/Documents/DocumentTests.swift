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
    state.drawing.display.showsTrace = false
    let data = try Document(state).encoded()
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"version\" : 5"))
    #expect(text.contains("\"subpaths\" : ["))
    #expect(text.contains("\"totalSteps\" : 10"))
    #expect(try Document.decode(data).editorCurves == state.drawing.curves)
    #expect(try Document.decode(data).display == state.drawing.display)
  }

  /// An opened drawing's root attributes (its size as its file gave it) stay through the
  /// editor: saving from the window loses none of them.
  @Test func theRootAttributesOfAnOpenedDrawingAreSavedFromTheEditor() throws {
    var document = Document(canvas: Canvas(width: 16, height: 16), curves: [], animation: Document.AnimationRecord(totalSteps: 10, speed: 50))
    document.rootAttributes = ["width": "48", "height": "48", "id": "icon"]
    let state = Editor.State(document: document, url: nil)
    #expect(state.drawing.rootAttributes == ["width": "48", "height": "48", "id": "icon"])
    #expect(Document(state).rootAttributes == document.rootAttributes)
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
    #expect(error(json(curve(1), version: 7)) == .unsupportedVersion(7))
    #expect(error(json(curve(1), version: 2)) == nil, "version 2 reads version 1's curves")
    #expect(error(json(curve(1), version: 3)) == nil, "version 3 reads version 1's curves")
    #expect(error(json(curve(1), version: 4)) == nil, "version 4 reads version 1's curves")
    #expect(error(json(curve(1), version: 5)) == nil, "version 5 reads version 1's curves")
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

  @Test func aNewerDocumentIsRefusedForItsVersionWhateverElseChanged() {
    // Keys sorted as we write them, so "version" comes last, after curves of a new shape.
    let newer = Data(#"{ "animation": {}, "canvas": [], "curves": [{ "shape": "new" }], "version": 7 }"#.utf8)
    #expect(throws: DocumentError.unsupportedVersion(7)) { try Document.decode(newer) }
  }

  @Test func readsWhatJSONDecoderReadsAndSaysWhereItIsWrong() throws {
    // Nulls for optional styles, escapes and exponents in numbers, unknown keys at every level.
    let document = try Document.decode(json("""
      { "id": "\(id(1).uuidString)", "extra": [1, {"a": null}], "points": [
        { "id": "\(id(101).uuidString)", "x": 3.5e1, "y": -0.25, "color": null, "size": null, "note": "caf\\u00e9" },
        { "id": "\(id(102).uuidString)", "x": 6E1, "y": 2e-1, "color": "#FF8800", "size": 12 } ] }
      """))
    #expect(document.curves[0].points.map(\.x) == [35, 60])
    #expect(document.curves[0].points.map(\.y) == [-0.25, 0.2])
    #expect(document.curves[0].points[0].color == nil && document.curves[0].points[0].size == nil)
    #expect(document.curves[0].points[1].color == "#FF8800" && document.curves[0].points[1].size == 12)
    func message(_ data: Data) -> String {
      do { _ = try Document.decode(data); return "" } catch { return "\(error)" }
    }
    #expect(message(json(curve(1, x: "\"30\""))).contains("expected a number"))
    #expect(message(json(#"{ "id": "\#(id(1).uuidString)", "points": [{ "x": 1, "y": 2 }] }"#)).contains(#"missing "id" at .curves[0].points[0]"#))
    #expect(message(json(#"{ "id": "not-a-uuid", "points": [] }"#)).contains("is not a UUID at .curves[0].id"))
    #expect(message(json(curve(1), extra: #""display": { "showsTrace": 3 },"#)).contains(".display.showsTrace"))
  }

  /// One curve of two points; the first has `style` added (JSON members, with a leading comma).
  func styled(_ style: String) -> Data {
    json("""
      { "id": "\(id(1).uuidString)", "points": [
        { "id": "\(id(101).uuidString)", "x": 30, "y": 10 \(style) },
        { "id": "\(id(102).uuidString)", "x": 60, "y": 20 } ] }
      """)
  }

  @Test func roundTripsPointColoursAndSizes() throws {
    var state = Editor.State(curves: oneCurve())
    state.drawing.curves[id: id(100)]?.points[id: id(101)]?.color = RGBColor(r: 0xe1, g: 0x57, b: 0x59)
    state.drawing.curves[id: id(100)]?.points[id: id(101)]?.size = 12.5
    state.drawing.curves[id: id(100)]?.points[id: id(102)]?.color = RGBColor.palette[5]
    state.drawing.curves[id: id(100)]?.points[id: id(103)]?.size = 30
    let document = Document(state)
    #expect(document.curves[0].points.map(\.color) == ["#e15759", "#4e79a7", nil, nil])
    #expect(document.curves[0].points.map(\.size) == [12.5, nil, 30, nil])
    let decoded = try Document.decode(try document.encoded())
    #expect(decoded == document)
    #expect(decoded.editorCurves == state.drawing.curves)
  }

  @Test func aStyleIsWrittenOnlyWhenSet() throws {
    var state = Editor.State(curves: oneCurve())
    state.drawing.curves[id: id(100)]?.points[id: id(102)]?.size = 8
    let text = String(decoding: try Document(state).encoded(), as: UTF8.self)
    #expect(text.components(separatedBy: "\"size\"").count == 2)
    #expect(!text.contains("\"color\""))
    #expect(!String(decoding: try Document(Editor.State(curves: oneCurve())).encoded(), as: UTF8.self).contains("\"size\""))
  }

  @Test func readsStylesInEitherCaseAndWithoutThem() throws {
    let document = try Document.decode(styled(##", "color": "#4E79A7", "size": 2"##))
    #expect(document.curves[0].points[0].color == "#4E79A7")
    #expect(document.editorCurves[0].points[0].color == RGBColor(r: 0x4e, g: 0x79, b: 0xa7))
    #expect(document.editorCurves[0].points[0].size == 2)
    #expect(document.editorCurves[0].points[1].color == nil && document.editorCurves[0].points[1].size == nil)
    // Saving lower-cases the colour.
    #expect(Document(Editor.State(curves: document.editorCurves)).curves[0].points[0].color == "#4e79a7")
    let plain = try Document.decode(styled(""))
    #expect(plain.curves[0].points[0].color == nil && plain.curves[0].points[0].size == nil)
  }

  @Test func aPointsWeightIsReadKeptAndWrittenAndOneWithoutIt() throws {
    let document = try Document.decode(styled(#", "weight": 0.5"#))
    #expect(document.curves[0].points[0].weight == 0.5 && document.curves[0].points[1].weight == nil)
    let editor = Editor.State(curves: document.editorCurves)
    #expect(editor.drawing.curves[0].points[0].weight == 0.5)
    let saved = Document(editor)
    #expect(saved.curves[0].points[0].weight == 0.5 && saved.curves[0].points[1].weight == nil)
    let json = String(decoding: try saved.encoded(), as: UTF8.self)
    #expect(json.contains("\"weight\"") && json.components(separatedBy: "\"weight\"").count == 2, "only the weighted point has the key")
    // A segment whose points weigh the same is the plain curve: no weights for it.
    #expect(Document.SubpathRecord(points: document.curves[0].points.map { var p = $0; p.weight = 2; return p }).segmentWeights == [nil])
    #expect(document.curves[0].subpaths[0].segmentWeights.first??.first == 0.5)
    for weight in [0.0, -1, 0.005, 101] {
      do {
        _ = try Document.decode(styled(#", "weight": \#(weight)"#))
        Issue.record("weight \(weight) not refused")
      } catch {
        #expect(error == .invalidWeight(DocumentError.PointPlace(curve: 1, point: 1), value: weight))
        #expect(error.description.contains("weight") && error.description.contains("0.01 to 100"), "\(error.description)")
      }
    }
  }

  @Test func refusesMalformedColoursAndSizesNamingThePoint() {
    func error(_ style: String) -> DocumentError? {
      do { _ = try Document.decode(styled(style)); return nil } catch { return error }
    }
    for color in ["#12345", "red", "#gggggg", "#1234567", "", "12345678", "#12 456"] {
      #expect(error(#", "color": "\#(color)""#) == .invalidColor(DocumentError.PointPlace(curve: 1, point: 1), value: color))
    }
    for size in [1.0, 31, 0, -5, 1.999, 30.0001] {
      #expect(error(#", "size": \#(size)"#) == .invalidSize(DocumentError.PointPlace(curve: 1, point: 1), value: size))
    }
    // JSON has no NaN: as a string it is not a number at all; so are other types.
    for notANumber in [#""NaN""#, #""12""#, "true", "[12]"] {
      if case .malformed? = error(#", "size": \#(notANumber)"#) {} else { Issue.record("size \(notANumber) not refused") }
    }
    for notAString in ["12", "true", "{}"] {
      if case .malformed? = error(#", "color": \#(notAString)"#) {} else { Issue.record("color \(notAString) not refused") }
    }
    // null is JSON's "not set".
    #expect(error(#", "color": null, "size": null"#) == nil)
    #expect(error(##", "size": 2, "color": "#00ff00""##) == nil)
    #expect(error(#", "size": 30"#) == nil)
  }

  @Test func styleErrorsSayWhichPointAndWhatIsAllowed() {
    let color = DocumentError.invalidColor(DocumentError.PointPlace(curve: 3, point: 2), value: "red").description
    #expect(color.contains("Point 2 of curve 3") && color.contains("\"red\"") && color.contains("#") && color.contains("six hexadecimal digits"))
    let size = DocumentError.invalidSize(DocumentError.PointPlace(curve: 1, point: 4), value: 31).description
    #expect(size == "Point 4 of curve 1 has the size 31; a size is a number from 2 to 30. Fix it in the file, or remove it for the default look.")
    #expect(DocumentError.invalidSize(DocumentError.PointPlace(curve: 1, point: 1), value: 1.5).description.contains("size 1.5;"))
    #expect(!DocumentError.invalidColor(DocumentError.PointPlace(curve: 1, point: 1), value: "a\nb").description.contains("\n"))
  }

  @Test func animationFieldsAreOptionalAndAFileWithoutAModePlaysInSteps() throws {
    let old = try Document.decode(json(curve(1)))
    #expect(old.animationSettings.mode == .steps && old.animationSettings.repetition == .loop)
    #expect(old.animationSettings.parametrization == .t && old.animationSettings.duration == 3)
    let new = try Document.decode(Data("""
      { "version": 1, "canvas": { "width": 800, "height": 600 }, "curves": [ \(curve(1)) ],
        "animation": { "totalSteps": 10, "speed": 50, "mode": "smooth", "duration": 4.5,
                       "repeat": "pingPong", "parametrization": "arcLength" } }
      """.utf8))
    let settings = new.animationSettings
    #expect(settings.mode == .smooth && settings.duration == 4.5 && settings.repetition == .pingPong && settings.parametrization == .arcLength)
    let saved = String(decoding: try Document(Editor.State(curves: oneCurve(), animation: settings)).encoded(), as: UTF8.self)
    #expect(saved.contains("\"repeat\" : \"pingPong\"") && saved.contains("\"mode\" : \"smooth\""))
    let fresh = withDependencies { $0.uuid = .incrementing } operation: { Editor.State.makeDefault() }
    #expect(fresh.drawing.animation.mode == .smooth)
  }

  @Test func constructionLevelOptionsRoundTripAndAreBounded() throws {
    var state = Editor.State(curves: oneCurve())
    var level = DisplayOptions.Level()
    level.showsTrace = true
    state.drawing.display.setOptions(level, ofLevel: 3)
    let decoded = try Document.decode(try Document(state).encoded())
    #expect(decoded.display.options(ofLevel: 3).showsTrace)
    #expect(decoded.display.options(ofLevel: 1) == DisplayOptions.Level())
    #expect(decoded.display.options(ofLevel: 9) == DisplayOptions.Level())
    let sixteen = Array(repeating: "{}", count: 16).joined(separator: ",")
    #expect(throws: DocumentError.self) { try Document.decode(json(curve(1), extra: "\"display\": { \"levels\": [\(sixteen)] },")) }
  }

  @Test func badAnimationValuesAreRefused() {
    func decode(_ animation: String) throws -> Document {
      try Document.decode(Data("""
        { "version": 1, "canvas": { "width": 800, "height": 600 }, "curves": [], "animation": \(animation) }
        """.utf8))
    }
    #expect(throws: DocumentError.invalidDuration(0.1)) { try decode(#"{ "totalSteps": 10, "speed": 50, "duration": 0.1 }"#) }
    #expect(throws: DocumentError.self) { try decode(#"{ "totalSteps": 10, "speed": 50, "mode": "fast" }"#) }
    #expect(throws: DocumentError.self) { try decode(#"{ "totalSteps": 10, "speed": 50, "repeat": "forever" }"#) }
    #expect(throws: DocumentError.self) { try decode(#"{ "totalSteps": 10, "speed": 50, "parametrization": "speed" }"#) }
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

  @Test func savingThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let real = directory.appendingPathComponent("real").appendingPathComponent("doc.json")
    try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("old".utf8).write(to: real)
    let link = directory.appendingPathComponent("link.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    try FileSystemClient.liveValue.writeAtomically(Data("new".utf8), link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path, "still a link")
    #expect(try Data(contentsOf: real) == Data("new".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: real.deletingLastPathComponent().path) == ["doc.json"])
  }

  @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let huge = directory.appendingPathComponent("huge.json")
    // Sparse: 65 MB long, no disk used, and reading it whole would take memory we refuse.
    FileManager.default.createFile(atPath: huge.path, contents: nil)
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: UInt64(Document.maximumFileSize + (1 << 20)))
    try handle.close()
    #expect(throws: DocumentError.tooLarge(path: huge.path, bytes: Document.maximumFileSize + (1 << 20))) {
      try FileSystemClient.liveValue.read(huge)
    }
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
