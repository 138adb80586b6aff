import CurveGeometry
import struct FoundationEssentials.UUID

/// A text as the editor holds it: a group whose curves are its glyphs (one a glyph, as
/// Object to Path makes them), so the selector picks, moves, scales, turns, groups and
/// stacks it as it does any object. The group carries the `<text>` the file writes; its
/// glyphs are that text laid out, never saved. Object to Path is dropping this: the glyphs
/// stay, a group of curves.
///
/// ```swift
/// var editing = document.textsAsObjects()   // kept texts become groups of their glyphs
/// let saved = editing.textsAsKept()         // and back, as the file writes them
/// ```
public struct TextObject: Equatable, Sendable {
  /// The element as the file writes it, in the group's coordinates: an imported text with
  /// the wrappers that carry what it inherited (`KeptElement.xml`).
  public var xml: String
  /// The text as it reads: what the group is labelled with once it is turned into curves.
  public var characters: String
  /// The text as the text tool edits it; nil until it is first edited (read from `xml` then).
  public var content: TextContent?
  /// "Noto Sans → DejaVu Sans": families fontconfig put in place of ones this machine lacks.
  public var substitutions: [String]
  /// Where its kept element stood among the document's, to go back there unedited.
  public var keptIndex: Int?
  /// The curve it was last laid out along (`TextContent.path`), where the drawing shows it:
  /// when the curve changes, the text is laid out again.
  public var pathSubpaths: [Document.SubpathRecord]?
  /// How many glyphs each line has, in order, when its glyphs were laid out a line at a time
  /// (the editor's text tool): the glyphs of a line an edit leaves alone are kept.
  public var lineGlyphCounts: [Int]?

  public init(xml: String, characters: String, content: TextContent? = nil, substitutions: [String] = [], keptIndex: Int? = nil) {
    self.xml = xml
    self.characters = characters
    self.content = content
    self.substitutions = substitutions
    self.keptIndex = keptIndex
  }

  /// A text the text tool made or edited: its element written from its content.
  public init(content: TextContent) {
    self.init(xml: content.xml, characters: content.characters, content: content)
  }
}

extension Document {
  /// The document with each kept text that is drawn made a text object: a group (inside the
  /// one it stood in) holding its glyphs, in its place in the drawing order.
  public func textsAsObjects() -> Document {
    guard kept.contains(where: { $0.text != nil }) else { return self }
    var result = self
    result.kept = []
    var used = Set(groups.map(\.id)), number = 0
    for (index, element) in kept.enumerated() {
      guard let text = element.text else {
        result.kept.append(element)
        continue
      }
      var id: String
      repeat {
        number += 1
        id = "text\(number)"
      } while used.contains(id)
      used.insert(id)
      var group = Group(id: id, parent: element.group)
      group.text = TextObject(xml: element.xml, characters: text.characters, substitutions: text.substitutions, keptIndex: index)
      result.groups.append(group)
      let place = element.before.flatMap { before in result.curves.firstIndex { $0.id == before } } ?? result.curves.endIndex
      result.curves.insert(contentsOf: text.curves.map { glyph in
        var glyph = glyph
        glyph.group = id
        return glyph
      }, at: place)
    }
    return result
  }

