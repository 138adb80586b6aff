import CurveGeometry
import CurveDocument
import FoundationEssentials

/// What a drawing takes from other files beside it, as librsvg draws it (resvg draws none of
/// it): elements of another SVG named by `<use href="common.svg#cross">` or by
/// `url(common.svg#shadow)` (a filter, clip, mask, marker or paint), and style sheets
/// `@import`ed. Inkscape's own cursors are drawn so.
///
/// Each element referred to is indexed under the reference as written, less a leading `#`
/// (`common.svg#cross`), so the walk finds it where it finds the file's own. Inside it, the
/// references to its own file's elements are rewritten to name that file, and found too. It
/// keeps no place in this file's text (`source`): saving back in place never writes into it.
/// Files are read only from the drawing's folder or below, as images are; a file that cannot
/// be read is reported, and what refers to it draws nothing.
struct SVGExternalReferences {
  /// How many files one drawing may read, and how deep `@import`s may nest: a bound on what a
  /// hostile drawing can make the import read.
  static let maximumFiles = 32
  static let maximumImportDepth = 4

  /// The elements of other files, by reference (`common.svg#cross`).
  private(set) var elements: [String: SVGElement] = [:]
  /// One line for each file that could not be read, or element not found.
  private(set) var problems: [String] = []

  private let folder: String?
  /// The SVG files read so far, by path: each file's elements by id; nil when it could not be
  /// read.
  private var files: [String: [String: SVGElement]?] = [:]
  /// How many files have been read, style sheets too.
  private var filesRead = 0

  init(folder: String?) {
    self.folder = folder
  }

  /// The style sheets' text with each `@import`ed sheet's text before the sheet that imports
  /// it, as CSS orders them.
  mutating func importingSheets(_ sheets: [String], depth: Int = 0) -> [String] {
    guard depth < Self.maximumImportDepth else { return sheets }
    var result: [String] = []
    for sheet in sheets {
      for name in Self.importedSheetNames(in: sheet) {
        guard let file = localFile(name) else {
          problems.append("the style sheet @import \"\(SVGImportError.quoted(name))\" is not in the drawing's folder, so it is left out")
          continue
        }
        filesRead += 1
        guard filesRead <= Self.maximumFiles, let data = try? Data(contentsOf: file), let text = String(validating: data, as: UTF8.self) else {
          problems.append("the style sheet @import \"\(SVGImportError.quoted(name))\" could not be read, so it is left out")
          continue
        }
        result += importingSheets([text], depth: depth + 1)
      }
      result.append(sheet)
    }
    return result
  }

  /// The references to other files that `element`'s own attributes make (a `<use>`'s href,
  /// each `url(file#id)`), added to `pending`: the drawing's indexing walk asks each element,
  /// so the tree is walked once.
  static func collectReferences(of element: SVGElement, into pending: inout [String]) {
    for (name, value) in element.attributes {
      if name == "href" || name == "xlink:href" {
        if element.name == "use", isExternal(value) { pending.append(value.trimmingSVGSpace()) }
      } else if mentionsURL(value, local: false) {
        pending += urlReferences(in: value).filter(isExternal)
      }
    }
  }

  /// Finds the elements that `references` (gathered by `collectReferences`) and the
  /// references in `sheets` name, and those that they name in turn.
  mutating func resolve(_ references: [String], sheets: [String]) {
    var pending = references
    for sheet in sheets { pending += Self.urlReferences(in: sheet).filter(Self.isExternal) }
    while let reference = pending.popLast() {
      guard elements[reference] == nil else { continue }
      guard let (element, found) = load(reference) else { continue }
      elements[reference] = element
      pending += found
    }
  }

  /// The element `reference` (`file#id`) names, its references to its own file rewritten to
  /// name that file, and those references; nil (and a problem told) when there is none.
  private mutating func load(_ reference: String) -> (SVGElement, [String])? {
    let hash = reference.lastIndex(of: "#")!
    let name = String(reference[..<hash]), id = String(reference[reference.index(after: hash)...])
    guard let file = localFile(name) else {
      problems.append("\"\(SVGImportError.quoted(reference))\" is not in a file in the drawing's folder, so what refers to it draws nothing")
      return nil
    }
    if files[file.path] == nil {
      filesRead += 1
      files[file.path] = filesRead <= Self.maximumFiles ? Self.elementsByID(inFile: file) : .some(nil)
    }
    guard let byID = files[file.path]!, let element = byID[id] else {
      let why = files[file.path]! == nil ? "could not be read as SVG" : "has no element with that id"
      problems.append("the file \"\(SVGImportError.quoted(name))\" \(why), so what refers to \"\(SVGImportError.quoted(reference))\" draws nothing")
      return nil
    }
    var found: [String] = []
    let grafted = Self.grafted(element, from: name, found: &found)
    return (grafted, found)
  }

