import CurveDocument
import CurveGeometry
import FoundationEssentials
import Glibc

/// An edited drawing written back over the file it was opened from (`SVGSource`): every byte
/// of the file as it was, but the elements of the objects that were edited. A path reshaped
/// (or moved, its paints as they were) gets a new `d`; a shape moved, turned or scaled whole
/// with its paints, or a basic shape (`<rect>`, `<circle>`, …) moved whole, gains the move in
/// its `transform`; a basic shape reshaped becomes a `<path>` with the same attributes but its
/// geometry's; a group moved gets a new `transform`; Curves's own settings go into their
/// element (`CurvesSettings`). Other attributes stay as they were, in their order, and a
/// changed value alone is replaced, so a tag keeps its layout.
///
/// ```swift
/// let saved = SVGWriteBack.write(document, over: source)   // nil: not an edit it can write so
/// try saved?.data.write(to: url)                            // and keep saved?.source for the next save
/// ```
///
/// It writes only what it can write exactly: an edit of anything else (a style, an object
/// added, removed, restacked, hidden or renamed, the timeline, the canvas) gives nil, and the
/// caller writes the whole drawing (`SVGExport`) instead.
public enum SVGWriteBack {
  /// The file with `document`'s edits (in the document's group coordinates, as it is saved),
  /// and the source to write the next save over; nil when the edits are not all of the kinds
  /// above, or their elements are not one object's.
  /// The move of `group`, a group import made around one shape (for the shape's own filter,
  /// mask or clip; unmoved, it had no transform), written as the shape element's `transform`;
  /// nil for any other group without an element.
  private static func movedWrapper(_ group: Group, before: Group, in document: Document, _ source: SVGSource) -> Replacement? {
    let inside = document.curves.filter { $0.group == group.id }
    guard before.transform == .identity, inside.count == 1, !document.groups.contains(where: { $0.parent == group.id }),
      let element = source.curves[inside[0].id],
      let own = try? SVGTransformList.transform(element.attributes.first { $0.name == "transform" }?.value ?? "")
    else { return nil }
    return Replacement(retagged(element, setting: "transform", to: matrixText(group.transform * own), in: source.text), .curve(inside[0].id))
  }

