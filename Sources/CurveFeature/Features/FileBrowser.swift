import Composable
import Foundation

/// Open, Save As and Import: the desktop's own chooser where there is one
/// (`DesktopFileChooserClient`, the XDG portal), else the file browser drawn in the window,
/// for Ctrl+O, Ctrl+Shift+S and Ctrl+I: the recent
/// files and their folders first, then the folder's subfolders and drawings (`.json`, `.svg`,
/// `.svgz`). Typing filters the list (or, with a `/`, is a path to go to or a name to save
/// as); the arrows move the selection; Enter opens a folder or chooses a file; Escape
/// cancels. What is chosen goes to `Documents` through `Delegate`.
///
/// ```swift
/// store.send(.browser(.present(.open)))
/// store.send(.browser(.type("arch")))     // only names containing "arch"
/// store.send(.browser(.activate))         // Enter: opens the selected drawing
/// ```
public struct FileBrowser: Reducer {
  public typealias State = Editor.State

  /// What the browser is for.
  public enum Purpose: String, Equatable, Sendable {
    case open
    case saveAs
    case importSVG

    /// The browser's title.
    public var title: String {
      switch self {
      case .open: "Open a drawing"
      case .saveAs: "Save as"
      case .importSVG: "Import an SVG drawing into this one"
      }
    }

    /// The files it lists and accepts.
    public var extensions: Set<String> {
      switch self {
      case .open: ["json", "svg", "svgz"]
      case .saveAs: ["json", "svg", "svgz"]
      case .importSVG: ["svg", "svgz"]
      }
    }
  }

  /// One line of the list.
  public struct Row: Equatable, Sendable {
    public var name: String
    public var url: URL
    public var isFolder: Bool
    /// A recent file, or the folder of one.
    public var isRecent: Bool
  }

  /// The browser while it is open.
  public struct Browsing: Equatable, Sendable {
    public var purpose: Purpose
    /// The folder it shows.
    public var folder: URL
    public var entries: [DirectoryEntry]
    /// Newest first, as `RecentFilesClient` keeps them.
    public var recentFiles: [URL]
    /// What was typed: a filter, a name to save as, or a path.
    public var field = ""
    /// The selected line of `rows`.
    public var selection: Int?
    /// Why the last Enter chose nothing.
    public var message: String?
    /// Saving onto a file that exists: the next Enter on the same file replaces it.
    public var replacing: URL?

    public init(purpose: Purpose, folder: URL, entries: [DirectoryEntry], recentFiles: [URL]) {
      self.purpose = purpose
      self.folder = folder
      self.entries = entries
      self.recentFiles = recentFiles
    }

    /// Whether `field` names a path (it has a `/` or starts with `~`) rather than filtering.
    public var fieldIsPath: Bool { field.contains("/") || field.hasPrefix("~") }

    /// What the list shows: the recent files and their folders (unless saving), the parent
    /// folder, then the folder's subfolders and drawings, each group by name; all filtered by
    /// the field.
    public var rows: [Row] {
      let filter = fieldIsPath ? "" : field.lowercased()
      func shows(_ name: String) -> Bool { filter.isEmpty || name.lowercased().contains(filter) }
      func accepts(_ name: String) -> Bool { purpose.extensions.contains((name as NSString).pathExtension.lowercased()) }
      var rows: [Row] = []
      if purpose != .saveAs {
        rows += recentFiles.filter { accepts($0.lastPathComponent) && shows($0.lastPathComponent) }
          .map { Row(name: $0.lastPathComponent, url: $0, isFolder: false, isRecent: true) }
      }
      var recentFolders: [URL] = []
      for file in recentFiles {
        let folder = FileBrowser.folder(file.deletingLastPathComponent())
        if folder != self.folder, !recentFolders.contains(folder) { recentFolders.append(folder) }
      }
      rows += recentFolders.filter { shows($0.lastPathComponent) }.map { Row(name: $0.lastPathComponent, url: $0, isFolder: true, isRecent: true) }
      if folder.path != "/" { rows.append(Row(name: "..", url: FileBrowser.folder(folder.deletingLastPathComponent()), isFolder: true, isRecent: false)) }
      let sorted = entries.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
      rows += sorted.filter { $0.isFolder && shows($0.name) }.map { Row(name: $0.name, url: folder.appendingPathComponent($0.name), isFolder: true, isRecent: false) }
      rows += sorted.filter { !$0.isFolder && accepts($0.name) && shows($0.name) }
        .map { Row(name: $0.name, url: folder.appendingPathComponent($0.name), isFolder: false, isRecent: false) }
      return rows
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Ctrl+O, Ctrl+Shift+S or Ctrl+I: asks the desktop's chooser, or opens the drawn
    /// browser on the document's folder (or the newest recent file's, or home).
    case present(Purpose)
    /// The drawn browser, when the desktop's chooser did not answer.
    case presentBuiltIn(Purpose)
    /// The editor started on a new, empty document: the browser opens on the recent files,
    /// if there are any, so the last drawings are a click away.
    case offerRecentFiles
    /// Text typed into the field.
    case type(String)
    /// Backspace in the field.
    case deleteBackward
    /// Up and Down.
    case moveSelection(by: Int)
    /// A click on a line.
    case select(Int)
    /// Enter, or a double click on a line.
    case activate
    /// Escape.
    case cancel
    case delegate(Delegate)
  }

