import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Filter primitives beyond the shadow's, and CSS's filter functions, through SVG import:
/// the operations and regions the document keeps, and the repairs resvg makes.
struct SVGFilterImportTests {
  func filters(_ body: String) throws -> [Filter?] {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\#(body)</svg>"#
    return try SVGImport.import(from: Data(svg.utf8)).document.groups.map(\.filter)
  }

  func operations(_ primitives: String) throws -> [FilterPrimitive.Operation] {
    let filter = try #require(try filters(#"<filter id="f">\#(primitives)</filter><rect width="10" height="10" filter="url(#f)"/>"#).first ?? nil)
    return filter.primitives.map(\.operation)
  }

  /// A `<use>` of a picture with a filter (Inkscape's `replace-hue.svg`): the picture's
  /// viewport is the group's box, so the default region (10% around it) is where it is seen.
  @Test func aFilteredPictureHasItsViewportForABox() throws {
    let white = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8//8/AwMDEwMDAwMDAwAkBgMB/DXemwAAAABJRU5ErkJggg=="
    let filter = try #require(try filters("""
      <filter id="f"><feColorMatrix type="hueRotate" values="90"/></filter>
      <image id="i" href="\(white)" width="20" height="10"/>
      <use href="#i" x="30" filter="url(#f)"/>
      """).first ?? nil)
    let region = filter.region, expected = [28.0, -1, 52, 11]
    #expect(zip([region.minX, region.minY, region.maxX, region.maxY], expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(region)")
    #expect(filter.primitives.count == 1)
  }

  /// Inkscape 0.91's blend modes: a filter of one `feBlend` over `BackgroundImage`, read as
  /// the `mix-blend-mode` it stands for, mixed in the filter's colour space (linear RGB
  /// unless it says sRGB), and said so; any other use of `BackgroundImage` is still
  /// SourceGraphic.
  @Test func aLoneBlendOverTheBackgroundIsABlendModeInTheFiltersColourSpace() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <filter id="screen"><feBlend mode="screen" in2="BackgroundImage"/></filter>
        <filter id="two"><feBlend mode="screen" in2="BackgroundImage"/><feOffset dx="2"/></filter>
        <filter id="srgb" color-interpolation-filters="sRGB"><feBlend mode="multiply" in2="BackgroundImage"/></filter>
        <rect width="10" height="10" fill="red"/>
        <circle id="c" r="8" fill="lime" style="filter:url(#screen)"/>
        <circle r="8" fill="blue" filter="url(#two)"/>
        <circle r="8" fill="blue" filter="url(#srgb)"/>
      </svg>
      """#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(document.groups.count == 3)
    #expect(document.groups[0].blendMode == "screen" && document.groups[0].blendsInLinearRGB && document.groups[0].filter == nil)
    #expect(document.groups[1].blendMode == nil && !document.groups[1].blendsInLinearRGB && document.groups[1].filter?.primitives.count == 2)
    #expect(document.groups[2].blendMode == "multiply" && !document.groups[2].blendsInLinearRGB)
    #expect(repairs.contains { $0.contains("url(#screen)") && $0.contains("mix-blend-mode: screen") && $0.contains("linear RGB") }, "\(repairs)")
    #expect(repairs.contains { $0.contains("url(#srgb)") && $0.contains("mixed in sRGB") }, "\(repairs)")
    // Written back as what it is drawn with: the filter where the blend mixes in linear RGB
    // (mix-blend-mode cannot say so), the blend mode where it mixes in sRGB.
    let exported = SVGExport.svg(for: document, pointLook: .editorHandle)
    let blendID = document.groups[0].id
    #expect(exported.contains(#"<filter id="\#(blendID)-blend">"#))
    #expect(exported.contains(#"<feBlend mode="screen" in2="BackgroundImage"/>"#))
    #expect(exported.contains(#"filter="url(#\#(blendID)-blend)""#))
    #expect(!exported.contains("mix-blend-mode:screen"))
    #expect(exported.contains("mix-blend-mode:multiply"))
    // Read again, the same blends.
    let again = try SVGImport.import(from: Data(exported.utf8)).document
    #expect(again.groups.map(\.blendMode) == ["screen", nil, "multiply"])
    #expect(again.groups.map(\.blendsInLinearRGB) == [true, false, false])
  }

