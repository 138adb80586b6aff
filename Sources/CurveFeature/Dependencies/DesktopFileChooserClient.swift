import Composable
import Foundation

/// The desktop's own file chooser (the app gives the XDG portal's), which Open, Save As and
/// Import use where the desktop has one; without it, the file browser drawn in the window.
///
/// ```swift
/// @Dependency(\.desktopFileChooser) var desktopFileChooser
/// if desktopFileChooser.isAvailable {
///   let answer = await desktopFileChooser.choose(.open, folder, nil)   // nil: none answered
/// }
/// ```
public struct DesktopFileChooserClient: Sendable {
  /// What the user did with the chooser.
  public enum Answer: Equatable, Sendable {
    case chosen(URL)
    case cancelled
  }

  /// Whether to ask it at all (a desktop session, the user not asking for the built-in one).
  public var isAvailable: Bool
  /// The user's answer, once given; nil when no chooser answered after all.
  public var choose: @Sendable (_ purpose: FileBrowser.Purpose, _ folder: URL?, _ name: String?) async -> Answer?

  public init(isAvailable: Bool, choose: @escaping @Sendable (FileBrowser.Purpose, URL?, String?) async -> Answer?) {
    self.isAvailable = isAvailable
    self.choose = choose
  }

  /// No desktop chooser: the drawn browser every time.
  public static let none = DesktopFileChooserClient(isAvailable: false, choose: { _, _, _ in nil })
}

extension DesktopFileChooserClient: DependencyKey {
  public static let liveValue = DesktopFileChooserClient.none
  public static let testValue = DesktopFileChooserClient.none
}

extension DependencyValues {
  public var desktopFileChooser: DesktopFileChooserClient {
    get { self[DesktopFileChooserClient.self] }
    set { self[DesktopFileChooserClient.self] = newValue }
  }
}