  public enum Delegate: Equatable, Sendable {
    /// A file to open, save to or import, as the browser's purpose says.
    case chose(URL, Purpose)
  }

  @Dependency(\.fileSystem) var fileSystem
  @Dependency(\.recentFiles) var recentFiles
  @Dependency(\.desktopFileChooser) var desktopFileChooser

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case let .present(purpose) = action, desktopFileChooser.isAvailable {
      state.endGesture()
      let folder = startFolder(state.file, recent: recentFiles.load())
      // A drawing without a name of its own is offered one as an SVG drawing.
      let name = state.file.isAutosave || state.file.url == nil ? (purpose == .saveAs ? "drawing.svg" : nil) : state.file.url?.lastPathComponent
      return .run { [desktopFileChooser] send in
        switch await desktopFileChooser.choose(purpose, folder, name) {
        case let .chosen(url)?: await send(.delegate(.chose(purpose == .saveAs ? Self.documentURL(url) : url, purpose)))
        case .cancelled?: break
        case nil: await send(.presentBuiltIn(purpose))
        }
      }
    }
    if let purpose = Self.builtInPurpose(of: action) {
      state.endGesture()
      let recent = recentFiles.load()
      let folder = startFolder(state.file, recent: recent)
      state.browser = Browsing(purpose: purpose, folder: folder, entries: (try? fileSystem.list(folder)) ?? [], recentFiles: recent)
      return .none
    }
    if case .offerRecentFiles = action {
      let isNew = state.file.isAutosave && state.file.diskStamp == nil && state.drawing.revision == 0
      guard isNew, state.browser == nil, !recentFiles.load().isEmpty else { return .none }
      return reduce(into: &state, action: .presentBuiltIn(.open))
    }
    guard var browsing = state.browser else { return .none }
    switch action {
    case .present, .presentBuiltIn, .delegate, .offerRecentFiles:
      return .none
    case let .type(text):
      browsing.field += text
      browsing.selection = Self.firstMatch(browsing)
    case .deleteBackward:
      guard !browsing.field.isEmpty else { return .none }
      browsing.field.removeLast()
      browsing.selection = Self.firstMatch(browsing)
    case let .moveSelection(step):
      let count = browsing.rows.count
      guard count > 0 else { return .none }
      browsing.selection = min(max((browsing.selection ?? (step > 0 ? -1 : count)) + step, 0), count - 1)
    case let .select(index):
      browsing.selection = browsing.rows.indices.contains(index) ? index : nil
    case .cancel:
      state.browser = nil
      return .none
    case .activate:
      return activate(&browsing, &state)
    }
    browsing.message = nil
    browsing.replacing = nil
    state.browser = browsing
    return .none
  }

