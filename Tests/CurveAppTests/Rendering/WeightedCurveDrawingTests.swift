import Composable
import CurveDocument
import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation
import Testing

@testable import CurveApp
@testable import CurveSVG

/// Weighted points: a quarter circle drawn as the rational quadratic makes it, exactly, with
/// its construction; and its SVG export.
@MainActor
struct WeightedCurveDrawingTests {
  /// Centre (200, 500), radius 300, from (500, 500) round to (200, 200); the handle at the
  /// square's corner weighs cos 45°.
  static let positions = [Point(x: 500, y: 500), Point(x: 500, y: 200), Point(x: 200, y: 200)]
  static let centre = Point(x: 200, y: 500)

  func session(weight: Double?) throws -> (EditorSession, OffscreenFrame) {
    let points = Self.positions.enumerated().map { index, position in
      ControlPoint.State(id: UUID(), position: position, weight: index == 1 ? weight : nil)
    }
    let store = Store(initialState: Editor.State(curves: [Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: points))])) { Editor() }
    store.send(.animation(.scrub(t: 0.5)))
    store.send(.display(.toggle(.showsTrace)))
    return (EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750)), try OffscreenFrame(width: 1100, height: 750))
  }

  private func drawn(_ color: RGBA8, at point: Point, in frame: OffscreenFrame) -> Bool {
    (-1...1).contains { dy in
      (-1...1).contains { dx in
        let pixel = frame.pixel(x: Int(point.x.rounded()) + dx, y: Int(point.y.rounded()) + dy)
        return abs(Int(pixel.r) - Int(color.r)) + abs(Int(pixel.g) - Int(color.g)) + abs(Int(pixel.b) - Int(color.b)) < 80
      }
    }
  }

  @Test func aWeightedQuarterIsDrawnOnItsCircleWithThePointAtTOnIt() throws {
    let (weighted, frame) = try session(weight: 0.5.squareRoot())
    frame.draw(weighted)
    // On the circle at 30° and 60° (off the construction's lines), the curve's blue.
    for degrees in [30.0, 60.0] {
      let angle = degrees * .pi / 180
      let point = Self.centre + Point(x: cos(angle), y: -sin(angle)) * 300
      #expect(drawn(Theme.Palette.curve, at: point, in: frame), "\(degrees)°")
    }
    // The point at t = 1/2 is on the circle at 45°, not where the plain quadratic has it.
    let onCircle = Self.centre + Point(x: 1, y: -1) * (300 / 2.0.squareRoot())
    #expect(drawn(Theme.Palette.pointAtT, at: onCircle, in: frame))
    let plain = Bezier(Self.positions)!.eval(0.5)
    #expect(onCircle.distance(to: plain) > 15)
    #expect(!drawn(Theme.Palette.pointAtT, at: plain, in: frame))
    // Without the weight, the point at t is the plain quadratic's.
    let (unweighted, plainFrame) = try session(weight: nil)
    plainFrame.draw(unweighted)
    #expect(drawn(Theme.Palette.pointAtT, at: plain, in: plainFrame))
  }

  @Test func theReadoutsAndGraphsAreTheCirclesToo() throws {
    let (weighted, _) = try session(weight: 0.5.squareRoot())
    weighted.store.send(.selection(.selectNextPoint))
    let readout = try #require(CurveReadout(weighted.store.state))
    #expect(abs(readout.point.distance(to: Self.centre) - 300) < 1e-9)
    #expect(abs(abs(readout.curvature ?? 0) - 1.0 / 300) < 1e-12)
    #expect(abs(readout.length - 150 * .pi) < 1e-6 && abs(readout.lengthToT - 75 * .pi) < 1e-6)
    let subject = try #require(PrimerSubject(weighted.store.state))
    let graphs = PrimerPainter.graphs(of: try #require(subject.rational), ts: [0, 0.5, 1], at: 0.5)
    #expect(graphs.map(\.name) == ["x(t)", "y(t)", "speed |R′(t)|", "curvature κ(t)", "arc length s(t)"])
    #expect(graphs[3].values.allSatisfy { abs(abs($0) - 1.0 / 300) < 1e-12 })
    #expect(abs(graphs[4].values[2] - 150 * .pi) < 1e-6)
  }

  @Test func svgExportWritesTheWeightedQuarterAsCubicsWithinAHundredthOfAUnit() throws {
    let record = Document.SubpathRecord(points: Self.positions.enumerated().map { index, position in
      Document.PointRecord(id: UUID(), x: position.x, y: position.y, weight: index == 1 ? 0.5.squareRoot() : nil)
    })
    let data = SVGExport.pathData(record)
    #expect(data.hasPrefix("M 500 500 C") && !data.contains("Q"), "\(data)")
    let numbers = data.split(separator: " ").compactMap { Double($0) }
    // After M's two numbers, each C brings three points.
    let points = stride(from: 2, to: numbers.count, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
    #expect(points.count % 3 == 0 && points.count >= 3)
    var start = Point(x: 500, y: 500)
    for index in stride(from: 0, to: points.count, by: 3) {
      let cubic = Bezier([start, points[index], points[index + 1], points[index + 2]])!
      for step in 0...100 { #expect(abs(cubic.eval(Double(step) / 100).distance(to: Self.centre) - 300) < 0.01) }
      start = points[index + 2]
    }
    #expect(start == Point(x: 200, y: 200))
  }

  /// The osculating circle of a circle's arc is the circle: its centre is drawn at the
  /// circle's centre; the tangent leaves the point at t along the circle.
  @Test func theOverlaysOfAWeightedArcAreTheCirclesOwn() throws {
    let (session, frame) = try session(weight: 0.5.squareRoot())
    session.store.send(.display(.toggle(.showsOsculatingCircle)))
    session.store.send(.display(.toggle(.showsTangent)))
    frame.draw(session)
    #expect(drawn(Theme.Palette.osculating, at: Self.centre, in: frame), "the circle's centre")
    // The point at t = ½ is at 45°; the tangent runs from it at right angles to the radius.
    let point = Self.centre + Point(x: 1, y: -1) * (300 / 2.0.squareRoot())
    let along = point + Point(x: -1, y: -1) * (AnalysisPainter.tangentLength * 0.7 / 2.0.squareRoot())
    #expect(drawn(Theme.Palette.tangent, at: along, in: frame))
  }
}
