/// Which mouse button a pointer event is about.
public enum PointerButton: String, Equatable, Sendable, CaseIterable {
  /// Selects and drags points; a double-click inserts one.
  case left
  /// Pans the view.
  case middle
  /// Does nothing yet; kept apart so it never edits by accident.
  case right
}

/// Keyboard modifiers held during a pointer event.
public struct PointerModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let shift = PointerModifiers(rawValue: 1 << 0)
  public static let control = PointerModifiers(rawValue: 1 << 1)
  public static let alt = PointerModifiers(rawValue: 1 << 2)
}
