import CurveDocument
import CurveGeometry
import FoundationEssentials
import Testing

@testable import CurveSVG

/// What a drawing takes from files beside it (Inkscape's cursors): a `<use>` of another
/// file's element, a filter, paint or clip `url(file#id)`, and `@import`ed style sheets, as
/// librsvg draws them; what it cannot read, reported.
struct SVGExternalReferencesTests {
  /// A folder of its own holding `files`, removed after `body`.
  func inFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    let folder = URL(fileURLWithPath: "/tmp/curves-external-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    try body(folder)
  }

  static let common = """
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <defs>
        <linearGradient id="fade"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
        <filter id="shadow"><feOffset dx="1" dy="1"/></filter>
        <clipPath id="half"><rect width="5" height="10"/></clipPath>
      </defs>
      <g id="cross" stroke="black"><path d="M 0 4 H 8 M 4 0 V 8"/><rect id="box" x="10" width="2" height="2" fill="url(#fade)"/></g>
      <use id="again" xlink:href="#box" y="5"/>
    </svg>
    """

  func imported(_ main: String, beside files: [String: String] = [:]) throws -> (document: Document, repairs: [String]) {
    var result: (document: Document, repairs: [String])?
    try inFolder(files.merging(["main.svg": main]) { $1 }) { folder in
      let url = folder.appendingPathComponent("main.svg")
      result = try SVGImport.import(from: Data(contentsOf: url), baseURL: url)
    }
    return try #require(result)
  }

  /// `curves render` hands the drawing's folder as a path, absolute or relative to the
  /// current directory: what it draws from other files is the same as by URL.
  @Test func aFolderGivenAsAPathFindsTheSameFilesAsTheDrawingsURL() throws {
    let main = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><use href="parts/common.svg#cross"/></svg>"#
    // Ids counted from 1 on each import, so that two imports of one drawing compare equal.
    func importing(_ place: (url: URL?, folder: String?)) throws -> (document: Document, repairs: [String]) {
      var count = 0
      let next = { () -> UUID in
        count += 1
        return id(count)
      }
      if let url = place.url { return try SVGImport.import(from: Data(main.utf8), makeID: next, baseURL: url) }
      return try SVGImport.import(from: Data(main.utf8), makeID: next, folder: place.folder)
    }
    try inFolder(["main.svg": main, "parts/common.svg": Self.common]) { folder in
      let byURL = try importing((folder.appendingPathComponent("main.svg"), nil))
      let byPath = try importing((nil, folder.path))
      #expect(byURL.document.curves.count == 2 && byURL.repairs == [])
      #expect(byPath.document == byURL.document && byPath.repairs == byURL.repairs)
      // A folder relative to the current directory (not changed: tests run side by side).
      let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
      let relative = String(repeating: "../", count: depth) + folder.path.dropFirst()
      #expect(try importing((nil, relative)).document == byURL.document)
    }
    #expect(SVGImport.isDrawing(path: "icons/a.SVG") && SVGImport.isDrawing(path: "b.svgz"))
    #expect(!SVGImport.isDrawing(path: "drawing.json") && !SVGImport.isDrawing(path: "svg") && !SVGImport.isDrawing(path: "dir.svg/file"))
  }

  @Test func aUseOfAnotherFilesElementDrawsItWithWhatItRefersToThere() throws {
    let (imported, repairs) = try imported(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><use href="parts/common.svg#cross" x="1"/><use href="parts/common.svg#again"/></svg>"#,
      beside: ["parts/common.svg": Self.common]
    )
    let document = imported.inDrawingCoordinates()  // where it is seen
    #expect(repairs == [])
    // The cross's two strokes and its box, moved by the use's x; the box again through the
    // other file's own <use>, 5 down.
    #expect(document.curves.count == 3)
    #expect(document.curves[0].subpaths.first?.points.first.map { Point(x: $0.x, y: $0.y) } == Point(x: 1, y: 4))
    #expect(document.curves[1].subpaths.first?.points.first.map { Point(x: $0.x, y: $0.y) } == Point(x: 11, y: 0))
    #expect(document.curves[2].subpaths.first?.points.first.map { Point(x: $0.x, y: $0.y) } == Point(x: 10, y: 5))
    // The box's gradient is the other file's `fade`, red to blue.
    guard case let .gradient(gradient) = document.curves[1].style.fill else {
      Issue.record("the box is filled with \(document.curves[1].style.fill)")
      return
    }
    #expect(gradient.stops.map(\.color) == [RGBColor(r: 255, g: 0, b: 0), RGBColor(r: 0, g: 0, b: 255)])
  }

