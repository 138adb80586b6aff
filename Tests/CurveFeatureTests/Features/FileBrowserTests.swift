import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The file browser: what it lists, typing, the arrows, Enter on a folder, a file, a name and
/// a path, and Escape.
@MainActor
struct FileBrowserTests {
  nonisolated static let folder = URL(fileURLWithPath: "/docs")
  nonisolated static let recent = URL(fileURLWithPath: "/old/recent.json")

  /// `/docs` holding two drawings, a text file and a folder with a drawing; `recent.json`
  /// the one recent file.
  static func store(editing file: URL? = URL(fileURLWithPath: "/docs/a.json")) -> TestStore<Editor.State, FileBrowser.Action> {
    let files = LockIsolated<[URL: Data]>([
      URL(fileURLWithPath: "/docs/a.json"): Data("{}".utf8),
      URL(fileURLWithPath: "/docs/b.svg"): Data("<svg/>".utf8),
      URL(fileURLWithPath: "/docs/notes.txt"): Data("hi".utf8),
      URL(fileURLWithPath: "/docs/art/x.json"): Data("{}".utf8),
      recent: Data("{}".utf8),
    ])
    var state = Editor.State(curves: [])
    state.file.url = file
    return TestStore(initialState: state) { FileBrowser() } withDependencies: {
      $0.fileSystem = .inMemory(files)
      $0.recentFiles = .inMemory(LockIsolated([recent]))
    }
  }

  static func opened(_ purpose: FileBrowser.Purpose) -> FileBrowser.Browsing {
    FileBrowser.Browsing(
      purpose: purpose, folder: folder,
      entries: [DirectoryEntry(name: "a.json", isFolder: false), DirectoryEntry(name: "art", isFolder: true),
                DirectoryEntry(name: "b.svg", isFolder: false), DirectoryEntry(name: "notes.txt", isFolder: false)],
      recentFiles: [recent]
    )
  }

  @Test func itListsTheRecentFilesAndTheirFoldersThenTheFoldersAndDrawingsHere() async {
    let store = Self.store()
    await store.send(.present(.open)) { $0.browser = Self.opened(.open) }
    #expect(store.state.browser?.rows.map(\.name) == ["recent.json", "old", "..", "art", "a.json", "b.svg"], "no notes.txt")
    #expect(store.state.browser?.rows.map(\.isRecent) == [true, true, false, false, false, false])
    // Saving lists folders and documents, not recent files or SVG drawings.
    #expect(Self.opened(.saveAs).rows.map(\.name) == ["old", "..", "art", "a.json", "b.svg"])
    #expect(Self.opened(.importSVG).rows.map(\.name) == ["old", "..", "art", "b.svg"])
  }

  @Test func typingFiltersAndEnterChoosesTheFirstMatch() async {
    let store = Self.store()
    await store.send(.present(.open)) { $0.browser = Self.opened(.open) }
    await store.send(.type("B")) {
      $0.browser?.field = "B"
      $0.browser?.selection = 1
    }
    #expect(store.state.browser?.rows.map(\.name) == ["..", "b.svg"])
    await store.send(.activate) { $0.browser = nil }
    await store.receive(.delegate(.chose(URL(fileURLWithPath: "/docs/b.svg"), .open)))
  }

  @Test func theArrowsAndEnterGoIntoAFolderAndBackspaceUntypes() async {
    let store = Self.store()
    await store.send(.present(.open)) { $0.browser = Self.opened(.open) }
    await store.send(.moveSelection(by: 1)) { $0.browser?.selection = 0 }
    await store.send(.moveSelection(by: 3)) { $0.browser?.selection = 3 }
    await store.send(.activate) {
      $0.browser?.folder = URL(fileURLWithPath: "/docs/art")
      $0.browser?.entries = [DirectoryEntry(name: "x.json", isFolder: false)]
      $0.browser?.selection = nil
    }
    await store.send(.type("xy")) { $0.browser?.field = "xy" }
    await store.send(.deleteBackward) {
      $0.browser?.field = "x"
      $0.browser?.selection = 1
    }
    #expect(store.state.browser?.rows.map(\.name) == ["..", "x.json"])
    await store.send(.activate) { $0.browser = nil }
    await store.receive(.delegate(.chose(URL(fileURLWithPath: "/docs/art/x.json"), .open)))
  }

  @Test func savingAsTakesTheTypedNameAsAJSONDocument() async {
    let store = Self.store()
    await store.send(.present(.saveAs)) { $0.browser = Self.opened(.saveAs) }
    await store.send(.activate) { $0.browser?.message = "Type a name to save as." }
    await store.send(.type("new drawing")) {
      $0.browser?.field = "new drawing"
      $0.browser?.message = nil
    }
    await store.send(.activate) { $0.browser = nil }
    await store.receive(.delegate(.chose(URL(fileURLWithPath: "/docs/new drawing.svg"), .saveAs)))
  }

  /// Save As chooses the format by the extension typed: an SVG drawing keeps `.svg` or `.svgz`.
  @Test func savingAsAnSVGKeepsItsExtension() async {
    let store = Self.store()
    await store.send(.present(.saveAs)) { $0.browser = Self.opened(.saveAs) }
    await store.send(.type("poster.svgz")) { $0.browser?.field = "poster.svgz" }
    await store.send(.activate) { $0.browser = nil }
    await store.receive(.delegate(.chose(URL(fileURLWithPath: "/docs/poster.svgz"), .saveAs)))
  }

