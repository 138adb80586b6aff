import Composable
import CurveDocument
import Foundation

/// The export dialog (Ctrl+Shift+E, File ▸ Export): every format the window writes (PNG of
/// the page, the drawing or the selection at a resolution, on white or transparent; plain or
/// animated SVG; GIF, APNG, WebM and MP4 at a rate and length; Lottie) and the file's name.
/// Tab and Shift+Tab move between the fields, ← and → change a choice, typing edits a
/// number or the name, Enter exports (in the background, as `Exports` runs it), Escape
/// closes. What was chosen is kept for the document's next export (`State.exportSettings`).
///
/// ```swift
/// store.send(.exportDialog(.present))
/// store.send(.exportDialog(.step(by: 1)))     // the format: PNG → SVG
/// store.send(.exportDialog(.export))          // .delegate(.export(settings, url))
/// ```
public struct ExportDialog: Reducer {
  public typealias State = Editor.State

  /// A line of the dialog.
  public enum Field: String, CaseIterable, Equatable, Sendable {
    case format, area, dpi, background, fps, seconds, fileName

    public var title: String {
      switch self {
      case .format: "Format"
      case .area: "Area"
      case .dpi: "Resolution (dpi)"
      case .background: "Background"
      case .fps: "Frames a second"
      case .seconds: "Seconds"
      case .fileName: "File"
      }
    }

    /// Typed rather than chosen.
    public var isText: Bool { [.dpi, .fps, .seconds, .fileName].contains(self) }
  }

  /// The dialog while it is open.
  public struct Dialog: Equatable, Sendable {
    public var settings: ExportSettings
    public var focus = Field.format
    /// What the text fields hold as typed.
    public var text: [Field: String]
    /// Why Enter exported nothing.
    public var message: String?

    public init(settings: ExportSettings, defaultName: String) {
      self.settings = settings
      text = [
        .dpi: DecimalText.plain(settings.dpi), .fps: settings.fps.map(String.init) ?? "",
        .seconds: settings.seconds.map(DecimalText.plain) ?? "", .fileName: settings.fileName ?? defaultName,
      ]
    }

    /// The lines the format has, in order.
    public var fields: [Field] {
      switch settings.format {
      case .png: [.format, .area, .dpi, .background, .fileName]
      case .gif, .apng, .webm, .mp4: [.format, .fps, .seconds, .fileName]
      case .svg, .animatedSVG, .lottie: [.format, .fileName]
      }
    }

    /// A field's value as the dialog shows it.
    public func value(of field: Field) -> String {
      switch field {
      case .format: settings.format.title
      case .area: settings.area.rawValue.capitalized
      case .background: settings.whiteBackground ? "White" : "Transparent"
      case .fps: text[.fps].flatMap { $0.isEmpty ? nil : $0 } ?? "the timeline's"
      case .seconds: text[.seconds].flatMap { $0.isEmpty ? nil : $0 } ?? "one cycle"
      case .dpi, .fileName: text[field] ?? ""
      }
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case present
    /// Tab (1) and Shift+Tab (-1).
    case moveFocus(by: Int)
    /// A click on a line.
    case focus(Field)
    /// ← and → on a choice (or a click on it): the next or previous one.
    case step(by: Int)
    case type(String)
    case deleteBackward
    /// Enter.
    case export
    /// Escape.
    case close
    case delegate(Delegate)
  }

  public enum Delegate: Equatable, Sendable {
    case export(ExportSettings, URL)
  }

