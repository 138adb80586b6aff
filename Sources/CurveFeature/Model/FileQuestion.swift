import Foundation

/// What the window asks about the drawing's file before it goes on, in a dialog drawn like
/// the panel (`FileQuestions` answers it). An SVG drawing is written only by Ctrl+S, so
/// leaving it with edits, or finding edits a crash left, is the user's call, never autosave's.
public enum FileQuestion: Equatable, Sendable {
  /// The drawing has edits its file does not have: Save, Discard or Cancel `leaving`.
  case unsavedChanges(before: Leaving)
  /// A session ended before saving the drawing's edits, kept in `recovery`: Restore or
  /// Discard them (Cancel asks again at the next start).
  case recovery(URL)

  /// What the drawing is being left for.
  public enum Leaving: Equatable, Sendable {
    case newDocument
    case open(URL)
    case quit
  }

  /// The dialog's buttons, the default (Enter) first.
  public var answers: [FileAnswer] {
    switch self {
    case .unsavedChanges: [.save, .discard, .cancel]
    case .recovery: [.restore, .discard, .cancel]
    }
  }

  /// What each answer does, under the question.
  public var detail: String {
    switch self {
    case .unsavedChanges: "Discard drops the edits made since the drawing was last saved."
    case .recovery: "Discard deletes them; Cancel asks again at the next start."
    }
  }

  /// The dialog's question, naming `file`.
  public func message(file: String) -> String {
    switch self {
    case let .unsavedChanges(leaving):
      let what = switch leaving {
      case .newDocument: "starting a new drawing"
      case let .open(url): "opening \(url.lastPathComponent)"
      case .quit: "quitting"
      }
      return "Save the changes to \(file) before \(what)?"
    case .recovery:
      return "\(file) has edits that a session ended before saving. Restore them?"
    }
  }
}

/// A button of the file question's dialog.
public enum FileAnswer: String, Equatable, Sendable, CaseIterable {
  case save
  case discard
  case restore
  case cancel

  public var title: String {
    switch self {
    case .save: "Save"
    case .discard: "Discard"
    case .restore: "Restore"
    case .cancel: "Cancel"
    }
  }

  /// The letter that answers it from the keyboard.
  public var key: String {
    switch self {
    case .save: "s"
    case .discard: "d"
    case .restore: "r"
    case .cancel: "c"
    }
  }
}
