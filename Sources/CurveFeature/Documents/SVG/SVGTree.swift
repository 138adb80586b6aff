import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Builds the element tree with Foundation's XMLParser; external entities are not fetched.
final class SVGTree: NSObject, XMLParserDelegate {
  private var stack: [SVGElement] = []
  private var root: SVGElement?
  /// Why parsing stopped early, when it was this class that stopped it.
  private var failure: SVGImportError?

  static func parse(_ data: Data) throws(SVGImportError) -> SVGElement {
    // Foundation's XMLParser traps on a name that is not UTF-8 (found by `make fuzz`).
    if let offset = firstInvalidUTF8Byte(in: data) { throw .notUTF8(byteOffset: offset) }
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let tree = SVGTree()
    parser.delegate = tree
    // On Linux `parse()` can return true after an error; the error is what counts.
    let parsed = parser.parse()
    if let failure = tree.failure { throw failure }
    guard parsed, parser.parserError == nil, let root = tree.root else {
      throw .notXML(line: parser.lineNumber, column: parser.columnNumber)
    }
    return root
  }

  /// The offset of the first byte that is not part of valid UTF-8, if any.
  private static func firstInvalidUTF8Byte(in data: Data) -> Int? {
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

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let namespace = namespaceURI ?? ""
    let element = SVGElement(
      name: elementName, qualifiedName: qualifiedName ?? elementName,
      isSVG: namespace.isEmpty || namespace == "http://www.w3.org/2000/svg",
      attributes: attributes, line: parser.lineNumber
    )
    guard stack.count < SVGImport.maximumDepth else {
      failure = .tooDeep(element: element.label)
      parser.abortParsing()
      return
    }
    stack.append(element)
  }

  /// Only a `<style>`'s text is kept: the rest of the drawing is in attributes.
  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard let last = stack.indices.last, stack[last].name == "style" else { return }
    stack[last].text += string
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    guard let last = stack.indices.last, stack[last].name == "style" else { return }
    stack[last].text += String(decoding: CDATABlock, as: UTF8.self)
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    guard let element = stack.popLast() else { return }
    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
  }
}
