import Composable

/// The system clipboard's text, replaced in tests and headless replays.
///
/// ```swift
/// @Dependency(\.clipboard) var clipboard
/// clipboard.write(text)
/// let pasted = clipboard.read()
/// ```
///
/// The window installs SDL's clipboard; without one (replays, tests) the clipboard lives in
/// memory, so copy and paste still work within the run.
public struct ClipboardClient: Sendable {
  public var read: @Sendable () -> String?
  public var write: @Sendable (String) -> Void

  public init(read: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void) {
    self.read = read
    self.write = write
  }

  /// A clipboard of its own, in memory.
  public static func inMemory() -> ClipboardClient {
    let text = LockIsolated<String?>(nil)
    return ClipboardClient(read: { text.value }, write: { new in text.setValue(new) })
  }
}

extension ClipboardClient: DependencyKey {
  public static var liveValue: ClipboardClient { .inMemory() }
  public static var testValue: ClipboardClient { .inMemory() }
}

extension DependencyValues {
  public var clipboard: ClipboardClient {
    get { self[ClipboardClient.self] }
    set { self[ClipboardClient.self] = newValue }
  }
}