  public static func write(_ document: Document, over source: SVGSource) -> (data: Data, source: SVGSource)? {
    let original = source.original
    guard document.curves.count == original.curves.count, document.groups.count == original.groups.count else { return nil }
    let tolerance = noise * max(1, document.canvas.width, document.canvas.height)
    var unedited = document
    var replacements: [Replacement] = []
    for (index, group) in document.groups.enumerated() where group != original.groups[index] {
      let before = original.groups[index]
      unedited.groups[index] = before
      // Its clip, mask and filter taken to where they are seen and back, within rounding.
      if nearlyEqual(group, before, within: tolerance) { continue }
      var moved = group
      moved.transform = before.transform
      // Its transform alone may have changed: a group whose clip, mask or filter moved with
      // it is written whole.
      guard group.id == before.id, nearlyEqual(moved, before, within: tolerance) else { return nil }
      if let element = source.groups[group.id] {
        guard let outside = element.placement.inverted, outside.isFinite else { return nil }
        replacements.append(Replacement(retagged(element, setting: "transform", to: matrixText(outside * group.transform), in: source.text), .group(group.id)))
      } else {
        // A shape with its own filter, mask or clip is a group of its own, with no element
        // but the shape's: the group's move goes into the shape's `transform`.
        guard let replacement = movedWrapper(group, before: before, in: document, source) else { return nil }
        replacements.append(replacement)
      }
    }
    for (index, curve) in document.curves.enumerated() where curve != original.curves[index] {
      let before = original.curves[index]
      unedited.curves[index] = before
      // Taken out of its group's coordinates and back (the editor holds what it shows), an
      // unedited curve comes back within rounding of itself.
      if nearlyEqual(curve, before, within: tolerance) { continue }
      let move = wholeMove(from: before, to: curve, within: tolerance)
      // Moved by nothing but rounding (a paint's numbers, far from 1, drifted further).
      if let move, tidied(move) == .identity { continue }
      guard curve.id == before.id, let element = source.curves[curve.id], let undo = element.placement.inverted, undo.isFinite else { return nil }
      // Reshaped, its style as it was: a path gets a new `d`. Moved, turned or scaled whole,
      // its paints and stroke with it (as the selector moves objects), a basic shape, or a
      // path whose paints moved, gains the move in its `transform`, which carries a gradient
      // too. A basic shape reshaped becomes a path.
      var reshapedOnly = curve
      reshapedOnly.subpaths = before.subpaths
      let keepsItsStyle = reshapedOnly == before || nearlyEqual(reshapedOnly, before, within: tolerance)
      let isPath = element.name.split(separator: ":").last == "path"
      if !(isPath && keepsItsStyle), let move,
        let own = try? SVGTransformList.transform(element.attributes.first { $0.name == "transform" }?.value ?? "")
      {
        let moved = own * undo * move * element.placement
        replacements.append(Replacement(retagged(element, setting: "transform", to: matrixText(moved), in: source.text), .curve(curve.id)))
        continue
      }
      guard keepsItsStyle, let rewritten = reshaped(element, to: curve.applying(undo).subpaths, in: source.text) else { return nil }
      replacements.append(Replacement(rewritten, .curve(curve.id)))
    }
    // The display and the construction's animation are Curves's own: its settings element
    // holds them, replaced, or added as the root's first child.
    if document.display != original.display || document.animation != original.animation, let place = source.settings ?? source.rootTagEnd.map({ $0..<$0 }) {
      replacements.append(Replacement(range: place, text: CurvesSettings.element(for: document), key: .settings))
      unedited.display = original.display
      unedited.animation = original.animation
    }
    // A text edited with the text tool: its `<text>` element written in its place, what
    // carries its inheritance around it as it was.
    if document.kept.count == original.kept.count {
      for index in document.kept.indices where document.kept[index] != original.kept[index] {
        let now = document.kept[index], before = original.kept[index]
        // Moved, turned or scaled whole: the move goes into the element's `transform`.
        if now.name == before.name, now.before == before.before, now.group == before.group, let range = source.keptTexts[index],
          let moved = movedText(now.xml, from: before.xml, at: range, in: source.text) {
          replacements.append(Replacement(range: moved.range, text: moved.text, key: .withinElement))
          unedited.kept[index] = before
          continue
        }
        guard now.name == before.name, now.before == before.before, now.group == before.group, let range = source.keptTexts[index],
          let edited = textElement(in: now.xml), let read = textElement(in: before.xml),
          now.xml[..<edited.lowerBound] + before.xml[read] + now.xml[edited.upperBound...] == before.xml
        else { return nil }
        replacements.append(Replacement(range: range, text: String(now.xml[edited]), key: .kept(index)))
        unedited.kept[index] = before
      }
      // Its lines name Inkscape's `sodipodi:role`: a file that does not declare the prefix
      // gains its declaration on the root.
      let sodipodi = TextContent.sodipodiNamespace
      if replacements.contains(where: { if case .kept = $0.key { $0.text.contains(sodipodi.prefix + ":") } else { false } }),
        !String(decoding: source.text, as: UTF8.self).contains("xmlns:\(sodipodi.prefix)=") {
        guard let end = source.rootTagEnd, end > 0 else { return nil }
        replacements.append(Replacement(range: (end - 1)..<(end - 1), text: #" xmlns:\#(sodipodi.prefix)="\#(sodipodi.uri)""#, key: .namespace))
      }
    }
    guard unedited == original else { return nil }
    return splice(replacements, into: source, document: document)
  }

  /// The transform that takes `before` to `after` whole (every point, the stroke's width and
  /// the paints as `Document.CurveRecord.applying` moves them), found from three of its points
  /// that span it; nil when there is none (it was reshaped) or the points are all on a line.
  static func wholeMove(from before: Document.CurveRecord, to after: Document.CurveRecord, within tolerance: Double) -> Affine? {
    let from = before.subpaths.flatMap(\.points).map { Point(x: $0.x, y: $0.y) }
    let to = after.subpaths.flatMap(\.points).map { Point(x: $0.x, y: $0.y) }
    guard from.count == to.count, from.count >= 3 else { return nil }
    let origin = from[0]
    guard let far = from.indices.max(by: { from[$0].distance(to: origin) < from[$1].distance(to: origin) }),
      let wide = from.indices.max(by: { abs((from[far] - origin).cross(from[$0] - origin)) < abs((from[far] - origin).cross(from[$1] - origin)) })
    else { return nil }
    let u = from[far] - origin, v = from[wide] - origin, determinant = u.cross(v)
    guard abs(determinant) > tolerance * max(1, u.length * v.length) else { return nil }
    // The linear part maps u and v onto their images: L = [u' v'] · [u v]⁻¹.
    let uImage = to[far] - to[0], vImage = to[wide] - to[0]
    let (ia, ib, ic, id) = (v.y / determinant, -u.y / determinant, -v.x / determinant, u.x / determinant)
    let a = uImage.x * ia + vImage.x * ib, c = uImage.x * ic + vImage.x * id
    let b = uImage.y * ia + vImage.y * ib, d = uImage.y * ic + vImage.y * id
    let move = Affine(a: a, b: b, c: c, d: d, e: to[0].x - (a * origin.x + c * origin.y), f: to[0].y - (b * origin.x + d * origin.y))
    guard move.isFinite, nearlyEqual(before.applying(move), after, within: tolerance) else { return nil }
    return move
  }

  /// What undoing a transform may leave in a coordinate, as a share of the drawing's size.
  static let noise = 1e-9

  private enum Key {
    case curve(UUID)
    case group(String)
    case settings
    case kept(Int)
    case namespace
    /// A change inside an element (an attribute's value): its range moves as the rest do.
    case withinElement
  }

  /// The change to a kept text's element in the file (`range`) that `xml`, its kept XML
  /// wrapped in a `<g transform="matrix(…)">` by a move (`Document.textsAsKept`), makes of
  /// `before`: the move, taken inside the wrappers that carry its inheritance (their own
  /// matrix, the first), set as the element's `transform` before its own. Nil for any other
  /// change.
  static func movedText(_ xml: String, from before: String, at range: Range<Int>, in text: Data) -> (range: Range<Int>, text: String)? {
    let opening = #"<g transform=""#
    guard xml.hasPrefix(opening), xml.hasSuffix(before + "</g>"), let close = xml.firstRange(of: #"">"#),
      xml[close.upperBound...] == before + "</g>",
      let move = try? SVGTransformList.transform(String(xml[xml.index(xml.startIndex, offsetBy: opening.count)..<close.lowerBound]))
    else { return nil }
    // The wrappers' matrix, from the text's parent to its group: the move is in the group's.
    var outside = Affine.identity
    if before.hasPrefix(opening), let end = before.firstRange(of: #"">"#),
      let matrix = try? SVGTransformList.transform(String(before[before.index(before.startIndex, offsetBy: opening.count)..<end.lowerBound])) {
      outside = matrix
    }
    guard let inverse = outside.inverted, inverse.isFinite else { return nil }
    let tagEnd = startTagEnd(of: range, in: text)
    let values = attributeValues(in: range.lowerBound..<tagEnd, of: text)
    let ownText = values["transform"].map { String(decoding: text[$0], as: UTF8.self) } ?? ""
    guard let own = try? SVGTransformList.transform(ownText) else { return nil }
    let placed = matrixText(inverse * move * outside * own)
    if let value = values["transform"] { return (value, SVGExport.escaped(placed)) }
    let end = text[tagEnd - 2] == UInt8(ascii: "/") ? tagEnd - 2 : tagEnd - 1
    return (end..<end, #" transform="\#(SVGExport.escaped(placed))""#)
  }

  /// Where a kept text's `<text>` element is in its XML (inside the groups that carry what it
  /// inherited): from its start tag to its end tag.
  static func textElement(in xml: String) -> Range<String.Index>? {
    guard let start = xml.firstRange(of: "<text")?.lowerBound else { return nil }
    let end = xml.ranges(of: "</text>").last?.upperBound ?? xml[start...].firstIndex(of: ">").map { xml.index(after: $0) }
    guard let end, start < end else { return nil }
    return start..<end
  }

  private struct Replacement {
    var range: Range<Int>
    var text: String
    var element: SVGSource.Element
    var key: Key

    init(_ rewritten: (range: Range<Int>, text: String, element: SVGSource.Element), _ key: Key) {
      (range, text, element) = rewritten
      self.key = key
    }

    init(range: Range<Int>, text: String, key: Key) {
      self.range = range
      self.text = text
      element = SVGSource.Element(name: "", attributes: [], range: range, placement: .identity)
      self.key = key
    }
  }

  /// Whether `a` and `b` encode alike, numbers within `tolerance` (relative to their size
  /// past 1): a curve or group taken out of its coordinates and back.
  static func nearlyEqual<Value: Encodable>(_ a: Value, _ b: Value, within tolerance: Double) -> Bool {
    let encoder = JSONEncoder()
    guard let first = try? encoder.encode(a), let second = try? encoder.encode(b),
      let x = try? JSONDecoder().decode(JSONValue.self, from: first),
      let y = try? JSONDecoder().decode(JSONValue.self, from: second)
    else { return false }
    func same(_ x: JSONValue, _ y: JSONValue) -> Bool {
      switch (x, y) {
      case let (.object(x), .object(y)):
        // A paint's transform is left out when it is the identity: one within rounding of it
        // on one side only is the same.
        let identity = JSONValue.array([1, 0, 0, 1, 0, 0].map(JSONValue.number))
        for key in Set(x.keys).symmetricDifference(y.keys) where !(key == "transform" && same(x[key] ?? y[key]!, identity)) { return false }
        return x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? true }
      case let (.array(x), .array(y)):
        return x.count == y.count && zip(x, y).allSatisfy(same)
      case let (.number(p), .number(q)):
        return p == q || abs(p - q) <= tolerance * max(1, abs(p), abs(q))
      default:
        return x == y
      }
    }
    return same(x, y)
  }

  /// `element` with `subpaths` (in its own user units) as its geometry: a path's `d`
  /// replaced; a basic shape renamed `path`, its geometry attributes replaced by `d` where
  /// the first of them was. Nil for an element of another kind.
  static func reshaped(_ element: SVGSource.Element, to subpaths: [Document.SubpathRecord], in text: Data) -> (range: Range<Int>, text: String, element: SVGSource.Element)? {
    let local = element.name.split(separator: ":").last.map(String.init) ?? element.name
    let data = subpaths.map(SVGExport.pathData).joined(separator: " ")
    if local == "path" { return retagged(element, setting: "d", to: data, in: text) }
    guard let geometry = geometryAttributes[local] else { return nil }
    var changed = element
    let first = element.attributes.firstIndex { geometry.contains($0.name) } ?? element.attributes.endIndex
    changed.attributes = element.attributes.enumerated().compactMap { index, attribute in
      index == first ? SVGSource.Attribute(name: "d", value: data) : geometry.contains(attribute.name) ? nil : attribute
    }
    if first == element.attributes.endIndex { changed.attributes.append(SVGSource.Attribute(name: "d", value: data)) }
    let prefix = element.name.dropLast(local.count)
    changed.name = prefix + "path"
    return rewritten(element, as: changed, in: text)
  }

  /// What each basic shape's geometry is: the attributes a `d` replaces.
  static let geometryAttributes: [String: Set<String>] = [
    "rect": ["x", "y", "width", "height", "rx", "ry"], "circle": ["cx", "cy", "r"], "ellipse": ["cx", "cy", "rx", "ry"],
    "line": ["x1", "y1", "x2", "y2"], "polyline": ["points"], "polygon": ["points"],
  ]

  /// `element` with attribute `name` set to `value`: the value's bytes alone replaced, so the
  /// tag keeps its layout (Inkscape writes an attribute a line); added last when it had none.
  static func retagged(_ element: SVGSource.Element, setting name: String, to value: String, in text: Data) -> (range: Range<Int>, text: String, element: SVGSource.Element) {
    var changed = element
    let escaped = SVGExport.escaped(value)
    let tagEnd = startTagEnd(of: element.range, in: text)
    if let index = changed.attributes.firstIndex(where: { $0.name == name }) {
      changed.attributes[index].value = value
      if let range = attributeValues(in: element.range.lowerBound..<tagEnd, of: text)[name] { return (range, escaped, changed) }
      return rewritten(element, as: changed, in: text)
    }
    changed.attributes.append(SVGSource.Attribute(name: name, value: value))
    let end = text[tagEnd - 2] == UInt8(ascii: "/") ? tagEnd - 2 : tagEnd - 1
    return (end..<end, " \(name)=\"\(escaped)\"", changed)
  }

  /// Where each attribute's value (between its quotes) lies in the start tag `tag`.
  static func attributeValues(in tag: Range<Int>, of text: Data) -> [String: Range<Int>] {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var values: [String: Range<Int>] = [:]
    var index = tag.lowerBound + 1
    // Past the element's name.
    while index < tag.upperBound, !isSpace(text[index]), text[index] != UInt8(ascii: ">"), text[index] != UInt8(ascii: "/") { index += 1 }
    while index < tag.upperBound {
      while index < tag.upperBound, isSpace(text[index]) { index += 1 }
      let nameStart = index
      while index < tag.upperBound, !isSpace(text[index]), text[index] != UInt8(ascii: "="), text[index] != UInt8(ascii: ">") { index += 1 }
      let name = String(decoding: text[nameStart..<index], as: UTF8.self)
      while index < tag.upperBound, isSpace(text[index]) { index += 1 }
      guard index < tag.upperBound, text[index] == UInt8(ascii: "=") else { break }
      index += 1
      while index < tag.upperBound, isSpace(text[index]) { index += 1 }
      guard index < tag.upperBound, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else { break }
      let quote = text[index]
      let valueStart = index + 1
      index = valueStart
      while index < tag.upperBound, text[index] != quote { index += 1 }
      values[name] = valueStart..<index
      index += 1
    }
    return values
  }

  /// The bytes to put in place of `element`'s start tag (and, renamed, its end tag): `changed`'s.
  private static func rewritten(_ element: SVGSource.Element, as changed: SVGSource.Element, in text: Data) -> (range: Range<Int>, text: String, element: SVGSource.Element) {
    let tagEnd = startTagEnd(of: element.range, in: text)
    let isEmpty = text[tagEnd - 2] == UInt8(ascii: "/")
    let attributes = changed.attributes.map { " \($0.name)=\"\(SVGExport.escaped($0.value))\"" }.joined()
    let tag = "<" + changed.name + attributes + (isEmpty ? "/>" : ">")
    guard changed.name != element.name, !isEmpty else { return (element.range.lowerBound..<tagEnd, tag, changed) }
    // Renamed with content: the end tag too, so the content between stays as it was.
    let endTag = lastEndTag(in: element.range, of: text) ?? element.range.upperBound
    let content = String(decoding: text[tagEnd..<max(tagEnd, endTag)], as: UTF8.self)
    return (element.range, tag + content + "</" + changed.name + ">", changed)
  }

  /// Where the last `</` in `range` starts: the element's end tag.
  static func lastEndTag(in range: Range<Int>, of text: Data) -> Int? {
    var index = range.upperBound - 2
    while index >= range.lowerBound {
      if text[index] == UInt8(ascii: "<"), text[index + 1] == UInt8(ascii: "/") { return index }
      index -= 1
    }
    return nil
  }

  /// Where the start tag beginning at `range`'s start ends (just past its `>`).
  static func startTagEnd(of range: Range<Int>, in text: Data) -> Int {
    var quote: UInt8?
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = text[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return index + 1
      }
      index += 1
    }
    return range.upperBound
  }

  /// SVG's `matrix(a b c d e f)`, tidied.
  static func matrixText(_ transform: Affine) -> String {
    let tidy = tidied(transform)
    return "matrix(" + [tidy.a, tidy.b, tidy.c, tidy.d, tidy.e, tidy.f].map(SVGExport.number).joined(separator: " ") + ")"
  }

  /// `transform` rid of the rounding a transform solved from points leaves: each number
  /// within a billionth of one with nine decimals or fewer is that one (-1.999999999999993
  /// is -2, 2.8e-17 is 0).
  static func tidied(_ transform: Affine) -> Affine {
    func tidy(_ value: Double) -> Double {
      let rounded = (value * 1e9).rounded() / 1e9
      return (abs(rounded - value) <= 1e-9 * max(1, abs(value)) ? rounded : value) + 0
    }
    return Affine(a: tidy(transform.a), b: tidy(transform.b), c: tidy(transform.c), d: tidy(transform.d), e: tidy(transform.e), f: tidy(transform.f))
  }

  /// The file with `replacements` made, and the source for the next save: its text, the
  /// document as saved, every element where it now is.
  private static func splice(_ replacements: [Replacement], into source: SVGSource, document: Document) -> (data: Data, source: SVGSource) {
    let ordered = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
    var data = Data()
    data.reserveCapacity(source.text.count)
    var position = 0
    var moved = source
    for replacement in ordered {
      data.append(source.text[position..<replacement.range.lowerBound])
      data.append(Data(replacement.text.utf8))
      position = replacement.range.upperBound
      switch replacement.key {
      case let .curve(id): moved.curves[id] = replacement.element
      case let .group(id): moved.groups[id] = replacement.element
      case .settings: moved.settings = replacement.range.lowerBound..<(replacement.range.lowerBound + replacement.text.utf8.count)
      case .kept, .namespace, .withinElement: break
      }
    }
    data.append(source.text[position...])
    // Each offset moves by what the replacements wholly before it added or took away.
    let shifts = ordered.map { (end: $0.range.upperBound, by: $0.text.utf8.count - $0.range.count) }
    func shifted(_ offset: Int) -> Int { offset + shifts.reduce(0) { $1.end <= offset ? $0 + $1.by : $0 } }
    for id in moved.curves.keys { moved.curves[id]!.range = shifted(moved.curves[id]!.range.lowerBound)..<shifted(moved.curves[id]!.range.upperBound) }
    for id in moved.groups.keys { moved.groups[id]!.range = shifted(moved.groups[id]!.range.lowerBound)..<shifted(moved.groups[id]!.range.upperBound) }
    // A text written anew spans its new bytes; the others move as the rest do.
    let rewritten = Dictionary(ordered.compactMap { replacement in
      if case let .kept(index) = replacement.key { (index, replacement.text.utf8.count) } else { nil }
    }, uniquingKeysWith: { first, _ in first })
    for (index, range) in moved.keptTexts {
      let start = shifted(range.lowerBound)
      moved.keptTexts[index] = start..<(rewritten[index].map { start + $0 } ?? shifted(range.upperBound))
    }
    moved.text = data
    moved.original = document
    return (data, moved)
  }
}
