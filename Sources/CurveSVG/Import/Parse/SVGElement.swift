import CurveDocument
/// An element of the parsed file: enough of XML to walk an SVG drawing.
///
/// A value, whose fields are shared between copies until one is changed (copy on write): the
/// walks that resolve a drawing copy elements into the index by id, the ancestors and each
/// child they visit, and a copy of eight strings and lists was eight retains and releases.
struct SVGElement {
  private struct Fields {
    var name: String
    var qualifiedName: String
    var isSVG: Bool
    var foreignNamespace: String? = nil
    var attributes: SVGAttributes
    var attributeOrder: [String] = []
    var source: Range<Int>? = nil
    var children: [SVGElement] = []
    var line: Int
    var text = ""
    var textRuns: [(position: Int, text: String)] = []
  }

  private final class Storage {
    var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  private var storage: Storage

  init(name: String, qualifiedName: String, isSVG: Bool, attributes: SVGAttributes, line: Int) {
    storage = Storage(Fields(name: name, qualifiedName: qualifiedName, isSVG: isSVG, attributes: attributes, line: line))
  }

  /// Its own fields, before one is changed.
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }

  /// The local name: "path" for `<svg:path>` too.
  var name: String {
    _read { yield storage.fields.name }
    _modify { makeUnique(); yield &storage.fields.name }
  }
  var qualifiedName: String {
    _read { yield storage.fields.qualifiedName }
    _modify { makeUnique(); yield &storage.fields.qualifiedName }
  }
  /// Whether it is in SVG's namespace (or in none, as hand-written files often are).
  var isSVG: Bool {
    _read { yield storage.fields.isSVG }
    _modify { makeUnique(); yield &storage.fields.isSVG }
  }
  /// The namespace of an element of another vocabulary named without a prefix (`<rect
  /// xmlns="urn:other">`): written back on it, so that it stays out of SVG's.
  var foreignNamespace: String? {
    _read { yield storage.fields.foreignNamespace }
    _modify { makeUnique(); yield &storage.fields.foreignNamespace }
  }
  /// Attributes by qualified name: "d", "xlink:href".
  var attributes: SVGAttributes {
    _read { yield storage.fields.attributes }
    _modify { makeUnique(); yield &storage.fields.attributes }
  }
  /// The attributes' qualified names in the order the file writes them, for writing an
  /// element back as it was read (issue 55); `xml()` still writes them in name order, as
  /// export always has.
  var attributeOrder: [String] {
    _read { yield storage.fields.attributeOrder }
    _modify { makeUnique(); yield &storage.fields.attributeOrder }
  }
  /// The bytes of the file that are this element, from its start tag's `<` to the end of its
  /// end tag (or of its empty tag); nil for an element that an entity's text made.
  var source: Range<Int>? {
    _read { yield storage.fields.source }
    _modify { makeUnique(); yield &storage.fields.source }
  }
  var children: [SVGElement] {
    _read { yield storage.fields.children }
    _modify { makeUnique(); yield &storage.fields.children }
  }
  var line: Int {
    _read { yield storage.fields.line }
    _modify { makeUnique(); yield &storage.fields.line }
  }
  /// The text inside a `<style>` element (its character data and CDATA sections); empty for
  /// every other element.
  var text: String {
    _read { yield storage.fields.text }
    _modify { makeUnique(); yield &storage.fields.text }
  }
  /// The character data between the children, each run with the number of children before
  /// it: what writing the element back (`xml`) needs for mixed content such as `<text>`.
  var textRuns: [(position: Int, text: String)] {
    _read { yield storage.fields.textRuns }
    _modify { makeUnique(); yield &storage.fields.textRuns }
  }

  /// The words of its `class` attribute.
  var classes: [Substring] { attributes["class"]?.split(whereSeparator: \.isWhitespace) ?? [] }

  /// How messages name it: `<path id="wave"> on line 12`.
  var label: String {
    let id = attributes["id"].map { " id=\"\(SVGImportError.quoted($0))\"" } ?? ""
    return "<\(qualifiedName)\(id)> on line \(line)"
  }

  /// Whether it is one of Curves' own point markers, or their group: `class` holds the word
  /// `control-point` or `control-points`.
  var isPointMarker: Bool {
    classes.contains { $0 == "control-point" || $0 == "control-points" }
  }
}

extension SVGElement {
  /// The element written back as XML, with its attributes (in name order), text and children
  /// as they were read. `replacingAttributes` replaces (or, given nil, leaves out) some of
  /// its own attributes, not its children's.
  func xml(replacingAttributes replaced: [String: String?] = [:]) -> String {
    var attributes = self.attributes
    for (name, value) in replaced { attributes[name] = value }
    var text = "<" + qualifiedName
    if let foreignNamespace, attributes["xmlns"] == nil { text += " xmlns=\"\(Self.escaped(foreignNamespace, quote: true))\"" }
    for name in attributes.keys.sorted() {
      text += " \(name)=\"\(Self.escaped(attributes[name]!, quote: true))\""
    }
    guard !children.isEmpty || !textRuns.isEmpty else { return text + "/>" }
    text += ">"
    var runs = textRuns[...]
    for position in 0...children.count {
      while let run = runs.first, run.position == position {
        text += Self.escaped(run.text, quote: false)
        runs = runs.dropFirst()
      }
      if position < children.count { text += children[position].xml() }
    }
    return text + "</\(qualifiedName)>"
  }

  /// `text` with XML's special characters as entities. Byte by byte: as Characters, a
  /// 22 KB embedded image's `href` took a third of a process drawing it.
  static func escaped(_ text: String, quote: Bool) -> String {
    func isSpecial(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || (quote && byte == UInt8(ascii: "\""))
    }
    guard text.utf8.contains(where: isSpecial) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): bytes += "&amp;".utf8
      case UInt8(ascii: "<"): bytes += "&lt;".utf8
      case UInt8(ascii: ">"): bytes += "&gt;".utf8
      case UInt8(ascii: "\"") where quote: bytes += "&quot;".utf8
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
