import Composable
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation
import OrderedCollections
import Testing

@MainActor
struct ClipboardTests {
  let clipboard = ClipboardClient.inMemory()

  func makeClipboardStore(_ state: Editor.State) -> TestStore<Editor.State, Clipboard.Action> {
    TestStore(initialState: state) { Clipboard() } withDependencies: {
      $0.uuid = .incrementing
      $0.clipboard = self.clipboard
    }
  }

  @Test func copyWritesTheSelectedCurvesAsADocumentAndPasteAddsThemSixteenAway() async throws {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [PointReference(curve: id(200), point: id(201))]
    let store = makeClipboardStore(state)
    await store.send(.copy) { $0.interaction.notice = "Copied 1 curve." }
    let copied = try Document.decode(Data(try #require(clipboard.read()).utf8))
    #expect(copied.editorCurves == [twoCurves()[1]])
    await store.send(.paste) {
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves.append(Curve.State(id: id(0), points: [
        ControlPoint.State(id: id(1), position: Point(x: 166, y: 316)),
        ControlPoint.State(id: id(2), position: Point(x: 466, y: 316)),
      ]))
      $0.interaction.selection = [PointReference(curve: id(0), point: id(1)), PointReference(curve: id(0), point: id(2))]
      $0.interaction.notice = "Pasted 1 curve."
      $0.drawing.revision = 1
    }
  }

  @Test func cutCopiesAndRemovesTheCurves() async throws {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [point2]
    let store = makeClipboardStore(state)
    await store.send(.cut) {
      $0.history = undoHistory(undo: [twoCurves()])
      $0.drawing.curves.remove(id: id(100))
      $0.interaction.selection = []
      $0.interaction.notice = "Cut 1 curve."
      $0.drawing.revision = 1
    }
    #expect(try Document.decode(Data(try #require(clipboard.read()).utf8)).editorCurves == oneCurve())
  }

  @Test func textThatIsNotCurvesIsRefusedWithANotice() async {
    clipboard.write("hello, world")
    let store = makeClipboardStore(Editor.State(curves: oneCurve()))
    await store.send(.paste) { $0.interaction.notice = "The clipboard holds no Curves curves to paste." }
    // The notice it sets again is the one already shown: no change to assert.
    await store.send(.pasted(nil))
  }
}

@MainActor
struct DropTests {
  let folder = URL(fileURLWithPath: "/drops")

  @Test func aDroppedDocumentIsOpenedAfterTheCurrentOneIsSaved() async throws {
    let current = URL(fileURLWithPath: "/drops/current.json"), dropped = URL(fileURLWithPath: "/drops/other.json")
    let droppedData = try Document(Editor.State(curves: twoCurves())).encoded()
    let files = LockIsolated([dropped: droppedData])
    var state = Editor.State(curves: oneCurve())
    state.file.url = current
    state.drawing.revision = 1  // edited since it was saved
    let store = makeStore(state, files: files) { Documents() }
    await store.send(.drop(dropped)) {
      $0.file.savedRevision = 1
      $0.file.autosaveRevision = 1
    }
    await store.receive(.saveFinished(.success(current)))
    await store.receive(\.opened) {
      $0 = Editor.State(document: try! Document.decode(droppedData), url: dropped)
    }
    await store.receive(\.stampRead) { $0.file.diskStamp = stamp(files, dropped) }
    #expect(try Document.decode(try #require(files.value[current])).editorCurves == oneCurve())
  }


  @Test func aDroppedDocumentIsNotOpenedWhenSavingTheCurrentOneFails() async throws {
    let current = URL(fileURLWithPath: "/drops/current.json"), dropped = URL(fileURLWithPath: "/drops/other.json")
    let droppedData = try Document(Editor.State(curves: twoCurves())).encoded()
    var state = Editor.State(curves: oneCurve())
    state.file.url = current
    state.drawing.revision = 1  // edited since it was saved
    let store = TestStore(initialState: state) { Documents() } withDependencies: {
      $0.fileSystem = FileSystemClient(read: { _ in droppedData }, writeAtomically: { _, _ in throw CocoaError(.fileWriteOutOfSpace) })
    }
    await store.send(.drop(dropped)) {
      $0.file.savedRevision = 1
      $0.file.autosaveRevision = 1
    }
    await store.receive(\.saveFinished.failure) {
      $0.file.savedRevision = nil
      $0.file.errorMessage = DocumentError.unwritable(path: current.path, reason: CocoaError(.fileWriteOutOfSpace).localizedDescription).description
    }
    #expect(store.state.drawing.curves == oneCurve())
  }
  @Test func aDroppedSVGAddsItsPathsAsCurvesAtTheirCoordinates() async {
    let svg = URL(fileURLWithPath: "/drops/line.svg")
    let files = LockIsolated([svg: Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><path d="M10 20 L30 40"/></svg>"#.utf8)])
    let store = makeStore(files: files) { Documents() }
    await store.send(.drop(svg))
    await store.receive(\.importedSVG) {
      $0.history = undoHistory(undo: [oneCurve()])
      // SVG's look, every field given: a black fill, no stroke.
      let style = CurveStyle(
        fill: .color(RGBColor(r: 0, g: 0, b: 0)), fillRule: .nonZero, fillOpacity: 1, stroke: CurveStyle.Paint.none, strokeWidth: 1,
        strokeOpacity: 1, opacity: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 4
      )
      $0.drawing.curves.append(Curve.State(id: id(0), points: [
        ControlPoint.State(id: id(1), position: Point(x: 10, y: 20), node: .corner),
        ControlPoint.State(id: id(2), position: Point(x: 30, y: 40), node: .corner),
      ], style: style))
      $0.interaction.selection = [PointReference(curve: id(0), point: id(1)), PointReference(curve: id(0), point: id(2))]
      $0.interaction.notice = "Added 1 curve from line.svg."
      $0.drawing.revision = 1
    }
  }


  @Test func anSVGDroppedOnASmallerCanvasSaysItsPointsWereMoved() async {
    let svg = URL(fileURLWithPath: "/drops/wide.svg")
    let files = LockIsolated([svg: Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2000 600"><path d="M10 20 L1500 40"/></svg>"#.utf8)])
    let store = makeStore(files: files) { Documents() }
    store.exhaustivity = .off
    await store.send(.drop(svg))
    await store.receive(\.importedSVG)
    #expect(store.state.interaction.notice == "Added 1 curve from wide.svg; points outside this canvas were moved onto its edge.")
    #expect(store.state.drawing.curves[1].points[1].position == Point(x: 800, y: 40))
  }
  @Test func aBadDropShowsTheBannerAndChangesNothing() async {
    let svg = URL(fileURLWithPath: "/drops/bad.svg")
    // Errors in a drawing are repaired; a file that is not XML is not a drawing.
    let files = LockIsolated([svg: Data("<svg><path d=\"M 10 L\"/>".utf8)])
    let store = makeStore(files: files) { Documents() }
    await store.send(.drop(URL(fileURLWithPath: "/drops/picture.png"))) {
      $0.file.errorMessage = "picture.png is neither a Curves document (.json) nor an SVG drawing (.svg, .svgz); drop one of those."
    }
    let reason: String
    do {
      _ = try SVGImport.document(from: files.value[svg]!)
      reason = "none"
    } catch {
      reason = error.description
    }
    await store.send(.drop(svg))
    await store.receive(\.importedSVG) { $0.file.errorMessage = "bad.svg: \(reason)" }
    #expect(store.state.drawing.curves == oneCurve())
  }
}