  @Test func anImportedSheetsFilterAndAClipOfAnotherFileApply() throws {
    let (document, repairs) = try imported(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
        <style>@import './look.css'; rect { fill: green }</style>
        <rect class="shaded" width="10" height="10"/>
        <rect width="10" height="10" clip-path="url(parts/common.svg#half)"/>
      </svg>
      """,
      beside: ["parts/common.svg": Self.common, "look.css": ".shaded { filter: url(parts/common.svg#shadow) }"]
    )
    #expect(repairs == [])
    #expect(document.groups.count == 2)
    #expect(document.groups[0].filter?.primitives.map(\.operation) == [.offset(dx: 1, dy: 1)])
    #expect(document.groups[1].clip != nil)
  }

  @Test func whatCannotBeReadIsReportedAndDrawsNothing() throws {
    let (document, repairs) = try imported(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
        <style>@import "missing.css";</style>
        <use href="parts/common.svg#nothing"/><use href="none.svg#a"/><use href="../outside.svg#a"/>
        <rect width="10" height="10" fill="url(https://example.com/p.svg#g) green"/>
      </svg>
      """,
      beside: ["parts/common.svg": Self.common]
    )
    #expect(document.curves.count == 1, "the rect, in its fallback green")
    #expect(repairs.contains(#"the style sheet @import "missing.css" could not be read, so it is left out"#))
    #expect(repairs.contains(#"the file "parts/common.svg" has no element with that id, so what refers to "parts/common.svg#nothing" draws nothing"#))
    #expect(repairs.contains(#"the file "none.svg" could not be read as SVG, so what refers to "none.svg#a" draws nothing"#))
    #expect(repairs.contains(#""../outside.svg#a" is not in a file in the drawing's folder, so what refers to it draws nothing"#))
  }

  @Test func referencesAndImportsAreFoundAsWritten() {
    #expect(SVGExternalReferences.mentionsURL("fill: url(#a)") && !SVGExternalReferences.mentionsURL("M 0 0 L 1 1") && !SVGExternalReferences.mentionsURL("url"))
    // Only a url() that does not start with # names another file.
    #expect(!SVGExternalReferences.mentionsURL("fill: url(#a); stroke: url( '#b')", local: false))
    #expect(SVGExternalReferences.mentionsURL("fill: url(#a); stroke: url( \"b.svg#c\")", local: false))
    #expect(SVGExternalReferences.mentionsURL("url(", local: false) && !SVGExternalReferences.mentionsURL("url(#", local: false))
    #expect(SVGExternalReferences.urlReferences(in: "url(#a) url( 'b.svg#c' ), url(\"d#e\")") == ["#a", "b.svg#c", "d#e"])
    #expect(SVGExternalReferences.isExternal("b.svg#c") && !SVGExternalReferences.isExternal("#c") && !SVGExternalReferences.isExternal("b.svg#"))
    #expect(SVGExternalReferences.importedSheetNames(in: "@import 'a.css'; @import url(b.css) screen; @import url(\"c.css\"); p { }") == ["a.css", "b.css", "c.css"])
  }

  /// A filtered group's region is of its box, which its text's glyphs are part of (Inkscape's
  /// cursors' `-common.svg`: a second line of text fell outside a region of the shapes alone).
  @Test func aTextsGlyphsAreInItsGroupsBox() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
        <filter id="f" x="0" y="0" width="1" height="1"><feOffset/></filter>
        <g filter="url(#f)"><rect width="10" height="10"/><text y="30" font-size="8">line</text></g>
      </svg>
      """
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    let region = try #require(document.groups.first?.filter?.region)
    #expect(region.minY == 0 && region.maxY > 30, "the region reaches the text's baseline at 30: \(region)")
  }
}
