import Composable
import CurveGeometry
import CurveText
import Foundation
import OrderedCollections

/// The text tool (T or F8), as Inkscape's: a click starts a text in the current fill, or
/// puts the cursor in the text under it; typing inserts, Enter starts a new line (a
/// `<tspan sodipodi:role="line">`), Backspace and Delete remove, the arrows, Home and End
/// move (Shift: selecting), Ctrl+A selects every character, Ctrl+C, Ctrl+X and Ctrl+V copy,
/// cut and paste the characters; Escape leaves the text (an empty one goes). The panel's
/// font, size, bold, italic, alignment and spacing apply to the characters selected, or to
/// the whole text (also a text the selector picked). A run of typing is one undo step; each
/// other change is one.
///
/// ```swift
/// store.send(.text(.click(Point(x: 100, y: 200))))
/// store.send(.text(.type("Hello, Curves")))
/// store.send(.text(.move(.lineStart, extending: true)))
/// store.send(.text(.style(.bold(true))))
/// ```
public struct TextEditing: Reducer {
  public typealias State = Editor.State

  /// Where the arrows, Home and End take the cursor.
  public enum Motion: Equatable, Sendable {
    case left, right, up, down, lineStart, lineEnd
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// A click of the text tool, at a document point.
    case click(Point)
    /// Characters typed (SDL's text input) or pasted; a newline in them starts a line.
    case type(String)
    case newLine
    case deleteBackward
    case deleteForward
    case move(Motion, extending: Bool)
    case selectAll
    case copy
    case cut
    case paste
    /// Escape: the cursor leaves its text.
    case leave
    /// Bold, italic, font or size: on the selected characters, else on the whole text.
    case style(TextContent.StyleChange)
    /// Bold or italic on where the cursor is, turned the other way (Ctrl+B, Ctrl+I).
    case toggleBold
    case toggleItalic
    /// The whole text's alignment, letter spacing (document units) and line spacing (a
    /// multiple of its size).
    case setAnchor(TextContent.Anchor)
    case setLetterSpacing(Double)
    case setLineSpacing(Double)
    /// Text ▸ Put on Path: the selected text runs along the selected curve (`<textPath>`).
    case putOnPath
    /// Text ▸ Remove from Path: its lines stand on their baselines again.
    case removeFromPath
  }

  /// The font families this machine has (fontconfig's list), as the palette lists them for
  /// the text tool bar's Family.
  public static func familyEntries() -> [CommandPalette.Entry] {
    FontLibrary.shared.families().map { CommandPalette.Entry(keys: "", summary: $0) }
  }

  /// How near a text's glyphs a click must be to go into it, in screen units.
  public static let clickRoom = 4.0
  /// The line spacings the panel allows.
  public static let lineSpacingRange = 0.5...5.0

  @Dependency(\.uuid) var uuid
  @Dependency(\.clipboard) var clipboard

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .click(point):
      state.endGesture()
      click(at: point, &state)

    case let .type(text):
      edit(&state, typing: true) { content, cursor in
        var position = cursor.selection.map { content.delete(from: $0.from, to: $0.to) } ?? cursor.position
        position = content.insert(text, at: position)
        return position
      }

    case .newLine:
      edit(&state, typing: true) { content, cursor in
        let position = cursor.selection.map { content.delete(from: $0.from, to: $0.to) } ?? cursor.position
        return content.splitLine(at: position)
      }

    case .deleteBackward, .deleteForward:
      edit(&state, typing: true) { content, cursor in
        if let selection = cursor.selection { return content.delete(from: selection.from, to: selection.to) }
        let here = content.clamped(cursor.position)
        let there = action == .deleteBackward ? Self.step(here, by: -1, in: content) : Self.step(here, by: 1, in: content)
        return content.delete(from: here, to: there)
      }

    case let .move(motion, extending):
      guard var cursor = state.interaction.textCursor, let content = state.textContent(of: cursor.group) else { break }
      let here = content.clamped(cursor.position)
      var there: TextPosition
      switch motion {
      case .left: there = !extending && cursor.selection != nil ? cursor.selection!.from : Self.step(here, by: -1, in: content)
      case .right: there = !extending && cursor.selection != nil ? cursor.selection!.to : Self.step(here, by: 1, in: content)
      case .lineStart: there = TextPosition(line: here.line, offset: 0)
      case .lineEnd: there = TextPosition(line: here.line, offset: content.length(ofLine: here.line))
      case .up, .down:
        let line = here.line + (motion == .up ? -1 : 1)
        guard content.lines.indices.contains(line) else {
          there = motion == .up ? TextPosition(line: 0, offset: 0) : content.end
          break
        }
        // The same place along the line, as near as the next line's characters allow.
        let x = State.caretOffsets(of: content, line: here.line)[here.offset]
        let offsets = State.caretOffsets(of: content, line: line)
        there = TextPosition(line: line, offset: offsets.indices.min { abs(offsets[$0] - x) < abs(offsets[$1] - x) } ?? 0)
      }
      cursor.position = there
      if !extending { cursor.anchor = there }
      cursor.isTyping = false
      state.interaction.textCursor = cursor

