import Composable
import CurveFeature
import CurveGeometry

@testable import CurveApp

extension EditorSession {
  /// A session whose view is panned so document (0, 0) is the window's (0, 0), the canvas
  /// running on under the menu bar: the pixel tests then read a document point (at 100%) as
  /// the window point it is drawn at.
  static func documentAligned(store: StoreOf<Editor>, layout: Layout = .offscreen(width: 1100, height: 750)) -> EditorSession {
    let session = EditorSession(store: store, layout: layout)
    store.send(.viewport(.pan(by: Point(x: -store.viewport.origin.x, y: -store.viewport.origin.y))))
    return session
  }
}

extension Replay {
  /// The replay's view panned as `EditorSession.documentAligned`'s: document (0, 0) at the
  /// window's (0, 0), so events at 100% may be written in document points.
  func alignDocumentWithWindow() {
    store.send(.viewport(.pan(by: Point(x: -store.viewport.origin.x, y: -store.viewport.origin.y))))
  }
}
