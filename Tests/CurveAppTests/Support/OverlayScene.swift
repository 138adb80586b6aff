import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// One curve through `positions` in an editor at 100% (screen points are document points),
/// at `t`, without the trace, the polygon and the construction (and `hidden`), and a
/// default-size frame to draw it in: what the overlay tests look at.
@MainActor
struct OverlayScene {
  let store: StoreOf<Editor>
  let session: EditorSession
  let frame: OffscreenFrame
  let curve: Bezier

  init(positions: [Point], t: Double, hidden: [DisplayOptions.Flag] = []) throws {
    let state = Editor.State(curves: [Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: positions.map {
      ControlPoint.State(id: UUID(), position: $0)
    }))])
    store = Store(initialState: state) { Editor() }
    session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    frame = try OffscreenFrame(width: 1100, height: 750)
    curve = try #require(Bezier(positions))
    store.send(.animation(.scrub(t: t)))
    for flag in [DisplayOptions.Flag.showsTrace, .showsControlPolygon] + hidden { store.send(.display(.toggle(flag))) }
    // All levels → last level → hidden.
    store.send(.display(.cycleConstruction))
    store.send(.display(.cycleConstruction))
  }
}
