import Composable
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation
import Testing

/// Ctrl+N, Ctrl+O (a document and an SVG drawing), Ctrl+Shift+S and Ctrl+S on a document
/// with no name of its own, and the recent files they leave.
@MainActor
struct DocumentFileHabitsTests {
  let drawing = URL(fileURLWithPath: "/docs/drawing.json")
  let data = URL(fileURLWithPath: "/data/curves")

  @Test func saveAsWritesTheNewFileWhichTheDocumentThenSavesTo() async throws {
    let files = LockIsolated<[URL: Data]>([:]), recent = LockIsolated<[URL]>([])
    var state = Editor.State(curves: oneCurve())
    state.file.url = drawing
    state.file.savedRevision = 0
    state.drawing.markCurvesEdited()
    let store = makeStore(state, files: files) { Documents() }
    store.dependencies.recentFiles = .inMemory(recent)
    let copy = URL(fileURLWithPath: "/docs/copy.json")
    await store.send(.saveAs(copy)) {
      $0.file.url = copy
      $0.file.savedRevision = 1
      $0.file.autosaveRevision = 1
    }
    await store.receive(.saveFinished(.success(copy)))
    await store.receive(\.stampRead) { $0.file.diskStamp = stamp(files, copy) }
    #expect(try Document.decode(#require(files.value[copy])).editorCurves == oneCurve())
    #expect(files.value[drawing] == nil, "the old file is left as it was")
    #expect(recent.value == [copy])
  }

