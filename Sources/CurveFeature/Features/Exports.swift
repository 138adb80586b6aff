import Composable
import CurveSVG
import Foundation

/// Exporting the drawing: Ctrl+E writes it as plain SVG, Ctrl+P a PNG of the window's frame,
/// Ctrl+Alt+G the timeline (or, with none, one sweep of the construction) as a GIF, beside the
/// document (`arches-export.svg` beside `arches.json` or `arches.svg`; for the autosave or a new
/// drawing, `curves-export.svg` in `ExportClient`'s default directory). Screenshots are stamped
/// with the time, so each is kept.
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
    /// What is exported, as a notice names it ("GIF", "WebM").
    public var title: String
    public var url: URL
    public var progress = ExportProgress(done: 0, count: 0)
    public var started: Date

    public init(title: String, url: URL, progress: ExportProgress = ExportProgress(done: 0, count: 0), started: Date) {
      self.title = title
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
    /// The export dialog's choice, to `url`.
    case exportAs(ExportSettings, URL)
    /// Frames done, as the export goes.
    case progress(ExportProgress)
    /// Escape while exporting: the export stops and writes nothing.
    case cancel
    /// The export named `title` (as `Running.title`) ended.
    case finished(String, Result<URL, ExportError>)
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
      guard !isRunning(&state) else { return .none }
      let url = Self.target(for: kind, of: state.file, at: now, defaultDirectory: exporter.defaultDirectory())
      state.exporting = Running(title: kind.title, url: url, started: now)
      return run(url, title: kind.title) { [exporter, state] report in try await exporter.write(kind, state, url, report) }

    case let .exportAs(settings, url):
      state.endGesture()
      guard !isRunning(&state) else { return .none }
      state.exporting = Running(title: settings.format.title, url: url, started: now)
      return run(url, title: settings.format.title) { [exporter, state] report in try await exporter.export(settings, state, url, report) }

    case let .progress(progress):
      state.exporting?.progress = progress
      return .none

    case .cancel:
      guard let running = state.exporting else { return .none }
      state.exporting = nil
      state.interaction.notice = "The \(running.title) export was cancelled; nothing was written."
      return .cancel(id: CancelID.export)

    case let .finished(_, .success(url)):
      state.exporting = nil
      state.interaction.notice = "Exported \(url.path)"
      return .none

    case let .finished(title, .failure(error)):
      state.exporting = nil
      state.interaction.notice = "The \(title) was not exported: \(error.description)"
      return .none
    }
  }

  /// Whether an export is under way; if so the status line says a new one waits.
  private func isRunning(_ state: inout State) -> Bool {
    guard let running = state.exporting else { return false }
    state.interaction.notice = "The \(running.title) is still being exported; Escape cancels it."
    return true
  }

  /// Runs `write` in the background, its progress as actions, then `finished`; cancellable.
  private func run(
    _ url: URL, title: String, _ write: @escaping @Sendable (_ report: @escaping @Sendable (ExportProgress) -> Void) async throws -> Void
  ) -> Effect<Action> {
    .run { send in
      let (updates, reporter) = AsyncStream.makeStream(of: ExportProgress.self, bufferingPolicy: .bufferingNewest(1))
      async let outcome = Self.outcome(url, write: write, report: { reporter.yield($0) }, finally: { reporter.finish() })
      for await update in updates { await send(.progress(update)) }
      await send(.finished(title, await outcome))
    }
    .cancellable(id: CancelID.export, cancelInFlight: true)
  }

  private static func outcome(
    _ url: URL, write: @Sendable (_ report: @escaping @Sendable (ExportProgress) -> Void) async throws -> Void,
    report: @escaping @Sendable (ExportProgress) -> Void, finally: @Sendable () -> Void
  ) async -> Result<URL, ExportError> {
    defer { finally() }
    do {
      try await write(report)
      return .success(url)
    } catch {
      return .failure(ExportError("\(error)"))
    }
  }

  /// The document's path without its extension, or `curves` in `defaultDirectory` for a
  /// drawing with no file of its own: what exports are named after.
  public static func base(of file: FileStatus, defaultDirectory: URL) -> URL {
    if let url = file.url, !file.isAutosave { return url.deletingPathExtension() }
    return defaultDirectory.appendingPathComponent("curves")
  }

  /// `NAME-export.svg` beside the document `NAME.json`, `NAME.svg` or `NAME.svgz` (never the
  /// drawing itself), or `curves-export.svg` in `defaultDirectory` for a drawing with no file of
  /// its own; `NAME.gif`; a screenshot's name carries the local time (`NAME-YYYYMMDD-HHMMSS.png`).
  public static func target(for kind: ExportKind, of file: FileStatus, at date: Date, defaultDirectory: URL) -> URL {
    let base = base(of: file, defaultDirectory: defaultDirectory)
    // `NAME.svg` is the drawing itself, or may be (SVG is what Save As writes by default).
    if kind == .svg { return URL(fileURLWithPath: base.path + "-export").appendingPathExtension(kind.rawValue) }
    guard kind == .png else { return base.appendingPathExtension(kind.rawValue) }
    return URL(fileURLWithPath: base.path + "-" + Documents.timestamp(date)).appendingPathExtension(kind.rawValue)
  }
}
