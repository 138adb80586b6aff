import CurveGeometry
import CurveDocument
// Over 400 lines on purpose: the tokenizer, the selector grammar and the matching of CSS as
// SVG uses it, which read together as the CSS specification gives them.
/// CSS as SVG drawings use it: `<style>` sheets and `style` attributes.
///
/// ```swift
/// let sheet = SVGStyleSheet("g.icon > path, #logo { fill: #2e3436 } * { stroke: none !important }")
/// sheet.rules.count                              // 3: one a selector
/// SVGStyleSheet.declarations("fill:red; stroke : blue")   // fill red, stroke blue
/// ```
///
/// Selectors: type, `*`, `.class`, `#id`, `[attribute]`, `[attribute=value]` (and `~=`,
/// `|=`, `^=`, `$=`, `*=`), `:first-child` and `:root`, compounded (`path.a#x`), with the
/// descendant (space) and child (`>`) combinators. A selector using anything else (`+`, `~`,
/// other pseudo-classes, namespaces) is left out and listed in `unsupported`; at-rules
/// (`@media`, `@import`, …) are skipped whole. Comments, strings and nested brackets are read
/// as CSS reads them.
struct SVGStyleSheet {
  struct Declaration: Equatable {
    var name: String
    var value: String
    var important: Bool
  }

  struct Rule {
    var selector: Selector
    var declarations: [Declaration]
    /// Its place among all rules of all sheets: later wins at equal specificity.
    var order: Int
  }

  struct Selector: Equatable {
    /// Left to right; `combinators[i]` joins `compounds[i]` to `compounds[i + 1]`.
    var compounds: [Compound]
    var combinators: [Combinator]
    var text: String

    /// (ids, classes + attributes + pseudo-classes, types), as CSS ranks selectors.
    var specificity: Int {
      compounds.reduce(0) { sum, compound in
        sum + (compound.id == nil ? 0 : 1 << 20) + (compound.classes.count + compound.attributes.count + compound.pseudoClasses.count) << 10
          + (compound.type == nil ? 0 : 1)
      }
    }
  }

  enum Combinator: Equatable {
    case descendant
    case child
  }

  struct Compound: Equatable {
    var type: String?
    var id: String?
    var classes: [String] = []
    var attributes: [AttributeTest] = []
    var pseudoClasses: [PseudoClass] = []
  }

  enum PseudoClass: Equatable {
    case firstChild
    case root
  }

  struct AttributeTest: Equatable {
    var name: String
    /// nil: present; else the operator (`=`, `~=`, `|=`, `^=`, `$=`, `*=`) and its value.
    var match: (operator: String, value: String)?

    static func == (a: AttributeTest, b: AttributeTest) -> Bool {
      a.name == b.name && a.match?.operator == b.match?.operator && a.match?.value == b.match?.value
    }

    func matches(_ attributes: SVGAttributes) -> Bool {
      guard let actual = attributes[name] else { return false }
      guard let (op, value) = match else { return true }
      switch op {
      case "=": return actual == value
      case "~=": return actual.split(whereSeparator: \.isWhitespace).contains { $0 == value }
      case "|=": return actual == value || actual.hasPrefix(value + "-")
      case "^=": return !value.isEmpty && actual.hasPrefix(value)
      case "$=": return !value.isEmpty && actual.hasSuffix(value)
      default: return !value.isEmpty && actual.contains(value)
      }
    }
  }

  var rules: [Rule] = []
  /// Selectors left out because they use what Curves does not match.
  var unsupported: [String] = []

  init() {}

  /// The rules of `text`, numbered from `firstOrder`.
  init(_ text: String, firstOrder: Int = 0) {
    var scanner = CSSScanner(Self.removingComments(text))
    var order = firstOrder
    while true {
      scanner.skipWhitespaceAndMarkup()
      guard let byte = scanner.peek() else { break }
      if byte == UInt8(ascii: "@") {
        scanner.skipAtRule()
        continue
      }
      let prelude = scanner.read(upTo: UInt8(ascii: "{"))
      guard scanner.peek() == UInt8(ascii: "{") else { break }  // a prelude with no block ends the sheet
      scanner.advance()
      let block = scanner.readBlockBody()
      let declarations = Self.declarations(block)
      for text in Self.splitTopLevel(prelude, by: UInt8(ascii: ",")) {
        let trimmed = text.trimmingSVGSpace()
        guard !trimmed.isEmpty else { continue }
        guard let selector = Self.selector(trimmed) else {
          unsupported.append(trimmed)
          continue
        }
        rules.append(Rule(selector: selector, declarations: declarations, order: order))
        order += 1
      }
    }
  }

