import Composable
import Foundation

/// What an export writes: the drawing as SVG, the window's frame as PNG, one sweep of the
/// construction as a GIF.
public enum ExportKind: String, CaseIterable, Equatable, Sendable {
  case svg, png, gif

  /// How the user names it in a notice.
  public var title: String {
    switch self {
    case .svg: "SVG"
    case .png: "screenshot"
    case .gif: "GIF"
    }
  }
}

/// How far an export is: frames done of its count.
public struct ExportProgress: Equatable, Sendable {
  public var done: Int
  public var count: Int

  public init(done: Int, count: Int) {
    self.done = done
    self.count = count
  }
}

/// Writing exports, which need the app's renderer: the editor decides what to export and
/// where; the shell that runs it (the window, `curves replay`) draws and writes.
///
/// ```swift
/// @Dependency(\.exporter) var exporter
/// try await exporter.write(.svg, state, URL(fileURLWithPath: "/home/ana/arches.svg"))
/// ```
public struct ExportClient: Sendable {
  /// Writes `state`'s drawing (or frame, or sweep) as `kind` to a URL, whole or not at all,
  /// telling `progress` of each frame done; a cancelled task stops it, writing nothing.
  public var write: @Sendable (_ kind: ExportKind, _ state: Editor.State, _ url: URL, _ progress: @escaping @Sendable (ExportProgress) -> Void) async throws -> Void
  /// Writes what the export dialog chose (`ExportSettings`) to a URL, as `write` does.
  public var export: @Sendable (_ settings: ExportSettings, _ state: Editor.State, _ url: URL, _ progress: @escaping @Sendable (ExportProgress) -> Void) async throws -> Void
  /// Where exports of a drawing with no file of its own (a new one, the autosave) go.
  public var defaultDirectory: @Sendable () -> URL

  public init(
    write: @escaping @Sendable (_ kind: ExportKind, _ state: Editor.State, _ url: URL, _ progress: @escaping @Sendable (ExportProgress) -> Void) async throws -> Void,
    export: @escaping @Sendable (_ settings: ExportSettings, _ state: Editor.State, _ url: URL, _ progress: @escaping @Sendable (ExportProgress) -> Void) async throws -> Void = { _, _, _, _ in
      throw CocoaError(.featureUnsupported)
    },
    defaultDirectory: @escaping @Sendable () -> URL
  ) {
    self.write = write
    self.export = export
    self.defaultDirectory = defaultDirectory
  }
}

extension ExportClient: TestDependencyKey {
  public static let testValue = ExportClient(
    write: unimplemented("ExportClient.write"),
    defaultDirectory: unimplemented("ExportClient.defaultDirectory", placeholder: URL(fileURLWithPath: "/"))
  )
}

extension DependencyValues {
  public var exporter: ExportClient {
    get { self[ExportClient.self] }
    set { self[ExportClient.self] = newValue }
  }
}
