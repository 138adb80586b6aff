import Composable
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation
import Testing

/// An SVG drawing is written only by Ctrl+S: leaving it with edits (Ctrl+N, Ctrl+O, a dropped
/// document, quitting) asks Save, Discard or Cancel, and edits a crash left in its recovery
/// file are offered back, never forced.
@MainActor
struct FileQuestionTests {
  nonisolated static let text = ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><path d="M1 1 L15 1 L8 15 Z" fill="#f00"/></svg>"##
  nonisolated static let svg = URL(fileURLWithPath: "/art/icon.svg")
  nonisolated static let folder = URL(fileURLWithPath: "/state/curves")
  nonisolated static let recovery = Documents.recoveryURL(for: svg, in: folder)

  let files = LockIsolated<[URL: Data]>([svg: Data(text.utf8)])

  /// The drawing opened, its triangle moved 1 to the right: an edit its file does not have.
  func edited() -> Editor.State {
    var state = opened()
    for index in state.drawing.curves[0].subpaths[0].points.indices {
      state.drawing.curves[0].subpaths[0].points[index].position.x += 1
    }
    state.drawing.markEdited()
    return state
  }

  func opened() -> Editor.State {
    withDependencies { $0.fileSystem = .inMemory(files) } operation: {
      Documents.initialState(opening: Self.svg, autosave: URL(fileURLWithPath: "/data/curves/autosave.json"), recoveryFolder: Self.folder)
    }
  }

  func text(_ url: URL) -> String? { files.value[url].map { String(decoding: $0, as: UTF8.self) } }

  @Test func leavingAnEditedDrawingAsksAndCancelLeavesEverythingAsItWas() async {
    let state = edited()
    #expect(state.file.recoveryFolder == Self.folder && state.file.question == nil)
    let store = makeStore(state, files: files) { Documents() }
    await store.send(.newDocument) { $0.file.question = .unsavedChanges(before: .newDocument) }
    await store.send(.answer(.cancel)) { $0.file.question = nil }
    await store.send(.openFile(URL(fileURLWithPath: "/art/other.svg"))) { $0.file.question = .unsavedChanges(before: .open(URL(fileURLWithPath: "/art/other.svg"))) }
    await store.send(.answer(.cancel)) { $0.file.question = nil }
    await store.send(.drop(URL(fileURLWithPath: "/art/notes.json"))) { $0.file.question = .unsavedChanges(before: .open(URL(fileURLWithPath: "/art/notes.json"))) }
    // Restore is not an answer to this question: nothing happens.
    await store.send(.answer(.restore))
    await store.send(.answer(.cancel)) { $0.file.question = nil }
    await store.send(.quit) { $0.file.question = .unsavedChanges(before: .quit) }
    await store.send(.answer(.cancel)) { $0.file.question = nil }
    #expect(text(Self.svg) == Self.text, "nothing written")
  }

  @Test func saveBeforeQuittingWritesTheDrawingBackAndRemovesItsRecoveryFile() async {
    files.withValue { $0[Self.recovery] = Data("{}".utf8) }
    let store = makeStore(edited(), files: files) { Documents() }
    await store.send(.quit) { $0.file.question = .unsavedChanges(before: .quit) }
    await store.send(.answer(.save)) {
      $0.file.question = nil
      $0.file.savedRevision = $0.drawing.revision
      $0.file.autosaveRevision = $0.drawing.revision
      $0.file.svgSource = store.state.file.svgSource.map { _ in self.writtenSource() }
    }
    await store.receive(.saveFinished(.success(Self.svg)))
    await store.receive(.stampRead(stamp(files, Self.svg))) { $0.file.diskStamp = stamp(self.files, Self.svg) }
    #expect(text(Self.svg) == Self.text.replacingOccurrences(of: "M1 1 L15 1 L8 15 Z", with: "M 2 1 L 16 1 L 9 15 L 2 1 Z"))
    #expect(files.value[Self.recovery] == nil)
  }

