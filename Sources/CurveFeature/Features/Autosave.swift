import Composable
import CurveSVG

/// Saves the document `delay` after its last edit, as the original app did: each edit
/// restarts the wait, and a drag is saved once it ends, not at every step.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.self, action: \.pointer) { Pointer() }   // features that edit
///   Autosave()                                               // after them
/// }
/// ```
///
/// It looks only at the document's revision, so every edit, by any feature, is saved
/// without that feature asking, at O(1) cost per action.
public struct Autosave: Reducer {
  public typealias State = Editor.State
  public typealias Action = Editor.Action

  public static let delay = Duration.seconds(1)

  enum CancelID { case save }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard state.drawing.revision != state.file.autosaveRevision, state.interaction.drag == nil, let url = state.file.url, !state.file.isReadOnly
    else { return .none }
    state.file.autosaveRevision = state.drawing.revision
    // An SVG drawing is written only when the user saves it (Ctrl+S): its edits go to a
    // recovery file meanwhile.
    let save: Editor.Action = SVGImport.isDrawing(url) ? .documents(.saveRecovery) : .documents(.save)
    return .run { [clock] send in
      try await clock.sleep(for: Self.delay)
      await send(save)
    }
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }
}