    case .selectAll:
      guard var cursor = state.interaction.textCursor, let content = state.textContent(of: cursor.group) else { break }
      cursor.anchor = TextPosition(line: 0, offset: 0)
      cursor.position = content.end
      cursor.isTyping = false
      state.interaction.textCursor = cursor

    case .copy, .cut:
      guard let cursor = state.interaction.textCursor, let selection = cursor.selection, let content = state.textContent(of: cursor.group) else { break }
      clipboard.write(content.text(from: selection.from, to: selection.to))
      if action == .cut { return reduce(into: &state, action: .deleteBackward) }

    case .paste:
      guard state.interaction.textCursor != nil, let text = clipboard.read(), !text.isEmpty else { break }
      // A new undo step: a paste is not typing.
      state.interaction.textCursor?.isTyping = false
      _ = reduce(into: &state, action: .type(text.replacingOccurrences(of: "\r\n", with: "\n")))
      state.interaction.textCursor?.isTyping = false

    case .leave:
      state.leaveText()

    case let .style(change):
      restyle(&state) { content, selection in
        if let selection { content.apply(change, from: selection.from, to: selection.to) } else { content.applyToAll(change) }
      }

    case .toggleBold, .toggleItalic:
      guard let style = state.textStyle else {
        state.interaction.notice = "Select a text to make it bold or italic."
        break
      }
      return reduce(into: &state, action: .style(action == .toggleBold ? .bold(!style.isBold) : .italic(!style.isItalic)))

    case let .setAnchor(anchor):
      restyle(&state) { content, _ in content.anchor = anchor }

    case let .setLetterSpacing(spacing):
      guard spacing.isFinite else { break }
      restyle(&state) { content, _ in content.letterSpacing = spacing }

    case .putOnPath:
      let tree = state.objectTree
      let texts = state.interaction.textCursor.map { [$0.group] } ?? state.selectedTextGroups
      // The curve: a selected curve that is no text's glyph.
      let curve = state.interaction.selectedObjects.lazy.compactMap(\.curveID).first { id in
        !(state.drawing.curves[id: id]?.group.map { group in texts.contains { tree.isInside(group, $0) } } ?? false)
      }
      guard !texts.isEmpty, let curve else {
        state.interaction.notice = "Put on Path: select a text and a curve (Shift+click adds to the selection)."
        break
      }
      restyle(&state) { content, _ in content.path = TextContent.OnPath(curve: curve) }

    case .removeFromPath:
      restyle(&state) { content, _ in content.path = nil }