  @Test func ctrlNSavesTheDocumentThenStartsAnEmptyOneAutosavedUntilNamed() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    var state = Editor.State(curves: oneCurve())
    state.file.url = drawing
    state.file.untitledFolder = data
    state.interaction.tool = .pen
    state.drawing.markCurvesEdited()
    let store = makeStore(state, files: files) { Editor() }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 1_795_000_000))
    store.exhaustivity = .off
    await store.send(.documents(.newDocument))
    await store.receive(.documents(.saveFinished(.success(drawing))))
    await store.receive(.documents(.startNewDocument))
    #expect(try Document.decode(#require(files.value[drawing])).editorCurves == oneCurve())
    #expect(store.state.drawing.curves.isEmpty)
    let untitled = try #require(store.state.file.url)
    #expect(untitled.deletingLastPathComponent().path == data.path)
    #expect(untitled.lastPathComponent.hasPrefix("untitled-") && untitled.pathExtension == "json")
    #expect(store.state.file.isAutosave && store.state.file.untitledFolder == data)
    #expect(store.state.interaction.tool == .pen, "the tool stays")
    #expect(!store.state.history.canUndo)

    // Drawn in and left by another Ctrl+N, it joins the recent files (the empty one did not).
    let recent = LockIsolated<[URL]>([])
    store.dependencies.recentFiles = .inMemory(recent)
    await store.send(.documents(.newDocument))
    await store.receive(.documents(.startNewDocument))
    #expect(recent.value.isEmpty)
    let second = try #require(store.state.file.url)
    await store.send(.curveCommands(.addCurve))
    await store.send(.documents(.newDocument))
    await store.receive(.documents(.startNewDocument))
    #expect(recent.value == [second])
    // The same second, a file already there: the next new document takes another name.
    #expect(store.state.file.url?.lastPathComponent == second.deletingPathExtension().lastPathComponent + "-2.json")
  }

  @Test func ctrlSOnADocumentWithoutANameOfItsOwnAsksForOne() async {
    var state = Editor.State(curves: [])
    state.file.url = URL(fileURLWithPath: "/data/curves/autosave.json")
    state.file.isAutosave = true
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.documents(.saveOrSaveAs))
    await store.receive(.browser(.present(.saveAs)))
    #expect(store.state.browser?.purpose == .saveAs)
  }

  @Test func autosaveNeverAsksForAName() async {
    var state = Editor.State(curves: oneCurve())
    state.file.url = URL(fileURLWithPath: "/data/curves/autosave.json")
    state.file.isAutosave = true
    let clock = TestClock<Duration>()
    let store = makeStore(state, clock: clock) { Editor() }
    store.exhaustivity = .off
    await store.send(.moving(.arrow(dx: 1, dy: 0)))
    await store.send(.selection(.selectAll))
    await store.send(.moving(.arrow(dx: 1, dy: 0)))
    await clock.advance(by: Autosave.delay)
    await store.receive(.documents(.save))
    #expect(store.state.browser == nil && !store.state.hasUnsavedChanges)
  }

  /// Save As by the extension: `.svgz` writes the drawing as a compressed SVG, which is then
  /// the file Ctrl+S writes.
  @Test func savingAsAnSVGWritesTheDrawing() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    var state = Editor.State(curves: oneCurve())
    state.file.url = URL(fileURLWithPath: "/docs/drawing.json")
    let store = makeStore(state, files: files) { Editor() }
    store.exhaustivity = .off
    let target = URL(fileURLWithPath: "/docs/drawing.svgz")
    await store.send(.documents(.saveAs(target)))
    await store.receive(\.documents.saveFinished)
    #expect(store.state.file.url == target && !store.state.hasUnsavedChanges)
    let written = try #require(files.value[target])
    let text = String(decoding: try Gzip.decompress(written, limit: 1 << 20), as: UTF8.self)
    #expect(text.contains("<svg") && text.contains("<path"))
    // What only Curves knows goes with it, in its namespace.
    #expect(text.contains(#"<curves:settings xmlns:curves="https://curves.invalid/ns/1">"#))
    #expect(try SVGImport.document(from: written).display == store.state.drawing.display)
    #expect(files.value.keys.map(\.lastPathComponent) == ["drawing.svgz"])
  }

  @Test func ctrlSOnANamedDocumentSaves() async {
    var state = Editor.State(curves: oneCurve())
    state.file.url = drawing
    state.drawing.markCurvesEdited()
    let store = makeStore(state) { Editor() }
    store.exhaustivity = .off
    await store.send(.documents(.saveOrSaveAs))
    await store.receive(.documents(.save))
    #expect(store.state.browser == nil && !store.state.hasUnsavedChanges)
  }

  @Test func anSVGDrawingOpensAsItsOwnFileAndCtrlSWritesBackOnlyTheEdit() async throws {
    let svg = URL(fileURLWithPath: "/docs/icon.svg")
    let text = ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><!-- icon --><path d="M1 1 L15 1 L8 15 Z" fill="#f00"/><rect x="2" y="2" width="3" height="3"/></svg>"##
    let files = LockIsolated<[URL: Data]>([svg: Data(text.utf8)])
    let recent = LockIsolated<[URL]>([])
    let store = makeStore(Editor.State(curves: oneCurve()), files: files) { Editor() }
    store.dependencies.recentFiles = .inMemory(recent)
    store.exhaustivity = .off
    await store.send(.documents(.openFile(svg)))
    await store.receive(\.documents.openedSVG)
    #expect(store.state.drawing.curves.count == 2 && store.state.canvas == Canvas(width: 16, height: 16))
    #expect(store.state.file.url == svg && !store.state.hasUnsavedChanges)
    #expect(store.state.interaction.notice == "Opened 2 curves from icon.svg; Ctrl+S writes it back.")
    #expect(recent.value == [svg])
    // The triangle moved one unit right, then Ctrl+S: the file with its path's d alone changed.
    let triangle = store.state.drawing.curves[0].id
    await store.send(.objects(.selectNext(backwards: false)))
    #expect(store.state.interaction.selectedObjects == [.curve(triangle)])
    await store.send(.objects(.move(dx: 1, dy: 0)))
    #expect(store.state.hasUnsavedChanges)
    await store.send(.documents(.save))
    await store.receive(\.documents.saveFinished)
    #expect(!store.state.hasUnsavedChanges)
    let saved = String(decoding: try #require(files.value[svg]), as: UTF8.self)
    #expect(saved == text.replacingOccurrences(of: "M1 1 L15 1 L8 15 Z", with: "M 2 1 L 16 1 L 9 15 L 2 1 Z"))
    #expect(files.value.keys.allSatisfy { $0.pathExtension != "json" }, "nothing written beside it")
  }

  @Test func openingADocumentFromTheBrowserAddsItToTheRecentFiles() async throws {
    let other = URL(fileURLWithPath: "/docs/other.json")
    let encoded = try Document(Editor.State(curves: twoCurves())).encoded()
    let files = LockIsolated([other: encoded])
    let recent = LockIsolated<[URL]>([])
    let store = makeStore(Editor.State(curves: oneCurve()), files: files) { Editor() }
    store.dependencies.recentFiles = .inMemory(recent)
    store.exhaustivity = .off
    await store.send(.browser(.present(.open)))
    await store.send(.browser(.type("/docs/other.json")))
    await store.send(.browser(.activate))
    await store.receive(.browser(.delegate(.chose(other, .open))))
    await store.receive(.documents(.openFile(other)))
    await store.receive(\.documents.opened)
    #expect(store.state.drawing.curves == twoCurves() && store.state.file.url == other)
    #expect(recent.value == [other])
  }

  @Test func changesThatCannotBeSavedAreNeverLeftBehind() async {
    // No file to save to (an SVG that could not be read, say): Ctrl+N and Ctrl+O say why not.
    var state = Editor.State(curves: oneCurve())
    state.drawing.markCurvesEdited()
    let store = makeStore(state) { Documents() }
    let message = "This drawing's changes cannot be saved here (it has no file), so a new document was not started; save it under a name first (Ctrl+Shift+S)."
    await store.send(.newDocument) { $0.file.errorMessage = message }
    await store.send(.openFile(URL(fileURLWithPath: "/docs/icon.svg"))) {
      $0.file.errorMessage = "This drawing's changes cannot be saved here (it has no file), so icon.svg was not opened; save it under a name first (Ctrl+Shift+S)."
    }
  }

  @Test func saveAsOntoAFileAnotherWindowHoldsChangesNothing() async {
    var state = Editor.State(curves: oneCurve())
    state.file.url = drawing
    let store = makeStore(state) { Documents() }
    let held = URL(fileURLWithPath: "/docs/held.json")
    store.dependencies.documentLock = .inMemory(heldElsewhere: [held])
    await store.send(.saveAs(held)) {
      $0.file.errorMessage = DocumentError.openElsewhere(path: held.path).description
    }
  }
}
