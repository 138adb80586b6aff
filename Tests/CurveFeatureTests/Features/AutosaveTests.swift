import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// Autosave through the whole editor: every kind of edit is saved a second after the last one.
@MainActor
struct AutosaveTests {
  let url = URL(fileURLWithPath: "/documents/drawing.json")
  let clock = TestClock()
  let files = LockIsolated<[URL: Data]>([:])

  func makeEditor(_ state: Editor.State = oneCurveWithPoint2Selected()) -> TestStore<Editor.State, Editor.Action> {
    var state = state
    state.file.url = url
    state.file.savedRevision = state.drawing.revision
    return makeStore(state, clock: clock, files: files) { Editor() }
  }

  /// Lets the pending autosave run and checks that it wrote `revision`, the drawing as it is.
  func expectAutosave(_ store: TestStore<Editor.State, Editor.Action>, ofRevision revision: Int) async throws {
    await clock.advance(by: Autosave.delay)
    await store.receive(.documents(.save)) { $0.file.savedRevision = revision }
    await store.receive(.documents(.saveFinished(.success(url))))
    await store.receive(\.documents.stampRead) { $0.file.diskStamp = stamp(files, url) }
    let saved = try Document.decode(try #require(files.value[url]))
    #expect(saved == Document(store.state))
  }

  @Test func waitsForASecondWithoutEdits() async throws {
    let store = makeEditor()
    await store.send(.moving(.arrow(dx: 1, dy: 0))) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 201, y: 100)
      $0.drawing.revision = 1
      $0.file.autosaveRevision = 1
    }
    await clock.advance(by: .milliseconds(600))
    let once = store.state.drawing.curves
    await store.send(.moving(.arrow(dx: 1, dy: 0))) {
      $0.history = undoHistory(undo: [oneCurve(), once])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 202, y: 100)
      $0.drawing.revision = 2
      $0.file.autosaveRevision = 2
    }
    await clock.advance(by: .milliseconds(600))
    #expect(files.value.isEmpty)
    await clock.advance(by: .milliseconds(400))
    await store.receive(.documents(.save)) { $0.file.savedRevision = 2 }
    await store.receive(.documents(.saveFinished(.success(url))))
    await store.receive(\.documents.stampRead) { $0.file.diskStamp = stamp(files, url) }
    #expect(try Document.decode(try #require(files.value[url])).editorCurves == store.state.drawing.curves)
  }

  @Test func aDragIsSavedOnceWhenItEnds() async throws {
    let store = makeEditor()
    await store.send(.pointer(.press(Point(x: 200, y: 100)))) {
      $0.interaction.gesture = .drag(Drag(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100), startRevision: 0))
      $0.history = undoHistory(pending: oneCurve())
    }
    for (revision, x) in zip(1..., [210.0, 220, 230]) {
      await store.send(.pointer(.moved(Point(x: x, y: 100)))) {
        $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: x, y: 100)
        $0.drawing.revision = revision
      }
    }
    await store.send(.pointer(.release(Point(x: 230, y: 100)))) {
      $0.interaction.gesture = nil
      $0.history = undoHistory(undo: [oneCurve()])
      $0.file.autosaveRevision = 3
    }
    try await expectAutosave(store, ofRevision: 3)
  }

  @Test func insertingAPointIsSaved() async throws {
    let store = makeEditor()
    await store.send(.pointer(.press(Point(x: 250, y: 130), clicks: 2))) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves[id: id(100)]?.points.insert(ControlPoint.State(id: id(0), position: Point(x: 250, y: 130)), at: 2)
      $0.interaction.selection = [PointReference(curve: id(100), point: id(0))]
      $0.drawing.revision = 1
      $0.file.autosaveRevision = 1
    }
    try await expectAutosave(store, ofRevision: 1)
  }

  @Test func stepsSpeedAndDisplayOptionsAreSaved() async throws {
    let store = makeEditor()
    await store.send(.animation(.binding(.set(\.totalSteps, 20)))) {
      $0.drawing.animation.totalSteps = 20
      $0.drawing.revision = 1
      $0.file.autosaveRevision = 1
    }
    await store.send(.animation(.binding(.set(\.speed, 80)))) {
      $0.drawing.animation.speed = 80
      $0.drawing.revision = 2
      $0.file.autosaveRevision = 2
    }
    await store.send(.display(.toggle(.showsControlPolygon))) {
      $0.drawing.display.showsControlPolygon = false
      $0.drawing.revision = 3
      $0.file.autosaveRevision = 3
    }
    try await expectAutosave(store, ofRevision: 3)
    #expect(try Document.decode(files.value[url]!).display.showsControlPolygon == false)
    #expect(try Document.decode(files.value[url]!).animation.totalSteps == 20)
  }

  @Test func theViewPlaybackAndSelectionAreNotEdits() async {
    let store = makeEditor()
    await store.send(.viewport(.resize(width: 640, height: 456))) {
      $0.viewport = Viewport.State(canvas: $0.canvas, area: Size(width: 640, height: 456))
    }
    await store.send(.animation(.scrub(t: 0.5))) { $0.drawing.animation.step = 5 }
    await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(103))] }
    await clock.advance(by: .seconds(5))
    #expect(files.value.isEmpty)
    #expect(!store.state.hasUnsavedChanges)
  }

  @Test func anUntitledDocumentIsNeverAutosaved() async {
    let store = makeStore(oneCurveWithPoint2Selected(), clock: clock, files: files) { Editor() }
    await store.send(.moving(.arrow(dx: 1, dy: 0))) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 201, y: 100)
      $0.drawing.revision = 1
    }
    await clock.advance(by: .seconds(5))
    #expect(files.value.isEmpty)
  }

  @Test func aReadOnlyEditorNeverWritesTheFile() async throws {
    // Another window holds the file: edits go on, nothing is saved, by Ctrl+S or autosave.
    let lockIsFree = LockIsolated(false)
    let store = makeEditor()
    store.dependencies.documentLock = DocumentLockClient(lock: { _ in lockIsFree.value }, unlock: { _ in })
    await store.send(.documents(.claimFile)) {
      $0.file.isReadOnly = true
      $0.file.errorMessage = DocumentError.openElsewhere(path: url.path).description
    }
    await store.send(.moving(.arrow(dx: 1, dy: 0))) {
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 201, y: 100)
      $0.drawing.revision = 1
    }
    await store.send(.documents(.save)) {
      $0.interaction.notice = "Read-only: drawing.json is open in another Curves window."
    }
    await clock.advance(by: Autosave.delay * 3)
    #expect(files.value.isEmpty)
    // The other window closed and this one took the lock: what was edited is saved.
    lockIsFree.setValue(true)
    await store.send(.documents(.claimFile)) {
      $0.file.isReadOnly = false
      $0.file.autosaveRevision = 1
    }
    await clock.advance(by: Autosave.delay)
    await store.receive(.documents(.save)) { $0.file.savedRevision = 1 }
    await store.receive(.documents(.saveFinished(.success(url)))) { $0.file.errorMessage = nil }
    await store.receive(\.documents.stampRead) { $0.file.diskStamp = stamp(files, url) }
    #expect(try Document.decode(try #require(files.value[url])) == Document(store.state))
  }
}
