import Composable
import CurveFeature
import CurveGeometry
import Foundation
import SeededRandom

/// `movePoint` during a drag, through both levels of `forEach`, `pointerMoved` during a
/// drag (the pointer feature runs the point's `movePoint` in the same pass), and
/// `pointerMoved` hovering over random curves (hit testing through the point index).
@MainActor
func featureBenchmarks() -> String {
  var rows: [String] = []
  let actions = 50_000
  var oneCurve: Double = 0, onePointer: Double = 0
  for curveCount in [1, 10_000] {
    let curves = IdentifiedArray(uniqueElements: (0..<curveCount).map { index in
      Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: (0..<4).map { point in
        ControlPoint.State(id: UUID(), position: Point(x: Double(100 + point * 150), y: Double(50 + index % 500)))
      }))
    })
    let store = Store(initialState: Editor.State(curves: curves)) { Editor() }
    store.send(.viewport(.resize(width: 800, height: 726)))
    // Grab a point in the last curve: the drag keeps the curves before it for one undo step.
    let target = curves[curves.count - 1]
    let grabbed = target.points[1]
    store.send(.pointer(.down(grabbed.position, button: .left, clickCount: 1, modifiers: [])))
    let move = measure(operations: actions) { index in
      store.send(.curves(.element(id: target.id, action: .point(
        grabbed.id, in: target.subpaths[0].id, .movePoint(Point(x: Double(index % 700), y: 300))
      ))))
    }
    if curveCount == 1 { oneCurve = move.nanosecondsPerOperation }
    rows.append(row("`movePoint`, \(curveCount) curve\(curveCount == 1 ? "" : "s") × 4 points", move, oneCurve))
    let pointer = measure(operations: actions) { index in
      store.send(.pointer(.moved(Point(x: Double(index % 700), y: 320))))
    }
    if curveCount == 1 { onePointer = pointer.nanosecondsPerOperation }
    rows.append(row("`pointerMoved` during a drag (→ `movePoint`), \(curveCount) curve\(curveCount == 1 ? "" : "s")", pointer, onePointer))
    store.send(.pointer(.up(Point(x: 0, y: 320), button: .left)))
    precondition(store.history.undoStack.count == 1, "a drag must be one undo step")
  }
  var tenCurves: Double?
  for curveCount in [10, 10_000] {
    // Random four-point curves over a 960x760 canvas, as `curves-dev benchmark-frames` draws.
    var random = SplitMix64(seed: 2026)
    let curves = IdentifiedArray(uniqueElements: (0..<curveCount).map { _ in
      Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: (0..<4).map { _ in
        ControlPoint.State(id: UUID(), position: Point(x: Double.random(in: 0..<960, using: &random), y: Double.random(in: 0..<760, using: &random)))
      }))
    })
    let store = Store(initialState: Editor.State(curves: curves, canvas: Canvas(width: 960, height: 760))) { Editor() }
    store.send(.viewport(.resize(width: 1000, height: 776)))
    let positions = (0..<1024).map { _ in Point(x: Double.random(in: 0..<960, using: &random), y: Double.random(in: 0..<760, using: &random)) }
    let hover = measure(operations: actions) { index in
      store.send(.pointer(.moved(positions[index & 1023])))
    }
    if curveCount == 10 { tenCurves = hover.nanosecondsPerOperation }
    rows.append(row("`pointerMoved` hovering (hit test), \(curveCount.formatted()) random curves", hover, curveCount == 10 ? nil : tenCurves))
  }
  return """
    ### CurveFeature: a drag in the editor (release, \(actions) actions a run, median of 7 runs)

    | benchmark | ns/action | mallocs/action | vs fewest curves |
    |---|---:|---:|---:|
    \(rows.joined(separator: "\n"))
    """
}

private func row(_ name: String, _ result: Measurement, _ base: Double?) -> String {
  let ratio = base.map { "\(format(result.nanosecondsPerOperation / $0, decimals: 2))x" } ?? ""
  return "| \(name) | \(format(result.nanosecondsPerOperation)) | \(format(result.mallocsPerOperation, decimals: 2)) | \(ratio) |"
}
