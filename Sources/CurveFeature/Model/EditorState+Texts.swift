import Composable
import CurveGeometry
import CurveSVG
import CurveText
import Foundation

/// The text tool's cursor: the text (its group) it types in, where it is, and the other end
/// of the characters selected (the same place when none are).
public struct TextCursor: Equatable, Sendable {
  public var group: String
  public var position: TextPosition
  public var anchor: TextPosition
  /// Whether the last edit was typing: the next key typed joins its undo step.
  public var isTyping = false

  public init(group: String, position: TextPosition, anchor: TextPosition? = nil) {
    self.group = group
    self.position = position
    self.anchor = anchor ?? position
  }

  /// The characters selected, in order; nil when none are.
  public var selection: (from: TextPosition, to: TextPosition)? {
    position == anchor ? nil : (min(position, anchor), max(position, anchor))
  }
}

/// Texts as the editor edits them (`TextObject`): a text group's glyphs laid out again from
/// its content after each edit, where its cursor is drawn, and which text a click is on.
extension Editor.State {
  /// The map from a group's own coordinates to the drawing's: its parents' transforms and
  /// its own.
  func drawingTransform(of group: String) -> Affine {
    guard let own = drawing.groups.first(where: { $0.id == group }) else { return .identity }
    return objectTree.parentTransform(of: group) * own.transform
  }

  /// The content of the text in `group`, read from its element the first time it is edited;
  /// nil when the group holds no text, or one the tool cannot edit.
  func textContent(of group: String) -> TextContent? {
    guard let text = drawing.groups.first(where: { $0.id == group })?.text else { return nil }
    return text.content ?? TextContent(svg: text.xml, namespaces: drawing.namespaces)
  }

  /// The text in `group` given `content`: its element written again and its glyphs laid out
  /// again in place of the old ones, in the drawing's coordinates, with ids from `makeID`.
  ///
  /// A text the tool writes is laid out a line at a time, each line standing on its own
  /// baseline: after an edit, only the lines that changed are laid out again, and those
  /// after them that a new or joined line moved are moved, so a key in a long text costs one
  /// line's layout, not the page's.
  mutating func setText(_ content: TextContent, of group: String, makeID: () -> UUID) {
    guard let index = drawing.groups.firstIndex(where: { $0.id == group }) else { return }
    let old = drawing.groups[index].text
    var text = TextObject(content: content)
    // An edited text goes back where it was among the kept elements, to be written in place.
    text.keptIndex = old?.keptIndex
    let transform = drawingTransform(of: group)
    func states(_ records: [Document.CurveRecord]) -> [Curve.State] {
      records.map { record in
        var record = transform == .identity ? record : record.applying(transform)
        record.id = makeID()
        record.group = group
        for subpath in record.subpaths.indices {
          for point in record.subpaths[subpath].points.indices { record.subpaths[subpath].points[point].id = makeID() }
        }
        return Document.curveState(record)
      }
    }
    var substitutions: [String] = []
    func layOut(_ xml: String, paths: [String: [Document.SubpathRecord]]) -> [Document.CurveRecord] {
      guard let layout = SVGImport.layOutText(xml, namespaces: drawing.namespaces, canvas: canvas, paths: paths) else { return [] }
      for substitution in layout.substitutions where !substitutions.contains(substitution) { substitutions.append(substitution) }
      return layout.curves
    }
    // Where its glyphs are in the drawing order (a new text: on top).
    let place = drawing.curves.firstIndex { $0.group == group } ?? drawing.curves.endIndex
    let count = drawing.curves[place...].prefix { $0.group == group }.count
    if content.path == nil, let previous = old?.content, previous.path == nil, let oldCounts = old?.lineGlyphCounts,
      oldCounts.count == previous.lines.count, oldCounts.reduce(0, +) == count, previous.laysOutAsLines(content) {
      // The lines alike at the start and at the end keep their glyphs, in place; those after
      // the edit move down (or up) by the lines it added (or took away).
      let shorter = min(previous.lines.count, content.lines.count)
      let same = zip(previous.lines, content.lines).prefix { $0 == $1 }.count
      let sameAtEnd = zip(previous.lines.reversed(), content.lines.reversed()).prefix { $0 == $1 }.prefix(shorter - min(same, shorter)).count
      let keptBefore = oldCounts.prefix(same).reduce(0, +), movedFrom = oldCounts.dropLast(sameAtEnd).reduce(0, +)
      var counts = Array(oldCounts.prefix(same)), laidOut: [Curve.State] = []
      for index in same..<(content.lines.count - sameAtEnd) {
        let glyphs = states(layOutLine(index, of: content) { layOut($0, paths: [:]) })
        laidOut += glyphs
        counts.append(glyphs.count)
      }
      counts += oldCounts.suffix(sameAtEnd)
      replaceCurves((place + keptBefore)..<(place + movedFrom), with: laidOut)
      let step = Double(content.lines.count - previous.lines.count) * content.lineSpacing * content.size
      if step != 0 {
        let map = transform * content.transform, shift = Affine.translate(x: map.c * step, y: map.d * step)
        let moved = place + keptBefore + laidOut.count
        for index in moved..<(moved + count - movedFrom) { drawing.curves[index] = drawing.curves[index].applying(shift) }
      }
      text.lineGlyphCounts = counts
      substitutions = (old?.substitutions ?? []) + substitutions.filter { !(old?.substitutions ?? []).contains($0) }
    } else {
      var glyphs: [Curve.State] = []
      if let path = content.path {
        // Along a path the lines run on as one: laid out whole, on the curve in the text's
        // own coordinates.
        var paths: [String: [Document.SubpathRecord]] = [:]
        if let curve = drawing.curves[id: path.curve], let inverse = (transform * content.transform).inverted {
          let record = Document.CurveRecord(curve)
          text.pathSubpaths = record.subpaths
          paths[path.elementID] = record.applying(inverse).subpaths
        }
        glyphs = content.isEmpty ? [] : states(layOut(content.xml, paths: paths))
      } else {
        var counts: [Int] = []
        for index in content.lines.indices {
          let line = states(layOutLine(index, of: content) { layOut($0, paths: [:]) })
          glyphs += line
          counts.append(line.count)
        }
        text.lineGlyphCounts = counts
      }
      if drawing.curves[(place + count)...].contains(where: { $0.group == group }) {
        // Its glyphs parted by a restack: all of them go, the new ones where the first was.
        drawing.curves.removeAll { $0.group == group }
        drawing.curves.insert(contentsOf: glyphs, at: min(place, drawing.curves.endIndex))
      } else {
        replaceCurves(place..<(place + count), with: glyphs)
      }
    }
    text.substitutions = substitutions
    drawing.groups[index].text = text
    drawing.markCurvesEdited()
  }

