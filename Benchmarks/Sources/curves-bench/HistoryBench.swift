import Composable
import CurveFeature
import CurveGeometry
import Foundation
import MallocInterposerSwift

/// The heap an undo history of 100 one-point edits holds at 10,000 curves, against a stack of
/// whole snapshots (what the history kept before), with the time to record and undo a step.
@MainActor
func historyBenchmarks() -> String {
  let curveCount = 10_000, steps = UndoHistory<IdentifiedArrayOf<Curve.State>>.limit
  let curves = IdentifiedArray(uniqueElements: (0..<curveCount).map { index in
    Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: (0..<4).map { point in
      ControlPoint.State(id: UUID(), position: Point(x: Double(100 + point * 150), y: Double(index % 600)))
    }))
  })
  /// One edit: a point of a different curve each step moves.
  func edit(_ live: inout IdentifiedArrayOf<Curve.State>, _ step: Int) {
    live[(step * 7_919) % curveCount].points[0].position.x += 1
  }

  var rows: [String] = []
  do {
    var live = curves
    startCountingHeap()
    var whole: [IdentifiedArrayOf<Curve.State>] = []
    let start = DispatchTime.now().uptimeNanoseconds
    for step in 0..<steps {
      whole.append(live)
      edit(&live, step)
    }
    let recorded = DispatchTime.now().uptimeNanoseconds
    let held = heapHeldSinceStart()
    while let previous = whole.popLast() { live = previous }
    let undone = DispatchTime.now().uptimeNanoseconds
    rows.append(row("a stack of whole snapshots (the history before)", held, recorded - start, undone - recorded, steps))
  }
  do {
    // The editor's own history, through its store: the arrow key moves the selected point of
    // a different curve each step (the next point, 10 curves on).
    let store = Store(initialState: Editor.State(curves: curves)) { Editor() }
    var recording: UInt64 = 0
    startCountingHeap()
    for _ in 0..<steps {
      for _ in 0..<40 { store.send(.selection(.selectNextPoint)) }
      let start = DispatchTime.now().uptimeNanoseconds
      store.send(.moving(.arrow(dx: 1, dy: 0)))
      recording += DispatchTime.now().uptimeNanoseconds - start
    }
    let held = heapHeldSinceStart()
    precondition(store.history.undoCount == steps, "each arrow must be one undo step")
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<steps { store.send(.history(.undo)) }
    let undone = DispatchTime.now().uptimeNanoseconds
    precondition(store.drawing.curves == curves, "undo must give back the first state")
    rows.append(row("the editor's `UndoHistory`: older steps kept as differences", held, recording, undone - start, steps))
  }
  return """
    ### Undo history: \(steps) one-point edits of a \(curveCount.formatted())-curve document (release)

    | history | heap held | record a step | undo a step |
    |---|---:|---:|---:|
    \(rows.joined(separator: "\n"))
    """
}

private func startCountingHeap() {
  MallocInterposerSwift.reset()
  MallocInterposerSwift.hook()
}

/// Bytes allocated and not freed since `startCountingHeap`.
private func heapHeldSinceStart() -> Int {
  MallocInterposerSwift.unhook()
  let statistics = MallocInterposerSwift.getStatistics()
  return statistics.mallocBytesCount - statistics.freeBytesCount
}

private func row(_ name: String, _ bytes: Int, _ recordNanoseconds: UInt64, _ undoNanoseconds: UInt64, _ steps: Int) -> String {
  "| \(name) | \(format(Double(bytes) / 1_048_576, decimals: 1)) MB | \(format(Double(recordNanoseconds) / Double(steps) / 1000, decimals: 1)) µs | \(format(Double(undoNanoseconds) / Double(steps) / 1000, decimals: 1)) µs |"
}
