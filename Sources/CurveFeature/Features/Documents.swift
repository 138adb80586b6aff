import Composable
import CurveGeometry
import Foundation
import CurveSVG

/// Opening and saving the document, the lock on its file, saving before quitting, and the
/// errors a user is shown when any of it fails.
///
/// ```swift
/// Scope(state: \.self, action: \.documents) { Documents() }
/// store.send(.documents(.claimFile))   // at start: lock the file, or open it read-only
/// store.send(.documents(.open(url)))
/// store.send(.documents(.save))
/// ```
///
/// A failed open leaves the current document as it was; a failed save keeps the document
/// marked unsaved, so it is saved again. Writes go through `FileSystemClient`, atomically, in
/// the order they were asked for (`SaveOrder`); only the editor holding a file's lock
/// (`DocumentLockClient`) writes it.
public struct Documents: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Takes the lock on the document's file: this editor then writes it, or, when another
    /// editor holds it, edits read-only and says so.
    case claimFile
    case open(URL)
    case opened(URL, Result<Document, DocumentError>)
    /// Writes the document to its file (Autosave's, and Ctrl+S's once the document has a
    /// name).
    case save
    /// Ctrl+S: `save`, or for a document without a name of its own (a new one, the
    /// autosave) Save As first; the editor decides which (`Editor`).
    case saveOrSaveAs
    /// Autosave's, for an SVG drawing (written only by Ctrl+S): the document goes to its
    /// recovery file instead (`recoveryURL`), which the next start opens if it is newer.
    case saveRecovery
    case saveFinished(Result<URL, DocumentError>)
    /// The file's stamp after this editor read or wrote it.
    case stampRead(FileStamp?)
    /// The file had changed on disk since this editor read or wrote it: the document was
    /// written beside it, to `copy`, instead.
    case savedAside(original: URL, copy: URL)
    case dismissError
    /// Ctrl+Q or the window closed: unsaved changes are written; the shell exits when the
    /// action's effects have finished.
    case quit
    /// A file dropped on the window (see `Documents+Drops.swift`).
    case drop(URL)
    case importedSVG(URL, Result<SVGDrop, DropError>)
    /// Ctrl+N: unsaved changes are saved (as quitting saves them), then an empty document,
    /// autosaved in `FileStatus.untitledFolder` until it is saved under a name.
    case newDocument
    /// A file chosen to open (Ctrl+O): a document replaces this one once this one's changes
    /// are saved, as a dropped one does; an SVG drawing becomes a new document, saved beside
    /// it as `NAME.json`, as `curves edit FILE.svg` makes it.
    case openFile(URL)
    case openedSVG(svg: URL, Result<SVGDrop, DropError>)
    /// Ctrl+N's empty document, once the one it replaces is saved.
    case startNewDocument
    /// Ctrl+Shift+S: the document is saved to `url`, which it is then saved to; the lock
    /// moves from the old file to the new one.
    case saveAs(URL)
    /// A button of the file question's dialog (`FileStatus.question`).
    case answer(FileAnswer)
    /// The recovery file read, after Restore.
    case recovered(Result<Document, DocumentError>)
  }

  /// A dropped SVG drawing as imported, with the repairs its errors needed.
  public struct SVGDrop: Equatable, Sendable {
    public var document: Document
    public var repairs: [String]
    /// The file as read, for saving it back in place (`FileStatus.svgSource`).
    public var source: SVGSource?

    public init(document: Document, repairs: [String] = [], source: SVGSource? = nil) {
      self.document = document
      self.repairs = repairs
      self.source = source
    }
  }

  /// Why a dropped drawing added nothing, in a line.
  public struct DropError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  @Dependency(\.fileSystem) var fileSystem
  @Dependency(\.documentLock) var documentLock
  @Dependency(\.uuid) var uuid
  @Dependency(\.recentFiles) var recentFiles
  @Dependency(\.date.now) var now
  private let order = SaveOrder()

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .claimFile:
      claimFile(&state)
      return .none

    case let .open(url):
      return Self.open(url, fileSystem)

    case let .opened(url, .success(document)):
      if let previous = state.file.url, previous != url { documentLock.unlock(previous) }
      replaceDocument(&state, with: State(document: document, url: url))
      claimFile(&state)
      recentFiles.add(url)
      return .merge(.cancel(id: Construction.CancelID.timer), .cancel(id: Autosave.CancelID.save))

    case let .opened(_, .failure(error)):
      state.file.errorMessage = error.description
      return .none

    case .save:
      guard !state.file.isReadOnly else {
        state.interaction.notice = "Read-only: \(state.file.url?.lastPathComponent ?? "the file") is open in another Curves window."
        return .cancel(id: Autosave.CancelID.save)
      }
      return .merge(.cancel(id: Autosave.CancelID.save), save(&state))

    case .saveRecovery:
      guard let url = state.file.url, let folder = state.file.recoveryFolder ?? state.file.untitledFolder, let data = try? Document(state).encoded() else { return .none }
      let recovery = Self.recoveryURL(for: url, in: folder)
      // A failed write loses nothing the drawing's own file has: it says so, and goes on.
      return .run { [fileSystem] send in
        do { try fileSystem.writeAtomically(data, recovery) } catch {
          await send(.saveFinished(.failure(.unwritable(path: recovery.path, reason: error.localizedDescription))))
        }
      }

    case let .stampRead(stamp):
      state.file.diskStamp = stamp
      return .none

    case let .savedAside(original, copy):
      state.file.conflictURL = copy
      state.file.errorMessage = DocumentError.changedOnDisk(path: original.path, savedTo: copy.path).description
      return .none

    case let .saveFinished(.success(url)):
      state.file.errorMessage = nil
      return removeRecovery(of: url, state)

    case let .saveFinished(.failure(error)):
      // The file on disk is the old one: the document is unsaved, and saved again on exit.
      state.file.savedRevision = nil
      state.file.errorMessage = error.description
      return .none

    case .dismissError:
      state.file.errorMessage = nil
      return .none

    case .quit:
      state.endGesture()
      rememberUntitled(state)
      guard state.file.url != nil, state.hasUnsavedChanges, !state.file.isReadOnly else {
        return .cancel(id: Autosave.CancelID.save)
      }
      guard !asksBeforeLeaving(&state, for: .quit) else { return .none }
      return .merge(.cancel(id: Autosave.CancelID.save), save(&state))

    case let .drop(url):
      return drop(url, &state)

    case let .importedSVG(url, .success(drawing)):
      add(drawing, from: url, &state)
      return .none

    case let .importedSVG(_, .failure(error)):
      state.file.errorMessage = error.description
      return .none

    case .newDocument:
      state.endGesture()
      guard mayLeave(&state, for: "a new document was not started"), !asksBeforeLeaving(&state, for: .newDocument) else { return .none }
      guard needsSaveBeforeLeaving(state) else { return .send(.startNewDocument) }
      return .merge(.cancel(id: Autosave.CancelID.save), save(&state, then: .newDocument))

    case .startNewDocument:
      var new = State(curves: [], canvas: state.canvas, animation: AnimationSettings(mode: .smooth))
      new.file.url = state.file.untitledFolder.map { Self.untitledURL(in: $0, at: now, fileSystem) }
      new.file.isAutosave = true
      // Nothing to save until it is drawn in.
      new.file.savedRevision = new.drawing.revision
      if let previous = state.file.url { documentLock.unlock(previous) }
      replaceDocument(&state, with: new)
      claimFile(&state)
      return .merge(.cancel(id: Construction.CancelID.timer), .cancel(id: Autosave.CancelID.save))

    case let .openFile(url):
      guard SVGImport.isDrawing(url) else { return drop(url, &state) }
      guard mayLeave(&state, for: "\(url.lastPathComponent) was not opened"), !asksBeforeLeaving(&state, for: .open(url)) else { return .none }
      guard needsSaveBeforeLeaving(state) else { return Self.openSVG(url, fileSystem) }
      return .merge(.cancel(id: Autosave.CancelID.save), save(&state, then: .openSVG(url)))

    case let .openedSVG(svg, .success(drawing)):
      if let previous = state.file.url, previous != svg { documentLock.unlock(previous) }
      replaceDocument(&state, with: Self.openedDrawing(drawing, at: svg, stamp: fileSystem.stamp(svg)))
      claimFile(&state)
      recentFiles.add(svg)
      return .merge(.cancel(id: Construction.CancelID.timer), .cancel(id: Autosave.CancelID.save))

    case let .openedSVG(_, .failure(error)):
      state.file.errorMessage = error.description
      return .none

    case .saveOrSaveAs:
      return .none

    case let .answer(answer):
      return self.answer(answer, &state)

    case let .recovered(.success(document)):
      restore(document, &state)
      return .none

    case let .recovered(.failure(error)):
      state.file.errorMessage = error.description
      return .none

    case let .saveAs(url):
      state.endGesture()
      // The new file's lock first: held by another window, nothing changes here.
      if url != state.file.url {
        guard documentLock.lock(url) else {
          state.file.errorMessage = DocumentError.openElsewhere(path: url.path).description
          return .none
        }
        if let previous = state.file.url { documentLock.unlock(previous) }
      }
      state.file.url = url
      state.file.isAutosave = false
      state.file.isReadOnly = false
      state.file.diskStamp = nil
      state.file.conflictURL = nil
      recentFiles.add(url)
      return .merge(.cancel(id: Autosave.CancelID.save), save(&state))
    }
  }

  /// Whether the document may be left for another: not when it has changes that cannot be
  /// saved (no file, or read-only here); then the banner says why `what` did not happen.
  private func mayLeave(_ state: inout State, for what: String) -> Bool {
    guard state.hasUnsavedChanges, state.drawing.revision != 0, state.file.url == nil || state.file.isReadOnly else { return true }
    state.file.errorMessage = "This drawing's changes cannot be saved here (\(state.file.isReadOnly ? "it is read-only" : "it has no file")), so \(what); save it under a name first (Ctrl+Shift+S)."
    return false
  }

  /// Whether leaving the document must first write its changes.
  private func needsSaveBeforeLeaving(_ state: State) -> Bool {
    state.file.url != nil && state.hasUnsavedChanges && !state.file.isReadOnly
  }

  /// A new document (Ctrl+N) that was drawn in joins the recent files as it is left, so it
  /// can be found again though it has no name of its own yet.
  private func rememberUntitled(_ state: State) {
    guard state.file.isAutosave, state.drawing.revision != 0, let url = state.file.url,
      url.lastPathComponent.hasPrefix(Self.untitledPrefix)
    else { return }
    recentFiles.add(url)
  }

  /// How a new document's file is named in the autosave's folder: `untitled-YYYYMMDD-HHMMSS.json`.
  static let untitledPrefix = "untitled-"

  /// `untitled-YYYYMMDD-HHMMSS.json` in `folder`, or `…-2.json`, `…-3.json`… if taken.
  static func untitledURL(in folder: URL, at date: Date, _ fileSystem: FileSystemClient) -> URL {
    unusedDocumentURL(beside: folder.appendingPathComponent("\(untitledPrefix)\(timestamp(date)).json"), fileSystem)
  }

  /// `new` in place of the document, in the same window: the view keeps its area, and the
  /// tools and the folder for new documents stay.
  func replaceDocument(_ state: inout State, with new: State) {
    rememberUntitled(state)
    var new = new
    new.viewport = Viewport.State(canvas: new.canvas, area: state.viewport.area, areaOrigin: state.viewport.areaOrigin)
    new.file.untitledFolder = state.file.untitledFolder
    new.file.recoveryFolder = state.file.recoveryFolder
    // A drawing opens in the selector; otherwise the window's tool stays.
    if new.interaction.tool != .selector { new.interaction.tool = state.interaction.tool }
    new.interaction.currentStyle = state.interaction.currentStyle
    new.interaction.penMode = state.interaction.penMode
    new.interaction.penTension = state.interaction.penTension
    new.interaction.shapeSettings = state.interaction.shapeSettings
    state = new
  }

  private func claimFile(_ state: inout State) {
    guard let url = state.file.url else { return }
    if documentLock.lock(url) {
      state.file.isReadOnly = false
    } else {
      state.file.isReadOnly = true
      state.file.errorMessage = DocumentError.openElsewhere(path: url.path).description
    }
  }

  /// Writes the document to its file, or beside it when another program changed the file
  /// since this editor read or wrote it (a deleted file is not changed: it is written again).
  /// With `next`, what the save makes way for happens once the write succeeded.
  func save(_ state: inout State, then next: AfterSave? = nil) -> Effect<Action> {
    guard let (data, url) = Self.prepareSave(&state) else { return .none }
    let ticket = order.nextTicket()
    let known = state.file.diskStamp, diverted = state.file.conflictURL
    if let next {
      return .run { [fileSystem, order] send in
        let saved = Self.write(data, to: url, ticket: ticket, order: order, fileSystem)
        await send(.saveFinished(saved))
        // Only once the changes are on disk does the document give way.
        guard case .success = saved else { return }
        switch next {
        case let .open(document): await Self.load(document, fileSystem, send)
        case let .openSVG(svg): await send(.openedSVG(svg: svg, Self.importSVG(svg, fileSystem)))
        case .newDocument: await send(.startNewDocument)
        }
      }
    }
    return .run { [fileSystem, order] send in
      // Changed by another program: neither as the editor read it nor as its own last write left it.
      if let known, let disk = order.stampOnDisk(url, fileSystem.stamp), (disk.stamp != known && !disk.isOwnWrite) || diverted != nil {
        @Dependency(\.date.now) var now
        let copy = diverted ?? Self.conflictURL(for: url, at: now)
        switch Self.write(data, to: copy, ticket: ticket, order: order, fileSystem) {
        case .success: await send(.savedAside(original: url, copy: copy))
        case let .failure(error): await send(.saveFinished(.failure(error)))
        }
        return
      }
      let saved = Self.write(data, to: url, ticket: ticket, order: order, fileSystem)
      await send(.saveFinished(saved))
      if case .success = saved { await send(.stampRead(fileSystem.stamp(url))) }
    }
  }

  /// What a save makes way for, once written.
  enum AfterSave {
    case open(URL)
    case openSVG(URL)
    case newDocument
  }

  /// Opens the SVG drawing at `url` as the document, saved back to it.
  static func openSVG(_ url: URL, _ fileSystem: FileSystemClient) -> Effect<Action> {
    .run { send in await send(.openedSVG(svg: url, importSVG(url, fileSystem))) }
  }

  /// Reads and decodes `url`, then its stamp.
  static func open(_ url: URL, _ fileSystem: FileSystemClient) -> Effect<Action> {
    .run { send in await load(url, fileSystem, send) }
  }

  private static func load(_ url: URL, _ fileSystem: FileSystemClient, _ send: Send<Action>) async {
    let loaded = Result { () throws(DocumentError) in try Document.read(url, fileSystem) }
    await send(.opened(url, loaded))
    if case .success = loaded { await send(.stampRead(fileSystem.stamp(url))) }
  }
}