  /// `element` with no place in this file's text, and each reference to its own file's
  /// elements (`url(#a)`, `href="#a"`) rewritten to name `file` (`url(file#a)`), gathered in
  /// `found`.
  private static func grafted(_ element: SVGElement, from file: String, found: inout [String]) -> SVGElement {
    var copy = element
    copy.source = nil
    for (name, value) in element.attributes {
      if name == "href" || name == "xlink:href", value.hasPrefix("#") {
        copy.attributes[name] = file + value
        found.append(file + value)
      } else if mentionsURL(value) {
        copy.attributes[name] = value.replacing("url(#", with: "url(\(file)#")
        found += urlReferences(in: value).filter { $0.hasPrefix("#") }.map { file + $0 }
      }
    }
    copy.children = element.children.map { grafted($0, from: file, found: &found) }
    return copy
  }

  /// Every element with an id in the SVG file at `url`, the first of each id; nil when it
  /// cannot be read as SVG.
  private static func elementsByID(inFile url: URL) -> [String: SVGElement]? {
    guard let data = try? Data(contentsOf: url), data.count <= SVGImport.maximumUncompressedSize,
      let root = try? SVGTree.parse(SVGImport.uncompressed(data)), root.isSVG, root.name == "svg"
    else { return nil }
    var byID: [String: SVGElement] = [:]
    func index(_ element: SVGElement) {
      if let id = element.attributes["id"], byID[id] == nil { byID[id] = element }
      element.children.forEach(index)
    }
    index(root)
    return byID
  }

  /// `name` as a file in the drawing's folder or below; nil for a web address, a `data:` URI
  /// or a file outside the folder.
  private func localFile(_ name: String) -> URL? {
    SVGDrawing.localFile(name, in: folder)
  }

  /// Whether `reference` names an element of another file: `file#id`, not `#id`.
  static func isExternal(_ reference: String) -> Bool {
    let trimmed = reference.trimmingSVGSpace()
    guard let hash = trimmed.lastIndex(of: "#") else { return false }
    return hash != trimmed.startIndex && trimmed.index(after: hash) != trimmed.endIndex && !trimmed.hasPrefix("data:")
  }

  /// Whether `text` has `url(` in it, found byte by byte: every attribute of a drawing is
  /// asked (String's `contains` took 40% of importing Inkscape's tiger). Without `local`,
  /// only a `url(` that does not start with `#` (after spaces and a quote) counts: a drawing's
  /// own `url(#id)` paints are most of them, and need no list made.
  static func mentionsURL(_ text: String, local: Bool = true) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count >= 4 else { return false }
      for index in 0...(bytes.count - 4) where bytes[index] == UInt8(ascii: "u") {
        guard bytes[index + 1] == UInt8(ascii: "r"), bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "(") else {
          continue
        }
        if local { return true }
        let first = bytes[(index + 4)...].first { byte in
          switch byte {
          case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "'"), UInt8(ascii: "\""): false
          default: true
          }
        }
        if first != UInt8(ascii: "#") { return true }
      }
      return false
    }
  }

  /// What each `url(…)` in `text` names, unquoted.
  static func urlReferences(in text: String) -> [String] {
    var references: [String] = []
    var rest = text[...]
    while let start = rest.utf8Range(of: "url(") {
      guard let close = rest[start.upperBound...].firstIndex(of: ")") else { break }
      references.append(String(rest[start.upperBound..<close]).trimmingSVGSpace().trimmingQuotes())
      rest = rest[rest.index(after: close)...]
    }
    return references
  }

  /// The files a style sheet's `@import` rules name: `@import "a.css";`, `@import url(a.css)
  /// screen;`.
  static func importedSheetNames(in sheet: String) -> [String] {
    var names: [String] = []
    var rest = sheet[...]
    while let start = rest.utf8Range(of: "@import") {
      rest = rest[start.upperBound...]
      let rule = rest.prefix { $0 != ";" && $0 != "{" }.trimmingSVGSpace()
      var name: Substring
      if rule.hasPrefix("url(") {
        name = rule.dropFirst(4).prefix { $0 != ")" }
      } else if let quote = rule.first, quote == "\"" || quote == "'" {
        name = rule.dropFirst().prefix { $0 != quote }
      } else {
        continue
      }
      name = Substring(String(name).trimmingSVGSpace().trimmingQuotes())
      if !name.isEmpty { names.append(String(name)) }
    }
    return names
  }
}
