import Composable
import CurveFeature
import CurveGeometry
import Foundation

/// `movePoint` during a drag, through both levels of `forEach`, with undo history on.
@MainActor
func featureBenchmarks() -> String {
  var rows: [String] = []
  let actions = 50_000
  var oneCurve: Double = 0
  for curveCount in [1, 10_000] {
    let curves = IdentifiedArray(uniqueElements: (0..<curveCount).map { index in
      CurveReducer.State(id: UUID(), points: IdentifiedArray(uniqueElements: (0..<4).map { point in
        PointFeature.State(id: UUID(), position: Point(x: Double(100 + point * 150), y: Double(50 + index % 500)))
      }))
    })
    let store = Store(initialState: Editor.State(curves: curves)) { Editor() }
    // Grab a point in the last curve: the drag records one undo snapshot of the document.
    let target = curves[curves.count - 1]
    let grabbed = target.points[1]
    store.send(.pointerDown(grabbed.position, clickCount: 1))
    let move = measure(operations: actions) { index in
      store.send(.curves(.element(id: target.id, action: .points(.element(
        id: grabbed.id, action: .movePoint(Point(x: Double(index % 700), y: 300))
      )))))
    }
    if curveCount == 1 { oneCurve = move.nanosecondsPerOperation }
    rows.append(row("`movePoint`, \(curveCount) curve\(curveCount == 1 ? "" : "s") × 4 points", move, oneCurve))
    let pointer = measure(operations: actions) { index in
      store.send(.pointerMoved(Point(x: Double(index % 700), y: 320)))
    }
    rows.append(row("`pointerMoved` (hit → `movePoint`), \(curveCount) curve\(curveCount == 1 ? "" : "s")", pointer, nil))
    store.send(.pointerUp(Point(x: 0, y: 320)))
    precondition(store.history.undoStack.count == 1, "a drag must be one undo step")
  }
  return """
    ### CurveFeature: a drag in the editor (release, \(actions) actions a run, median of 7 runs)

    | benchmark | ns/action | mallocs/action | vs 1 curve |
    |---|---:|---:|---:|
    \(rows.joined(separator: "\n"))
    """
}

private func row(_ name: String, _ result: Measurement, _ base: Double?) -> String {
  let ratio = base.map { "\(format(result.nanosecondsPerOperation / $0, decimals: 2))x" } ?? ""
  return "| \(name) | \(format(result.nanosecondsPerOperation)) | \(format(result.mallocsPerOperation, decimals: 2)) | \(ratio) |"
}
