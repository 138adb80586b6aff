import CurveFeature

/// While a path operation works off the reducer's thread (`Editor.State.operation`), the
/// window still pans (the middle button, the wheel), zooms, plays and quits; Escape cancels
/// the operation; every other edit waits, as the status line says.
extension EditorSession {
  /// The keys that only look, and so go on while an operation works.
  static let keysWhileOperating: Set<KeyChord> = [
    KeyChord("space"), KeyChord("="), KeyChord("=", shift: true), KeyChord("-"), KeyChord("0", control: true),
    KeyChord("1", control: true), KeyChord("q", control: true), KeyChord("escape"),
  ]

  /// Nil when the event is handled as usual; else what the shell must do.
  func handleWhileOperating(_ event: InputEvent) -> Request?? {
    guard store.state.operation != nil else { return nil }
    switch event {
    case let .key(chord) where Self.keysWhileOperating.contains(chord):
      return nil
    case .pointerDown(_, _, _, .middle, _), .pointerMoved(_, _, .middle, _), .pointerUp(_, _, .middle, _):
      return nil
    case .pointerUp, .wheel, .resize, .wait, .close:
      // A release still ends what a press before the operation began.
      return nil
    case .key, .text, .pointerDown, .pointerMoved, .drop:
      return .some(nil)
    }
  }
}