  /// Whether curve `id` is a glyph of a live text (a curve of a group that holds a text).
  func isTextGlyph(_ id: Curve.State.ID) -> Bool {
    guard let group = drawing.curves[id: id]?.group else { return false }
    return drawing.groups.contains { $0.id == group && $0.text != nil }
  }

  /// The drawing's curves with those in `range` replaced by `glyphs`, every id hashed once:
  /// replacing in place moves each later id in the hash table for every glyph inserted
  /// (in a page of text, 3 ms a key).
  private mutating func replaceCurves(_ range: Range<Int>, with glyphs: [Curve.State]) {
    var curves = drawing.curves.elements
    curves.replaceSubrange(range, with: glyphs)
    drawing.curves = IdentifiedArray(uncheckedUniqueElements: curves)
  }

  /// One line of `content` laid out alone, on its own baseline.
  private func layOutLine(_ line: Int, of content: TextContent, _ layOut: (String) -> [Document.CurveRecord]) -> [Document.CurveRecord] {
    var alone = content
    alone.lines = [content.lines[line]]
    alone.y = content.baseline(ofLine: line)
    return alone.isEmpty ? [] : layOut(alone.xml)
  }

  /// The text group whose glyphs' box (with a little room) holds `point`, topmost first.
  func textGroup(at point: Point, room: Double) -> String? {
    var boxes: [String: Rect] = [:], order: [String] = []
    let texts = Set(drawing.groups.filter { $0.text != nil && !$0.isHidden && !$0.isLocked }.map(\.id))
    guard !texts.isEmpty else { return nil }
    for curve in drawing.curves {
      guard let group = curve.group, texts.contains(group) else { continue }
      if boxes[group] == nil { order.append(group) }
      boxes[group, default: .empty].include(curve.bounds)
    }
    return order.reversed().first { boxes[$0]?.insetBy(dx: -room, dy: -room).contains(point) == true }
  }

