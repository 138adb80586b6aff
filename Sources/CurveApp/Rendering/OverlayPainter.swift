import CurveFeature
import CurveGeometry
import Foundation

/// Draws what lies over the canvas and panel: the status line, the error banner, the file
/// question's dialog and the command palette (made from the shortcut table, so it cannot
/// drift from the keys).
@MainActor
struct OverlayPainter {
  let session: EditorSession
  let painter: Painter

  private var layout: Layout { session.layout }

  func draw(status: FrameRenderer.Status) {
    let state = session.store.state
    drawStatusLine(state, status)
    if let browsing = state.browser { FileBrowserPainter(browsing: browsing, firstRow: session.browserFirstRow, layout: layout, painter: painter).draw() }
    if let message = state.file.errorMessage { drawErrorBanner(message) }
    if let question = state.file.question { drawQuestion(question, file: state.file.url?.lastPathComponent ?? "Untitled") }
    if let dialog = state.exportDialog { ExportDialogPainter(dialog: dialog, layout: layout, painter: painter).draw() }
    if let palette = state.palette { CommandPalettePainter(palette: palette, firstRow: session.paletteFirstRow, layout: layout, painter: painter).draw() }
  }

  /// The document's name and whether it is saved, its curves, t, the zoom, the frame time
  /// and the latest notice.
  static func statusText(_ state: Editor.State, frameMilliseconds: Double? = nil, now: Date = Date()) -> String {
    let saved = state.file.isReadOnly ? "read-only" : state.file.url == nil ? "not saved" : state.hasUnsavedChanges ? "unsaved" : "saved"
    var parts = [state.file.url?.lastPathComponent ?? "Untitled", saved]
    parts.append("\(state.drawing.curves.count) curve\(state.drawing.curves.count == 1 ? "" : "s")")
    if !state.interaction.selection.isEmpty {
      parts.append("\(state.interaction.selection.count) point\(state.interaction.selection.count == 1 ? "" : "s") selected")
    }
    parts.append(String(format: "t = %.2f", state.drawing.animation.t))
    parts.append("zoom \(zoomText(state.viewport.zoom))")
    if let frameMilliseconds { parts.append(String(format: "frame %.1f ms", frameMilliseconds)) }
    // The canonical map's class of the segment it shows, as its point is dragged.
    if state.drawing.display.showsCanonicalMap, let subject = PrimerSubject(state), subject.rational == nil, let point = subject.segment.cubic?.canonicalPoint {
      parts.append("canonical: \(CanonicalMap.region(of: point).rawValue)")
    }
    if let operation = state.operation {
      parts.append("\(operation.title) of \(operation.curves) curve\(operation.curves == 1 ? "" : "s"): working; edits wait (Escape cancels)")
    } else if let running = state.exporting {
      parts.append(Self.exportText(running, now: now))
    } else if let notice = state.interaction.notice {
      parts.append(notice)
    } else if state.interaction.tool != .node {
      parts.append(state.interaction.tool.hint)
    }
    return parts.joined(separator: "  ·  ")
  }

  /// "Exporting the GIF: frame 12 of 60, about 3 s left (Escape cancels)".
  static func exportText(_ running: Exports.Running, now: Date) -> String {
    let progress = running.progress
    guard progress.count > 0 else { return "Exporting the \(running.title)… (Escape cancels)" }
    let left = running.secondsLeft(at: now).map { String(format: ", about %.0f s left", $0.rounded(.up)) } ?? ""
    return "Exporting the \(running.title): frame \(progress.done) of \(progress.count)\(left) (Escape cancels)"
  }

  /// "100%", "141%", "12.5%".
  static func zoomText(_ zoom: Double) -> String {
    let percent = zoom * 100
    return percent < 99.5 && percent.rounded() != percent ? String(format: "%.1f%%", percent) : String(format: "%.0f%%", percent)
  }

