import Composable
import CurveFeature
import CurveGeometry

/// The app's side of the editor: turns input events into store actions and holds what only
/// the window needs (the layout, the slider being dragged, the help overlay). The window's
/// event loop and `curves replay` both drive it, so they share every code path.
///
/// ```swift
/// let session = EditorSession(store: store, layout: layout)
/// let requests = session.handle(.pointerDown(x: 120, y: 80, clicks: 1))
/// ```
@MainActor
final class EditorSession {
  /// What the session asks of the shell that runs it.
  enum Request: Equatable {
    case exportSVG, screenshot, quit
  }

  let store: StoreOf<Editor>
  private(set) var layout: Layout
  private(set) var showsHelp = false
  /// The slider the mouse is dragging, from button down to button up.
  private(set) var activeSlider: SliderKind?
  /// A short message for the status line ("Exported …").
  var notice: String? { didSet { viewVersion &+= 1 } }
  /// Bumped when window-only state changes; with the store's version it tells the loop to draw.
  private(set) var viewVersion = 0

  init(store: StoreOf<Editor>, layout: Layout) {
    self.store = store
    self.layout = layout
  }

  /// Changes whenever the next frame would differ from the last one drawn.
  var frameVersion: Int { store.version &+ viewVersion &* 1_000_003 }

  /// Makes the document's canvas the window's canvas area, unless that would clamp a point
  /// (a document made on a larger screen keeps its canvas until the user resizes).
  func fitCanvasToWindowIfNothingMoves() {
    let area = layout.canvasArea
    let fits = store.curves.allSatisfy { curve in curve.points.allSatisfy { area.contains($0.position) } }
    if fits, store.canvas != Canvas(width: area.width, height: area.height) {
      store.send(.resize(width: area.width, height: area.height))
    }
  }

  func handle(_ event: InputEvent) -> [Request] {
    switch event {
    case let .pointerDown(x, y, clicks):
      pointerDown(at: layout.unitPoint(x: x, y: y), clicks: clicks)
    case let .pointerMoved(x, y):
      let point = layout.unitPoint(x: x, y: y)
      if let slider = activeSlider {
        setSlider(slider, at: point)
      } else {
        store.send(.pointerMoved(point))
      }
    case let .pointerUp(x, y):
      // Ends a drag of a point, by the pointer or by the x/y sliders: one undo step, autosaved.
      let endsPointDrag = activeSlider.map { $0 == .x || $0 == .y } ?? true
      if activeSlider != nil {
        activeSlider = nil
        viewVersion &+= 1
      }
      if endsPointDrag { store.send(.pointerUp(layout.unitPoint(x: x, y: y))) }
    case let .key(chord):
      return key(chord)
    case .wait:
      break
    case let .resize(width, height):
      let density = layout.pixelsPerUnit / layout.pointsPerUnit
      resize(windowPoints: (Double(width), Double(height)), pixels: (Double(width) * density, Double(height) * density))
    }
    return []
  }

  /// A new window size: re-lays out the panel and resizes the canvas (clamping points, as
  /// the original app does).
  func resize(windowPoints: (width: Double, height: Double), pixels: (width: Double, height: Double)) {
    layout = Layout(windowPoints: windowPoints, pixels: pixels, scale: layout.pointsPerUnit)
    viewVersion &+= 1
    let area = layout.canvasArea
    guard area.width > 0, area.height > 0 else { return }
    store.send(.resize(width: area.width, height: area.height))
  }

  func slider(_ kind: SliderKind) -> SliderModel { SliderModel.model(for: kind, store: store) }
  func toggle(_ kind: ToggleKind) -> ToggleModel { ToggleModel.model(for: kind, store: store) }

  private func pointerDown(at point: Point, clicks: Int) {
    if showsHelp {
      showsHelp = false
      viewVersion &+= 1
      return
    }
    if store.errorMessage != nil, layout.errorBanner.contains(point) {
      store.send(.dismissError)
      return
    }
    guard layout.panel.contains(point) else {
      store.send(.pointerDown(point, clickCount: clicks))
      return
    }
    switch layout.control(at: point) {
    case let .slider(kind):
      activeSlider = kind
      viewVersion &+= 1
      if kind == .x || kind == .y { store.send(.grabSelectedPoint) }
      setSlider(kind, at: point)
    case .playPause:
      store.send(.togglePlaying)
    case let .toggle(kind):
      toggle(kind).toggle()
    case nil:
      break
    }
  }

  private func setSlider(_ kind: SliderKind, at point: Point) {
    let track = layout.track(of: kind)
    slider(kind).set(fraction: (point.x - track.minX) / track.width)
  }

  private func key(_ chord: KeyChord) -> [Request] {
    guard let command = Shortcut.command(for: chord) else { return [] }
    switch command {
    case let .editor(action):
      store.send(action)
    case let .arrow(dx, dy):
      if store.selection != nil {
        store.send(.nudgeSelectedPoint(dx: dx, dy: dy))
      } else if dx != 0 {
        store.send(.stepAnimation(by: dx > 0 ? 1 : -1))
      }
    case .toggleHelp:
      showsHelp.toggle()
      viewVersion &+= 1
    case .closeOverlays:
      if showsHelp {
        showsHelp = false
        viewVersion &+= 1
      } else {
        store.send(.clearSelection)
      }
    case .exportSVG: return [.exportSVG]
    case .screenshot: return [.screenshot]
    case .quit: return [.quit]
    }
    return []
  }
}
