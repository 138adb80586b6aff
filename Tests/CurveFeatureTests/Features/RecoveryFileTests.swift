import Composable
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation
import Testing

/// An SVG drawing is written only by Ctrl+S: autosave keeps its edits in a recovery file
/// instead, which the next start offers back when it is newer than the drawing.
@MainActor
struct RecoveryFileTests {
  nonisolated static let text = ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><path d="M1 1 L15 1 L8 15 Z" fill="#f00"/></svg>"##

  /// On disk (stamps are times there): the drawing, and the autosave's folder.
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curves-recovery-\(UUID().uuidString)")
  var svg: URL { directory.appendingPathComponent("icon.svg") }
  var folder: URL { directory.appendingPathComponent("state") }

  func opened() -> Editor.State {
    withDependencies { $0.fileSystem = .liveValue } operation: {
      Documents.initialState(opening: svg, autosave: folder.appendingPathComponent("autosave.json"))
    }
  }

  func file(_ url: URL) -> Data? { try? Data(contentsOf: url) }

  @Test func autosaveKeepsAnSVGsEditsAsideAndTheNextStartRecoversThem() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.text.utf8).write(to: svg)
    let clock = TestClock<Duration>()
    let store = makeStore(opened(), clock: clock) { Editor() }
    store.dependencies.fileSystem = .liveValue
    store.exhaustivity = .off
    await store.send(.objects(.selectNext(backwards: false)))
    await store.send(.objects(.move(dx: 1, dy: 0)))
    await clock.advance(by: Autosave.delay)
    await store.receive(\.documents.saveRecovery)
    let recovery = Documents.recoveryURL(for: svg, in: folder)
    #expect(recovery.lastPathComponent.hasPrefix("recovery-icon.svg-"))
    // The drawing as it was; its edits beside, as a document.
    #expect(file(svg) == Data(Self.text.utf8))
    let kept = try Document.decode(try #require(file(recovery)))
    #expect(kept.curves[0].subpaths[0].points.map(\.x) == [2, 16, 9])

    // The next start: the recovery is newer than the drawing, so the edits are offered back;
    // restored, they are unsaved, the drawing still the file.
    let again = opened()
    #expect(again.file.question == .recovery(recovery) && !again.hasUnsavedChanges)
    let saving = makeStore(again) { Editor() }
    saving.dependencies.fileSystem = .liveValue
    saving.exhaustivity = .off
    await saving.send(.documents(.answer(.restore)))
    await saving.receive(\.documents.recovered.success)
    #expect(saving.state.file.url == svg && saving.state.hasUnsavedChanges)
    #expect(saving.state.drawing.curves[0].points.map(\.position.x) == [2, 16, 9])
    // Ctrl+S then writes back only the edited element: the ids are the file's.
    await saving.send(.documents(.save))
    await saving.receive(\.documents.saveFinished)
    #expect(String(decoding: try #require(file(svg)), as: UTF8.self) == Self.text.replacingOccurrences(of: "M1 1 L15 1 L8 15 Z", with: "M 2 1 L 16 1 L 9 15 L 2 1 Z"))
    // Saved, the recovery is gone: opened again, it is the file alone.
    #expect(file(recovery) == nil)
    #expect(!opened().hasUnsavedChanges && opened().file.question == nil)
  }
}