  /// Enter: a typed path is gone to (a folder) or chosen (a file); else the selected line is
  /// opened (a folder) or chosen (a file); else, saving, the typed name is chosen.
  private func activate(_ browsing: inout Browsing, _ state: inout State) -> Effect<Action> {
    if browsing.fieldIsPath {
      let path = (browsing.field as NSString).expandingTildeInPath
      let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : browsing.folder.appendingPathComponent(path)
      if let entries = try? fileSystem.list(url) {
        go(to: url, entries, &browsing, &state)
        return .none
      }
      return choose(url, &browsing, &state)
    }
    if let index = browsing.selection, browsing.rows.indices.contains(index) {
      let row = browsing.rows[index]
      guard row.isFolder else { return choose(row.url, &browsing, &state) }
      do {
        go(to: row.url, try fileSystem.list(row.url), &browsing, &state)
      } catch {
        browsing.message = "\(row.url.path) cannot be opened."
        state.browser = browsing
      }
      return .none
    }
    if browsing.purpose == .saveAs, !browsing.field.isEmpty {
      return choose(browsing.folder.appendingPathComponent(browsing.field), &browsing, &state)
    }
    browsing.message = browsing.purpose == .saveAs ? "Type a name to save as." : "Choose a file, or type part of its name."
    state.browser = browsing
    return .none
  }

  private func go(to folder: URL, _ entries: [DirectoryEntry], _ browsing: inout Browsing, _ state: inout State) {
    browsing.folder = Self.folder(folder)
    browsing.entries = entries
    browsing.field = ""
    browsing.selection = nil
    browsing.message = nil
    state.browser = browsing
  }

  /// The file chosen, checked for the purpose: the browser closes and `Documents` takes it.
  private func choose(_ url: URL, _ browsing: inout Browsing, _ state: inout State) -> Effect<Action> {
    var url = url.standardizedFileURL
    let kind = url.pathExtension.lowercased()
    switch browsing.purpose {
    case .saveAs:
      url = Self.documentURL(url)
      let siblings = (try? fileSystem.list(url.deletingLastPathComponent())) ?? []
      if siblings.contains(where: { $0.name == url.lastPathComponent }), browsing.replacing != url {
        browsing.replacing = url
        browsing.message = "\(url.lastPathComponent) exists: Enter again replaces it."
        state.browser = browsing
        return .none
      }
    case .open, .importSVG:
      guard browsing.purpose.extensions.contains(kind) else {
        browsing.message = "\(url.lastPathComponent) is not " + (browsing.purpose == .open ? "a Curves document or an SVG drawing." : "an SVG drawing.")
        state.browser = browsing
        return .none
      }
      let siblings = (try? fileSystem.list(url.deletingLastPathComponent())) ?? []
      guard siblings.contains(where: { $0.name == url.lastPathComponent && !$0.isFolder }) else {
        browsing.message = "\(url.path) does not exist."
        state.browser = browsing
        return .none
      }
    }
    state.browser = nil
    return .send(.delegate(.chose(url, browsing.purpose)))
  }

  /// The purpose the drawn browser opens for: `present` (no desktop chooser to ask) and
  /// `presentBuiltIn` both show it.
  private static func builtInPurpose(of action: Action) -> Purpose? {
    switch action {
    case let .present(purpose), let .presentBuiltIn(purpose): purpose
    default: nil
    }
  }

  /// Where Save As writes, the format chosen by the extension: an SVG drawing (`.svg`, added
  /// to a name without one of these; `.svgz` compressed) or a Curves document (`.json`).
  static func documentURL(_ url: URL) -> URL {
    Purpose.saveAs.extensions.contains(url.pathExtension.lowercased()) ? url : url.appendingPathExtension("svg")
  }

  /// The line typing selects: the first file (or folder) whose name matches.
  private static func firstMatch(_ browsing: Browsing) -> Int? {
    // Saving, what is typed is the name: it selects nothing.
    guard !browsing.field.isEmpty, !browsing.fieldIsPath, browsing.purpose != .saveAs else { return nil }
    let rows = browsing.rows
    return rows.firstIndex { !$0.isFolder } ?? rows.firstIndex { $0.name != ".." }
  }

  /// Where the browser opens: the document's folder, else the newest recent file's, else home.
  private func startFolder(_ file: FileStatus, recent: [URL]) -> URL {
    if let url = file.url, !file.isAutosave { return Self.folder(url.deletingLastPathComponent()) }
    if let newest = recent.first { return Self.folder(newest.deletingLastPathComponent()) }
    return Self.folder(FileManager.default.homeDirectoryForCurrentUser)
  }

  /// A folder's URL in one spelling (standardized, no trailing slash), so two are equal
  /// when they name the same folder.
  static func folder(_ url: URL) -> URL {
    URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: false)
  }
}
