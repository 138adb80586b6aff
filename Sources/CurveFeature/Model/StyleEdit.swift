import Composable

/// A slider drag of the selected curves' style (stroke width, opacity): one undo step from
/// press to release, kept as the history's edit under way while no gesture is.
///
/// ```swift
/// state.beginStyleEdit()        // the slider pressed: the curves now are the step's "before"
/// state.endStyleEdit()          // released: one undo step if the style changed
/// ```
extension Editor.State {
  /// Whether a style slider is being dragged: an edit under way in the history that is no
  /// pointer or x/y slider drag.
  public var isEditingStyle: Bool { history.pending != nil && interaction.gesture == nil }

  /// A style slider pressed: ends any gesture first, then keeps the curves as the step's start.
  public mutating func beginStyleEdit() {
    endGesture()
    guard !isEditingStyle else { return }
    history.begin(undoSnapshot)
  }

  /// The slider released: its changes are one undo step, or none if it changed nothing.
  public mutating func endStyleEdit() {
    guard isEditingStyle, let start = history.pending else { return }
    if start != undoSnapshot { history.commit() } else { history.discard() }
  }
}
