import CurveGeometry
import struct FoundationEssentials.UUID

/// A text as the text tool types and the text panel styles it: lines of spans, each span a
/// run of characters that may override the text's font, written as Inkscape writes a text
/// (a `<text>` holding one `<tspan sodipodi:role="line">` a line, a styled run a `<tspan>`
/// inside it), so Inkscape edits it as its own.
///
/// ```swift
/// var content = TextContent(x: 100, y: 200)
/// let end = content.insert("Hello, Curves", at: TextPosition(line: 0, offset: 0))
/// content.apply(.bold(true), from: TextPosition(line: 0, offset: 7), to: end)
/// content.xml   // <text xml:space="preserve" x="100" y="200" style="…"><tspan sodipodi:role="line" …>Hello, <tspan style="font-weight:bold">Curves</tspan></tspan></text>
/// ```
public struct TextContent: Equatable, Sendable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.x == rhs.x && lhs.y == rhs.y && lhs.family == rhs.family && lhs.size == rhs.size && lhs.isBold == rhs.isBold
      && lhs.isItalic == rhs.isItalic && lhs.anchor == rhs.anchor && lhs.letterSpacing == rhs.letterSpacing
      && lhs.lineSpacing == rhs.lineSpacing && lhs.fill == rhs.fill && lhs.lines == rhs.lines && lhs.otherStyle == rhs.otherStyle
      && lhs.otherAttributes == rhs.otherAttributes && lhs.transform == rhs.transform && lhs.outside == rhs.outside && lhs.path == rhs.path
  }

  /// Where each line stands on its x (SVG's `text-anchor`).
  public enum Anchor: String, Equatable, Sendable, CaseIterable {
    case start, middle, end
  }

  /// A run of characters of one line, with what it sets for itself (nil: the text's).
  public struct Span: Equatable, Sendable {
    public var characters: String
    public var family: String?
    public var size: Double?
    public var isBold: Bool?
    public var isItalic: Bool?

    public init(_ characters: String, family: String? = nil, size: Double? = nil, isBold: Bool? = nil, isItalic: Bool? = nil) {
      self.characters = characters
      self.family = family
      self.size = size
      self.isBold = isBold
      self.isItalic = isItalic
    }

    /// The same style: two such spans side by side are one.
    func hasStyle(of other: Span) -> Bool {
      family == other.family && size == other.size && isBold == other.isBold && isItalic == other.isItalic
    }
  }

  /// A change the panel makes to characters (or to the whole text).
  public enum StyleChange: Equatable, Sendable {
    case family(String)
    case size(Double)
    case bold(Bool)
    case italic(Bool)
  }

  /// A name and its value, as the file wrote it: what the text tool does not edit, kept.
  public struct Property: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The first line's start (its baseline), in the text's coordinates.
  public var x: Double
  public var y: Double
  public var family: String
  /// In document units (CSS pixels).
  public var size: Double
  public var isBold: Bool
  public var isItalic: Bool
  public var anchor: Anchor
  /// Added after each character, in document units.
  public var letterSpacing: Double
  /// From one baseline to the next, as a multiple of the size (CSS's `line-height`).
  public var lineSpacing: Double
  /// `#rrggbb`, or any CSS paint the file gave.
  public var fill: String
  /// Never empty: an empty text has one line without spans.
  public var lines: [[Span]]
  /// Style properties of the file's that the text tool leaves as they are.
  public var otherStyle: [Property] = []
  /// Attributes of the `<text>` the text tool leaves as they are (its `id`, its
  /// `transform`).
  public var otherAttributes: [Property] = []
  /// The map from the text's coordinates to its element's group's: its own `transform` and
  /// those of the groups around it that a kept text carries (`outside`).
  public var transform: Affine = .identity
  /// The curve the text runs along (Text ▸ Put on Path): its characters in one
  /// `<textPath>` naming the curve's element (`curve-ID`, as export names it), starting
  /// `startOffset` units along it; its lines then run on as one.
  public var path: OnPath?

  /// A text's path: the curve, and how far along it the text starts.
  public struct OnPath: Equatable, Sendable {
    public var curve: UUID
    public var startOffset: Double

    public init(curve: UUID, startOffset: Double = 0) {
      self.curve = curve
      self.startOffset = startOffset
    }

    /// The element id export gives the curve, which the `<textPath>` names.
    public var elementID: String { "curve-\(curve.uuidString.lowercased())" }
  }

  /// What a kept text has around its `<text>`: the groups that carry what it inherited,
  /// written back as they were.
  public var outside: (before: String, after: String) = ("", "")

  public static let defaultFamily = "DejaVu Sans"
  public static let defaultSize = 24.0
  public static let defaultLineSpacing = 1.25
  /// The sizes the panel allows.
  public static let sizeRange = 1.0...1000.0
  /// The Inkscape namespace `sodipodi:role` belongs to, which a document writing a text's
  /// lines declares.
  public static let sodipodiNamespace = (prefix: "sodipodi", uri: "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd")

  public init(
    x: Double, y: Double, family: String = defaultFamily, size: Double = defaultSize, isBold: Bool = false, isItalic: Bool = false,
    anchor: Anchor = .start, letterSpacing: Double = 0, lineSpacing: Double = defaultLineSpacing, fill: String = "#000000",
    lines: [[Span]] = [[]]
  ) {
    self.x = x
    self.y = y
    self.family = family
    self.size = size
    self.isBold = isBold
    self.isItalic = isItalic
    self.anchor = anchor
    self.letterSpacing = letterSpacing
    self.lineSpacing = lineSpacing
    self.fill = fill
    self.lines = lines.isEmpty ? [[]] : lines
  }

  // MARK: Reading

  /// A line's characters.
  public func text(ofLine line: Int) -> String {
    lines.indices.contains(line) ? lines[line].map(\.characters).joined() : ""
  }

  /// Every character, lines joined by newlines.
  public var characters: String { lines.indices.map(text(ofLine:)).joined(separator: "\n") }

  /// Whether it has no character at all.
  public var isEmpty: Bool { lines.allSatisfy { $0.allSatisfy(\.characters.isEmpty) } }

  /// The characters between two positions (in either order), lines joined by newlines.
  public func text(from start: TextPosition, to end: TextPosition) -> String {
    let (from, to) = (clamped(min(start, end)), clamped(max(start, end)))
    if from.line == to.line { return Self.slice(text(ofLine: from.line), from.offset, to.offset) }
    var parts = [Self.slice(text(ofLine: from.line), from.offset, nil)]
    for line in (from.line + 1)..<to.line { parts.append(text(ofLine: line)) }
    parts.append(Self.slice(text(ofLine: to.line), 0, to.offset))
    return parts.joined(separator: "\n")
  }

  /// How many characters a line has.
  public func length(ofLine line: Int) -> Int { text(ofLine: line).count }

  /// The last position of the text.
  public var end: TextPosition { TextPosition(line: lines.count - 1, offset: length(ofLine: lines.count - 1)) }

  /// `position` moved onto the text: its line within the lines, its offset within the line.
  public func clamped(_ position: TextPosition) -> TextPosition {
    let line = min(max(position.line, 0), lines.count - 1)
    return TextPosition(line: line, offset: min(max(position.offset, 0), length(ofLine: line)))
  }

  /// The spans of a line from `start` to `end` characters, cut where they fall inside one.
  func spans(ofLine line: Int, from start: Int, to end: Int) -> [Span] {
    var result: [Span] = [], passed = 0
    for span in lines[line] {
      let count = span.characters.count, from = max(start - passed, 0), to = min(end - passed, count)
      if from < to {
        var part = span
        part.characters = Self.slice(span.characters, from, to)
        result.append(part)
      }
      passed += count
    }
    return result
  }

  // MARK: Editing

  /// Inserts `text` at `position` in the style of the characters before it (the first
  /// span's at a line's start); a newline in it starts a new line. Where the cursor goes:
  /// after what was inserted.
  @discardableResult
  public mutating func insert(_ text: String, at position: TextPosition) -> TextPosition {
    var position = clamped(position)
    for (index, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if index > 0 { position = splitLine(at: position) }
      guard !part.isEmpty else { continue }
      let before = length(ofLine: position.line)
      // The span the character before the position is in (at the start: the first span).
      var passed = 0, target: Int?
      for (spanIndex, span) in lines[position.line].enumerated() {
        let count = span.characters.count
        if position.offset <= passed + count, position.offset > passed || spanIndex == 0 {
          target = spanIndex
          break
        }
        passed += count
      }
      if let target {
        let span = lines[position.line][target]
        lines[position.line][target].characters = Self.slice(span.characters, 0, position.offset - passed) + part
          + Self.slice(span.characters, position.offset - passed, nil)
      } else {
        lines[position.line].append(Span(String(part)))
      }
      position.offset += length(ofLine: position.line) - before
    }
    return position
  }

  /// Breaks a line in two at `position` (Enter); the new line's start.
  @discardableResult
  public mutating func splitLine(at position: TextPosition) -> TextPosition {
    let position = clamped(position)
    let before = spans(ofLine: position.line, from: 0, to: position.offset)
    let after = spans(ofLine: position.line, from: position.offset, to: length(ofLine: position.line))
    lines[position.line] = before
    lines.insert(after, at: position.line + 1)
    return TextPosition(line: position.line + 1, offset: 0)
  }

  /// Removes the characters between two positions (in either order), joining the lines at
  /// either end; where the cursor goes: the earlier position.
  @discardableResult
  public mutating func delete(from start: TextPosition, to end: TextPosition) -> TextPosition {
    let (from, to) = (clamped(min(start, end)), clamped(max(start, end)))
    guard from != to else { return from }
    let head = spans(ofLine: from.line, from: 0, to: from.offset)
    let tail = spans(ofLine: to.line, from: to.offset, to: length(ofLine: to.line))
    lines.replaceSubrange(from.line...to.line, with: [Self.merged(head + tail)])
    return from
  }

  /// Sets a style on the characters between two positions (in either order): each becomes a
  /// span of its own where it needs to.
  public mutating func apply(_ change: StyleChange, from start: TextPosition, to end: TextPosition) {
    let (from, to) = (clamped(min(start, end)), clamped(max(start, end)))
    for line in from.line...to.line {
      let count = length(ofLine: line)
      let lower = line == from.line ? from.offset : 0, upper = line == to.line ? to.offset : count
      var changed = spans(ofLine: line, from: lower, to: upper)
      for index in changed.indices { Self.apply(change, to: &changed[index]) }
      lines[line] = Self.merged(spans(ofLine: line, from: 0, to: lower) + changed + spans(ofLine: line, from: upper, to: count))
    }
  }

  /// Sets a style on the whole text: the text's own, no span overriding it.
  public mutating func applyToAll(_ change: StyleChange) {
    switch change {
    case let .family(family): self.family = family
    case let .size(size): self.size = min(max(size, Self.sizeRange.lowerBound), Self.sizeRange.upperBound)
    case let .bold(bold): isBold = bold
    case let .italic(italic): isItalic = italic
    }
    for line in lines.indices {
      for index in lines[line].indices {
        switch change {
        case .family: lines[line][index].family = nil
        case .size: lines[line][index].size = nil
        case .bold: lines[line][index].isBold = nil
        case .italic: lines[line][index].isItalic = nil
        }
      }
      lines[line] = Self.merged(lines[line])
    }
  }

  /// The style the character after `position` has (at a line's end: the one before), the
  /// text's where its span sets nothing: what the panel shows.
  public func style(at position: TextPosition) -> (family: String, size: Double, isBold: Bool, isItalic: Bool) {
    let position = clamped(position)
    var passed = 0, found: Span?
    for span in lines[position.line] {
      found = span
      passed += span.characters.count
      if passed > position.offset { break }
    }
    return (found?.family ?? family, found?.size ?? size, found?.isBold ?? isBold, found?.isItalic ?? isItalic)
  }

  private static func apply(_ change: StyleChange, to span: inout Span) {
    switch change {
    case let .family(family): span.family = family
    case let .size(size): span.size = min(max(size, sizeRange.lowerBound), sizeRange.upperBound)
    case let .bold(bold): span.isBold = bold
    case let .italic(italic): span.isItalic = italic
    }
  }

  /// Spans without empty ones, neighbours of one style joined.
  public static func merged(_ spans: [Span]) -> [Span] {
    var result: [Span] = []
    for span in spans where !span.characters.isEmpty {
      if let last = result.last, last.hasStyle(of: span) {
        result[result.count - 1].characters += span.characters
      } else {
        result.append(span)
      }
    }
    return result
  }

  /// Characters `from` to `to` (nil: the end) of `text`, clamped to it.
  static func slice(_ text: String, _ from: Int, _ to: Int?) -> String {
    let count = text.count, lower = min(max(from, 0), count), upper = min(max(to ?? count, lower), count)
    let start = text.index(text.startIndex, offsetBy: lower)
    return String(text[start..<text.index(start, offsetBy: upper - lower)])
  }

  /// Whether `other` differs at most in its lines, so each line of one is laid out as the
  /// same line of the other.
  public func laysOutAsLines(_ other: TextContent) -> Bool {
    var mine = self, theirs = other
    mine.lines = []
    theirs.lines = []
    return mine == theirs
  }

  // MARK: Writing

  /// The baseline of a line, in the text's coordinates.
  public func baseline(ofLine line: Int) -> Double { y + Double(line) * lineSpacing * size }

  /// The text as SVG: a `<text>` (its `xml:space` preserving every space typed) whose lines
  /// are `<tspan sodipodi:role="line">`s placed on their baselines, as Inkscape writes them.
  public var xml: String {
    var style = [
      "font-family:\(Self.cssFamily(family))", "font-size:\(Self.number(size))px", "font-weight:\(isBold ? "bold" : "normal")",
      "font-style:\(isItalic ? "italic" : "normal")", "line-height:\(Self.number(lineSpacing))",
    ]
    if anchor != .start { style.append("text-anchor:\(anchor.rawValue)") }
    if letterSpacing != 0 { style.append("letter-spacing:\(Self.number(letterSpacing))px") }
    style.append("fill:\(fill)")
    style += otherStyle.map { "\($0.name):\($0.value)" }
    // On a path, a position would move the text along it (as resvg reads `x` there).
    let position = path == nil ? #" x="\#(Self.number(x))" y="\#(Self.number(y))""# : ""
    var text = #"<text xml:space="preserve"\#(position) style="\#(Self.escaped(style.joined(separator: ";")))""#
    for attribute in otherAttributes { text += #" \#(attribute.name)="\#(Self.escaped(attribute.value))""# }
    text += ">"
    if let path {
      // On a path the lines run on, a space between them.
      var spans: [Span] = []
      for (index, line) in lines.enumerated() { spans += (index > 0 ? [Span(" ")] : []) + line }
      let offset = path.startOffset == 0 ? "" : #" startOffset="\#(Self.number(path.startOffset))""#
      return outside.before + text + ##"<textPath xlink:href="#\##(path.elementID)"\##(offset)>"## + Self.spansXML(Self.merged(spans)) + "</textPath></text>" + outside.after
    }
    for (index, line) in lines.enumerated() {
      let position = #"sodipodi:role="line" x="\#(Self.number(x))" y="\#(Self.number(baseline(ofLine: index)))""#
      guard !line.isEmpty else {
        text += "<tspan \(position)/>"
        continue
      }
      text += "<tspan \(position)>" + Self.spansXML(line) + "</tspan>"
    }
    return outside.before + text + "</text>" + outside.after
  }

  /// Spans as SVG: those that set nothing as bare characters, the others as `<tspan>`s.
  static func spansXML(_ spans: [Span]) -> String {
    spans.map { span in
      var own: [String] = []
      if let family = span.family { own.append("font-family:\(cssFamily(family))") }
      if let size = span.size { own.append("font-size:\(number(size))px") }
      if let bold = span.isBold { own.append("font-weight:\(bold ? "bold" : "normal")") }
      if let italic = span.isItalic { own.append("font-style:\(italic ? "italic" : "normal")") }
      let characters = escaped(span.characters)
      return own.isEmpty ? characters : #"<tspan style="\#(escaped(own.joined(separator: ";")))">\#(characters)</tspan>"#
    }.joined()
  }

  /// A family as CSS writes it: quoted when it is more than one word.
  static func cssFamily(_ family: String) -> String {
    family.contains(" ") ? "'" + family.filter { $0 != "'" } + "'" : family
  }

  /// The shortest decimal that reads back as `value`, without a trailing ".0".
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
  }

  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}

/// A place between two characters of a text: its line, and how many characters of the line
/// are before it.
public struct TextPosition: Hashable, Comparable, Sendable {
  public var line: Int
  public var offset: Int

  public init(line: Int, offset: Int) {
    self.line = line
    self.offset = offset
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.line, lhs.offset) < (rhs.line, rhs.offset)
  }
}
