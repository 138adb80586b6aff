import CurveFeature

/// The file question's dialog (`FileQuestion`) takes the keyboard and the pointer while it is
/// open: Enter answers with the default button, Escape cancels, each button's first letter
/// or a click answers with it. Resizing, time passing and, unless the question is about
/// leaving, closing the window go on as usual.
extension EditorSession {
  /// Nil when the event is handled as usual; else what the shell must do.
  func handleQuestion(_ event: InputEvent) -> Request?? {
    guard let question = store.state.file.question else { return nil }
    let answers = question.answers
    switch event {
    case let .key(chord) where !chord.control && !chord.alt:
      switch chord.key {
      case "return": return .some(answer(answers[0], to: question))
      case "escape": return .some(answer(.cancel, to: question))
      default:
        if let chosen = answers.first(where: { $0.key == chord.key }) { return .some(answer(chosen, to: question)) }
      }
    case let .pointerDown(x, y, _, .left, _):
      if let index = layout.questionButtonIndex(at: layout.unitPoint(x: x, y: y), count: answers.count) {
        return .some(answer(answers[index], to: question))
      }
    case .close:
      if case .recovery = question { return nil }
    case .resize, .wait:
      return nil
    case .key, .text, .pointerDown, .pointerMoved, .pointerUp, .wheel, .drop:
      break
    }
    return .some(nil)
  }

  /// Sends the answer; a Save or Discard of the edits before quitting quits once it is done.
  private func answer(_ answer: FileAnswer, to question: FileQuestion) -> Request? {
    let task = store.send(.documents(.answer(answer)))
    guard question == .unsavedChanges(before: .quit), answer != .cancel else { return nil }
    quitting = task
    return .quit
  }
}