    case let .setLineSpacing(spacing):
      guard spacing.isFinite else { break }
      restyle(&state) { content, _ in content.lineSpacing = min(max(spacing, Self.lineSpacingRange.lowerBound), Self.lineSpacingRange.upperBound) }
    }
    return .none
  }

  /// A click of the text tool: into the text under it, or a new text there.
  private func click(at point: Point, _ state: inout State) {
    let room = state.viewport.documentLength(Self.clickRoom)
    if let group = state.textGroup(at: point, room: room) {
      guard let content = state.textContent(of: group) else {
        state.interaction.notice = "This text is kept as the file writes it (positions, a path or a transform of its own); Object to Path (Ctrl+Shift+C) makes it curves."
        return
      }
      if state.interaction.textCursor?.group != group { state.leaveText() }
      // Read once: the group holds what the tool edits from now on.
      if let index = state.drawing.groups.firstIndex(where: { $0.id == group }), state.drawing.groups[index].text?.content == nil {
        state.drawing.groups[index].text?.content = content
      }
      let inverse = (state.drawingTransform(of: group) * content.transform).inverted ?? .identity
      state.interaction.textCursor = TextCursor(group: group, position: State.position(in: content, at: inverse.apply(to: point)))
      state.interaction.selectedObjects = [.group(group)]
      return
    }
    state.leaveText()
    // A new text, in the group entered, in the current fill.
    let parent = state.interaction.context
    let inverse = parent.map { state.drawingTransform(of: $0).inverted ?? .identity } ?? .identity
    let start = inverse.apply(to: point)
    var content = TextContent(x: start.x, y: start.y)
    if case let .color(color)? = state.interaction.currentStyle.fill { content.fill = color.hex }
    var number = 1
    while state.drawing.groups.contains(where: { $0.id == "text\(number)" }) { number += 1 }
    var group = Group(id: "text\(number)", parent: parent)
    group.text = TextObject(content: content)
    state.drawing.groups.append(group)
    let sodipodi = TextContent.sodipodiNamespace
    if state.drawing.namespaces[sodipodi.prefix] == nil { state.drawing.namespaces[sodipodi.prefix] = sodipodi.uri }
    state.interaction.textCursor = TextCursor(group: group.id, position: TextPosition(line: 0, offset: 0))
    state.interaction.selectedObjects = []
    state.interaction.notice = "Type the text; Enter starts a new line, Escape leaves it."
  }

  /// An edit of the characters at the cursor: `change` edits the content and says where the
  /// cursor goes. Typing after typing joins its undo step.
  private func edit(_ state: inout State, typing: Bool, _ change: (inout TextContent, TextCursor) -> TextPosition) {
    guard var cursor = state.interaction.textCursor, var content = state.textContent(of: cursor.group) else { return }
    let before = content
    let position = change(&content, cursor)
    cursor.position = position
    cursor.anchor = position
    guard content != before else {
      state.interaction.textCursor = cursor
      return
    }
    if !(cursor.isTyping && typing) { state.history.record(state.undoSnapshot) }
    cursor.isTyping = typing
    state.setText(content, of: cursor.group, makeID: { uuid() })
    state.interaction.textCursor = cursor
    if !content.isEmpty { state.interaction.selectedObjects = [.group(cursor.group)] }
  }

  /// A change of style: of the cursor's text (`selection` its selected characters, if any),
  /// else of every text the selector picked. One undo step.
  private func restyle(_ state: inout State, _ change: (inout TextContent, (from: TextPosition, to: TextPosition)?) -> Void) {
    let cursor = state.interaction.textCursor
    let groups = cursor.map { [$0.group] } ?? state.selectedTextGroups
    let edits = groups.compactMap { group -> (String, TextContent)? in
      guard var content = state.textContent(of: group) else { return nil }
      let before = content
      change(&content, cursor?.selection)
      return content == before ? nil : (group, content)
    }
    guard !edits.isEmpty else {
      if groups.isEmpty { state.interaction.notice = "Select a text, or click in one with the text tool (T)." }
      return
    }
    state.endGesture()
    state.history.record(state.undoSnapshot)
    for (group, content) in edits { state.setText(content, of: group, makeID: { uuid() }) }
    state.interaction.textCursor?.isTyping = false
  }

  /// `position` moved `count` characters on, across line ends, within the text.
  static func step(_ position: TextPosition, by count: Int, in content: TextContent) -> TextPosition {
    var position = content.clamped(position)
    for _ in 0..<abs(count) {
      if count < 0 {
        if position.offset > 0 {
          position.offset -= 1
        } else if position.line > 0 {
          position = TextPosition(line: position.line - 1, offset: content.length(ofLine: position.line - 1))
        }
      } else if position.offset < content.length(ofLine: position.line) {
        position.offset += 1
      } else if position.line < content.lines.count - 1 {
        position = TextPosition(line: position.line + 1, offset: 0)
      }
    }
    return position
  }
}

extension Editor.State {
  /// The text groups among the selected objects.
  public var selectedTextGroups: [String] {
    interaction.selectedObjects.compactMap { object in
      object.groupID.flatMap { id in drawing.groups.contains { $0.id == id && $0.text != nil } ? id : nil }
    }
  }

  /// The cursor leaves its text; a text left empty goes.
  public mutating func leaveText() {
    guard let cursor = interaction.textCursor else { return }
    interaction.textCursor = nil
    guard let content = textContent(of: cursor.group), content.isEmpty else { return }
    drawing.groups.removeAll { $0.id == cursor.group }
    if drawing.curves.contains(where: { $0.group == cursor.group }) {
      drawing.curves.removeAll { $0.group == cursor.group }
      drawing.markCurvesEdited()
    }
    interaction.selectedObjects.remove(.group(cursor.group))
  }
}
