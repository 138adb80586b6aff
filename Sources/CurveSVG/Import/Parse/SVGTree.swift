import CXML2
import CurveDocument
import FoundationEssentials

/// The first stage of SVG import: the file's XML as a tree of `SVGElement`s, read with
/// libxml2's SAX2 push parser (Debian's `libxml2`), its attributes in the order written and
/// each element's place in the source.
///
/// ```swift
/// let (root, prefixes) = try SVGTree.parseWithPrefixes(Data(#"<svg xmlns:i="urn:i"><g i:k="1"/></svg>"#.utf8))
/// root.children[0].attributes["i:k"]   // "1"
/// root.children[0].source              // 21..<33: the bytes of `<g i:k="1"/>`
/// prefixes                             // ["i": "urn:i"]
/// ```
///
/// It reads as Foundation's `XMLParser` on Linux read before it (the same parser, with the
/// same options: entities substituted, errors recovered from but each one fatal to the
/// import), so a drawing imports as it did: any error or warning libxml2 reports makes the
/// file "not XML", at the position where parsing ended. External entities are never loaded:
/// a reference to one is an error.
enum SVGTree {
  static func parse(_ data: Data) throws(SVGImportError) -> SVGElement {
    try parseWithPrefixes(data).root
  }

  /// The root element, and the namespace prefixes the file declares (for writing back what
  /// Curves keeps undrawn).
  static func parseWithPrefixes(_ data: Data) throws(SVGImportError) -> (root: SVGElement, prefixes: [String: String]) {
    if let offset = firstInvalidUTF8Byte(in: data) { throw .notUTF8(byteOffset: offset) }
    // libxml2's push parser needs four bytes to guess the encoding; XMLParser never parsed
    // less, and said nothing.
    guard data.count >= 4 else { throw .notXML(line: 0, column: 0) }
    let builder = TreeBuilder(source: data)
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = startElement
    handler.endElementNs = endElement
    handler.characters = characters
    handler.cdataBlock = characters
    handler.getEntity = entity
    handler.serror = error
    let user = Unmanaged.passUnretained(builder).toOpaque()
    let parsed: Bool = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: CChar.self)
      guard let context = xmlCreatePushParserCtxt(&handler, user, bytes.baseAddress, 4, nil) else { return false }
      defer {
        // Entity declarations make a document of their own; the tree is built here.
        if let document = context.pointee.myDoc { xmlFreeDoc(document) }
        xmlFreeParserCtxt(context)
      }
      builder.context = context
      xmlCtxtUseOptions(context, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue))
      let status = xmlParseChunk(context, bytes.baseAddress! + 4, Int32(bytes.count - 4), 1)
      builder.end = (line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
      builder.context = nil
      // A reference to a refused external entity leaves libxml2's status at "undeclared"
      // without an error reported: it is no error here either.
      let refused = status == Int32(XML_ERR_UNDECLARED_ENTITY.rawValue) && !builder.refusedEntities.isEmpty
      return status == 0 || status == Int32(XML_ERR_DOCUMENT_END.rawValue) || refused
    }
    withExtendedLifetime(builder) {}
    if let failure = builder.failure { throw failure }
    guard parsed, !builder.sawError, let root = builder.root else {
      throw .notXML(line: builder.end.line, column: builder.end.column)
    }
    return (root, builder.prefixes)
  }

  /// The offset of the first byte that is not part of valid UTF-8, if any.
  private static func firstInvalidUTF8Byte(in data: Data) -> Int? {
    // Most drawings are ASCII, seen eight bytes at a time without making a string of them.
    let isASCII = data.withUnsafeBytes { raw in
      var index = 0
      while index + 8 <= raw.count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
      }
      return raw[index...].allSatisfy { $0 < 0x80 }
    }
    if isASCII { return nil }
    // The standard library validates a contiguous buffer many bytes at a time; only a file
    // that fails is scanned again, scalar by scalar, for the offset.
    if String(validating: data, as: UTF8.self) != nil { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = data.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &bytes) {
      case let .valid(scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}

/// What the parser's callbacks build: the open elements, the root once closed, the prefixes.
private final class TreeBuilder {
  let source: Data
  var context: xmlParserCtxtPtr?
  var stack: [SVGElement] = []
  /// Where each open element's start tag begins in the source.
  var starts: [Int?] = []
  var root: SVGElement?
  var prefixes: [String: String] = [:]
  /// Why parsing was stopped early, when the import stopped it.
  var failure: SVGImportError?
  var sawError = false
  /// Where parsing ended: what a file that is not XML is reported at.
  var end = (line: 0, column: 0)
  /// XMLParser dropped the first character data after a custom entity was looked up in
  /// content (the entity's own text, or with an empty entity the text after it); so does
  /// this, so that every drawing imports as it did. Text is not drawn yet: issue 56 will
  /// want it kept.
  var skipsNextCharacters = false
  /// The external entities referred to, refused: each reference draws nothing, as XMLParser
  /// (which never loaded one either) left it.
  var refusedEntities: Set<String> = []

  init(source: Data) {
    self.source = source
  }

  /// The prefixes XML and SVG 1.1 readers take to mean one namespace each.
  static let reservedPrefixes = ["xml": "http://www.w3.org/XML/1998/namespace", "xlink": "http://www.w3.org/1999/xlink"]

  /// The prefix an attribute of the namespace `uri`, written `prefix:name`, is kept under:
  /// its own, unless the file binds that prefix to another namespace elsewhere (or `xlink` to
  /// one not XLink's, as a test of readers does): then another, so that writing the file back
  /// declares each prefix once and `xlink:href` is XLink's href only.
  func prefix(_ prefix: String, for uri: String) -> String {
    if prefixes[prefix] == uri || Self.reservedPrefixes[prefix] == uri { return prefix }
    if let bound = prefixes.filter({ $0.value == uri }).keys.min() { return bound }
    var candidate = prefix, number = 1
    while prefixes[candidate] != nil || Self.reservedPrefixes[candidate] != nil {
      candidate = "\(prefix)\(number)"
      number += 1
    }
    prefixes[candidate] = uri
    return candidate
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> TreeBuilder {
    Unmanaged<TreeBuilder>.fromOpaque(pointer!).takeUnretainedValue()
  }

  /// The byte offset in the source where the parser is, when it reads the file's own bytes:
  /// not an entity's text, nor bytes converted from another encoding.
  var offset: Int? {
    guard let context, context.pointee.inputNr == 1, let input = context.pointee.input,
      input.pointee.buf?.pointee.encoder == nil
    else { return nil }
    let offset = Int(input.pointee.consumed) + (input.pointee.cur - input.pointee.base)
    return offset <= source.count ? offset : nil
  }

  /// Where the start tag of `name` that ends at `end` begins: the `<` before it (none can be
  /// inside a tag, as XML forbids `<` in attribute values), when the name follows it there.
  /// An element an entity's text made is not found: its parser is elsewhere.
  func tagStart(of name: String, before end: Int) -> Int? {
    source.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
      var index = end - 1
      while index >= 0, bytes[index] != UInt8(ascii: "<") { index -= 1 }
      let tag = Array(name.utf8), after = index + 1 + tag.count
      guard index >= 0, after < bytes.count, bytes[(index + 1)..<after].elementsEqual(tag),
        [UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[after])
      else { return nil }
      return index
    }
  }

  /// Whether the element `name` ends at `end`: after its end tag, or its empty tag's `/>`.
  func endsTag(of name: String, at end: Int) -> Bool {
    source.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
      guard end >= 2, end <= bytes.count, bytes[end - 1] == UInt8(ascii: ">") else { return false }
      if bytes[end - 2] == UInt8(ascii: "/") { return true }
      var index = end - 2
      while index >= 0, bytes[index] != UInt8(ascii: "<") { index -= 1 }
      guard index >= 0, index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") else { return false }
      let written = String(decoding: bytes[(index + 2)..<(end - 1)], as: UTF8.self).trimmingWhitespace()
      return written == name
    }
  }
}

