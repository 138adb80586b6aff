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
    state.documentURL = url
    state.savedRevision = state.revision
    return makeStore(state, clock: clock, files: files) { Editor() }
  }

  /// Lets the pending autosave run and checks what it wrote.
  func expectAutosave(_ store: TestStore<Editor.State, Editor.Action>) async throws {
    await clock.advance(by: Autosave.delay)
    await store.receive(.file(.save)) { $0.savedRevision = $0.revision }
    await store.receive(.file(.saveFinished(.success(url))))
    await store.receive(\.file.stampRead) { $0.diskStamp = stamp(files, url) }
    let saved = try Document.decode(try #require(files.value[url]))
    #expect(saved == Document(store.state))
  }

  @Test func waitsForASecondWithoutEdits() async throws {
    let store = makeEditor()
    await store.send(.editing(.arrow(dx: 1, dy: 0))) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 201, y: 100)
      $0.markCurvesEdited()
      $0.autosaveRevision = 1
    }
    await clock.advance(by: .milliseconds(600))
    let once = store.state.curves
    await store.send(.editing(.arrow(dx: 1, dy: 0))) {
      $0.history.record(once)
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 202, y: 100)
      $0.markCurvesEdited()
      $0.autosaveRevision = 2
    }
    await clock.advance(by: .milliseconds(600))
    #expect(files.value.isEmpty)
    await clock.advance(by: .milliseconds(400))
    await store.receive(.file(.save)) { $0.savedRevision = 2 }
    await store.receive(.file(.saveFinished(.success(url))))
    await store.receive(\.file.stampRead) { $0.diskStamp = stamp(files, url) }
    #expect(try Document.decode(try #require(files.value[url])).editorCurves == store.state.curves)
  }

  @Test func aDragIsSavedOnceWhenItEnds() async throws {
    let store = makeEditor()
    await store.send(.pointer(.press(Point(x: 200, y: 100)))) {
      $0.drag = .init(point: point2, grabOffset: .zero, start: Point(x: 200, y: 100), startRevision: 0)
      $0.history.begin(oneCurve())
    }
    for x in [210.0, 220, 230] {
      await store.send(.pointer(.moved(Point(x: x, y: 100)))) {
        $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: x, y: 100)
        $0.markCurvesEdited()
      }
    }
    await store.send(.pointer(.release(Point(x: 230, y: 100)))) {
      $0.drag = nil
      $0.history.commit()
      $0.autosaveRevision = 3
    }
    try await expectAutosave(store)
  }

  @Test func insertingAPointIsSaved() async throws {
    let store = makeEditor()
    await store.send(.pointer(.press(Point(x: 250, y: 130), clicks: 2))) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points.insert(PointFeature.State(id: id(0), position: Point(x: 250, y: 130)), at: 2)
      $0.selection = [PointReference(curve: id(100), point: id(0))]
      $0.markCurvesEdited()
      $0.autosaveRevision = 1
    }
    try await expectAutosave(store)
  }

  @Test func stepsSpeedAndDisplayOptionsAreSaved() async throws {
    let store = makeEditor()
    await store.send(.playback(.binding(.set(\.totalSteps, 20)))) {
      $0.animation.totalSteps = 20
      $0.markEdited()
      $0.autosaveRevision = 1
    }
    await store.send(.playback(.binding(.set(\.speed, 80)))) {
      $0.animation.speed = 80
      $0.markEdited()
      $0.autosaveRevision = 2
    }
    await store.send(.binding(.set(\.display.showsControlPolygon, false))) {
      $0.display.showsControlPolygon = false
      $0.markEdited()
      $0.autosaveRevision = 3
    }
    try await expectAutosave(store)
    #expect(try Document.decode(files.value[url]!).display.showsControlPolygon == false)
    #expect(try Document.decode(files.value[url]!).animation.totalSteps == 20)
  }

  @Test func theViewPlaybackAndSelectionAreNotEdits() async {
    let store = makeEditor()
    await store.send(.viewport(.resize(width: 640, height: 456))) {
      $0.viewport = Viewport.State(canvas: $0.canvas, area: Size(width: 640, height: 456))
    }
    await store.send(.playback(.scrub(t: 0.5))) { $0.animation.step = 5 }
    await store.send(.editing(.selectNextPoint)) { $0.selection = [PointReference(curve: id(100), point: id(103))] }
    await clock.advance(by: .seconds(5))
    #expect(files.value.isEmpty)
    #expect(!store.state.hasUnsavedChanges)
  }

  @Test func anUntitledDocumentIsNeverAutosaved() async {
    let store = makeStore(oneCurveWithPoint2Selected(), clock: clock, files: files) { Editor() }
    await store.send(.editing(.arrow(dx: 1, dy: 0))) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 201, y: 100)
      $0.markCurvesEdited()
    }
    await clock.advance(by: .seconds(5))
    #expect(files.value.isEmpty)
  }

  @Test func aReadOnlyEditorNeverWritesTheFile() async throws {
    // Another window holds the file: edits go on, nothing is saved, by Ctrl+S or autosave.
    let store = makeEditor()
    await store.send(.file(.openedElsewhere(url))) {
      $0.isReadOnly = true
      $0.errorMessage = DocumentError.openElsewhere(path: url.path).description
    }
    await store.send(.editing(.arrow(dx: 1, dy: 0))) {
      $0.history.record(oneCurve())
      $0.curves[id: id(100)]?.points[id: id(102)]?.position = Point(x: 201, y: 100)
      $0.markCurvesEdited()
    }
    await store.send(.file(.save)) {
      $0.notice = "Read-only: drawing.json is open in another Curves window."
    }
    await clock.advance(by: Autosave.delay * 3)
    #expect(files.value.isEmpty)
    // The other window closed and this one took the lock: what was edited is saved.
    await store.send(.file(.ownsFile)) {
      $0.isReadOnly = false
      $0.autosaveRevision = 1
    }
    await clock.advance(by: Autosave.delay)
    await store.receive(.file(.save)) { $0.savedRevision = 1 }
    await store.receive(.file(.saveFinished(.success(url)))) { $0.errorMessage = nil }
    await store.receive(\.file.stampRead) { $0.diskStamp = stamp(files, url) }
    #expect(try Document.decode(try #require(files.value[url])) == Document(store.state))
  }
}