  @Dependency(\.exporter) var exporter

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .present = action {
      state.endGesture()
      var settings = state.exportSettings
      settings.fileName = nil
      state.exportDialog = Dialog(settings: state.exportSettings, defaultName: defaultURL(settings, state).lastPathComponent)
      return .none
    }
    guard var dialog = state.exportDialog else { return .none }
    dialog.message = nil
    switch action {
    case .present, .delegate:
      return .none
    case let .moveFocus(step):
      let fields = dialog.fields
      let index = fields.firstIndex(of: dialog.focus) ?? 0
      dialog.focus = fields[(index + step % fields.count + fields.count) % fields.count]
    case let .focus(field):
      guard dialog.fields.contains(field) else { return .none }
      dialog.focus = field
    case let .step(by):
      change(&dialog, by: by, state)
    case let .type(text):
      guard dialog.focus.isText else { return .none }
      dialog.text[dialog.focus, default: ""] += text
    case .deleteBackward:
      guard dialog.focus.isText, !(dialog.text[dialog.focus] ?? "").isEmpty else { return .none }
      dialog.text[dialog.focus]?.removeLast()
    case .export:
      switch Self.settings(of: dialog) {
      case let .success(settings):
        state.exportSettings = settings
        state.exportDialog = nil
        return .send(.delegate(.export(settings, url(settings, state))))
      case let .failure(problem):
        dialog.message = problem.description
      }
    case .close:
      state.exportDialog = nil
      return .none
    }
    state.exportDialog = dialog
    return .none
  }

  /// ← or →: the next format (the file's default name following it), area or background.
  private func change(_ dialog: inout Dialog, by step: Int, _ state: State) {
    func next<Value: CaseIterable & Equatable>(_ value: Value) -> Value {
      let all = Array(Value.allCases), index = all.firstIndex(of: value) ?? 0
      return all[(index + step % all.count + all.count) % all.count]
    }
    switch dialog.focus {
    case .format:
      let wasDefault = dialog.text[.fileName] == defaultURL(dialog.settings, state).lastPathComponent
      dialog.settings.format = next(dialog.settings.format)
      if wasDefault { dialog.text[.fileName] = defaultURL(dialog.settings, state).lastPathComponent }
    case .area: dialog.settings.area = next(dialog.settings.area)
    case .background: dialog.settings.whiteBackground.toggle()
    case .dpi, .fps, .seconds, .fileName: break
    }
  }

  /// Why what was typed cannot be exported, in a line.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The dialog's settings with what was typed read in, or why they cannot be.
  static func settings(of dialog: Dialog) -> Result<ExportSettings, Problem> {
    var settings = dialog.settings
    let text = dialog.text.mapValues { $0.trimmingCharacters(in: .whitespaces) }
    if settings.format == .png {
      guard let dpi = Double(text[.dpi] ?? ""), ExportSettings.dpiRange.contains(dpi) else {
        return .failure(Problem(description: "The resolution is a number of dots per inch from 10 to 2400."))
      }
      settings.dpi = dpi
    }
    if settings.format.isAnimated {
      if let typed = text[.fps], !typed.isEmpty {
        guard let fps = Int(typed), ExportSettings.fpsRange.contains(fps) else {
          return .failure(Problem(description: "Frames a second is a whole number from 1 to 60 (or empty: the timeline's)."))
        }
        settings.fps = fps
      } else {
        settings.fps = nil
      }
      if let typed = text[.seconds], !typed.isEmpty {
        guard let seconds = Double(typed), ExportSettings.secondsRange.contains(seconds) else {
          return .failure(Problem(description: "Seconds is a number from 0.1 to 60 (or empty: one cycle)."))
        }
        settings.seconds = seconds
      } else {
        settings.seconds = nil
      }
    }
    guard let name = text[.fileName], !name.isEmpty else { return .failure(Problem(description: "Type the file's name.")) }
    settings.fileName = name
    return .success(settings)
  }

  private func url(_ settings: ExportSettings, _ state: State) -> URL {
    let base = Exports.base(of: state.file, defaultDirectory: exporter.defaultDirectory())
    return settings.url(documentName: base.lastPathComponent, folder: base.deletingLastPathComponent())
  }

  private func defaultURL(_ settings: ExportSettings, _ state: State) -> URL {
    var settings = settings
    settings.fileName = nil
    return url(settings, state)
  }
}