  @Test func savingOntoAFileThatExistsAsksForASecondEnter() async {
    let store = Self.store()
    await store.send(.present(.saveAs)) { $0.browser = Self.opened(.saveAs) }
    await store.send(.type("a.json")) { $0.browser?.field = "a.json" }
    await store.send(.activate) {
      $0.browser?.replacing = URL(fileURLWithPath: "/docs/a.json")
      $0.browser?.message = "a.json exists: Enter again replaces it."
    }
    await store.send(.activate) { $0.browser = nil }
    await store.receive(.delegate(.chose(URL(fileURLWithPath: "/docs/a.json"), .saveAs)))
  }

  @Test func aTypedPathGoesToItsFolderOrChoosesItsFile() async {
    let store = Self.store(editing: nil)
    // No document folder: the newest recent file's.
    await store.send(.present(.open)) {
      var browsing = Self.opened(.open)
      browsing.folder = URL(fileURLWithPath: "/old")
      browsing.entries = [DirectoryEntry(name: "recent.json", isFolder: false)]
      $0.browser = browsing
    }
    await store.send(.type("/docs/art")) { $0.browser?.field = "/docs/art" }
    await store.send(.activate) {
      $0.browser?.folder = URL(fileURLWithPath: "/docs/art")
      $0.browser?.entries = [DirectoryEntry(name: "x.json", isFolder: false)]
      $0.browser?.field = ""
    }
    await store.send(.type("../missing.json")) { $0.browser?.field = "../missing.json" }
    await store.send(.activate) { $0.browser?.message = "/docs/missing.json does not exist." }
    await store.send(.cancel) { $0.browser = nil }
  }

  @Test func onlyDrawingsCanBeOpened() async {
    let store = Self.store()
    await store.send(.present(.open)) { $0.browser = Self.opened(.open) }
    await store.send(.type("/docs/notes.txt")) { $0.browser?.field = "/docs/notes.txt" }
    await store.send(.activate) { $0.browser?.message = "notes.txt is not a Curves document or an SVG drawing." }
  }
}

/// The recent files offered when the editor starts on a new document, and only then.
@MainActor
struct RecentFilesOnAnEmptyStartTests {
  @Test func aNewDocumentOpensTheBrowserOnTheRecentFiles() async {
    var state = Editor.State(curves: [])
    state.file.url = URL(fileURLWithPath: "/data/curves/autosave.json")
    state.file.isAutosave = true
    let recent = URL(fileURLWithPath: "/docs/last.json")
    let store = TestStore(initialState: state) { FileBrowser() } withDependencies: {
      $0.fileSystem = .inMemory(LockIsolated([recent: Data("{}".utf8)]))
      $0.recentFiles = .inMemory(LockIsolated([recent]))
    }
    await store.send(.offerRecentFiles) {
      $0.browser = FileBrowser.Browsing(
        purpose: .open, folder: URL(fileURLWithPath: "/docs"), entries: [DirectoryEntry(name: "last.json", isFolder: false)], recentFiles: [recent]
      )
    }
    #expect(store.state.browser?.rows.first?.url == recent)
  }

  @Test func anAutosavedDrawingOrANamedFileOpensNoBrowser() async {
    var state = Editor.State(curves: [])
    state.file.url = URL(fileURLWithPath: "/data/curves/autosave.json")
    state.file.isAutosave = true
    state.file.diskStamp = FileStamp(inode: 1, size: 2, modified: 3)
    let recent = LockIsolated([URL(fileURLWithPath: "/docs/last.json")])
    let store = TestStore(initialState: state) { FileBrowser() } withDependencies: { $0.recentFiles = .inMemory(recent) }
    await store.send(.offerRecentFiles)
    var namedState = state
    namedState.file.isAutosave = false
    namedState.file.diskStamp = nil
    let named = TestStore(initialState: namedState) { FileBrowser() } withDependencies: {
      $0.recentFiles = .inMemory(recent)
    }
    await named.send(.offerRecentFiles)
  }
}

/// Open, Save As and Import through the desktop's own chooser, where it answers.
@MainActor
struct DesktopFileChooserTests {
  static func store(answer: DesktopFileChooserClient.Answer?, asked: LockIsolated<[String]>) -> TestStore<Editor.State, FileBrowser.Action> {
    var state = Editor.State(curves: [])
    state.file.url = URL(fileURLWithPath: "/docs/a.json")
    return TestStore(initialState: state) { FileBrowser() } withDependencies: {
      $0.fileSystem = .inMemory(LockIsolated([URL(fileURLWithPath: "/docs/a.json"): Data("{}".utf8)]))
      $0.recentFiles = .inMemory(LockIsolated([]))
      $0.desktopFileChooser = DesktopFileChooserClient(isAvailable: true) { purpose, folder, name in
        asked.withValue { $0.append("\(purpose) \(folder?.path ?? "-") \(name ?? "-")") }
        return answer
      }
    }
  }

  @Test func theDesktopsChoiceGoesStraightToTheDocument() async {
    let asked = LockIsolated<[String]>([])
    let store = Self.store(answer: .chosen(URL(fileURLWithPath: "/elsewhere/b.json")), asked: asked)
    await store.send(.present(.saveAs))
    await store.receive(.delegate(.chose(URL(fileURLWithPath: "/elsewhere/b.json"), .saveAs)))
    #expect(asked.value == ["saveAs /docs a.json"], "asked in the document's folder, with its name")
  }

  @Test func aCancelDoesNothingAndNoAnswerShowsTheDrawnBrowser() async {
    let cancelled = Self.store(answer: .cancelled, asked: LockIsolated([]))
    await cancelled.send(.present(.open))
    let unanswered = Self.store(answer: nil, asked: LockIsolated([]))
    await unanswered.send(.present(.open))
    await unanswered.receive(.presentBuiltIn(.open)) {
      $0.browser = FileBrowser.Browsing(
        purpose: .open, folder: URL(fileURLWithPath: "/docs"), entries: [DirectoryEntry(name: "a.json", isFolder: false)], recentFiles: []
      )
    }
  }
}
