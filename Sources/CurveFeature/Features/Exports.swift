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
public struct Exports: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case export(ExportKind)
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
      let url = Self.target(for: kind, of: state.file, at: now, defaultDirectory: exporter.defaultDirectory())
      return .run { [exporter, state] send in
        do {
          try await exporter.write(kind, state, url)
          await send(.finished(kind, .success(url)))
        } catch {
          await send(.finished(kind, .failure(ExportError("\(error)"))))
        }
      }

    case let .finished(_, .success(url)):
      state.interaction.notice = "Exported \(url.path)"
      return .none

    case let .finished(kind, .failure(error)):
      state.interaction.notice = "The \(kind.title) was not exported: \(error.description)"
      return .none
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