  /// The document as a file holds it: each text object a kept `<text>` again, before the
  /// curve that follows its glyphs, its glyphs gone. A text the tool made, only moved, has
  /// its `x` and `y` moved; one turned or scaled has a `<g transform>` around it; one faded,
  /// clipped, hidden, locked or keyframed keeps its group. Each goes back where it was among
  /// the kept elements, so a file opened and saved is written back as it was.
  public func textsAsKept() -> Document {
    guard groups.contains(where: { $0.text != nil }) else { return self }
    var result = self
    let texts = Dictionary(groups.compactMap { group in group.text.map { (group.id, $0) } }, uniquingKeysWith: { first, _ in first })
    let tracked = Set(timeline?.groupTracks.map(\.group) ?? [])
    // The glyphs go; each text, and each kept element that stood before a glyph, goes before
    // the first curve left after them.
    var waiting: [String] = [], order: [String] = [], before: [String: UUID] = [:], removed: Set<UUID> = []
    var nextSurvivor: [UUID: UUID] = [:], pendingRemoved: [UUID] = [], glyphs: [String: [CurveRecord]] = [:]
    result.curves = []
    for curve in curves {
      if let group = curve.group, texts[group] != nil {
        if !order.contains(group) {
          order.append(group)
          waiting.append(group)
        }
        removed.insert(curve.id)
        glyphs[group, default: []].append(curve)
        pendingRemoved.append(curve.id)
        continue
      }
      for group in waiting { before[group] = curve.id }
      for id in pendingRemoved { nextSurvivor[id] = curve.id }
      waiting = []
      pendingRemoved = []
      result.curves.append(curve)
    }
    // A text with no glyph to show (all spaces, or no font) still goes into the file; an
    // empty one does not.
    for group in groups where group.text != nil && !order.contains(group.id) {
      if group.text?.content?.isEmpty == true {
        result.groups.removeAll { $0.id == group.id }
      } else {
        order.append(group.id)
      }
    }
    for index in result.kept.indices {
      if let id = result.kept[index].before, removed.contains(id) { result.kept[index].before = nextSurvivor[id] }
    }
    var elements: [(element: KeptElement, index: Int?)] = []
    for id in order {
      guard let text = texts[id], let groupIndex = result.groups.firstIndex(where: { $0.id == id }) else { continue }
      var group = result.groups[groupIndex]
      var xml = text.xml, drawn = glyphs[id] ?? []
      // A text the tool made, only moved: the move goes into its position.
      if var content = text.content, content.transform == .identity, group.transform.isTranslation, group.transform != .identity {
        content.x += group.transform.e
        content.y += group.transform.f
        drawn = drawn.map { $0.applying(group.transform) }
        group.transform = .identity
        xml = content.xml
      }
      group.text = nil
      let needsItsGroup = group.isLayer || group.isHidden || group.isLocked || tracked.contains(id)
        || (group.label != nil && group.label != text.characters)
      if !needsItsGroup, group.transform != .identity {
        // Turned, scaled or moved: a `<g transform>` around the element, in its place (the
        // write-back puts it into the element's own `transform`).
        let t = group.transform
        let matrix = [t.a, t.b, t.c, t.d, t.e, t.f].map { value in TextContent.number(abs(value - value.rounded()) < 1e-12 ? value.rounded() : value) }
        xml = #"<g transform="matrix(\#(matrix.joined(separator: " ")))">"# + xml + "</g>"
        drawn = drawn.map { $0.applying(t) }
      }
      if needsItsGroup {
        result.groups[groupIndex] = group
      } else {
        result.groups.remove(at: groupIndex)
      }
      // Its layout goes with it, for whatever draws the document next.
      let place = needsItsGroup ? id : group.parent
      let layout = KeptText(characters: text.characters, curves: drawn.map { glyph in
        var glyph = glyph
        glyph.group = place
        return glyph
      }, substitutions: text.substitutions, group: place)
      let element = KeptElement(name: "text", xml: xml, before: before[id], text: layout, group: place)
      elements.append((element, needsItsGroup ? nil : text.keptIndex))
    }
    // Those that came from the file first, each back in its place; the others after.
    for (element, index) in elements.filter({ $0.index != nil }).sorted(by: { $0.index! < $1.index! }) {
      result.kept.insert(element, at: min(index!, result.kept.endIndex))
    }
    result.kept += elements.filter { $0.index == nil }.map(\.element)
    return result
  }

  /// The document with every text object turned into curves (Object to Path): each group
  /// keeps its glyphs, labelled with its text.
  public func textObjectsAsCurves() -> Document {
    var result = self
    for index in result.groups.indices {
      guard let text = result.groups[index].text else { continue }
      result.groups[index].text = nil
      if result.groups[index].label == nil { result.groups[index].label = text.characters }
    }
    return result
  }
}

extension Affine {
  /// Whether it only moves: no turn, scale or skew.
  public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}
