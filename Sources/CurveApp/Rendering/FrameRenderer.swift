import CurveFeature

/// Draws one frame as a function of the session's state: the canvas, the timeline strip and
/// the tool bar over it, then the panel and the menu bar, then the status line, file
/// browser, error banner and dialogs over them, and a dropped menu over everything.
///
/// ```swift
/// FrameRenderer(session: session, painter: painter).draw(layer: layer, status: .init())
/// ```
@MainActor
struct FrameRenderer {
  /// What the status line shows besides the document.
  struct Status {
    var frameMilliseconds: Double?
  }

  let session: EditorSession
  let painter: Painter

  func draw(layer: StaticLayer?, status: Status) {
    CanvasPainter(state: session.store.state, layout: session.layout, painter: painter).draw(layer: layer)
    guard session.layout.hasChrome else { return }
    if let strip = TimelineStrip(state: session.store.state, layout: session.layout) { TimelinePainter(strip: strip, painter: painter).draw() }
    ToolbarPainter(state: session.store.state, layout: session.layout, painter: painter, hovered: session.hoveredToolbarItem).draw()
    PanelPainter(session: session, painter: painter).draw()
    let menus = MenuBarPainter(bar: session.store.state.menuBar, layout: session.layout, painter: painter)
    menus.drawBar()
    OverlayPainter(session: session, painter: painter).draw(status: status)
    menus.drawOpenMenu()
  }
}