  /// The declarations of a `style` attribute or a rule's block: `name: value [!important]`
  /// separated by `;`. Names are lower-cased; a declaration without a name or a colon is
  /// left out, as CSS leaves it out.
  static func declarations(_ text: String) -> [Declaration] {
    splitTopLevel(removingComments(text), by: UInt8(ascii: ";")).compactMap { part in
      guard let colon = part.firstIndex(of: ":") else { return nil }
      let name = part[..<colon].trimmingSVGSpace().lowercased()
      var value = part[part.index(after: colon)...].trimmingSVGSpace()
      var important = false
      if let bang = value.lastIndex(of: "!"),
        value[value.index(after: bang)...].trimmingSVGSpace().lowercased() == "important" {
        important = true
        value = value[..<bang].trimmingSVGSpace()
      }
      guard !name.isEmpty, !name.contains(where: \.isWhitespace) else { return nil }
      return Declaration(name: name, value: value, important: important)
    }
  }

  // MARK: - Selectors

  /// One complex selector, or nil when it uses what is not supported.
  static func selector(_ text: String) -> Selector? {
    var compounds: [Compound] = [], combinators: [Combinator] = []
    var scanner = CSSScanner(text)
    var pending: Combinator?
    while true {
      let hadSpace = scanner.skipWhitespace()
      guard let byte = scanner.peek() else { break }
      if byte == UInt8(ascii: ">") {
        guard !compounds.isEmpty, pending != .child else { return nil }
        scanner.advance()
        pending = .child
        continue
      }
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "~") { return nil }
      if !compounds.isEmpty {
        guard hadSpace || pending != nil else { return nil }
        combinators.append(pending ?? .descendant)
      }
      pending = nil
      guard let compound = compound(&scanner) else { return nil }
      compounds.append(compound)
    }
    guard !compounds.isEmpty, pending == nil else { return nil }
    return Selector(compounds: compounds, combinators: combinators, text: text)
  }

  private static func compound(_ scanner: inout CSSScanner) -> Compound? {
    var compound = Compound()
    var read = false
    if scanner.peek() == UInt8(ascii: "*") {
      scanner.advance()
      read = true
      if scanner.peek() == UInt8(ascii: "|") { return nil }
    } else if let name = scanner.identifier() {
      if scanner.peek() == UInt8(ascii: "|") { return nil }  // a namespace prefix
      compound.type = name
      read = true
    }
    while let byte = scanner.peek() {
      switch byte {
      case UInt8(ascii: "#"):
        scanner.advance()
        guard let id = scanner.identifier(), compound.id == nil || compound.id == id else { return nil }
        compound.id = id
      case UInt8(ascii: "."):
        scanner.advance()
        guard let name = scanner.identifier() else { return nil }
        compound.classes.append(name)
      case UInt8(ascii: "["):
        scanner.advance()
        guard let test = attributeTest(&scanner) else { return nil }
        compound.attributes.append(test)
      case UInt8(ascii: ":"):
        scanner.advance()
        guard let name = scanner.identifier()?.lowercased() else { return nil }
        switch name {
        case "first-child": compound.pseudoClasses.append(.firstChild)
        case "root": compound.pseudoClasses.append(.root)
        default: return nil
        }
      default:
        return read ? compound : nil
      }
      read = true
    }
    return read ? compound : nil
  }

  /// After `[`: `name]` or `name op value]`, the value an identifier or a quoted string.
  private static func attributeTest(_ scanner: inout CSSScanner) -> AttributeTest? {
    _ = scanner.skipWhitespace()
    guard let name = scanner.identifier() else { return nil }
    _ = scanner.skipWhitespace()
    if scanner.peek() == UInt8(ascii: "]") {
      scanner.advance()
      return AttributeTest(name: name, match: nil)
    }
    var op = ""
    if let byte = scanner.peek(), "~|^$*".utf8.contains(byte) {
      op.append(Character(UnicodeScalar(byte)))
      scanner.advance()
    }
    guard scanner.peek() == UInt8(ascii: "=") else { return nil }
    scanner.advance()
    op += "="
    _ = scanner.skipWhitespace()
    let value: String
    if let quote = scanner.peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      guard let string = scanner.string() else { return nil }
      value = string
    } else {
      guard let word = scanner.identifier() else { return nil }
      value = word
    }
    _ = scanner.skipWhitespace()
    guard scanner.peek() == UInt8(ascii: "]") else { return nil }
    scanner.advance()
    return AttributeTest(name: name, match: (op, value))
  }

  // MARK: - Text

  /// `text` without its `/* … */` comments (outside strings).
  static func removingComments(_ text: String) -> String {
    guard text.containsUTF8("/*") else { return text }
    var output: [UInt8] = []
    let bytes = Array(text.utf8)
    var index = 0, quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        output.append(byte)
        if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
          output.append(bytes[index + 1])
          index += 2
          continue
        }
        if byte == open { quote = nil }
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        index += 2
        while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
          index += 1
        }
        index += 2
        output.append(UInt8(ascii: " "))
      } else {
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
        output.append(byte)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `text` split at `separator` where it is outside strings and brackets.
  static func splitTopLevel(_ text: String, by separator: UInt8) -> [String] {
    var parts: [String] = []
    let bytes = Array(text.utf8)
    var start = 0, depth = 0, quote: UInt8?, index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
      } else {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
        case separator where depth == 0:
          parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
          start = index + 1
        default: break
        }
      }
      index += 1
    }
    parts.append(String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self))
    return parts
  }
}

