import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// `EditorSession` on its own: which actions a pointer or key event sends to the store, and
/// what the session keeps itself (the slider being dragged, the pointer over the canvas).
/// The window is the default 1100x750, its view panned so window points on the canvas are
/// document points (`documentAligned`);
/// the sample curve's points are at (120, 450), (240, 120), (560, 120) and (680, 450).
@MainActor
struct EditorSessionTests {
  let store: StoreOf<Editor>
  let session: EditorSession
  /// Every action the store reduced, in order, whoever sent it.
  let sent = LockIsolated<[Editor.Action]>([])

  init() throws {
    let state = Editor.State(document: try Document.decode(Data(sampleDocumentJSON.utf8)), url: nil)
    let sent = sent
    store = Store(initialState: state) {
      Reduce<Editor.State, Editor.Action> { _, action in
        sent.withValue { $0.append(action) }
        return .none
      }
      Editor()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.uuid = .incrementing
      $0.fileSystem = .inMemory(LockIsolated([:]))
      $0.clipboard = .inMemory()
      $0.documentLock = .inMemory()
    }
    session = .documentAligned(store: store)
    sent.setValue([])
  }

  private var layout: Layout { session.layout }

  private func centre(of rect: Rect) -> (x: Double, y: Double) {
    ((rect.minX + rect.maxX) / 2, (rect.minY + rect.maxY) / 2)
  }

  private func click(_ x: Double, _ y: Double) {
    session.handle(.pointerDown(x: x, y: y, clicks: 1))
    session.handle(.pointerUp(x: x, y: y))
  }

  @Test func aClickOnAToggleSendsItsDisplayActionAndTheStateChanges() {
    #expect(store.drawing.display.showsCurve)
    let toggle = centre(of: layout.frame(of: .toggle(.curve)))
    click(toggle.x, toggle.y)
    #expect(sent.value == [.display(.toggle(.showsCurve))])
    #expect(!store.drawing.display.showsCurve)
    click(toggle.x, toggle.y)
    #expect(store.drawing.display.showsCurve)
  }

  @Test func thePrimerTabShowsThePrimerPageWhoseControlsSetTheDisplay() {
    let primer = centre(of: layout.frame(of: .page(.primer)))
    // On the Edit page, the Primer page's toggle is not there: its place holds other controls.
    let graphs = centre(of: layout.frame(of: .primerToggle(.graphs)))
    #expect(layout.control(at: Point(x: graphs.x, y: graphs.y), on: .edit) != .primerToggle(.graphs))
    click(primer.x, primer.y)
    #expect(session.panelPage == .primer)
    sent.setValue([])
    click(graphs.x, graphs.y)
    #expect(sent.value == [.display(.toggle(.showsGraphs))] && store.drawing.display.showsGraphs)
    // The arcs' error slider: three quarters along its track of 0.1...20 px.
    click(centre(of: layout.frame(of: .primerToggle(.arcs))).x, centre(of: layout.frame(of: .primerToggle(.arcs))).y)
    let track = layout.track(of: .arcTolerance), y = (track.minY + track.maxY) / 2
    session.handle(.pointerDown(x: track.minX + track.width * 0.75, y: y, clicks: 1))
    session.handle(.pointerUp(x: track.minX + track.width * 0.75, y: y))
    #expect(abs(store.drawing.display.arcTolerance - (0.1 + 0.75 * 19.9)) < 1e-9)
    let edit = centre(of: layout.frame(of: .page(.edit)))
    click(edit.x, edit.y)
    #expect(session.panelPage == .edit)
  }

  @Test func aSliderDragIsOneUndoStepEndingWithReleaseSelection() {
    click(240, 120)
    #expect(store.interaction.selection.count == 1)
    let undoSteps = store.history.undoStack.count
    sent.setValue([])
    // The x slider spans the canvas's width, 0...800: a quarter along its track is 200.
    let track = layout.track(of: .x), y = (track.minY + track.maxY) / 2
    session.handle(.pointerDown(x: track.minX + track.width / 2, y: y, clicks: 1))
    #expect(session.activeSlider == .x)
    session.handle(.pointerMoved(x: track.minX + track.width / 4, y: y + 40))
    session.handle(.pointerUp(x: track.minX + track.width / 4, y: y + 40))
    #expect(session.activeSlider == nil)
    #expect(sent.value.first == .moving(.grabSelection))
    #expect(sent.value.last == .moving(.releaseSelection))
    #expect(store.drawing.curves[0].points[1].position == Point(x: 200, y: 120))
    #expect(store.history.undoStack.count == undoSteps + 1, "the whole drag is one step")
    session.handle(.key(KeyChord("z", control: true)))
    #expect(store.drawing.curves[0].points[1].position == Point(x: 240, y: 120))
  }

  @Test func ctrlQAsksToQuitAndSendsTheSaveOnQuittingOnce() async {
    #expect(session.handle(.key(KeyChord("q", control: true))) == .quit)
    #expect(session.handle(.close) == .quit)
    #expect(sent.value.filter { $0 == .documents(.quit) }.count == 1)
    let quitting = session.quitting
    #expect(quitting != nil)
    await quitting?.finish()
  }

