import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@MainActor
struct DocumentIOTests {
  let url = URL(fileURLWithPath: "/documents/drawing.json")

  @Test func openingADocumentReplacesTheEditorStateAndKeepsTheWindowArea() async throws {
    var saved = Editor.State(curves: oneCurve(), canvas: Canvas(width: 1600, height: 1200))
    saved.drawing.display.showsTrace = false
    let data = try Document(saved).encoded()
    let files = LockIsolated([url: data])
    var state = Editor.State(curves: [])
    state.viewport = Viewport.State(canvas: state.canvas, area: Size(width: 800, height: 726))
    let store = makeStore(state, files: files) { Documents() }
    await store.send(.open(url))
    await store.receive(\.opened) {
      $0 = Editor.State(document: try! Document.decode(files.value[self.url]!), url: self.url)
      $0.viewport = Viewport.State(canvas: Canvas(width: 1600, height: 1200), area: Size(width: 800, height: 726))
    }
    await store.receive(\.stampRead) { $0.file.diskStamp = stamp(files, self.url) }
    #expect(store.state.drawing.display.showsTrace == false)
    #expect(store.state.viewport.zoom == 0.5, "too large for the area: fitted")
    #expect(!store.state.hasUnsavedChanges)
  }

  @Test func aBadFileLeavesTheDocumentUntouched() async {
    let files = LockIsolated([url: Data("{\"version\": 9}".utf8)])
    let store = makeStore(files: files) { Documents() }
    await store.send(.open(url))
    await store.receive(\.opened) { $0.file.errorMessage = DocumentError.unsupportedVersion(9).description }
    await store.send(.open(URL(fileURLWithPath: "/missing.json")))
    await store.receive(\.opened) {
      $0.file.errorMessage = "Could not read /missing.json: no such file."
    }
    #expect(store.state.drawing.curves == oneCurve())
    await store.send(.dismissError) { $0.file.errorMessage = nil }
  }

  @Test func savingWritesTheDocumentWithItsDisplayOptions() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    var state = Editor.State(curves: oneCurve())
    state.file.url = url
    state.drawing.display.construction = .lastLevel
    state.drawing.markEdited()
    let store = makeStore(state, files: files) { Documents() }
    await store.send(.save) {
      $0.file.savedRevision = 1
      $0.file.autosaveRevision = 1
    }
    await store.receive(.saveFinished(.success(url)))
    await store.receive(\.stampRead) { $0.file.diskStamp = stamp(files, url) }
    let document = try Document.decode(try #require(files.value[url]))
    #expect(document.editorCurves == oneCurve())
    #expect(document.display.construction == .lastLevel)
    #expect(!store.state.hasUnsavedChanges)
  }

  @Test func aFailedSaveShowsAnErrorAndKeepsTheChangesUnsaved() async {
    var state = Editor.State(curves: oneCurve())
    state.file.url = url
    let store = TestStore(initialState: state) { Documents() } withDependencies: {
      $0.fileSystem = FileSystemClient(read: { _ in Data() }, writeAtomically: { _, _ in throw CocoaError(.fileWriteOutOfSpace) })
    }
    await store.send(.save) { $0.file.savedRevision = 0 }
    await store.receive(\.saveFinished.failure) {
      $0.file.savedRevision = nil
      $0.file.errorMessage = DocumentError.unwritable(
        path: "/documents/drawing.json", reason: CocoaError(.fileWriteOutOfSpace).localizedDescription
      ).description
    }
    #expect(store.state.hasUnsavedChanges)
  }

  @Test func aDocumentThatWasNeverSavedIsNotSaved() {
    let new = withDependencies { $0.uuid = .incrementing } operation: { Editor.State.makeDefault() }
    #expect(new.hasUnsavedChanges)
    let opened = Editor.State(document: Document(new), url: url)
    #expect(!opened.hasUnsavedChanges)
  }
}