private func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
  pointer.map { String(cString: $0) }
}

private func startElement(
  _ user: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
  _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int32, _ defaulted: Int32,
  _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
  let builder = TreeBuilder.from(user)
  guard builder.failure == nil, let context = builder.context else { return }
  if let namespaces {
    for index in stride(from: 0, to: Int(namespaceCount) * 2, by: 2) {
      guard let prefix = string(namespaces[index]), !prefix.isEmpty, builder.prefixes[prefix] == nil else { continue }
      let uri = string(namespaces[index + 1]) ?? ""
      if TreeBuilder.reservedPrefixes[prefix].map({ $0 == uri }) ?? true { builder.prefixes[prefix] = uri }
    }
  }
  // Sized for every attribute up front.
  var names: [String] = [], values = SVGAttributes()
  names.reserveCapacity(Int(attributeCount))
  values.reserveCapacity(Int(attributeCount))
  if let attributes {
    for index in stride(from: 0, to: Int(attributeCount) * 5, by: 5) {
      guard let local = string(attributes[index]) else { continue }
      let uri = string(attributes[index + 2]) ?? ""
      let name = string(attributes[index + 1]).map { $0.isEmpty ? local : builder.prefix($0, for: uri) + ":" + local } ?? local
      guard let start = attributes[index + 3], let end = attributes[index + 4] else { continue }
      let value = String(decoding: UnsafeBufferPointer(start: start, count: max(end - start, 0)), as: UTF8.self)
      if values[name] == nil { names.append(name) }
      values[name] = value
    }
  }
  let name = string(localName) ?? ""
  let namespace = string(uri) ?? ""
  var element = SVGElement(
    name: name, qualifiedName: string(prefix).map { $0 + ":" + name } ?? name,
    isSVG: namespace.isEmpty || namespace == "http://www.w3.org/2000/svg", attributes: values, line: Int(xmlSAX2GetLineNumber(context))
  )
  if !element.isSVG, prefix == nil { element.foreignNamespace = namespace }
  element.attributeOrder = names
  guard builder.stack.count < SVGImport.maximumDepth else {
    builder.failure = .tooDeep(element: element.label)
    xmlStopParser(context)
    return
  }
  builder.stack.append(element)
  builder.starts.append(builder.offset.flatMap { builder.tagStart(of: element.qualifiedName, before: $0) })
}

