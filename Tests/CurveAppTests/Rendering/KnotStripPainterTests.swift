import Composable
import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation
import Testing

@testable import CurveApp

/// A B-spline curve drawn headlessly: its own control points (not its Bézier points), and,
/// once one is pressed, the knot strip with its knots and u where the geometry puts them.
@MainActor
struct KnotStripPainterTests {
  let store: StoreOf<Editor>
  let session: EditorSession
  let frame: OffscreenFrame
  let spline = Spline(degree: 3, points: [150, 270, 390, 510, 630, 750].enumerated().map { Point(x: Double($0.element), y: $0.offset.isMultiple(of: 2) ? 450 : 150) })

  init() throws {
    var curve = Curve.State(id: UUID(), points: [ControlPoint.State(id: UUID(), position: .zero), ControlPoint.State(id: UUID(), position: .zero)])
    curve.setSpline(spline, makeID: { UUID() })
    store = Store(initialState: Editor.State(curves: [curve])) { Editor() }
    session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    frame = try OffscreenFrame(width: 1100, height: 750)
    // The marks only: no trace or point at t over them.
    for flag in [DisplayOptions.Flag.showsTrace, .showsPointAtT] { store.send(.display(.toggle(flag))) }
    frame.draw(session)
  }

  /// Whether a pixel within two of `point` is within 60 of `color`.
  private func drawn(_ color: RGBA8, at point: Point) -> Bool {
    (-2...2).contains { dy in
      (-2...2).contains { dx in
        let pixel = frame.pixel(x: Int(point.x.rounded()) + dx, y: Int(point.y.rounded()) + dy)
        return abs(Int(pixel.r) - Int(color.r)) + abs(Int(pixel.g) - Int(color.g)) + abs(Int(pixel.b) - Int(color.b)) < 60
      }
    }
  }

  /// A mark's ring: a handle's edge, right of its centre.
  private func ring(_ centre: Point) -> Point { centre + Point(x: Theme.handleRadius - Theme.handleBorder / 2, y: 0) }

  @Test func theSplinesControlPointsAreDrawnAndPressingOneShowsTheKnotStrip() throws {
    // At 100% a screen point is a document point: the control points are where the spline has them.
    for point in spline.points { #expect(drawn(Theme.Palette.handleBorder, at: ring(point)), "\(point)") }
    // The second Bézier node (the first span's end) has no mark of its own.
    let node = try #require(store.state.drawing.curves[0].subpaths[0].segmentControlPoints.first?.last)
    #expect(!drawn(Theme.Palette.handleBorder, at: ring(node)))
    #expect(store.state.knotStrip == nil, "no B-spline is focused yet")
    store.send(.pointer(.down(spline.points[2], button: .left, clickCount: 1, modifiers: [])))
    store.send(.pointer(.up(spline.points[2], button: .left)))
    store.send(.animation(.scrub(t: 0.5)))
    frame.draw(session)
    #expect(drawn(Theme.Palette.selection, at: spline.points[2]), "the pressed point is selected")
    let strip = try #require(store.state.knotStrip)
    // Each of the ten knots: the end ones stacked four high.
    for position in strip.positions(of: spline.knots) { #expect(drawn(Theme.Palette.handleBorder, at: ring(position)), "\(position)") }
    #expect(strip.positions(of: spline.knots)[3].y == strip.y - 3 * KnotStrip.stackStep)
    // u at t = 0.5 of the curve's chain: the middle of its middle span, ½.
    #expect(drawn(Theme.Palette.pointAtT, at: Point(x: strip.x(of: 0.5), y: strip.y)))
    #expect(!drawn(Theme.Palette.pointAtT, at: Point(x: strip.x(of: 0.2), y: strip.y)))
  }
}
