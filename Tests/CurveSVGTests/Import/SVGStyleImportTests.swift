import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// How SVG import styles its curves: presentation attributes, `style`, style sheets, the
/// cascade and inheritance, colours, opacities and widths.
struct SVGStyleImportTests {
  func imported(_ body: String, root: String = "") throws -> (styles: [CurveStyle], repairs: [String]) {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"\#(root)>\#(body)</svg>"#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    // As drawn: what `display:none` keeps hidden is not.
    let hidden = ObjectTree(groups: document.groups).hiddenGroups
    let drawn = document.inDrawingCoordinates().curves.filter { !$0.isHidden && !($0.group.map(hidden.contains) ?? false) }
    return (drawn.map(\.style), repairs)
  }

  func styles(_ body: String) throws -> [CurveStyle] { try imported(body).styles }

  func color(_ hex: String) -> CurveStyle.Paint { .color(RGBColor(hex: hex)!) }

  /// SVG's defaults, every field given.
  let defaults = CurveStyle(
    fill: .color(RGBColor(r: 0, g: 0, b: 0)), fillRule: .nonZero, fillOpacity: 1, stroke: CurveStyle.Paint.none, strokeWidth: 1,
    strokeOpacity: 1, opacity: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 4
  )

  @Test func everyFieldIsGivenWithSVGsDefaults() throws {
    #expect(try styles(#"<rect width="1" height="1"/>"#) == [defaults])
  }

  /// Each property is found by its name, and nothing else is.
  @Test func propertiesAreFoundByName() {
    for property in SVGProperty.allCases { #expect(SVGProperty.named(property.rawValue) == property) }
    for name in ["", "fil", "fills", "Fill", "stroke-widths", String(repeating: "x", count: 80)] { #expect(SVGProperty.named(name) == nil) }
  }

  @Test func presentationAttributes() throws {
    let style = try styles("""
      <path d="M0 0 L1 1" fill="#2e3436" fill-rule="evenodd" fill-opacity="0.5" stroke="#fff" stroke-width="2"
        stroke-opacity="25%" stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="8" opacity=".75"/>
      """)[0]
    #expect(style == CurveStyle(
      fill: color("#2e3436"), fillRule: .evenOdd, fillOpacity: 0.5, stroke: color("#ffffff"), strokeWidth: 2,
      strokeOpacity: 0.25, opacity: 0.75, lineCap: .round, lineJoin: .bevel, miterLimit: 8
    ))
  }

