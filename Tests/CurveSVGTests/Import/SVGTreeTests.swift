import Foundation
import Testing

@testable import CurveSVG

/// The first stage of import: libxml2's parse as a tree of elements that keeps what writing
/// the file back needs (attribute order, each element's bytes) and XMLParser's error rules.
struct SVGTreeTests {
  static func tree(_ text: String) throws -> (root: SVGElement, prefixes: [String: String]) {
    try SVGTree.parseWithPrefixes(Data(text.utf8))
  }

  @Test func attributesKeepTheirOrderAndQualifiedNames() throws {
    let (root, prefixes) = try Self.tree(#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:i="urn:i"><rect y="2" i:k="v" x="1"/></svg>"#)
    let rect = root.children[0]
    #expect(rect.attributeOrder == ["y", "i:k", "x"])
    #expect(rect.attributes == ["y": "2", "i:k": "v", "x": "1"])
    #expect(rect.isSVG && rect.name == "rect" && rect.qualifiedName == "rect")
    #expect(prefixes == ["i": "urn:i"], "namespace declarations are prefixes, not attributes")
    #expect(root.attributeOrder.isEmpty)
  }

  /// An element of another vocabulary keeps its namespace when written back, and a prefix
  /// bound to two namespaces (`xlink` to one not XLink's) is kept apart under another.
  @Test func namespacesStayAsTheFileBindsThem() throws {
    let (root, prefixes) = try Self.tree(
      ##"<svg xmlns="http://www.w3.org/2000/svg"><g xmlns="urn:other" xmlns:xlink="urn:not-xlink"><rect xlink:href="#a" x="1"/></g>"##
        + #"<image xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="b.png"/></svg>"#
    )
    let foreign = root.children[0]
    #expect(!foreign.isSVG && foreign.foreignNamespace == "urn:other")
    #expect(foreign.xml() == ##"<g xmlns="urn:other"><rect xmlns="urn:other" x="1" xlink1:href="#a"/></g>"##)
    #expect(root.children[1].attributes == ["xlink:href": "b.png"])
    #expect(prefixes == ["xlink1": "urn:not-xlink", "xlink": "http://www.w3.org/1999/xlink"])
  }

  /// Written back, `&`, `<`, `>` (and `"` in an attribute) are entities again, even with a
  /// combining mark after them, and everything else is left as it was.
  @Test func writtenBackTheSpecialCharactersAreEntities() throws {
    let (root, _) = try Self.tree(
      #"<svg xmlns="http://www.w3.org/2000/svg"><desc title="a &amp; &quot;b&quot; &lt;c&gt; é">x &lt; y &amp;\#u{301} z &gt; 0 "q"</desc></svg>"#
    )
    #expect(root.children[0].xml() == #"<desc title="a &amp; &quot;b&quot; &lt;c&gt; é">x &lt; y &amp;\#u{301} z &gt; 0 "q"</desc>"#)
    #expect(SVGElement.escaped("plain text, é", quote: true) == "plain text, é")
  }

  @Test func eachElementKnowsItsBytesInTheSource() throws {
    let text = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g id=\"a\"><path d=\"M0 0L1 1\"/></g>\n  <text>x &amp; y</text>\n</svg>"
    let (root, _) = try Self.tree(text)
    let bytes = Array(text.utf8)
    func source(_ element: SVGElement) -> String? {
      element.source.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    #expect(source(root) == text)
    #expect(source(root.children[0]) == #"<g id="a"><path d="M0 0L1 1"/></g>"#)
    #expect(source(root.children[0].children[0]) == #"<path d="M0 0L1 1"/>"#)
    #expect(source(root.children[1]) == "<text>x &amp; y</text>")
    #expect(root.children[1].textRuns.map(\.text) == ["x & y"])
    #expect(root.children[1].line == 3)
  }

  @Test func internalEntitiesAreSubstitutedAndExternalOnesNeverLoaded() throws {
    let declared = try Self.tree(#"<!DOCTYPE svg [<!ENTITY c "fill:red">]><svg xmlns="http://www.w3.org/2000/svg"><rect style="&c;"/><text>a &c; b</text></svg>"#)
    #expect(declared.root.children[0].attributes["style"] == "fill:red")
    // In character data the entity's text is dropped, as XMLParser dropped it (its second
    // delivery skipped with the first): kept as it was, since text is not drawn yet.
    #expect(declared.root.children[1].textRuns.map(\.text) == ["a  b"])
    let external = try Self.tree(#"<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/hostname">]><svg xmlns="http://www.w3.org/2000/svg"><text>&e;</text></svg>"#)
    #expect(external.root.children[0].textRuns.isEmpty, "the reference draws nothing")
  }

  @Test func anyErrorOrWarningIsNotXMLWhereParsingEnded() {
    func error(_ text: String) -> SVGImportError? {
      do { _ = try SVGTree.parseWithPrefixes(Data(text.utf8)); return nil } catch { return error }
    }
    #expect(error("this is not xml") == .notXML(line: 1, column: 1))
    #expect(error("<sv") == .notXML(line: 0, column: 0), "under four bytes are never parsed")
    #expect(error(##"<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="#a"/></svg>"##) == .notXML(line: 1, column: 69), "an undeclared prefix")
    #expect(error(#"<svg><text>&nope;</text></svg>"#) != nil, "an undeclared entity")
    #expect(error("<svg><g></svg>") != nil)
  }

  /// Only bytes the parser read from the file itself have a place: not an element an entity's
  /// text made, nor a file libxml2 converts from another encoding.
  @Test func elementsWithoutTheirOwnBytesHaveNoSource() throws {
    let entity = try Self.tree(#"<!DOCTYPE svg [<!ENTITY r "<rect/>">]><svg xmlns="http://www.w3.org/2000/svg"><g/>&r;</svg>"#).root
    #expect(entity.children.map(\.name) == ["g", "rect"])
    #expect(entity.children[0].source == 78..<82)
    #expect(entity.children[1].source == nil)
    let latin = try Self.tree(#"<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"><g/></svg>"#).root
    #expect(latin.children[0].source == nil && latin.source == nil)
  }
}