  @Test func aPointerLeavingTheCanvasClearsTheHover() {
    session.handle(.pointerMoved(x: 241, y: 121))
    #expect(store.interaction.hover == PointReference(curve: store.drawing.curves[0].id, point: store.drawing.curves[0].points[1].id))
    let panel = centre(of: layout.panel)
    session.handle(.pointerMoved(x: panel.x, y: panel.y))
    #expect(sent.value.last == .pointer(.exited))
    #expect(store.interaction.hover == nil)
    // Further moves off the canvas send nothing more.
    sent.setValue([])
    session.handle(.pointerMoved(x: panel.x + 1, y: panel.y))
    #expect(sent.value.isEmpty)
  }

  @Test func aDragFromTheCanvasKeepsGoingToTheEditorOffTheCanvas() {
    session.handle(.pointerDown(x: 240, y: 120, clicks: 1))
    let panel = centre(of: layout.panel)
    session.handle(.pointerMoved(x: panel.x, y: panel.y))
    session.handle(.pointerUp(x: panel.x, y: panel.y))
    #expect(sent.value.contains(.pointer(.moved(Point(x: panel.x, y: panel.y)))))
    #expect(sent.value.last == .pointer(.up(Point(x: panel.x, y: panel.y), button: .left)))
    #expect(store.interaction.drag == nil)
  }
}

/// The panel's style and node controls.
extension EditorSessionTests {
  @Test func aFillSwatchSetsTheSelectedCurvesFillInOneUndoStep() {
    click(240, 120)
    let undoSteps = store.history.undoStack.count
    let swatch = centre(of: layout.frame(of: .fill(2)))
    click(swatch.x, swatch.y)
    #expect(store.drawing.curves[0].style.fill == .color(RGBColor.palette[2]))
    #expect(store.history.undoStack.count == undoSteps + 1)
    let none = centre(of: layout.frame(of: .fill(RGBColor.palette.count)))
    click(none.x, none.y)
    #expect(store.drawing.curves[0].style.fill == CurveStyle.Paint.none)
  }

  @Test func aStrokeWidthSliderDragIsOneUndoStep() {
    click(240, 120)
    let undoSteps = store.history.undoStack.count
    sent.setValue([])
    let track = layout.track(of: .strokeWidth), y = (track.minY + track.maxY) / 2
    session.handle(.pointerDown(x: track.minX + track.width / 2, y: y, clicks: 1))
    #expect(session.activeSlider == .strokeWidth)
    session.handle(.pointerMoved(x: track.minX + track.width / 5, y: y + 40))
    session.handle(.pointerUp(x: track.minX + track.width / 5, y: y + 40))
    #expect(sent.value.first == .styling(.beginStyleEdit))
    #expect(sent.value.last == .styling(.endStyleEdit))
    #expect(abs((store.drawing.curves[0].style.strokeWidth ?? -1) - 10) < 1e-9)
    #expect(store.history.undoStack.count == undoSteps + 1, "the whole drag is one step")
  }

  @Test func smoothMakesTheSelectedNodeSmoothAndLightsUp() {
    click(120, 450)
    #expect(session.nodeButton(.nodeType(.smooth))?.isOn == false)
    let button = centre(of: layout.frame(of: .nodeType(.smooth)))
    click(button.x, button.y)
    #expect(sent.value.contains(.nodes(.setType(.smooth))))
    #expect(store.drawing.curves[0].subpaths[0].points[0].node == .smooth)
    #expect(session.nodeButton(.nodeType(.smooth))?.isOn == true)
    #expect(session.nodeButton(.nodeType(.corner))?.isOn == false)
  }

  @Test func theStyleControlsAreDisabledWithNothingSelected() {
    #expect(store.interaction.selection.isEmpty)
    #expect(!session.slider(.strokeWidth).isEnabled && !session.slider(.opacity).isEnabled)
    #expect(session.nodeButton(.closeOpen)?.isEnabled == false)
  }
}

/// Ctrl+S writes in the background: Ctrl+Q right after it (nothing left unsaved, so no save on
/// quitting) still ends only once that write is on disk.
@MainActor
struct QuittingAfterASaveTests {
  @Test func quittingWaitsForTheSaveCtrlSAskedFor() async throws {
    let url = URL(fileURLWithPath: "/drawings/slow.json")
    let written = LockIsolated<[URL: Data]>([:])
    let state = Editor.State(document: try Document.decode(Data(sampleDocumentJSON.utf8)), url: url)
    let store = Store(initialState: state) { Editor() } withDependencies: {
      $0.continuousClock = TestClock()
      $0.uuid = .incrementing
      // A disk as slow as a busy machine's: the write lands a quarter of a second later.
      $0.fileSystem = FileSystemClient(
        read: { url in try written.value[url].unwrap(or: CocoaError(.fileReadNoSuchFile)) },
        writeAtomically: { data, url in
          Thread.sleep(forTimeInterval: 0.25)
          written.withValue { $0[url] = data }
        })
      $0.clipboard = .inMemory()
      $0.documentLock = .inMemory()
    }
    let session = EditorSession.documentAligned(store: store)
    session.handle(.key(KeyChord("s", control: true)))
    #expect(session.handle(.key(KeyChord("q", control: true))) == .quit)
    await session.finishQuitting()
    let saved = try #require(written.value[url], "the save is on disk before quitting ends")
    #expect(try Document.decode(saved).curves.count == store.drawing.curves.count)
  }
}

extension Optional {
  fileprivate func unwrap(or error: some Error) throws -> Wrapped {
    guard let self else { throw error }
    return self
  }
}
