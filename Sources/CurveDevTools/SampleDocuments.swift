import Composable
import CurveFeature
import CurveGeometry
import Foundation
import SeededRandom

/// Documents the developer tools measure, the same on every run.
package enum SampleDocuments {
  /// `count` random four-point curves in a 960x760 canvas (a fixed seed, so runs compare).
  package static func manyCurves(_ count: Int) -> Editor.State {
    var generator = SplitMix64(seed: 2026)
    func random(_ limit: Double) -> Double { Double.random(in: 0..<limit, using: &generator) }
    let curves = (0..<count).map { _ in
      Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: (0..<4).map { _ in
        ControlPoint.State(id: UUID(), position: Point(x: random(960), y: random(760)))
      }))
    }
    return Editor.State(curves: IdentifiedArray(uniqueElements: curves), canvas: Canvas(width: 960, height: 760))
  }

  /// `count` random closed paths of `segments` cubic segments each (3 × `segments` points,
  /// every third a smooth node), filled at 60% opacity with the non-zero rule and stroked 1.5
  /// units wide, in a 960x760 canvas: a drawing of real paths, the same on every run.
  package static func manyPaths(_ count: Int, segments: Int, gradients: Bool = false) -> Editor.State {
    var generator = SplitMix64(seed: 2026)
    func random(_ limit: Double) -> Double { Double.random(in: 0..<limit, using: &generator) }
    let palette = RGBColor.palette
    let curves = (0..<count).map { index in
      let centre = Point(x: 40 + random(880), y: 40 + random(680)), radius = 8 + random(30)
      let points = (0..<segments * 3).map { step in
        let angle = Double(step) / Double(segments * 3) * 2 * .pi, wobble = 0.6 + random(0.8)
        return ControlPoint.State(
          id: UUID(), position: Point(x: centre.x + cos(angle) * radius * wobble, y: centre.y + sin(angle) * radius * wobble),
          node: step % 3 == 0 ? .smooth : nil
        )
      }
      let color = palette[index % palette.count]
      let style = CurveStyle(
        fill: gradients ? .gradient(fade(from: color, radial: index % 2 == 1)) : .color(color), fillOpacity: 0.6, stroke: .color(RGBColor(r: 40, g: 40, b: 40)), strokeWidth: 1.5
      )
      let id = UUID()
      return Curve.State(id: id, subpaths: [Subpath.State(id: id, isClosed: true, points: IdentifiedArray(uniqueElements: points))], style: style)
    }
    return Editor.State(curves: IdentifiedArray(uniqueElements: curves), canvas: Canvas(width: 960, height: 760))
  }

  /// A gradient across a curve's box from `color` to transparent white, as the style panel
  /// makes one: linear corner to corner, or radial from the centre.
  private static func fade(from color: RGBColor, radial: Bool) -> Gradient {
    let stops = [Gradient.Stop(offset: 0, color: color), Gradient.Stop(offset: 1, color: RGBColor(r: 255, g: 255, b: 255), opacity: 0.2)]
    let geometry: Gradient.Geometry = radial ? .radial(cx: 0.5, cy: 0.5, r: 0.5, fx: 0.5, fy: 0.5, fr: 0) : .linear(x1: 0, y1: 0, x2: 1, y2: 1)
    return Gradient(geometry: geometry, stops: stops)
  }
}
