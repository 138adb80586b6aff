import Composable
import CurveSVG
import Foundation

/// Exporting the drawing: Ctrl+E writes it as SVG, Ctrl+P a PNG of the window's frame, Ctrl+G
/// the timeline (or, with none, one sweep of the construction) as a GIF, beside the document
/// (`arches.svg` beside `arches.json`; for the autosave or a new drawing, `curves.svg` in `ExportClient`'s default
/// directory). Screenshots are stamped with the time, so each is kept.
///
/// ```swift
/// Scope(state: \.self, action: \.exports) { Exports() }
/// store.send(.exports(.export(.svg)))   // then .finished(.svg, .success(url)): "Exported …"
/// ```
///
/// The writing goes through `ExportClient`, so the window and `curves replay` export alike.
/// An export runs in the background (`State.exporting`): the status line shows its frames and
/// the time left, Escape cancels it (nothing is written), and the window stays usable; a
/// second export waits for the first to end.
public struct Exports: Reducer {
  public typealias State = Editor.State

  /// An export under way.
  public struct Running: Equatable, Sendable {
    public var kind: ExportKind
    public var url: URL
    public var progress = ExportProgress(done: 0, count: 0)
    public var started: Date

    public init(kind: ExportKind, url: URL, progress: ExportProgress = ExportProgress(done: 0, count: 0), started: Date) {
      self.kind = kind
      self.url = url
      self.progress = progress
      self.started = started
    }

    /// Seconds still to go at `now`, from the pace so far; nil before the first frame.
    public func secondsLeft(at now: Date) -> Double? {
      guard progress.done > 0, progress.count >= progress.done else { return nil }
      return now.timeIntervalSince(started) / Double(progress.done) * Double(progress.count - progress.done)
    }
  }

  enum CancelID { case export }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case export(ExportKind)
    /// Frames done, as the export goes.
    case progress(ExportProgress)
    /// Escape while exporting: the export stops and writes nothing.
    case cancel
    case finished(ExportKind, Result<URL, ExportError>)
  }

  /// Why an export wrote nothing, in a line.
  public struct ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  @Dependency(\.exporter) var exporter
  @Dependency(\.date.now) var now

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .export(kind):
      state.endGesture()
      if let running = state.exporting {
        state.interaction.notice = "The \(running.kind.title) is still being exported; Escape cancels it."
        return .none
      }
      let url = Self.target(for: kind, of: state.file, at: now, defaultDirectory: exporter.defaultDirectory())
      state.exporting = Running(kind: kind, url: url, started: now)
      return .run { [exporter, state] send in
        let (updates, reporter) = AsyncStream.makeStream(of: ExportProgress.self, bufferingPolicy: .bufferingNewest(1))
        async let outcome = Self.write(kind, state, url, exporter, report: { reporter.yield($0) }, finally: { reporter.finish() })
        for await update in updates { await send(.progress(update)) }
        await send(.finished(kind, await outcome))
      }
      .cancellable(id: CancelID.export, cancelInFlight: true)

    case let .progress(progress):
      state.exporting?.progress = progress
      return .none

    case .cancel:
      guard let running = state.exporting else { return .none }
      state.exporting = nil
      state.interaction.notice = "The \(running.kind.title) export was cancelled; nothing was written."
      return .cancel(id: CancelID.export)

    case let .finished(_, .success(url)):
      state.exporting = nil
      state.interaction.notice = "Exported \(url.path)"
      return .none

    case let .finished(kind, .failure(error)):
      state.exporting = nil
      state.interaction.notice = "The \(kind.title) was not exported: \(error.description)"
      return .none
    }
  }

  /// Writes through `exporter`, telling `report` of each frame, and `finally` once done.
  private static func write(
    _ kind: ExportKind, _ state: State, _ url: URL, _ exporter: ExportClient,
    report: @escaping @Sendable (ExportProgress) -> Void, finally: @Sendable () -> Void
  ) async -> Result<URL, ExportError> {
    defer { finally() }
    do {
      try await exporter.write(kind, state, url, report)
      return .success(url)
    } catch {
      return .failure(ExportError("\(error)"))
    }
  }

  /// `NAME.svg` beside the document `NAME.json`, or `curves.svg` in `defaultDirectory` for a
  /// drawing with no file of its own; `NAME-export.svg` when the document is an SVG drawing
  /// (`NAME.svg` or `NAME.svgz`) or was imported from `NAME.svg`; a screenshot's name carries the local time
  /// (`NAME-YYYYMMDD-HHMMSS.png`).
  public static func target(for kind: ExportKind, of file: FileStatus, at date: Date, defaultDirectory: URL) -> URL {
    let base = if let url = file.url, !file.isAutosave {
      url.deletingPathExtension()
    } else {
      defaultDirectory.appendingPathComponent("curves")
    }
    let isTheDrawing = file.url.map(SVGImport.isDrawing) ?? false
    if kind == .svg, isTheDrawing || file.importedFrom?.standardizedFileURL == base.appendingPathExtension("svg").standardizedFileURL {
      return URL(fileURLWithPath: base.path + "-export").appendingPathExtension(kind.rawValue)
    }
    guard kind == .png else { return base.appendingPathExtension(kind.rawValue) }
    return URL(fileURLWithPath: base.path + "-" + Documents.timestamp(date)).appendingPathExtension(kind.rawValue)
  }
}