  @Test func aChannelsLastKnownFunctionWins() throws {
    let operations = try operations("""
      <feComponentTransfer>
        <feFuncR type="table" tableValues="0 1"/><feFuncR type="discrete" tableValues="1 0"/><feFuncR type="fuzzy"/>
        <feFuncB type="gamma" exponent="2"/><feFuncA type="table" tableValues="1px"/>
      </feComponentTransfer>
      """)
    #expect(operations == [.componentTransfer(
      red: .discrete([1, 0]), green: .identity, blue: .gamma(amplitude: 1, exponent: 2, offset: 0), alpha: .table([])
    )])
  }

  /// Lengths go through the element's whole transform: under a quarter turn an offset along
  /// x falls along y and a blur's two deviations swap; under a skew the offset leans with the
  /// element (resvg's `filters/feOffset/complex-transform.svg`) and the blur spreads along x
  /// by its skewed covariance, √(1 + tan²30°) = 1.1547.
  @Test func offsetsTurnWithTheElementAndDeviationsSpreadAsItsCovariance() throws {
    let turned = try #require(try filters("""
      <filter id="f"><feOffset dx="10" dy="0"/><feGaussianBlur stdDeviation="4 1"/><feMorphology radius="3 1"/></filter>
      <rect width="10" height="10" filter="url(#f) drop-shadow(2px 0 1px)" transform="rotate(90)"/>
      """).first ?? nil)
    let operations = turned.primitives.map(\.operation)
    guard case let .offset(dx, dy) = operations[0], case let .gaussianBlur(x, y) = operations[1],
      case let .morphology(_, radiusX, radiusY) = operations[2], case let .dropShadow(shadowX, shadowY, _, _, _, _) = operations[3]
    else { Issue.record("operations: \(operations)"); return }
    #expect(abs(dx) < 1e-12 && abs(dy - 10) < 1e-12)
    #expect(abs(x - 1) < 1e-12 && abs(y - 4) < 1e-12)
    #expect(abs(radiusX - 1) < 1e-12 && abs(radiusY - 3) < 1e-12)
    #expect(abs(shadowX) < 1e-12 && abs(shadowY - 2) < 1e-12)

    let skewed = try #require(try filters("""
      <filter id="f"><feOffset dx="20" dy="40"/><feGaussianBlur stdDeviation="1"/></filter>
      <rect width="10" height="10" filter="url(#f)" transform="skewX(30)"/>
      """).first ?? nil)
    guard case let .offset(skewedX, skewedY) = skewed.primitives[0].operation,
      case let .gaussianBlur(spreadX, spreadY) = skewed.primitives[1].operation
    else { Issue.record("operations: \(skewed.primitives)"); return }
    #expect(abs(skewedX - (20 + 40 * tan(Double.pi / 6))) < 1e-9 && abs(skewedY - 40) < 1e-12)
    #expect(abs(spreadX - 1.1547005383792515) < 1e-9 && abs(spreadY - 1) < 1e-12)
  }

  @Test func aMorphologyRadiusThatIsNoneIsOne() throws {
    let operations = try operations("""
      <feMorphology operator="dilate" radius="2 3"/><feMorphology radius="0 4"/><feMorphology radius="-1"/><feMorphology/>
      """)
    #expect(operations == [
      .morphology(dilates: true, radiusX: 2, radiusY: 3), .morphology(dilates: false, radiusX: 1, radiusY: 4),
      .morphology(dilates: false, radiusX: 1, radiusY: 1), .morphology(dilates: false, radiusX: 1, radiusY: 1),
    ])
  }

  @Test func aConvolveMatrixInErrorIsTransparent() throws {
    let operations = try operations("""
      <feConvolveMatrix order="2 1" kernelMatrix="1 2" targetX="1" edgeMode="wrap" preserveAlpha="true"/>
      <feConvolveMatrix kernelMatrix="1 2 3"/>
      <feConvolveMatrix kernelMatrix="1 1 1 1 1 1 1 1 1" divisor="0"/>
      <feConvolveMatrix kernelMatrix="1 1 1 1 1 1 1 1 1" targetY="3"/>
      """)
    let transparent = FilterPrimitive.Operation.flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0)
    #expect(operations == [
      .convolveMatrix(ConvolveMatrix(columns: 2, rows: 1, kernel: [1, 2], targetX: 1, targetY: 0, edgeMode: "wrap", preservesAlpha: true)),
      transparent, transparent, transparent,
    ])
  }

  @Test func turbulenceKeepsTheSpaceItsFrequenciesAreIn() throws {
    let filters = try filters("""
      <filter id="f"><feTurbulence baseFrequency="0.05 0.1" numOctaves="2.6" seed="-3.7" type="fractalNoise" stitchTiles="stitch"/></filter>
      <filter id="g"><feTurbulence baseFrequency="0.05 -0.1" numOctaves="-2"/></filter>
      <rect width="10" height="10" transform="translate(5 0) scale(2)" filter="url(#f)"/>
      <rect width="10" height="10" filter="url(#g)"/>
      """)
    let space = Affine(a: 0.5, b: 0, c: 0, d: 0.5, e: -2.5, f: 0)
    #expect(filters.map { $0?.primitives.map(\.operation) } == [
      [.turbulence(Turbulence(baseFrequencyX: 0.05, baseFrequencyY: 0.1, octaves: 3, seed: -3, isFractalNoise: true, stitchesTiles: true, space: space))],
      [.turbulence(Turbulence(baseFrequencyX: 0, baseFrequencyY: 0, octaves: 0))],
    ])
  }

  @Test func aLightIsPlacedInTheDocumentAndOnlyOneIsUsed() throws {
    let operations = try filters("""
      <filter id="f" color="lime">
        <feDiffuseLighting surfaceScale="2" diffuseConstant="3" lighting-color="currentColor">
          <desc>first the light</desc><fePointLight x="10" y="20" z="30"/><feDistantLight/>
        </feDiffuseLighting>
        <feSpecularLighting specularExponent="200"><feDistantLight/></feSpecularLighting>
        <feSpecularLighting/>
      </filter>
      <rect width="10" height="10" transform="translate(5 0) scale(2)" filter="url(#f)"/>
      """).first??.primitives.map(\.operation)
    let transparent = FilterPrimitive.Operation.flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0)
    #expect(operations == [
      .lighting(SurfaceLighting(isSpecular: false, surfaceScale: 2, constant: 3, color: RGBColor(r: 0, g: 255, b: 0), light: .point(x: 25, y: 40, z: 60))),
      transparent, transparent,
    ])
  }

  /// `kernelUnitLength` is kept in the document's units (scaled with the element); two
  /// numbers that differ are their mean, and one that is not a positive number is a pixel,
  /// each said so.
  @Test func aLightsKernelUnitLengthIsKeptInTheDocumentsUnits() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <filter id="one"><feDiffuseLighting kernelUnitLength="1.5"><feDistantLight/></feDiffuseLighting></filter>
        <filter id="two"><feDiffuseLighting kernelUnitLength="1 3"><feDistantLight/></feDiffuseLighting></filter>
        <filter id="bad"><feSpecularLighting kernelUnitLength="-1"><feDistantLight/></feSpecularLighting></filter>
        <rect width="10" height="10" transform="scale(2)" filter="url(#one)"/>
        <rect width="10" height="10" filter="url(#two)"/>
        <rect width="10" height="10" filter="url(#bad)"/>
      </svg>
      """#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    let lengths = document.groups.map { group -> Double? in
      guard case let .lighting(lighting) = group.filter?.primitives.first?.operation else { return -1 }
      return lighting.kernelUnitLength
    }
    #expect(lengths == [3, 2, nil])
    #expect(repairs.contains { $0.contains(#"kernelUnitLength "1 3" differs"#) }, "\(repairs)")
    #expect(repairs.contains { $0.contains(#"kernelUnitLength "-1" is not one or two positive numbers"#) }, "\(repairs)")
    // Written back in the document's units.
    #expect(SVGExport.svg(for: document, pointLook: .editorHandle).contains(#"kernelUnitLength="3""#))
  }

  /// An feImage naming an element draws it as an SVG document of its own, its user space's
  /// origin at the subregion's top left (the filter's region by default); one naming a
  /// file draws it fitted into the subregion.
  @Test func anImageIsItsFileOrTheElementItNames() throws {
    let png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    let filters = try filters("""
      <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="50" height="40">
        <feImage href="#dot"/><feImage href="\(png)" x="5" y="6" width="7" height="8" preserveAspectRatio="none"/>
        <feImage href="#nothing"/>
      </filter>
      <circle id="dot" cx="3" cy="4" r="2" filter="url(#f)"/>
      """)
    let operations = try #require(filters.first??.primitives.map(\.operation))
    guard case let .image(element) = operations[0], case let .image(file) = operations[1] else {
      Issue.record("two images expected: \(operations)")
      return
    }
    #expect([element.x, element.y, element.width, element.height] == [0, 0, 50, 40])
    let svg = try #require(Data(base64Encoded: String(element.href.dropFirst("data:image/svg+xml;base64,".count))).map { String(decoding: $0, as: UTF8.self) })
    #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="40" viewBox="0 0 50 40">"#))
    #expect(svg.hasSuffix(#"<circle cx="3" cy="4" id="dot" r="2"/></svg>"#), "without its own filter")
    #expect(file == KeptImage(href: png, x: 5, y: 6, width: 7, height: 8, preserveAspectRatio: "none", transform: [1, 0, 0, 1, 0, 0], opacity: 1, group: nil))
    #expect(operations[2] == .flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0), "naming nothing: transparent")
  }

  @Test func numbersPastWhatAPrimitiveCanUseAreRepaired() throws {
    let operations = try operations("""
      <feConvolveMatrix order="4e9" kernelMatrix="1"/><feConvolveMatrix kernelMatrix="1 1 1 1 1 1 1 1 1" targetX="1e30"/>
      <feTurbulence baseFrequency="0.1" numOctaves="1e30" seed="1e30"/>
      """)
    let transparent = FilterPrimitive.Operation.flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 0)
    #expect(operations == [
      transparent, transparent,
      .turbulence(Turbulence(baseFrequencyX: 0.1, baseFrequencyY: 0.1, octaves: 24, seed: 2_147_483_647)),
    ])
  }

  @Test func aListWithAnEmptyFilterDrawsNothing() throws {
    // A region of no width: the filter draws nothing, and the blur after it has nothing to read.
    let filter = try #require(try filters(#"<filter id="e" width="0"><feOffset/></filter><rect width="10" height="10" filter="url(#e) blur(2)"/>"#).first ?? nil)
    #expect(filter.primitives.isEmpty)
  }

  /// flood-color is not inherited but for `inherit` (from the filter); its opacity may be a
  /// percentage (SVG 2).
  @Test func aFloodsColourInheritsOnlyWhenAskedAndItsOpacityMayBeAPercentage() throws {
    let filters = try filters("""
      <filter id="f" flood-color="green"><feFlood flood-color="inherit" flood-opacity="50%"/><feFlood/></filter>
      <rect width="10" height="10" filter="url(#f)"/>
      """)
    #expect(filters.first??.primitives.map(\.operation) == [
      .flood(color: RGBColor(r: 0, g: 128, b: 0), opacity: 0.5), .flood(color: RGBColor(r: 0, g: 0, b: 0), opacity: 1),
    ])
  }

  /// A primitive's own color-interpolation-filters is kept where it differs from its
  /// filter's; a chain's items each mix in their own filter's space.
  @Test func eachPrimitiveMixesInItsOwnSpace() throws {
    let filters = try filters("""
      <filter id="f"><feGaussianBlur stdDeviation="1" color-interpolation-filters="sRGB"/><feOffset style="color-interpolation-filters: linearRGB"/></filter>
      <rect width="10" height="10" filter="url(#f)"/>
      <rect x="20" width="10" height="10" filter="url(#f) grayscale(1)"/>
      """)
    #expect(filters[0]?.primitives.map(\.usesLinearRGB) == [false, nil])
    #expect(filters[1]?.usesLinearRGB == true)
    #expect(filters[1]?.primitives.map(\.usesLinearRGB) == [false, nil, false], "the grayscale in sRGB, as a function is")
  }

  @Test func aBlurFunctionSpreadsOverHalfTheBoxEachWay() throws {
    let filter = try #require(try filters(#"<rect x="20" y="20" width="40" height="20" filter="blur(2mm)"/>"#).first ?? nil)
    #expect(filter.region == Rect(minX: 0, minY: 10, maxX: 80, maxY: 50))
    #expect(!filter.usesLinearRGB, "functions mix in sRGB")
    let deviation = 2 * 96 / 25.4
    #expect(filter.primitives == [FilterPrimitive(.gaussianBlur(deviationX: deviation, deviationY: deviation))])
  }

  @Test func colourFunctionsAreTheirMatricesAndTransfers() throws {
    let filter = try #require(try filters(#"<rect width="50" height="50" filter="invert(25%)"/>"#).first ?? nil)
    #expect(filter.region == Rect(minX: -5, minY: -5, maxX: 55, maxY: 55), "a tenth of the box each way")
    #expect(filter.primitives.map(\.operation) == [.componentTransfer(red: .table([0.25, 0.75]), green: .table([0.25, 0.75]), blue: .table([0.25, 0.75]), alpha: .identity)])
  }

  @Test func aDropShadowWithoutAColourTakesTheElementsColour() throws {
    let filter = try #require(try filters(#"<rect width="50" height="50" color="red" filter="drop-shadow(2 3)"/>"#).first ?? nil)
    #expect(filter.primitives.map(\.operation) == [.dropShadow(dx: 2, dy: 3, deviationX: 0, deviationY: 0, color: RGBColor(r: 255, g: 0, b: 0), opacity: 1)])
  }

  /// Two items are one chain: the second reads the first's result, inside its own region.
  @Test func aListIsOneChainEachItemInItsRegion() throws {
    let filter = try #require(try filters("""
      <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100">
        <feOffset in="SourceGraphic" dx="5" result="moved"/><feMerge><feMergeNode in="moved"/><feMergeNode in="SourceGraphic"/></feMerge>
      </filter>
      <rect x="10" y="10" width="50" height="50" filter="grayscale(1) url(#f)"/>
      """).first ?? nil)
    #expect(filter.region == Rect(minX: 0, minY: 0, maxX: 100, maxY: 100))
    let whole = FilterSubregion(x: 0, y: 0, width: 100, height: 100)
    #expect(filter.primitives.map(\.input) == [nil, "curves-filter-1", nil])
    #expect(filter.primitives.map(\.result) == ["curves-filter-1", "curves-filter-1-moved", nil])
    #expect(filter.primitives.last?.operation == .merge(inputs: ["curves-filter-1-moved", "curves-filter-1"]))
    #expect(filter.primitives.dropFirst().map(\.subregion) == [whole, whole])
  }

  @Test func aListInErrorIsNotAppliedAndSaysSo() throws {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" filter="blur(1) fuzz(2)"/></svg>"#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(document.groups.isEmpty)
    #expect(repairs.contains { $0.contains("its filter is not applied") })
  }

  /// Inputs as resvg reads them: those SVG 2 dropped are the source graphic, a name no
  /// earlier primitive gives is the previous result; each said so.
  @Test func inputsNoneCanDrawAreReadAsResvgReadsThem() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg"><filter id="f">
        <feGaussianBlur in="FillPaint" stdDeviation="2" result="blurred"/><feOffset in="later" dx="3"/>
        <feMerge><feMergeNode in="blurred"/><feMergeNode in="BackgroundAlpha"/></feMerge><feOffset result="later"/>
      </filter><rect width="5" height="5" filter="url(#f)"/></svg>
      """
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    let filter = try #require(document.groups.first?.filter)
    #expect(filter.primitives.map(\.input) == ["SourceGraphic", nil, nil, nil])
    #expect(filter.primitives[2].operation == .merge(inputs: ["blurred", "SourceGraphic"]))
    #expect(repairs.contains { $0.contains(#"has in="FillPaint", which SVG 2 dropped, so it reads SourceGraphic"#) })
    #expect(repairs.contains { $0.contains(#"has in="later", a result no earlier primitive gives, so it reads the previous one"#) })
  }

  /// A filtered shape's opacity is its group's, applied to what the filter made.
  @Test func aFilteredShapesOpacityComesAfterTheFilter() throws {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" opacity="0.5" filter="blur(1)"/></svg>"#
    let document = try SVGImport.import(from: Data(svg.utf8)).document
    #expect(document.groups.map(\.opacity) == [0.5])
    #expect(document.curves.map { $0.style.opacity ?? 1 } == [1])
  }
}
