import Composable
import CurveFeature
import CurveGeometry
import Foundation

/// Plays input events through a session, as `curves replay` does: the same session, event →
/// action mapping and requests as the window (`EditorSession.start`), with a test clock that
/// only `wait` events advance (so a replay is deterministic). Exports (Ctrl+E, Ctrl+P,
/// Ctrl+G) write the same files the window would, beside the document; the document's own
/// saves go to files in memory, and its lock is taken in memory, so a replay never writes or
/// holds the file it starts from. Ctrl+Q ends the replay.
@MainActor
package final class Replay {
  let clock = TestClock<Duration>()
  package let session: EditorSession

  package init(state: Editor.State, width: Int = Layout.defaultWindowSize.width, height: Int = Layout.defaultWindowSize.height) {
    let files = LockIsolated<[URL: Data]>([:])
    session = EditorSession.start(state: state, layout: .offscreen(width: width, height: height)) { [clock] in
      $0.continuousClock = clock
      $0.fileSystem = .inMemory(files, readingThrough: true)
      $0.clipboard = .inMemory()
      $0.documentLock = .inMemory()
      $0.recentFiles = .inMemory(LockIsolated([]))
    }
  }

  package var store: StoreOf<Editor> { session.store }

  /// Where document (0, 0) is in the window now (the canvas area's corner and the view's pan).
  package var canvasOrigin: Point {
    store.viewport.origin
  }

  /// Plays `events`; with `documentCoordinates`, each pointer event's x and y are document
  /// coordinates, put in the window through the view as it is when the event comes.
  package func play(_ events: [InputEvent], documentCoordinates: Bool = false) async {
    for var event in events {
      if documentCoordinates {
        let origin = canvasOrigin, zoom = store.viewport.zoom
        event = event.placed { Point(x: origin.x + $0.x * zoom, y: origin.y + $0.y * zoom) }
      }
      switch event {
      case let .wait(milliseconds):
        // A display frame at a time, as the window sees it: each of smooth playback's
        // updates reaches the store before the clock moves on.
        await letEffectsRun()
        var remaining = Duration.milliseconds(milliseconds)
        while remaining > .zero {
          let step = min(remaining, AnimationSettings.frameInterval)
          await clock.advance(by: step)
          await letEffectsRun()
          remaining -= step
        }
      case let .drop(path):
        // Reading and importing the file takes real time: the next event sees its result.
        await session.drop(path).finish()
      default:
        if session.handle(event) == .quit {
          await session.finishQuitting()
          return
        }
      }
      // An export writes a file, and a file chosen in the browser is read or written: the
      // next event sees it done.
      await session.exporting?.finish()
      await session.choosingFile?.finish()
      // A path operation works off the reducer's thread (the toolbar's buttons too).
      while store.state.operation != nil { try? await Task.sleep(for: .milliseconds(1)) }
    }
  }

  /// Lets effects run up to their next clock sleep (or send their actions to the main
  /// actor) before time moves on, as they would in the window between frames. Effects run on
  /// the global executor, so this gives them real time as well as main-actor turns.
  private func letEffectsRun() async {
    for _ in 0..<3 {
      try? await Task.sleep(for: .milliseconds(1))
      for _ in 0..<20 { await Task.yield() }
    }
  }
}
