import CurveFeature
import CurveGeometry
import CurveRaster
import CurveRender
import Foundation
import Composable
import Testing

@testable import CurveApp

/// The live curves recorded in shares draw exactly as recorded in one, layers and all.
@MainActor
struct LiveLooksTests {
  /// At 100 %, document points are pixels.
  static let viewport = Viewport.State(canvas: Canvas(width: 400, height: 360), area: Size(width: 400, height: 360), zoom: 1, origin: .zero)

  /// `count` filled squares 30 units wide along a diagonal, alternating between two faded
  /// groups (each a layer) in runs of five, so layers open in one share and close in the next.
  static func looks(count: Int) -> LiveLooks {
    let curves = (0..<count).map { index -> Curve.State in
      let x = Double(index % 40) * 9, y = Double(index / 40) * 11
      let corners = [(x, y), (x + 30, y), (x + 30, y + 30), (x, y + 30)]
      let points = corners.map { ControlPoint.State(id: UUID(), position: Point(x: $0.0, y: $0.1), node: .corner) }
      var square = Curve.State(id: UUID(), subpaths: [Subpath.State(id: UUID(), isClosed: true, points: IdentifiedArray(uniqueElements: points))])
      square.style = CurveStyle(fill: .color(RGBColor(r: index % 2 == 0 ? 200 : 20, g: 90, b: 40)), stroke: CurveStyle.Paint.none)
      square.group = (index / 5) % 2 == 0 ? "a" : "b"
      return square
    }
    return LiveLooks(curves: curves, looks: curves.indices.map { .curve($0, culled: true) }, groups: [Group(id: "a", opacity: 0.5), Group(id: "b", opacity: 0.8)], viewport: Self.viewport, reach: 0)
  }

  static func image(of lists: [DisplayList]) -> PixelBuffer {
    let canvas = RasterCanvas(width: 400, height: 360)
    canvas.clear(RGBA8(r: 255, g: 255, b: 255, a: 255))
    canvas.draw(lists)
    return canvas.image
  }

  @Test func sharesDrawExactlyAsOneList() {
    let looks = Self.looks(count: 1_003)
    let whole = Self.image(of: looks.lists(width: 400, height: 360, scale: 1, shares: 1))
    for shares in [2, 3, 7] {
      let lists = looks.lists(width: 400, height: 360, scale: 1, shares: shares)
      #expect(lists.count == shares)
      let image = Self.image(of: lists)
      let differing = zip(image.pixels, whole.pixels).filter { $0 != $1 }.count
      #expect(differing == 0, "\(shares) shares: \(differing) pixels differ")
    }
    // Something is drawn, faded: the first square's corner is a 50 % mix over white.
    let corner = whole[2, 2]
    #expect(corner.r < 255 && corner.g < 255 && corner.r > 100, "\(corner)")
  }

  @Test func aLiveCurveOutOfSightIsNotRecorded() {
    let point = { (x: Double, y: Double) in ControlPoint.State(id: UUID(), position: Point(x: x, y: y), node: .corner) }
    let far = Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: [point(5_000, 5_000), point(5_100, 5_000)]))
    let near = Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: [point(10, 10), point(100, 10)]))
    let farOnly = LiveLooks(curves: [far], looks: [.curve(0, culled: true)], groups: [], viewport: Self.viewport, reach: 400)
    #expect(farOnly.lists(width: 400, height: 360, scale: 1)[0].pointCount == 0)
    // Not culled (a curve drawn again over the live ones), it is recorded, clipped away.
    let both = LiveLooks(curves: [near, far], looks: [.curve(0, culled: true), .curve(1, culled: false)], groups: [], viewport: Self.viewport, reach: 400)
    #expect(both.lists(width: 400, height: 360, scale: 1)[0].pointCount > 0)
  }
}
