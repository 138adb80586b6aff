import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The lock on the document's file and the save on quitting, as the window and a replay use them.
@MainActor
struct DocumentLockingTests {
  let url = URL(fileURLWithPath: "/documents/drawing.json")

  func makeEditor(_ files: LockIsolated<[URL: Data]>, lock: DocumentLockClient) -> TestStore<Editor.State, Editor.Action> {
    var state = Editor.State(curves: oneCurve())
    state.file.url = url
    state.file.savedRevision = 0
    let store = makeStore(state, files: files) { Editor() }
    store.dependencies.documentLock = lock
    return store
  }

  @Test func aFileHeldByAnotherEditorOpensReadOnlyAndSaysSo() async {
    let store = makeEditor(LockIsolated([:]), lock: .inMemory(heldElsewhere: [url]))
    await store.send(.documents(.claimFile)) {
      $0.file.isReadOnly = true
      $0.file.errorMessage = "/documents/drawing.json is open in another Curves window: this one is read-only, and nothing changed here is saved. Close the other window and open the file again to edit it."
    }
  }

  @Test func aFreeFileIsClaimedQuietly() async {
    let store = makeEditor(LockIsolated([:]), lock: .inMemory())
    await store.send(.documents(.claimFile))
  }

  @Test func quittingWritesUnsavedChangesFirst() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    let store = makeEditor(files, lock: .inMemory())
    await store.send(.display(.toggle(.showsTrace))) {
      $0.drawing.display.showsTrace = false
      $0.drawing.revision = 1
      $0.file.autosaveRevision = 1
    }
    await store.send(.documents(.quit)) { $0.file.savedRevision = 1 }
    await store.receive(.documents(.saveFinished(.success(url))))
    await store.receive(\.documents.stampRead) { $0.file.diskStamp = stamp(files, url) }
    let saved = try Document.decode(try #require(files.value[url]))
    #expect(saved.display.showsTrace == false)
  }

  @Test func quittingASavedOrReadOnlyDocumentWritesNothing() async {
    let files = LockIsolated<[URL: Data]>([:])
    let store = makeEditor(files, lock: .inMemory(heldElsewhere: [url]))
    await store.send(.documents(.quit))
    await store.send(.documents(.claimFile)) {
      $0.file.isReadOnly = true
      $0.file.errorMessage = DocumentError.openElsewhere(path: url.path).description
    }
    await store.send(.display(.toggle(.showsTrace))) {
      $0.drawing.display.showsTrace = false
      $0.drawing.revision = 1
    }
    await store.send(.documents(.quit))
    #expect(files.value.isEmpty)
  }
}
