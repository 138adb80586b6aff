import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Group opacity, clip-path and mask through SVG import: layer groups in the document.
struct SVGLayerImportTests {
  func imported(_ body: String) throws -> (document: Document, repairs: [String]) {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\#(body)</svg>"#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    return (document.inDrawingCoordinates(), repairs)  // where it is seen
  }

  @Test func aGroupOpacityOverSeveralShapesIsALayer() throws {
    let (document, _) = try imported(#"<g id="faded" opacity="0.5"><rect width="10" height="10"/><rect x="5" width="10" height="10" opacity="0.8"/></g>"#)
    #expect(document.groups == [Group(id: "faded", label: "faded", opacity: 0.5)])
    #expect(document.curves.map(\.group) == ["faded", "faded"])
    #expect(document.curves.map(\.style.opacity) == [1, 0.8], "each shape keeps only its own opacity")
  }

  @Test func aLinksOpacityOverOneShapeIsThatShapes() throws {
    let (document, _) = try imported(#"<a opacity="0.5"><a opacity="0.5"><rect width="10" height="10"/></a></a>"#)
    #expect(document.groups.isEmpty)
    #expect(document.curves[0].group == nil && document.curves[0].style.opacity == 0.25)
  }

  @Test func everyGroupThatDrawsIsKeptWithItsTransformAndItsShapesInItsCoordinates() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 100 100">
        <g id="layer1" inkscape:label="Layer 1" transform="translate(10 20)">
          <g id="turned" transform="rotate(90)" opacity="0.5"><path d="M 1 2 L 3 4" stroke="red" stroke-width="2"/></g>
          <path d="M 5 5 h 2"/>
          <g id="empty"/>
        </g>
      </svg>
      """#
    let document = try SVGImport.document(from: Data(svg.utf8))
    #expect(document.groups == [
      Group(id: "layer1", label: "Layer 1", transform: .translate(x: 10, y: 20)),
      Group(id: "turned", parent: "layer1", label: "turned", transform: .rotate(degrees: 90), opacity: 0.5),
    ], "the empty group is left out")
    #expect(document.curves.map(\.group) == ["turned", "layer1"])
    // The numbers the file gives, exactly.
    #expect(document.curves[0].points.map { [$0.x, $0.y] } == [[1, 2], [3, 4]])
    #expect(document.curves[1].points.map { [$0.x, $0.y] } == [[5, 5], [7, 5]])
    #expect(document.curves[0].style.strokeWidth == 2)
    // Where they are seen: turned, then moved.
    let placed = document.inDrawingCoordinates()
    #expect(placed.curves[0].points.map { [$0.x, $0.y] } == [[8, 21], [6, 23]])
    #expect(placed.curves[1].points.map { [$0.x, $0.y] } == [[15, 25], [17, 25]])
  }

  @Test func aClipPathBecomesTheGroupsClipInDocumentUnits() throws {
    let (document, repairs) = try imported("""
      <clipPath id="c" transform="translate(5 0)"><rect width="10" height="20" clip-rule="evenodd"/></clipPath>
      <g transform="translate(10 10)" clip-path="url(#c)"><rect width="50" height="50"/></g>
      """)
    #expect(repairs == [])
    let clip = try #require(document.groups.first?.clip)
    #expect(clip.rule == .evenOdd)
    #expect(clip.subpaths.flatMap(\.points).map { Point(x: $0.x, y: $0.y) } == [
      Point(x: 15, y: 10), Point(x: 25, y: 10), Point(x: 25, y: 30), Point(x: 15, y: 30),
    ])
    #expect(document.curves[0].group == document.groups[0].id)
  }

  /// A text in a clipPath clips by its glyphs' outlines, laid out as it is drawn (resvg's
  /// `clipping-with-text`): an H of 40 units at (10, 50) clips to its two stems and bar, which
  /// stand on the baseline and reach up by the cap height, about 0.73 of the size.
  @Test func aTextInAClipPathClipsByItsGlyphs() throws {
    let (document, repairs) = try imported("""
      <clipPath id="c"><text x="10" y="50" font-family="DejaVu Sans" font-size="40">H</text></clipPath>
      <rect width="100" height="100" clip-path="url(#c)"/>
      """)
    #expect(repairs == [])
    let clip = try #require(document.groups.first?.clip)
    let points = clip.subpaths.flatMap(\.points)
    #expect(clip.subpaths.count == 1 && points.count >= 12, "one outline of twelve corners: \(points.count)")
    let xs = points.map(\.x), ys = points.map(\.y)
    #expect(xs.min()! > 10 && xs.max()! < 45, "\(xs.min()!)...\(xs.max()!)")
    #expect(abs(ys.max()! - 50) < 0.01 && abs(ys.min()! - (50 - 0.73 * 40)) < 1, "\(ys.min()!)...\(ys.max()!)")
  }

  /// A text in a pattern's content is drawn in its tiles, glyphs among the shapes in their
  /// order (resvg's `pattern/text-child`); an image there is still left out, and said so.
  @Test func aTextInAPatternIsDrawnInItsTiles() throws {
    let (document, repairs) = try imported("""
      <pattern id="p" patternUnits="userSpaceOnUse" width="40" height="40">
        <rect width="40" height="40" fill="green"/><text x="2" y="30" font-family="DejaVu Sans" font-size="30">H</text>
        <image href="missing.png" width="10" height="10"/>
      </pattern>
      <rect width="100" height="100" fill="url(#p)"/>
      """)
    guard case let .pattern(pattern)? = document.curves.first?.style.fill else { Issue.record("no pattern"); return }
    #expect(pattern.curves.count == 2, "the rect, then the H")
    #expect(pattern.curves.first?.style.fill == .color(RGBColor(r: 0, g: 128, b: 0)))
    let ys = pattern.curves[1].subpaths.flatMap(\.points).map(\.y)
    #expect(abs(ys.max()! - 30) < 0.01 && abs(ys.min()! - (30 - 0.73 * 30)) < 1, "\(ys.min()!)...\(ys.max()!)")
    #expect(repairs.contains { $0.contains("images and other elements Curves does not draw are left out of the pattern") }, "\(repairs)")
  }

  /// A stroke painted by a box-relative gradient on a line, which has no height, takes the
  /// paint's fallback (resvg's `gradient-with-objectBoundingBox-and-fallback-on-lines`).
  @Test func aBoxRelativeGradientOnALineGivesWayToItsFallback() throws {
    let (document, _) = try imported("""
      <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <line x1="10" y1="50" x2="90" y2="50" stroke="url(#g) green"/><line x1="10" y1="60" x2="90" y2="60" stroke="url(#g)"/>
      """)
    #expect(document.curves.map(\.style.stroke) == [.color(RGBColor(r: 0, g: 128, b: 0)), CurveStyle.Paint.none])
  }

  /// A mask whose content is one shape with a mask of its own (resvg's `mask-on-child`): that
  /// mask masks the whole content, so it is the mask on the mask.
  @Test func aMaskWhoseContentIsOneMaskedShapeTakesItsMask() throws {
    let (document, _) = try imported("""
      <mask id="inner"><rect width="50" height="100" fill="white"/></mask>
      <mask id="outer"><rect width="100" height="100" fill="white" mask="url(#inner)"/></mask>
      <rect width="100" height="100" mask="url(#outer)"/>
      """)
    let mask = try #require(document.groups.first?.mask)
    #expect(mask.curves.count == 1)
    let inner = try #require(mask.mask, "the content's own mask")
    #expect(inner.curves.flatMap(\.subpaths).flatMap(\.points).map(\.x).max() == 50)
    #expect(inner.mask == nil)
  }

  /// Masks on masks deeper than a document holds are cut there, and said so: what is saved
  /// opens again.
  @Test func masksOnMasksDeeperThanADocumentHoldsAreCut() throws {
    let masks = (0..<20).map { index in
      #"<mask id="m\#(index)"\#(index < 19 ? #" mask="url(#m\#(index + 1))""# : "")><rect width="100" height="100" fill="white"/></mask>"#
    }
    let (document, repairs) = try imported(masks.joined() + #"<rect width="10" height="10" mask="url(#m0)"/>"#)
    var depth = 0, mask = document.groups.first?.mask
    while let current = mask { depth += 1; mask = current.mask }
    #expect(depth == Document.maximumMaskDepth)
    #expect(repairs.contains { $0.contains("masks on masks go deeper than 16") }, "\(repairs)")
    #expect(throws: Never.self) { try Document.decode(try document.encoded()) }
  }

  /// A picture in a mask's content is part of the mask (resvg's `mask/with-image`), placed in
  /// the document, and survives the document format.
  @Test func anImageInAMaskIsPartOfTheMask() throws {
    let white = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8//8/AwMDEwMDAwMDAwAkBgMB/DXemwAAAABJRU5ErkJggg=="
    let (document, repairs) = try imported("""
      <mask id="m"><image x="10" y="20" width="30" height="40" preserveAspectRatio="none" href="\(white)"/></mask>
      <g transform="translate(5 0)"><rect width="100" height="100" fill="green" mask="url(#m)"/></g>
      """)
    #expect(repairs == [])
    let mask = try #require(document.groups.first { $0.mask != nil }?.mask)
    #expect(mask.curves.isEmpty && mask.images.count == 1)
    let image = try #require(mask.images.first)
    #expect(image.href == white && image.x == 10 && image.width == 30 && image.transform == [1, 0, 0, 1, 5, 0])
    let read = try Document.decode(try document.encoded())
    #expect(read.groups.first { $0.mask != nil }?.mask?.images == [image])
  }

  /// A text with a filter of its own is drawn in a layer group that applies it, and takes its
  /// opacity, as a shape's; the kept text no longer says either, so the export writes them
  /// once, on the group.
  @Test func aTextWithItsOwnFilterIsDrawnInALayerGroup() throws {
    let (document, _) = try imported("""
      <filter id="b"><feGaussianBlur stdDeviation="2"/></filter>
      <text id="t" x="10" y="50" font-family="DejaVu Sans" font-size="30" opacity="0.5" style="fill:navy;filter:url(#b)">H</text>
      """)
    let group = try #require(document.groups.first)
    #expect(group.filter != nil && group.opacity == 0.5)
    #expect(group.id != "t" && group.label == "t", "the text keeps its id; the group is labelled by it")
    let text = try #require(document.kept.first { $0.name == "text" })
    #expect(text.group == group.id)
    #expect(!text.xml.contains("filter") && !text.xml.contains("opacity") && text.xml.contains("fill:navy"), "\(text.xml)")
    let glyphs = try #require(text.text?.curves)
    #expect(glyphs.allSatisfy { $0.style.opacity ?? 1 == 1 }, "the group takes the opacity")
    let svg = SVGExport.svg(for: document, pointLook: SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6))
    #expect(svg.components(separatedBy: #"id="t""#).count == 2, "one element named t: \(svg)")
  }

  /// A text in a `<use>` with a filter in its `style` (each of Inkscape's `filters.svg`
  /// samples): the layer group applies the filter; the kept text's wrappers no longer name
  /// it, or the export would filter it twice (its colours inverted back, in that file).
  @Test func aKeptTextInAFilteredUseIsFilteredOnceByItsGroup() throws {
    let (document, _) = try imported("""
      <filter id="invert"><feColorMatrix values="-1 0 0 0 1 0 -1 0 0 1 0 0 -1 0 1 0 0 0 1 0"/></filter>
      <defs><g id="sample" style="fill:navy"><rect width="20" height="20"/><text x="10" y="50">H</text></g></defs>
      <use href="#sample" x="5" style="filter:url(#invert);mask:url(#none);stroke:red"/>
      """)
    let group = try #require(document.groups.first { $0.filter != nil })
    let text = try #require(document.kept.first { $0.name == "text" })
    let groups = Dictionary(uniqueKeysWithValues: document.groups.map { ($0.id, $0) })
    #expect(Group.chain(of: text.group, in: groups).map(\.id).contains(group.id), "the text is in the filtered group")
    #expect(!text.xml.contains("filter") && !text.xml.contains("mask:"), "\(text.xml)")
    #expect(text.xml.contains("stroke:red") && text.xml.contains("fill:navy"), "what it inherits stays: \(text.xml)")
    let svg = SVGExport.svg(for: document, pointLook: .editorHandle)
    #expect(svg.components(separatedBy: "filter:url(#invert)").count == 1 && svg.components(separatedBy: "filter=").count == 2, "\(svg)")
  }

  /// An image with a clip of its own (Inkscape's `color-selector-hsx-symbolic.svg`: a rounded
  /// rectangle turned by −90°) is drawn in a layer group that clips it, as a shape is; the
  /// kept image no longer says it, so the export writes the clip once, on the group.
  @Test func anImageWithItsOwnClipIsDrawnInALayerGroup() throws {
    let white = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8//8/AwMDEwMDAwMDAwAkBgMB/DXemwAAAABJRU5ErkJggg=="
    let (document, repairs) = try imported("""
      <clipPath id="c"><rect x="-13" width="11" height="16" transform="rotate(-90)"/></clipPath>
      <image id="picture" width="16" height="16" href="\(white)" clip-path="url(#c)" transform="translate(0 1)"/>
      """)
    #expect(repairs == [])
    let group = try #require(document.groups.first)
    #expect(group.label == "picture")
    // The turned rectangle: x 0…16, y 2…13 before the image's own move (clips are where the
    // group's content is).
    let clip = try #require(group.clip)
    let box = Rect(enclosing: clip.subpaths.flatMap(\.points).map { Point(x: $0.x, y: $0.y) })
    #expect(box == Rect(minX: 0, minY: 3, maxX: 16, maxY: 14), "\(box)")
    let image = try #require(document.kept.first { $0.image != nil })
    #expect(image.group == group.id && image.image?.transform == [1, 0, 0, 1, 0, 1])
    #expect(!image.xml.contains("clip-path"), "\(image.xml)")
    let svg = SVGExport.svg(for: document, pointLook: .editorHandle)
    #expect(svg.components(separatedBy: "clip-path=").count == 2, "one clip-path: \(svg)")
  }

  /// `clip-rule` inherits into a clipPath from where it stands in the tree (resvg's
  /// `clip-rule-from-parent-node`), and the clipPath's own children may say otherwise.
  @Test func aClipRuleInheritsFromTheClipPathsAncestors() throws {
    let (document, _) = try imported("""
      <g clip-rule="evenodd"><clipPath id="c"><rect width="10" height="20"/></clipPath></g>
      <g clip-path="url(#c)"><rect width="50" height="50"/></g>
      """)
    #expect(document.groups.first?.clip?.rule == .evenOdd)
    let (own, _) = try imported("""
      <g clip-rule="evenodd"><clipPath id="c"><rect width="10" height="20" clip-rule="nonzero"/></clipPath></g>
      <g clip-path="url(#c)"><rect width="50" height="50"/></g>
      """)
    #expect(own.groups.first?.clip?.rule == .nonZero)
  }

  @Test func aBoxRelativeClipFollowsTheShapesBox() throws {
    let (document, _) = try imported("""
      <clipPath id="half" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>
      <rect x="20" y="10" width="40" height="20" clip-path="url(#half)"/>
      """)
    let points = try #require(document.groups.first?.clip).subpaths.flatMap(\.points).map { Point(x: $0.x, y: $0.y) }
    #expect(points == [Point(x: 20, y: 10), Point(x: 40, y: 10), Point(x: 40, y: 30), Point(x: 20, y: 30)])
  }

  /// A hidden shape is not drawn but is in its group's box, as SVG's bounding box has it.
  @Test func aHiddenShapeStillWidensItsGroupsBox() throws {
    let (document, _) = try imported("""
      <clipPath id="half" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>
      <g clip-path="url(#half)"><rect x="20" y="10" width="40" height="20" visibility="hidden"/><rect x="30" y="10" width="10" height="10"/></g>
      """)
    #expect(document.curves.count == 1)
    let points = try #require(document.groups.first?.clip).subpaths.flatMap(\.points).map { Point(x: $0.x, y: $0.y) }
    #expect(points == [Point(x: 20, y: 10), Point(x: 40, y: 10), Point(x: 40, y: 30), Point(x: 20, y: 30)])
  }

  /// A `mask` on a `<mask>` masks its content: kept as the mask's own mask; a chain that comes
  /// back round is left out, as resvg leaves it.
  @Test func aMaskOnAMaskIsKeptAndALoopIsNot() throws {
    let (document, _) = try imported("""
      <mask id="inner" style="mask-type: alpha"><rect width="50" height="100" fill="white"/></mask>
      <mask id="outer" mask="url(#inner)" maskUnits="userSpaceOnUse"><rect width="100" height="100" fill="white"/></mask>
      <rect width="100" height="100" mask="url(#outer)"/>
      """)
    let outer = try #require(document.groups.first?.mask)
    let inner = try #require(outer.mask)
    #expect(outer.usesLuminance && !inner.usesLuminance && inner.mask == nil)
    #expect(inner.curves.count == 1 && outer.allCurves.count == 2)
    let (looping, repairs) = try imported("""
      <mask id="a" mask="url(#b)"><rect width="100" height="100" fill="white"/></mask>
      <mask id="b" mask="url(#a)"><rect width="50" height="100" fill="white"/></mask>
      <rect width="100" height="100" mask="url(#b)"/>
      """)
    #expect(try #require(looping.groups.first?.mask).mask == nil)
    #expect(repairs.contains { $0.contains("url(#a) comes back to itself") })
  }

  @Test func aMaskKeepsItsCurvesRegionAndType() throws {
    let (document, _) = try imported("""
      <mask id="m" style="mask-type: alpha"><rect width="100" height="50" fill="white"/></mask>
      <g mask="url(#m)"><rect x="10" y="10" width="20" height="20"/></g>
      """)
    let mask = try #require(document.groups.first?.mask)
    #expect(!mask.usesLuminance)
    #expect(mask.curves.count == 1 && mask.curves[0].style.fill == .color(RGBColor(r: 255, g: 255, b: 255)))
    // The default region: -10% … 120% of the box (10, 10, 20 × 20).
    let region = try #require(mask.region)
    #expect([region.minX, region.minY, region.maxX, region.maxY].map { ($0 * 1e9).rounded() / 1e9 } == [8, 8, 32, 32])
  }

  /// The root's clip-path (and opacity) make a layer around everything, as a group's do.
  @Test func theRootsClipAndOpacityAreALayerAroundTheDrawing() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" clip-path="url(#c)" opacity="0.5">
      <clipPath id="c"><rect width="50" height="100"/></clipPath><rect width="100" height="100"/><rect width="10" height="10"/></svg>
      """
    let document = try SVGImport.document(from: Data(svg.utf8))
    let group = try #require(document.groups.first)
    #expect(document.groups.count == 1 && group.opacity == 0.5 && group.parent == nil)
    #expect(group.clip?.subpaths.flatMap(\.points).map { [$0.x, $0.y] } == [[0, 0], [50, 0], [50, 100], [0, 100]])
    #expect(document.curves.map(\.group) == [group.id, group.id])
    #expect(document.curves.map(\.style.opacity) == [1, 1], "the opacity is the layer's, not each shape's")
  }

  /// A mask's region on a turned shape is a turned rectangle: it clips the shape exactly.
  @Test func aMaskRegionTurnedWithItsShapeClipsItExactly() throws {
    let (document, _) = try imported("""
      <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="10" height="20"><rect width="100" height="100" fill="white"/></mask>
      <rect width="50" height="50" transform="rotate(90)" mask="url(#m)"/>
      """)
    let group = try #require(document.groups.first)
    let corners = try #require(group.clip).subpaths.flatMap(\.points).map { [($0.x * 1e9).rounded() / 1e9, ($0.y * 1e9).rounded() / 1e9] }
    #expect(corners == [[0, 0], [0, 10], [-20, 10], [-20, 0]])
    #expect(group.mask?.region == Rect(minX: -20, minY: 0, maxX: 0, maxY: 10))
  }

  /// On a turned `<g>`, the mask is in the group's own coordinates, turned with it.
  @Test func aMaskOnATurnedGroupIsInItsCoordinates() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
      <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="10" height="20"><rect width="100" height="100" fill="white"/></mask>
      <g transform="rotate(90)" mask="url(#m)"><rect width="50" height="50"/></g></svg>
      """
    let document = try SVGImport.document(from: Data(svg.utf8))
    let group = try #require(document.groups.first)
    #expect(group.transform == .rotate(degrees: 90) && group.clip == nil)
    #expect(group.mask?.region == Rect(minX: 0, minY: 0, maxX: 10, maxY: 20))
    #expect(document.inDrawingCoordinates().groups[0].mask?.region == Rect(minX: -20, minY: 0, maxX: 0, maxY: 10))
  }

  /// mix-blend-mode and isolation are CSS's own: set in `style`, not by an attribute.
  @Test func blendingIsSetByStyleNotByAnAttribute() throws {
    let (document, _) = try imported("""
      <rect width="10" height="10" mix-blend-mode="multiply" isolation="isolate"/>
      <rect width="10" height="10" style="mix-blend-mode: multiply"/>
      """)
    #expect(document.groups.map(\.blendMode) == ["multiply"])
    #expect(document.curves.map(\.group) == [nil, document.groups.first?.id])
  }

  @Test func aReferenceToNothingIsIgnoredAndReported() throws {
    let (document, repairs) = try imported(#"<rect width="10" height="10" clip-path="url(#nowhere)"/><rect width="5" height="5"/>"#)
    #expect(document.groups.isEmpty && document.curves.allSatisfy { $0.group == nil })
    #expect(repairs == ["<rect> on line 1: its clip-path url(#nowhere) is not a clipPath in the file, so it is not applied"])
  }

  @Test func groupsSurviveTheDocumentFormat() throws {
    let (document, _) = try imported("""
      <clipPath id="c"><circle cx="50" cy="50" r="40"/></clipPath><mask id="m"><rect width="100" height="100" fill="white"/></mask>
      <g id="outer" opacity="0.5" clip-path="url(#c)"><g id="inner" mask="url(#m)"><rect width="60" height="60"/><rect x="30" width="60" height="60"/></g></g>
      """)
    #expect(document.groups.map(\.id) == ["outer", "inner"])
    #expect(document.groups[1].parent == "outer")
    let decoded = try Document.decode(try document.encoded())
    #expect(decoded.groups == document.groups)
    #expect(decoded.curves.map(\.group) == ["inner", "inner"])
  }

  @Test func aCurveInAGroupThatIsNotThereIsRefused() throws {
    var (document, _) = try imported(#"<g opacity="0.5"><rect width="1" height="1"/><rect width="2" height="2"/></g>"#)
    document.groups = []
    #expect(throws: DocumentError.invalidGroup(id: "group-1", reason: "curve 1 is in it, but there is no such group")) {
      try Document.decode(try document.encoded())
    }
  }

  @Test func aDropShadowFilterIsKeptInDocumentUnits() throws {
    let (document, repairs) = try imported("""
      <filter id="shadow" filterUnits="userSpaceOnUse" x="0" y="0" width="50" height="40" color-interpolation-filters="sRGB">
        <feGaussianBlur in="SourceAlpha" stdDeviation="2 1" result="blur"/><feOffset dx="3" dy="4"/>
        <feFlood flood-color="navy" flood-opacity="0.5"/><feComposite in2="blur" operator="in"/>
        <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
      </filter>
      <g transform="scale(2)" filter="url(#shadow)"><rect width="10" height="10"/></g>
      """)
    #expect(repairs == [])
    let filter = try #require(document.groups.first?.filter)
    #expect(filter.region == Rect(minX: 0, minY: 0, maxX: 100, maxY: 80))
    #expect(!filter.usesLinearRGB)
    #expect(filter.primitives == [
      FilterPrimitive(.gaussianBlur(deviationX: 4, deviationY: 2), input: "SourceAlpha", result: "blur"),
      FilterPrimitive(.offset(dx: 6, dy: 8)),
      FilterPrimitive(.flood(color: RGBColor(r: 0, g: 0, b: 128), opacity: 0.5)),
      FilterPrimitive(.composite(operator: "in", k1: 0, k2: 0, k3: 0, k4: 0), input2: "blur"),
      FilterPrimitive(.merge(inputs: [nil, "SourceGraphic"])),
    ])
    #expect(try Document.decode(try document.encoded()).groups == document.groups)
  }

  @Test func aPrimitivesSubregionIsKeptInDocumentUnits() throws {
    let (document, _) = try imported("""
      <filter id="f" primitiveUnits="objectBoundingBox"><feFlood x="0.25" width="50%" flood-color="red"/></filter>
      <filter id="g"><feOffset y="5" height="10" dx="1"/></filter>
      <g transform="translate(10 20) scale(2)" filter="url(#f)"><rect width="20" height="10"/><rect y="20" width="20" height="10"/></g>
      <g transform="translate(10 20) scale(2)" filter="url(#g)"><rect width="20" height="10"/><rect y="20" width="20" height="10"/></g>
      """)
    #expect(document.groups.map { $0.filter?.primitives.first?.subregion } == [
      FilterSubregion(x: 20, width: 20),  // x: 10 + 2 · (0 + 0.25 · 20), width: 2 · 0.5 · 20
      FilterSubregion(y: 30, height: 20),
    ])
  }

  /// A filter takes what it lacks through its href: here the region's units and x from one
  /// filter, the primitives from another.
  @Test func aFilterTakesWhatItLacksThroughItsHref() throws {
    let (document, _) = try imported("""
      <filter id="base" filterUnits="userSpaceOnUse" x="5"><feOffset dx="3"/></filter>
      <filter id="f" href="#base" y="6" width="50" height="40"/>
      <g filter="url(#f)"><rect width="20" height="10"/><rect y="20" width="20" height="10"/></g>
      """)
    let filter = try #require(document.groups.first?.filter)
    #expect(filter.region == Rect(minX: 5, minY: 6, maxX: 55, maxY: 46))
    #expect(filter.primitives == [FilterPrimitive(.offset(dx: 3, dy: 0))])
  }

  @Test func anElementInAFilterThatIsNoPrimitiveIsPassedOverAndReported() throws {
    let (document, repairs) = try imported(#"<filter id="f"><title>soft</title><feFuzz/><feOffset dx="2"/></filter><rect width="10" height="10" filter="url(#f)"/>"#)
    #expect(document.groups.first?.filter?.primitives == [FilterPrimitive(.offset(dx: 2, dy: 0))])
    #expect(repairs == ["<rect> on line 1: its filter url(#f) has <feFuzz>, which is no filter primitive, so it is passed over"])
  }

  @Test func blendModesAndIsolationMakeLayersAndPaintOrderIsKept() throws {
    let (document, repairs) = try imported("""
      <g id="iso" style="isolation: isolate"><rect width="10" height="10" fill="red"/>
        <rect width="5" height="5" fill="blue" style="mix-blend-mode: multiply"/></g>
      <path d="M 0 0 H 10" stroke="black" paint-order="stroke markers"/>
      """)
    #expect(repairs == [])
    #expect(document.groups.map(\.id) == ["iso", "group-2"])
    #expect(document.groups[0].isolated && document.groups[1].blendMode == "multiply")
    #expect(document.groups[1].parent == "iso")
    #expect(document.curves[2].style.paintsStrokeFirst == true)
    #expect(try Document.decode(try document.encoded()).groups == document.groups)
    #expect(try Document.decode(try document.encoded()).curves[2].style.paintsStrokeFirst == true)
  }

  @Test func aNestedSVGHidesWhatReachesOutOfItsViewport() throws {
    let (document, _) = try imported("""
      <svg x="10" y="10" width="20" height="20"><rect width="50" height="5"/><rect width="5" height="5"/></svg>
      <svg x="40" y="40" width="20" height="20"><rect width="5" height="5"/></svg>
      <svg x="70" y="70" width="5" height="5" overflow="visible"><rect width="50" height="50"/></svg>
      """)
    // Only the first reaches out: one clip group, its clip the viewport.
    #expect(document.groups.count == 1)
    let clip = try #require(document.groups.first?.clip)
    #expect(clip.subpaths[0].points.map { Point(x: $0.x, y: $0.y) } == [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30), Point(x: 10, y: 30)])
    #expect(document.curves.map(\.group) == [document.groups[0].id, document.groups[0].id, nil, nil])
  }
}