private func endElement(_ user: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
  let builder = TreeBuilder.from(user)
  guard builder.failure == nil, var element = builder.stack.popLast() else { return }
  if let start = builder.starts.popLast() ?? nil, let end = builder.offset, start < end, builder.endsTag(of: element.qualifiedName, at: end) {
    element.source = start..<end
  }
  if builder.stack.isEmpty { builder.root = element } else { builder.stack[builder.stack.count - 1].children.append(element) }
}

/// Character data and CDATA: a `<style>`'s text is its sheet; every element keeps its text
/// runs to be written back.
private func characters(_ user: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
  let builder = TreeBuilder.from(user)
  if builder.skipsNextCharacters {
    builder.skipsNextCharacters = false
    return
  }
  guard let bytes, let last = builder.stack.indices.last else { return }
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
  if builder.stack[last].name == "style" { builder.stack[last].text += text }
  let position = builder.stack[last].children.count
  if let run = builder.stack[last].textRuns.indices.last, builder.stack[last].textRuns[run].position == position {
    builder.stack[last].textRuns[run].text += text
  } else {
    builder.stack[last].textRuns.append((position, text))
  }
}

/// An entity the file declares, internal only: an external one is never loaded.
private func entity(_ user: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) -> xmlEntityPtr? {
  let builder = TreeBuilder.from(user)
  guard let context = builder.context, let found = xmlSAX2GetEntity(context, name) else { return nil }
  guard found.pointee.etype == XML_INTERNAL_GENERAL_ENTITY || found.pointee.etype == XML_INTERNAL_PREDEFINED_ENTITY else {
    if let name = string(name) { builder.refusedEntities.insert(name) }
    return nil
  }
  if context.pointee.instate == XML_PARSER_CONTENT { builder.skipsNextCharacters = true }
  return found
}

/// Any error or warning (XMLParser took each one as the parse's error), but that a refused
/// external entity is not there.
private func error(_ user: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
  let builder = TreeBuilder.from(user)
  if let error, error.pointee.code == Int32(XML_ERR_UNDECLARED_ENTITY.rawValue) || error.pointee.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue),
    let name = error.pointee.str1.map({ String(cString: $0) }), builder.refusedEntities.contains(name)
  {
    return
  }
  builder.sawError = true
}