  private func drawStatusLine(_ state: Editor.State, _ status: FrameRenderer.Status) {
    let bar = layout.statusLine
    painter.fill(bar, Theme.Palette.status)
    // An export's progress: a bar along the status line's top edge.
    if let progress = state.exporting?.progress, progress.count > 0 {
      let share = Double(progress.done) / Double(progress.count)
      painter.fill(Rect(minX: bar.minX, minY: bar.minY, maxX: bar.minX + bar.width * share, maxY: bar.minY + 3), Theme.Palette.trace)
    }
    let text = Self.statusText(state, frameMilliseconds: status.frameMilliseconds)
    painter.text(text, at: Point(x: Layout.statusTextInset.x, y: bar.minY + Layout.statusTextInset.y), size: Theme.FontSize.status, Theme.Palette.statusText)
  }

  /// The message in up to two lines across the canvas, cut with an ellipsis if longer.
  private func drawErrorBanner(_ message: String) {
    let banner = layout.errorBanner
    painter.fill(banner, Theme.Palette.error)
    let inset = Layout.bannerTextInset
    let lines = wrap(message + " (Click to dismiss.)", width: banner.width - 2 * inset.x, size: Theme.FontSize.label, maximumLines: 2)
    for (index, line) in lines.enumerated() {
      let origin = Point(x: inset.x, y: banner.minY + inset.y + Double(index) * Layout.bannerLineHeight)
      painter.text(line, at: origin, size: Theme.FontSize.label, Theme.Palette.page)
    }
  }

  /// The question in a box like the panel, its buttons below it, the default (Enter) one
  /// filled; each button's key letter underlined.
  private func drawQuestion(_ question: FileQuestion, file: String) {
    painter.dimWindow(layout)
    let box = layout.questionBox, inset = Layout.questionInset
    painter.framed(box, inside: Theme.Palette.panel)
    let lines = wrap(question.message(file: file), width: box.width - 2 * inset, size: Theme.FontSize.label, maximumLines: 2)
    for (index, line) in lines.enumerated() {
      painter.text(line, at: Point(x: box.minX + inset, y: box.minY + inset + Double(index) * Layout.questionLineHeight), size: Theme.FontSize.label, Theme.Palette.text)
    }
    let detailTop = box.minY + inset + Double(lines.count) * Layout.questionLineHeight + 4
    painter.text(question.detail, at: Point(x: box.minX + inset, y: detailTop), size: Theme.FontSize.hint, Theme.Palette.mutedText)
    let answers = question.answers
    for (index, answer) in answers.enumerated() {
      let frame = layout.questionButton(index, of: answers.count), isDefault = index == 0
      painter.framed(frame, edge: isDefault ? Theme.Palette.selection : Theme.Palette.panelEdge, inside: isDefault ? Theme.Palette.selection : Theme.Palette.page)
      let colour = isDefault ? Theme.Palette.page : Theme.Palette.text
      let width = painter.textWidth(answer.title, size: Theme.FontSize.button)
      let origin = Point(x: frame.minX + (frame.width - width) / 2, y: frame.minY + 7)
      painter.text(answer.title, at: origin, size: Theme.FontSize.button, colour)
      let letter = painter.textWidth(String(answer.title.prefix(1)), size: Theme.FontSize.button)
      painter.fill(Rect(minX: origin.x, minY: frame.maxY - 6, maxX: origin.x + letter, maxY: frame.maxY - 5), colour)
    }
  }

  /// Greedy word wrap; the last line ends with "…" when the text does not fit.
  private func wrap(_ text: String, width: Double, size: Double, maximumLines: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if painter.textWidth(candidate, size: size) <= width || current.isEmpty {
        current = candidate
        continue
      }
      lines.append(current)
      current = String(word)
      if lines.count == maximumLines { break }
    }
    if lines.count < maximumLines {
      lines.append(current)
      return lines
    }
    var last = lines[maximumLines - 1]
    while !last.isEmpty, painter.textWidth(last + "…", size: size) > width { last.removeLast() }
    lines[maximumLines - 1] = last + "…"
    return lines
  }
}