  @Test func theStyleAttributeWinsOverPresentationAttributes() throws {
    let style = try styles(#"<path d="M0 0 L1 1" fill="red" stroke="blue" style="fill: lime; stroke-width:3px ; opacity:0.5"/>"#)[0]
    #expect(style.fill == color("#00ff00") && style.stroke == color("#0000ff") && style.strokeWidth == 3 && style.opacity == 0.5)
  }

  @Test func fillNoneAndNoStrokeIsStillACurve() throws {
    let style = try styles(#"<path d="M0 0 L1 1" fill="none"/>"#)
    #expect(style.count == 1)
    #expect(style[0].fill == CurveStyle.Paint.none && style[0].stroke == CurveStyle.Paint.none)
  }

  @Test func colours() throws {
    let fills = try styles("""
      <line x2="1" fill="#abc"/><line x2="1" fill="#A0B1C2"/><line x2="1" fill="rgb(255, 0, 10)"/>
      <line x2="1" fill="rgb(18.039216%,20.392157%,21.176471%)"/><line x2="1" fill="DarkSlateGray"/>
      <line x2="1" fill="rebeccapurple"/><line x2="1" fill="rgb(300 -5 12.6)"/><line x2="1" fill="hsl(120, 100%, 25%)"/>
      <g fill="red"><line x2="1" fill="rgb(0, 50%, 0)"/></g>
      """).map(\.fill)
    #expect(fills == [
      color("#aabbcc"), color("#a0b1c2"), color("#ff000a"), color("#2e3436"), color("#2f4f4f"), color("#663399"),
      color("#ff000d"), color("#008000"), color("#ff0000"),
    ])
    // Alpha in a colour multiplies the opacity of what it paints.
    let alpha = try styles(##"<line x2="1" fill="rgba(0,0,255,0.5)" fill-opacity="0.5" stroke="#ff000080"/>"##)[0]
    #expect(alpha.fill == color("#0000ff") && alpha.fillOpacity == 0.25)
    #expect(alpha.stroke == color("#ff0000") && alpha.strokeOpacity == 128.0 / 255)
    let short = try styles(##"<line x2="1" fill="#0F08"/>"##)[0]
    #expect(short.fill == color("#00ff00") && short.fillOpacity == 0x88 / 255.0)
  }

  @Test func allTheNamedColours() throws {
    // A sample, and the count: SVG 1.1's 147 names and rebeccapurple.
    let names = ["aliceblue": "#f0f8ff", "yellowgreen": "#9acd32", "grey": "#808080", "LightGoldenRodYellow": "#fafad2", "navy": "#000080"]
    for (name, hex) in names {
      #expect(try styles(#"<line x2="1" fill="\#(name)"/>"#)[0].fill == color(hex), "\(name)")
    }
  }

  @Test func currentColorIsTheColorProperty() throws {
    let style = try styles(##"<g color="#123456"><path d="M0 0 L1 1" fill="currentColor" style="stroke: currentcolor; color: rgb(0,0,255)"/></g>"##)[0]
    #expect(style.fill == color("#0000ff") && style.stroke == color("#0000ff"))
    // Inherited as the keyword: each shape's own color.
    let inherited = try styles(#"<g fill="currentColor" color="red"><line x2="1"/><line x2="1" color="green"/></g>"#)
    #expect(inherited.map(\.fill) == [color("#ff0000"), color("#008000")])
  }

  @Test func inheritanceDownTheTree() throws {
    let style = try styles("""
      <g fill="red" stroke="black" stroke-width="2" fill-rule="evenodd" opacity="0.5">
        <g stroke-linecap="square" opacity="0.5"><path d="M0 0 L1 1" fill="inherit" opacity="0.8"/></g>
      </g>
      """)[0]
    #expect(style.fill == color("#ff0000") && style.stroke == color("#000000") && style.strokeWidth == 2)
    #expect(style.fillRule == .evenOdd && style.lineCap == .square)
    // Opacity is not inherited: each group's is its own layer's.
    #expect(style.opacity == 0.8)
  }

  @Test func strokeWidthScalesWithTheTransform() throws {
    let widths = try styles("""
      <g stroke-width="2" transform="scale(3)"><line x2="1" stroke="red"/><line x2="1" transform="scale(2 8)"/></g>
      <line x2="1" stroke-width="10%"/>
      """).map(\.strokeWidth)
    #expect(widths == [6, 24, 10])
  }

  @Test func styleSheetsBySelector() throws {
    let style = """
      <style type="text/css"><![CDATA[
        /* a comment { fill: red } */
        path { fill: #111111 }
        .warning { fill: #ff7800; stroke: #000 }
        path.warning.big { stroke-width: 4 }
        #logo { fill: #222222 !important }
        * { stroke-linejoin: round }
        g.layer > circle { fill: #333333 }
        svg rect { fill: #444444 }
        ellipse:first-child, polygon[data-kind="star"] { fill: #555555 }
        @media print { path { fill: white } }
        line + line { fill: red }
      ]]></style>
      """
    let (styles, repairs) = try imported(style + """
      <path d="M0 0 L1 1"/>
      <path class="warning big" d="M0 0 L1 1"/>
      <path id="logo" class="warning" d="M0 0 L1 1" style="fill: green"/>
      <g class="layer"><circle r="1"/><g><circle r="1"/></g></g>
      <rect width="1" height="1" fill="red"/>
      <g><ellipse rx="1" ry="1"/><polygon points="0 0 1 1" data-kind="star"/></g>
      """)
    #expect(styles.map(\.fill) == [
      color("#111111"), color("#ff7800"), color("#222222"), color("#333333"), color("#000000"), color("#444444"), color("#555555"),
      color("#555555"),
    ])
    let none = CurveStyle.Paint.none
    #expect(styles.map(\.stroke) == [none, color("#000000"), color("#000000"), none, none, none, none, none])
    #expect(styles[1].strokeWidth == 4 && styles[2].strokeWidth == 1)
    #expect(styles.allSatisfy { $0.lineJoin == .round })
    #expect(repairs == [#"the style sheet's selector "line + line" uses what Curves does not match; its rule is left out"#])
  }

  @Test func theCascadeOrder() throws {
    // Presentation attribute < sheet (by specificity, then order) < style attribute < !important.
    let fills = try styles("""
      <style>
        .a { fill: #000001 } path { fill: #000002 } .a { fill: #000003 }
        .b { fill: #000004 !important }
      </style>
      <path class="a" d="M0 0 L1 1" fill="red"/>
      <path class="a" d="M0 0 L1 1" style="fill: #000005"/>
      <path class="a b" d="M0 0 L1 1" style="fill: #000005"/>
      <path class="b" d="M0 0 L1 1" style="fill: #000006 !important"/>
      """).map(\.fill)
    #expect(fills == [color("#000003"), color("#000005"), color("#000004"), color("#000006")])
  }

  @Test func invalidValuesAreIgnoredAndTheNextOneCounts() throws {
    let (styles, repairs) = try imported(##"<g fill="blue"><path d="M0 0 L1 1" fill="#12" style="stroke: wobbly; stroke-width: thick; fill-rule: odd"/></g>"##)
    #expect(styles[0].fill == color("#0000ff") && styles[0].stroke == CurveStyle.Paint.none && styles[0].strokeWidth == 1)
    #expect(repairs == [
      ##"<path> on line 1: fill="#12" is ignored: it is not a valid fill"##,
      "<path> on line 1: the style attribute's fill-rule: odd is ignored: it is not a valid fill-rule",
      "<path> on line 1: the style attribute's stroke: wobbly is ignored: it is not a valid stroke",
      "<path> on line 1: the style attribute's stroke-width: thick is ignored: it is not a valid stroke-width",
    ])
  }

  @Test func gradientsAndPatternsAreKeptAndOtherReferencesFallBack() throws {
    let (styles, repairs) = try imported("""
      <defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
      <pattern id="pattern" width="1" height="1"><rect width="1" height="1"/></pattern></defs>
      <path id="p1" d="M0 0 L1 1" fill="url(#pattern) #00ff00"/>
      <path d="M0 0 L1 1" fill="url(#g)" stroke="url('#g')"/>
      <path d="M0 0 L1 1" fill="url(#nowhere)" stroke="url(#nowhere) red"/>
      <path d="M0 0 L1 1" fill="url(#p1)"/>
      """)
    let gradient = Gradient(
      id: "g", geometry: .linear(x1: 0, y1: 0, x2: 1, y2: 0),
      stops: [Gradient.Stop(offset: 0, color: RGBColor(r: 255, g: 0, b: 0)), Gradient.Stop(offset: 1, color: RGBColor(r: 0, g: 0, b: 255))]
    )
    guard case let .pattern(pattern)? = styles[0].fill else {
      Issue.record("the pattern is not kept: \(String(describing: styles[0].fill))")
      return
    }
    #expect(pattern.tile == Rect(minX: 0, minY: 0, maxX: 1, maxY: 1) && pattern.curves.map(\.style.fill) == [color("#000000")])
    #expect(styles.dropFirst().map(\.fill) == [.gradient(gradient), CurveStyle.Paint.none, CurveStyle.Paint.none])
    #expect(styles[1].stroke == .gradient(gradient) && styles[2].stroke == color("#ff0000"))
    #expect(repairs == [
      "<path> on line 5: its fill url(#nowhere), which is not in the file, is not valid: it paints nothing",
      "<path> on line 5: its stroke url(#nowhere), which is not in the file, is not valid: its fallback is used",
      "<path> on line 6: its fill url(#p1), which is not a gradient or pattern, is not valid: it paints nothing",
    ])
  }

  @Test func gradientsOfNoStopOrOneAreExact() throws {
    let (styles, repairs) = try imported("""
      <linearGradient id="none"/>
      <radialGradient id="one"><stop offset="0.5" style="stop-color: #336699; stop-opacity: 0.5"/></radialGradient>
      <linearGradient id="linked" href="#one"/>
      <path d="M0 0 L1 1" fill="url(#none) red"/>
      <path d="M0 0 L1 1" fill="url(#one)" fill-opacity="0.5"/>
      <path d="M0 0 L1 1" stroke="url(#linked)"/>
      """)
    #expect(repairs == [])
    #expect(styles[0].fill == CurveStyle.Paint.none)
    #expect(styles[1].fill == color("#336699") && styles[1].fillOpacity == 0.25)
    #expect(styles[2].stroke == color("#336699") && styles[2].strokeOpacity == 0.5)
  }

  @Test func conditionalProcessing() throws {
    let fills = try styles("""
      <switch>
        <rect width="1" height="1" fill="#000001" systemLanguage="is"/>
        <rect width="1" height="1" fill="#000002" requiredExtensions="http://example.com/x"/>
        <rect width="1" height="1" fill="#000003" systemLanguage="ru, en-GB"/>
        <rect width="1" height="1" fill="#000004"/>
      </switch>
      <rect width="1" height="1" fill="#000005" systemLanguage="fr"/>
      <rect width="1" height="1" fill="#000006" systemLanguage="en"/>
      """).map(\.fill)
    #expect(fills == [color("#000003"), color("#000006")])
  }

  @Test func theTransformProperty() throws {
    let document = try SVGImport.document(from: Data("""
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><style>#a { transform: translate(10px, 5px) rotate(90deg) }</style>
      <line id="a" x2="10" transform="scale(3)"/><line x2="10" style="transform: scale(2)"/></svg>
      """.utf8))
    let points = document.curves.map { $0.points.map { Point(x: $0.x, y: $0.y) } }
    #expect(points[0] == [Point(x: 10, y: 5), Point(x: 10, y: 15)])
    #expect(points[1] == [Point(x: 0, y: 0), Point(x: 20, y: 0)])
  }

  @Test func aNegativeStrokeWidthDrawsNoStroke() throws {
    let (styles, repairs) = try imported(#"<rect width="1" height="1" stroke="red" stroke-width="-2"/>"#)
    #expect(styles[0].strokeWidth == 0)
    #expect(repairs == [#"<rect> on line 1: stroke-width="-2" is negative, so no stroke is drawn"#])
  }

  @Test func whatIsNotAppliedIsReported() throws {
    let repairs = try imported(#"<g filter="blur(2px, 3px)"><path d="M0 0 L1 1" stroke="red" stroke-dasharray="2 1" mask="url(#m)"/></g>"#).repairs
    #expect(repairs == [
      "<g> on line 1: its filter is not applied: Curves draws the element without it",
      "<path> on line 1: its mask url(#m) is not a mask in the file, so it is not applied",
    ])
  }

  @Test func displayAndVisibilityFromStyleSheets() throws {
    let fills = try styles("""
      <style>.hidden { display: none } .ghost { visibility: hidden }</style>
      <line x2="1" class="hidden"/><line x2="1" class="ghost" fill="red"/><line x2="1" fill="blue"/>
      """).map(\.fill)
    #expect(fills == [color("#0000ff")])
  }

  @Test func whatExportMarksUnsetIsUnsetAgain() throws {
    let look = SVGImport.unsetLook
    let style = try styles(##"<path d="M0 0 L1 1" fill="none" stroke="#1e4ea8" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" opacity="0.5" data-curves-unset="fill stroke stroke-width stroke-linecap stroke-linejoin fill-rule opacity"/>"##)[0]
    #expect(style.fill == nil && style.stroke == nil && style.strokeWidth == nil && style.lineCap == nil && style.lineJoin == nil)
    #expect(style.fillRule == nil)
    // Changed since: kept.
    #expect(style.opacity == 0.5 && look.opacity == 1)
    #expect(style.fillOpacity == 1 && style.miterLimit == 4)
  }

  @Test func aSkewOrAnUnevenScaleStretchesThePen() throws {
    let styles = try styles("""
      <line x1="0" y1="0" x2="10" y2="0" stroke="green" stroke-width="4" transform="skewX(-45) translate(10)"/>
      <line x1="0" y1="0" x2="10" y2="0" stroke="green" stroke-width="4" transform="scale(2 1)"/>
      <g transform="scale(1 3)"><line x1="0" y1="0" x2="10" y2="0" stroke="green" transform="scale(3 1)"/></g>
      <line x1="0" y1="0" x2="10" y2="0" stroke="green" stroke-width="4" transform="rotate(30) scale(2)"/>
      <rect width="5" height="5" transform="skewX(-45)"/>
      """)
    // Width times √|det|; the pen, the rest of the map at area 1.
    let widths = styles.compactMap(\.strokeWidth)
    #expect(zip(widths, [4, 4 * 2.squareRoot(), 3, 8, 1]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(widths)")
    #expect(styles[0].strokeTransform == Affine(a: 1, b: 0, c: -1, d: 1, e: 0, f: 0))
    let root2 = 2.squareRoot()
    let uneven = try #require(styles[1].strokeTransform)
    #expect(abs(uneven.a - root2) < 1e-12 && abs(uneven.d - 1 / root2) < 1e-12 && uneven.b == 0 && uneven.c == 0)
    #expect(styles[2].strokeTransform == nil, "scale(3 1) inside scale(1 3) is an even scale")
    #expect(styles[3].strokeTransform == nil, "a turn and an even scale keep the pen round")
    #expect(styles[4].strokeTransform == nil, "no stroke, no pen")
  }
}
