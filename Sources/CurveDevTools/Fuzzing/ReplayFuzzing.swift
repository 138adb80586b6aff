import CurveApp
import CurveFeature
import Foundation

/// Any bytes as a replay script: `ReplayScript.parse` returns events or a `ReplayScriptError`
/// naming the line. Short scripts (at most `maximumPlayedEvents`, waiting at most `maximumWait` in
/// all) are then played through a headless editor on a two-curve document and drawn; whatever
/// the events, the editor's document keeps finite coordinates and saves to a file that reads
/// back unchanged. Dropped files are left out: they would read the fuzzing machine's files.
enum ReplayFuzzing {
  static let maximumPlayedEvents = 200
  /// Waits sleep for real in the replay (effects get time to run), so they are kept short.
  static let maximumWait = Duration.milliseconds(250)

  @MainActor
  static func check(_ bytes: [UInt8]) async throws(FuzzFailure) {
    let events: [InputEvent]
    do {
      events = try ReplayScript.parse(String(decoding: bytes, as: UTF8.self))
    } catch {
      try require(error.line >= 1 && !error.reason.isEmpty, "an error naming no line, or no reason: \(error)")
      return
    }
    let played = events.filter { if case .drop = $0 { false } else { true } }
    let waited = played.reduce(Duration.zero) { total, event in
      if case let .wait(milliseconds) = event { total + .milliseconds(milliseconds) } else { total }
    }
    guard played.count <= maximumPlayedEvents, waited <= maximumWait else { return }
    let replay = Replay(state: Editor.State(document: fixture, url: nil))
    await replay.play(played)
    let document = Document(replay.store.state)
    try require(
      document.curves.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }, "the editor made a non-finite point"
    )
    try DocumentFuzzing.requireSavesAndReadsBack(document, "the edited document")
    frame.draw(replay.session)
  }

  /// Two curves on the default page: the events have points to hit, drag and delete.
  private static let fixture = Document(
    canvas: Canvas(width: 800, height: 600),
    curves: [
      [(100, 400), (180, 120), (320, 120), (400, 400)],
      [(450, 300), (520, 80), (650, 520), (720, 250)],
    ].enumerated().map { curve, points in
      Document.CurveRecord(
        id: UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(curve))),
        points: points.enumerated().map { index, point in
          Document.PointRecord(
            id: UUID(uuid: (2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(curve), UInt8(index))), x: point.0, y: point.1
          )
        }
      )
    },
    animation: Document.AnimationRecord(AnimationSettings())
  )

  /// One frame for every input: it loads the panel's font once.
  @MainActor private static let frame = try! OffscreenFrame(
    width: Layout.defaultWindowSize.width, height: Layout.defaultWindowSize.height
  )
}
