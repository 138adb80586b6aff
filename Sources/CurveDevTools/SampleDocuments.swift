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
}