@MainActor
struct SaveOrderTests {
  @Test func aSlowOlderSaveNeverLandsOverANewerOne() async throws {
    let url = URL(fileURLWithPath: "/documents/race.json")
    let files = LockIsolated<[URL: Data]>([:])
    var state = Editor.State(curves: oneCurve())
    state.file.url = url
    let older = try Document(state).encoded()
    let store = Store(initialState: state) { Editor() } withDependencies: {
      $0.continuousClock = TestClock()  // autosave waits forever: only the two saves write
      $0.fileSystem = FileSystemClient(
        read: { _ in Data() },
        writeAtomically: { data, url in
          // The older document's write is slow: the newer one, made after an edit, must win anyway.
          if data == older { Thread.sleep(forTimeInterval: 0.2) }
          files.withValue { $0[url] = data }
        }
      )
    }
    let first = store.send(.documents(.save))
    store.send(.selection(.selectAll))
    store.send(.moving(.arrow(dx: 10, dy: 0)))
    let second = store.send(.documents(.save))
    await first.finish()
    await second.finish()
    let saved = try Document.decode(try #require(files.value[url]))
    #expect(saved.editorCurves == store.drawing.curves, "the file holds the later document")
  }

  /// An edited document whose file was read as "as opened", with that file's stamp.
  static func openedAndEdited() -> (url: URL, files: LockIsolated<[URL: Data]>, state: Editor.State) {
    let url = URL(fileURLWithPath: "/documents/drawing.json")
    let files = LockIsolated([url: Data("as opened".utf8)])
    var state = Editor.State(curves: oneCurve())
    state.file.url = url
    state.file.diskStamp = stamp(files, url)
    state.drawing.markEdited()
    return (url, files, state)
  }

  @Test func aFileChangedOnDiskIsNeverOverwrittenTheSaveGoesBesideIt() async throws {
    let (url, files, state) = Self.openedAndEdited()
    let store = TestStore(initialState: state) { Documents() } withDependencies: {
      $0.fileSystem = .inMemory(files)
      $0.date.now = Date(timeIntervalSince1970: 1_795_000_000)
    }
    // Another program writes the file after it was opened.
    files.withValue { $0[url] = Data("theirs".utf8) }
    let aside = Documents.conflictURL(for: url, at: Date(timeIntervalSince1970: 1_795_000_000))
    #expect(aside.lastPathComponent.hasPrefix("drawing.conflict-") && aside.pathExtension == "json")
    #expect(aside.deletingLastPathComponent() == url.deletingLastPathComponent())
    await store.send(.save) {
      $0.file.savedRevision = 1
      $0.file.autosaveRevision = 1
    }
    await store.receive(\.savedAside) {
      $0.file.conflictURL = aside
      $0.file.errorMessage = DocumentError.changedOnDisk(path: url.path, savedTo: aside.path).description
    }
    #expect(files.value[url] == Data("theirs".utf8), "their version stays")
    #expect(try Document.decode(try #require(files.value[aside])).editorCurves == oneCurve())
    // Later saves keep going to the same copy.
    store.exhaustivity = .off
    await store.send(.save)
    await store.receive(\.savedAside)
    #expect(files.value.count == 2)
  }

  /// A second save asked for before the first one's stamp came back still holds the stamp
  /// read when the file was opened; the file then on disk is the editor's own first save,
  /// not another program's change, so it is overwritten, not set aside.
  @Test func aSaveRightAfterAnotherIsNotTakenForAChangeElsewhere() async throws {
    let (url, files, state) = Self.openedAndEdited()
    let memory = FileSystemClient.inMemory(files)
    let store = Store(initialState: state) { Documents() } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_795_000_000)
      // Reading a stamp is slow, so the first save's is still on its way back when the second
      // save is asked for (a second: a tenth was once outrun under the whole suite's load).
      $0.fileSystem = FileSystemClient(read: memory.read, writeAtomically: memory.writeAtomically, stamp: { url in
        Thread.sleep(forTimeInterval: 1)
        return memory.stamp(url)
      })
    }
    let first = store.send(.save)
    while files.value[url] == Data("as opened".utf8) { try await Task.sleep(for: .milliseconds(5)) }
    #expect(store.file.diskStamp != stamp(files, url), "the first save's stamp is not back yet")
    let second = store.send(.save)
    await first.finish()
    await second.finish()
    #expect(files.value.keys.map(\.lastPathComponent) == ["drawing.json"], "no copy set aside")
    #expect(store.file.conflictURL == nil && store.file.errorMessage == nil)
  }

  @Test func aFileDeletedSinceItWasOpenedIsWrittenAgain() async throws {
    let (url, files, state) = Self.openedAndEdited()
    let store = makeStore(state, files: files) { Documents() }
    files.withValue { $0[url] = nil }
    await store.send(.save) {
      $0.file.savedRevision = 1
      $0.file.autosaveRevision = 1
    }
    await store.receive(.saveFinished(.success(url)))
    await store.receive(\.stampRead) { $0.file.diskStamp = stamp(files, url) }
    #expect(try Document.decode(try #require(files.value[url])).editorCurves == oneCurve())
  }
}
