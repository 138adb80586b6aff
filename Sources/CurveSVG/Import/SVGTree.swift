import CurveDocument
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
  /// The namespace prefixes the file declares, and their URIs.
  private var prefixes: [String: String] = [:]

  static func parse(_ data: Data) throws(SVGImportError) -> SVGElement {
    try parseWithPrefixes(data).root
  }

  /// The root element, and the namespace prefixes the file declares (for writing back what
  /// Curves keeps undrawn).
  static func parseWithPrefixes(_ data: Data) throws(SVGImportError) -> (root: SVGElement, prefixes: [String: String]) {
    // Foundation's XMLParser traps on a name that is not UTF-8 (found by `make fuzz`).
    if let offset = firstInvalidUTF8Byte(in: data) { throw .notUTF8(byteOffset: offset) }
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    parser.shouldReportNamespacePrefixes = true
    let tree = SVGTree()
    parser.delegate = tree
    // On Linux `parse()` can return true after an error; the error is what counts.
    let parsed = parser.parse()
    if let failure = tree.failure { throw failure }
    guard parsed, parser.parserError == nil, let root = tree.root else {
      throw .notXML(line: parser.lineNumber, column: parser.columnNumber)
    }
    return (root, tree.prefixes)
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

  func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
    if !prefix.isEmpty, prefixes[prefix] == nil { prefixes[prefix] = namespaceURI }
  }

  /// A `<style>`'s text is its sheet; every element keeps its text runs to be written back.
  func parser(_ parser: XMLParser, foundCharacters string: String) {
    append(string)
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    append(String(decoding: CDATABlock, as: UTF8.self))
  }

  private func append(_ string: String) {
    guard let last = stack.indices.last else { return }
    if stack[last].name == "style" { stack[last].text += string }
    let position = stack[last].children.count
    if let run = stack[last].textRuns.indices.last, stack[last].textRuns[run].position == position {
      stack[last].textRuns[run].text += string
    } else {
      stack[last].textRuns.append((position, string))
    }
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    guard let element = stack.popLast() else { return }
    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
  }
}