  /// Where each place between the characters of `line` is along the baseline, in the text's
  /// coordinates: one x a character boundary, the line's anchor applied.
  static func caretOffsets(of content: TextContent, line: Int) -> [Double] {
    var offsets: [Double] = [0], pen = 0.0
    for span in content.lines.indices.contains(line) ? content.lines[line] : [] {
      let font = FontRequest(
        families: [span.family ?? content.family], weight: (span.isBold ?? content.isBold) ? 700 : 400, isItalic: span.isItalic ?? content.isItalic
      )
      guard let run = TextRun(span.characters, font: font, size: span.size ?? content.size, letterSpacing: content.letterSpacing) else {
        offsets += Array(repeating: pen, count: span.characters.count)
        continue
      }
      // A character starts where the first glyph of its cluster does.
      var starts: [Int: Double] = [:]
      for (glyph, offset) in zip(run.glyphs, run.offsets) where starts[glyph.cluster] == nil { starts[glyph.cluster] = offset }
      var characterBytes: [Int] = [], passed = 0
      for character in span.characters {
        characterBytes.append(passed)
        passed += character.utf8.count
      }
      for start in characterBytes.dropFirst() { offsets.append(pen + (starts[start] ?? run.advance)) }
      pen += run.advance
      offsets.append(pen)
    }
    let width = offsets.last ?? 0
    let shift = switch content.anchor {
    case .start: 0.0
    case .middle: -width / 2
    case .end: -width
    }
    return offsets.map { content.x + $0 + shift }
  }

  /// The caret of `cursor`: from above its line's baseline to below it, in the drawing's
  /// coordinates; nil when its text is gone.
  public func caret(of cursor: TextCursor) -> (top: Point, bottom: Point)? {
    // Along a path, where a character stands is the path's to say: no caret is drawn.
    guard let content = textContent(of: cursor.group), content.path == nil else { return nil }
    let position = content.clamped(cursor.position)
    let x = Self.caretOffsets(of: content, line: position.line)[position.offset]
    let size = content.style(at: position).size, baseline = content.baseline(ofLine: position.line)
    let transform = drawingTransform(of: cursor.group) * content.transform
    return (transform.apply(to: Point(x: x, y: baseline - size * 0.9)), transform.apply(to: Point(x: x, y: baseline + size * 0.25)))
  }

  /// The selected characters' boxes, a quadrilateral a line, in the drawing's coordinates.
  public func selectionQuads(of cursor: TextCursor) -> [[Point]] {
    guard let (from, to) = cursor.selection, let content = textContent(of: cursor.group), content.path == nil else { return [] }
    let transform = drawingTransform(of: cursor.group) * content.transform
    return (from.line...to.line).compactMap { line in
      guard content.lines.indices.contains(line) else { return nil }
      let offsets = Self.caretOffsets(of: content, line: line)
      let lower = line == from.line ? from.offset : 0, upper = line == to.line ? to.offset : offsets.count - 1
      guard offsets.indices.contains(lower), offsets.indices.contains(upper) else { return nil }
      let baseline = content.baseline(ofLine: line), top = baseline - content.size * 0.9, bottom = baseline + content.size * 0.25
      return [Point(x: offsets[lower], y: top), Point(x: offsets[upper], y: top), Point(x: offsets[upper], y: bottom), Point(x: offsets[lower], y: bottom)]
        .map(transform.apply(to:))
    }
  }

  /// The place in `content` nearest to `point` (in the text's coordinates): the line whose
  /// baseline band holds it, the boundary nearest along it.
  static func position(in content: TextContent, at point: Point) -> TextPosition {
    let step = content.lineSpacing * content.size
    let line = step > 0 ? Int(((point.y - content.y + content.size * 0.3) / step).rounded(.up)) : 0
    let clampedLine = min(max(line, 0), content.lines.count - 1)
    let offsets = caretOffsets(of: content, line: clampedLine)
    let nearest = offsets.indices.min { abs(offsets[$0] - point.x) < abs(offsets[$1] - point.x) } ?? 0
    return TextPosition(line: clampedLine, offset: nearest)
  }
}

extension Editor.State {
  /// The text the panel and the tool bar show: the one with the cursor, else the first the
  /// selector picked.
  public var editedText: TextContent? {
    guard let group = interaction.textCursor?.group ?? selectedTextGroups.first else { return nil }
    return textContent(of: group)
  }

  /// The style at the cursor (at the start of its selection), or of the selected text's
  /// start: what the tool bar's Bold, Italic and Size show.
  public var textStyle: (family: String, size: Double, isBold: Bool, isItalic: Bool)? {
    guard let content = editedText else { return nil }
    let cursor = interaction.textCursor
    return content.style(at: cursor?.selection?.from ?? cursor?.position ?? TextPosition(line: 0, offset: 0))
  }
}
