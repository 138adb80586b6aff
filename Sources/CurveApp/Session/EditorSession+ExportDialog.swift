import CurveFeature

/// The export dialog (`ExportDialog`) takes the keyboard and the pointer while it is open:
/// Tab and Shift+Tab (and Up, Down) move between fields, ← → change a choice, typing edits a
/// number or the name, Enter or the Export button exports, Escape or Cancel closes; a click
/// on a field focuses it (on a choice, changes it too). Ctrl+Q still quits.
extension EditorSession {
  /// Nil when the event is handled as usual; else what the shell must do.
  func handleExportDialog(_ event: InputEvent) -> Request?? {
    guard let dialog = store.state.exportDialog else { return nil }
    switch event {
    case let .text(text):
      store.send(.exportDialog(.type(text)))
    case let .key(chord):
      switch (chord.key, chord.control, chord.alt) {
      case ("tab", false, false): store.send(.exportDialog(.moveFocus(by: chord.shift ? -1 : 1)))
      case ("down", false, false): store.send(.exportDialog(.moveFocus(by: 1)))
      case ("up", false, false): store.send(.exportDialog(.moveFocus(by: -1)))
      case ("left", false, false): store.send(.exportDialog(.step(by: -1)))
      case ("right", false, false): store.send(.exportDialog(.step(by: 1)))
      case ("backspace", false, false): store.send(.exportDialog(.deleteBackward))
      case ("return", false, false): exporting = store.send(.exportDialog(.export))
      case ("escape", false, false): store.send(.exportDialog(.close))
      case ("q", true, false):
        store.send(.exportDialog(.close))
        return .some(run(.quit))
      default: break
      }
    case let .pointerDown(x, y, _, .left, _):
      let point = layout.unitPoint(x: x, y: y), rows = dialog.fields.count
      if layout.exportDialogButton(0, rows: rows).contains(point) {
        exporting = store.send(.exportDialog(.export))
      } else if layout.exportDialogButton(1, rows: rows).contains(point) {
        store.send(.exportDialog(.close))
      } else if let index = layout.exportDialogRow(at: point, rows: rows) {
        let field = dialog.fields[index]
        store.send(.exportDialog(.focus(field)))
        if !field.isText, dialog.focus == field { store.send(.exportDialog(.step(by: 1))) }
      }
    case .close, .resize, .wait, .drop:
      return nil
    case .pointerDown, .pointerMoved, .pointerUp, .wheel:
      break
    }
    return .some(nil)
  }
}
