import Composable
import Foundation

/// A text put on a curve follows it: after any action that reshaped, moved or removed the
/// curve, the text is laid out again along it (off a curve that is gone, on its baselines).
/// The check compares each such curve with the one its text was last laid out along, so an
/// action that left it alone costs no layout.
///
/// ```swift
/// TextsOnPaths()   // last in `Editor`'s body
/// ```
public struct TextsOnPaths: Reducer {
  public typealias State = Editor.State
  public typealias Action = Editor.Action

  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    for group in state.drawing.groups {
      guard let text = group.text, var content = text.content, let path = content.path else { continue }
      let now = state.drawing.curves[id: path.curve].map { Document.CurveRecord($0).subpaths }
      guard now != text.pathSubpaths else { continue }
      if now == nil { content.path = nil }
      state.setText(content, of: group.id, makeID: { uuid() })
    }
    return .none
  }
}