  /// What the save leaves as the file's source: the file as written, read back.
  func writtenSource() -> SVGSource {
    var state = edited()
    _ = Documents.drawingData(&state, for: Self.svg)
    return state.file.svgSource!
  }

  @Test func discardBeforeQuittingWritesNothingAndForgetsTheRecoveryFile() async {
    files.withValue { $0[Self.recovery] = Data("{}".utf8) }
    let store = makeStore(edited(), files: files) { Documents() }
    await store.send(.quit) { $0.file.question = .unsavedChanges(before: .quit) }
    await store.send(.answer(.discard)) { $0.file.question = nil }
    await store.finish()
    #expect(text(Self.svg) == Self.text)
    #expect(files.value[Self.recovery] == nil, "the next start does not offer the discarded edits")
  }

  @Test func discardBeforeANewDrawingStartsIt() async {
    let store = makeStore(edited(), files: files) { Documents() }
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
    await store.send(.newDocument) { $0.file.question = .unsavedChanges(before: .newDocument) }
    store.exhaustivity = .off
    await store.send(.answer(.discard)) { $0.file.question = nil }
    await store.receive(\.startNewDocument)
    #expect(store.state.drawing.curves.isEmpty && store.state.file.url?.path.hasPrefix("/data/curves/untitled-") == true)
    #expect(text(Self.svg) == Self.text)
  }

  @Test func aNewerRecoveryFileIsOfferedAndRestoredUnsaved() async throws {
    var recovered = Document(edited())
    recovered.canvas = Canvas(width: 16, height: 16)
    let data = try recovered.encoded()
    files.withValue { $0[Self.recovery] = data }
    // The in-memory stamps are hashes; on disk the recovery is the newer file.
    files.withValue { $0[Self.svg] = Data(Self.text.utf8) }
    let state = withDependencies {
      $0.fileSystem = .inMemory(files)
      $0.fileSystem.stamp = { url in url == Self.recovery ? FileStamp(inode: 2, size: 1, modified: 2) : FileStamp(inode: 1, size: 1, modified: 1) }
    } operation: {
      Documents.initialState(opening: Self.svg, autosave: URL(fileURLWithPath: "/data/curves/autosave.json"), recoveryFolder: Self.folder)
    }
    #expect(state.file.question == .recovery(Self.recovery))
    #expect(!state.hasUnsavedChanges, "opened as the file has it until the user answers")
    #expect(state.drawing.curves[0].points.map(\.position.x) == [1, 15, 8])

    let store = makeStore(state, files: files) { Documents() }
    store.exhaustivity = .off
    await store.send(.answer(.restore)) { $0.file.question = nil }
    await store.receive(\.recovered.success)
    #expect(store.state.drawing.curves[0].points.map(\.position.x) == [2, 16, 9])
    #expect(store.state.hasUnsavedChanges && store.state.file.url == Self.svg && store.state.file.svgSource != nil)
    #expect(store.state.interaction.notice == "Restored the edits of icon.svg that a session ended before saving; Ctrl+S writes them.")
  }

  @Test func aRecoveryDiscardedIsDeleted() async {
    var state = opened()
    state.file.question = .recovery(Self.recovery)
    files.withValue { $0[Self.recovery] = Data("{}".utf8) }
    let store = makeStore(state, files: files) { Documents() }
    await store.send(.answer(.discard)) { $0.file.question = nil }
    await store.finish()
    #expect(files.value[Self.recovery] == nil)
  }

  @Test func aCurvesDocumentIsStillSavedOnLeavingWithoutAsking() async {
    let url = URL(fileURLWithPath: "/art/arch.json")
    var state = Editor.State(curves: oneCurve())
    state.file.url = url
    state.drawing.markEdited()
    let store = makeStore(state, files: files) { Documents() }
    store.exhaustivity = .off
    await store.send(.quit)
    await store.receive(\.saveFinished.success)
    #expect(store.state.file.question == nil && files.value[url] != nil)
  }
}
