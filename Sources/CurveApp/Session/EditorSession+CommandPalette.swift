import CurveFeature

/// The command palette (`CommandPalette`) takes the keyboard and the pointer while it is
/// open: typing filters, Up and Down (Page Up and Page Down by a page) move the selection,
/// Enter or a double click runs the selected command, Escape or a click outside closes,
/// the wheel scrolls. Ctrl+Q still quits.
extension EditorSession {
  /// Nil when the event is handled as usual; else what the shell must do.
  func handlePalette(_ event: InputEvent) -> Request?? {
    guard let palette = store.state.palette else { return nil }
    defer { scrollPalette() }
    switch event {
    case let .text(text):
      store.send(.palette(.type(text)))
    case let .key(chord):
      switch (chord.key, chord.control, chord.alt) {
      case ("return", false, false): return .some(runSelected())
      case ("escape", false, false): store.send(.palette(.close))
      case ("backspace", false, false): store.send(.palette(.deleteBackward))
      case ("up", false, false): store.send(.palette(.moveSelection(by: -1)))
      case ("down", false, false): store.send(.palette(.moveSelection(by: 1)))
      case ("pageup", false, false): store.send(.palette(.moveSelection(by: -layout.paletteVisibleRows)))
      case ("pagedown", false, false): store.send(.palette(.moveSelection(by: layout.paletteVisibleRows)))
      case ("q", true, false):
        store.send(.palette(.close))
        return .some(run(.quit))
      default: break
      }
    case let .pointerDown(x, y, clicks, .left, _):
      let point = layout.unitPoint(x: x, y: y)
      guard layout.paletteBox(rows: palette.matches.count).contains(point) else {
        store.send(.palette(.close))
        break
      }
      guard let index = layout.paletteRowIndex(at: point, firstRow: paletteFirstRow, count: palette.matches.count) else { break }
      store.send(.palette(.select(index)))
      if clicks >= 2 { return .some(runSelected()) }
    case let .wheel(_, _, notches):
      let count = palette.matches.count
      paletteFirstRow = max(min(paletteFirstRow - Int(notches.rounded()) * 3, count - layout.paletteVisibleRows), 0)
      viewVersion &+= 1
    case .close, .resize, .wait, .drop:
      return nil
    case .pointerDown, .pointerMoved, .pointerUp:
      break
    }
    return .some(nil)
  }

  /// Enter: the palette closes and its selected command runs, as its keys would run it.
  private func runSelected() -> Request? {
    // The text tool bar's Family: the chosen family goes to the text.
    if let palette = store.state.palette, palette.purpose == .fontFamily {
      let family = palette.selectedEntry.map { palette.entries[$0].summary }
      store.send(.palette(.activate))
      if let family { store.send(.text(.style(.family(family)))) }
      return nil
    }
    let chosen = store.state.palette?.selectedEntry.flatMap(Shortcut.paletteCommand)
    store.send(.palette(.activate))
    guard let chosen, store.state.palette == nil else { return nil }
    return run(chosen)
  }

  /// Keeps the selected line in view, moving the list no more than that needs.
  private func scrollPalette() {
    guard let palette = store.state.palette else { return }
    let count = palette.matches.count, visible = layout.paletteVisibleRows
    var first = paletteFirstRow
    if palette.selection < first { first = palette.selection }
    if palette.selection >= first + visible { first = palette.selection - visible + 1 }
    first = max(min(first, count - visible), 0)
    if first != paletteFirstRow {
      paletteFirstRow = first
      viewVersion &+= 1
    }
  }
}
