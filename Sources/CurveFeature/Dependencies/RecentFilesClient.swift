import Composable
import Foundation

/// The documents last opened or saved, newest first: the file browser lists them (and their
/// folders) before anything else. Kept where XDG keeps an application's state,
/// `$XDG_STATE_HOME/curves/recent-files` (by default `~/.local/state/curves/recent-files`),
/// one path a line.
///
/// ```swift
/// @Dependency(\.recentFiles) var recentFiles
/// recentFiles.add(url)
/// let recent = recentFiles.load()   // [url, …], at most `RecentFilesClient.limit`
/// ```
public struct RecentFilesClient: Sendable {
  public var load: @Sendable () -> [URL]
  /// Puts `url` first (once), keeping the newest `limit`.
  public var add: @Sendable (URL) -> Void

  public init(load: @escaping @Sendable () -> [URL], add: @escaping @Sendable (URL) -> Void) {
    self.load = load
    self.add = add
  }

  /// How many files the list keeps.
  public static let limit = 10

  /// `url` first in `list`, the newest `limit` kept.
  public static func adding(_ url: URL, to list: [URL]) -> [URL] {
    let url = url.standardizedFileURL
    return Array(([url] + list.filter { $0.standardizedFileURL != url }).prefix(limit))
  }

  /// The list kept in `file`, one path a line.
  public static func stored(in file: URL) -> RecentFilesClient {
    let lock = NSLock()
    @Sendable func read() -> [URL] {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
      return text.split(separator: "\n").filter { $0.hasPrefix("/") }.prefix(limit).map { URL(fileURLWithPath: String($0)) }
    }
    return RecentFilesClient(
      load: { lock.withLock { read() } },
      add: { url in
        lock.withLock {
          let list = adding(url, to: read())
          try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
          try? Data((list.map(\.path).joined(separator: "\n") + "\n").utf8).write(to: file, options: .atomic)
        }
      }
    )
  }

  /// The list in memory, for tests and replays.
  public static func inMemory(_ list: LockIsolated<[URL]>) -> RecentFilesClient {
    RecentFilesClient(load: { list.value }, add: { url in list.withValue { $0 = adding(url, to: $0) } })
  }

  /// `$XDG_STATE_HOME/curves/recent-files`, by default under `~/.local/state`.
  public static var defaultFile: URL { Documents.stateFolder.appendingPathComponent("recent-files") }
}

extension RecentFilesClient: DependencyKey {
  public static var liveValue: RecentFilesClient { stored(in: defaultFile) }
  /// Tests that look at the list give their own (`inMemory`); the others keep none.
  public static let testValue = RecentFilesClient(load: { [] }, add: { _ in })
}

extension DependencyValues {
  public var recentFiles: RecentFilesClient {
    get { self[RecentFilesClient.self] }
    set { self[RecentFilesClient.self] = newValue }
  }
}
