import CurveDocument
import CurveGeometry
/// The properties of an element that Curves keeps, after the cascade and inheritance (SVG
/// 1.1, 6.4–6.7: presentation attributes, then style sheets by specificity and order, then the
/// `style` attribute, then `!important` declarations; inherited properties from the parent).
struct SVGComputedStyle {
  // Inherited.
  var fill = SVGPaint.color(.black)
  var fillRule = CurveStyle.FillRule.nonZero
  var clipRule = CurveStyle.FillRule.nonZero
  var fillOpacity = 1.0
  var stroke = SVGPaint.none
  /// In the user units of the element that set it (as CSS's computed value, an absolute
  /// length, is inherited).
  var strokeWidth = 1.0
  var strokeOpacity = 1.0
  var lineCap = CurveStyle.LineCap.butt
  var lineJoin = CurveStyle.LineJoin.miter
  var miterLimit = 4.0
  var color = SVGColor.black
  var isVisible = true
  var fontSize = Lengths.rootFontSize
  /// CSS's font-family list, unquoted, generic families as they are ("serif"); the initial
  /// family is librsvg's.
  var fontFamilies = ["Times New Roman"]
  /// 100…900.
  var fontWeight = 400
  /// `font-stretch` as a percentage of the normal width (CSS Fonts' keywords: 50…200).
  var fontStretch = 100
  /// `font-feature-settings` as HarfBuzz reads features ("liga=0", "ss01").
  var fontFeatures: [String] = []
  /// `font-kerning: none` turns the font's kerning off.
  var kerns = true
  /// `font-variant: small-caps`: the font's small capitals (OpenType's `smcp`).
  var smallCaps = false

  /// The OpenType features the font properties ask HarfBuzz for, over its defaults.
  var shapingFeatures: [String] { (smallCaps ? ["smcp"] : []) + (kerns ? [] : ["kern=0"]) + fontFeatures }
  var isItalic = false
  /// `text-anchor`: where a text chunk's start, middle or end sits on its x.
  var textAnchor = TextAnchor.start
  /// `direction: rtl`: the text's base direction, which orders mixed runs and puts a chunk's
  /// start at its right.
  var isRightToLeft = false
  /// `writing-mode` top to bottom (SVG 1.1's `tb`, `tb-rl`, SVG 2's `vertical-rl`,
  /// `vertical-lr`): the text runs down.
  var isVertical = false
  /// Added after each character (`letter-spacing`) and each space (`word-spacing`), in user units.
  var letterSpacing = 0.0
  var wordSpacing = 0.0
  /// `baseline-shift`, up in user units: not inherited, but a span's adds to its parent's.
  var baselineShift = 0.0
  /// `text-decoration`'s lines: not inherited, but drawn under (or through) every
  /// character inside, in this element's paint.
  var textDecoration: Set<TextDecorationLine> = []
  /// `stroke-dasharray` in user units: empty for a solid stroke.
  var dashArray: [Double] = []
  var dashOffset = 0.0
  /// The ids `marker-start`, `marker-mid` and `marker-end` refer to.
  var markers: (start: String?, mid: String?, end: String?) = (nil, nil, nil)
  /// `paint-order`: the stroke before the fill; the markers before both.
  var paintsStrokeFirst = false
  var paintsMarkersFirst = false
  // Not inherited.
  var opacity = 1.0
  var isDisplayed = true
  /// What the element refers to that Curves does not apply: "filter".
  var unapplied: [String] = []
  /// Whether it has what only a layer group applies: a clip, a mask, a filter or blending.
  var hasLayerEffects: Bool {
    clipPathReference != nil || maskReference != nil || !filters.isEmpty || blendMode != nil || blendsInLinearRGB || isolates
  }

  /// The ids `clip-path` and `mask` refer to.
  var clipPathReference: String?
  var maskReference: String?
  /// The `filter` list: references and CSS filter functions, applied in order.
  var filters: [SVGFilterItem] = []
  /// `mix-blend-mode` other than normal, and `isolation: isolate`.
  var blendMode: String?
  var isolates = false
  /// Whether the blend mixes in linear RGB: an SVG 1.1 `feBlend` over `BackgroundImage`.
  var blendsInLinearRGB = false
  /// `mask-type: alpha`, on a mask.
  var isAlphaMask = false
  /// A `transform` from a style sheet or `style`, which replaces the attribute's.
  var cssTransform: Affine?

  /// The style a child starts from: the inherited properties, the others at their initial
  /// values.
  var inherited: SVGComputedStyle {
    var child = self
    child.opacity = 1
    child.isDisplayed = true
    child.unapplied = []
    child.clipPathReference = nil
    child.maskReference = nil
    child.filters = []
    child.blendMode = nil
    child.blendsInLinearRGB = false
    child.isolates = false
    child.isAlphaMask = false
    child.cssTransform = nil
    child.baselineShift = 0
    child.textDecoration = []
    return child
  }
}

/// Where a declaration came from, for the order of the cascade and for messages.
struct SVGDeclarationSource {
  enum Kind { case attribute, sheet, styleAttribute }
  var kind: Kind
  var declaration: SVGStyleSheet.Declaration

  /// How a repair names it: `fill="x"`, `style's fill:x`, `the style sheet's fill:x`.
  var description: String {
    let value = SVGImportError.quoted(declaration.value)
    switch kind {
    case .attribute: return "\(declaration.name)=\"\(value)\""
    case .styleAttribute: return "the style attribute's \(declaration.name): \(value)"
    case .sheet: return "the style sheet's \(declaration.name): \(value)"
    }
  }
}

/// The properties Curves reads, in the order the cascade resolves them: `font-size` first
/// (em lengths need it), then `color` (before nothing needs it: `currentColor` is resolved
/// where it is used).
enum SVGProperty: String, CaseIterable {
  case fontSize = "font-size"
  /// CSS's shorthand for the font's style, weight, size and family (before them: the size's
  /// ems need it, and the longhands after it win).
  case font
  case fontFamily = "font-family"
  case fontWeight = "font-weight"
  case fontStyle = "font-style"
  case fontStretch = "font-stretch"
  case fontFeatureSettings = "font-feature-settings"
  case fontKerning = "font-kerning"
  case fontVariant = "font-variant"
  case textAnchor = "text-anchor"
  case direction
  case writingMode = "writing-mode"
  case letterSpacing = "letter-spacing"
  case wordSpacing = "word-spacing"
  case baselineShift = "baseline-shift"
  case textDecoration = "text-decoration"
  case color
  case fill
  case fillRule = "fill-rule"
  case clipRule = "clip-rule"
  case maskType = "mask-type"
  case fillOpacity = "fill-opacity"
  case stroke
  case strokeWidth = "stroke-width"
  case strokeOpacity = "stroke-opacity"
  case lineCap = "stroke-linecap"
  case lineJoin = "stroke-linejoin"
  case miterLimit = "stroke-miterlimit"
  case dashArray = "stroke-dasharray"
  case dashOffset = "stroke-dashoffset"
  /// CSS's shorthand for the three below.
  case marker
  case paintOrder = "paint-order"
  case mixBlendMode = "mix-blend-mode"
  case isolation
  case markerStart = "marker-start"
  case markerMid = "marker-mid"
  case markerEnd = "marker-end"
  case opacity
  case display
  case visibility
  case clipPath = "clip-path"
  case mask
  case filter
  /// SVG 2's transform property, from style sheets and `style` (the attribute is read apart,
  /// by `SVGDrawing.transform(of:)`).
  case transform

  /// The property `name` names, by a hash: `init(rawValue:)` compares the name with each of
  /// the 44 in turn, and every attribute of every element is looked up.
  /// The property `name` names: compared with those of its length (a short name is one word,
  /// compared at once). A dictionary of the names cost every process 50,000 instructions to
  /// build and 600 a lookup; `init(rawValue:)` 970 a lookup.
  static func named(_ name: String) -> SVGProperty? {
    let length = name.utf8.count
    guard length < byLength.count else { return nil }
    return byLength[length].first { $0.rawValue == name }
  }

  /// The properties by the length of their names.
  private static let byLength: [[SVGProperty]] = {
    var byLength: [[SVGProperty]] = []
    for property in allCases {
      let length = property.rawValue.utf8.count
      while byLength.count <= length { byLength.append([]) }
      byLength[length].append(property)
    }
    return byLength
  }()

  /// Whether an attribute of its name sets it: CSS's own properties (blending, isolation)
  /// are set only in style sheets and `style`, as librsvg and resvg read them; the transform
  /// attribute is read apart.
  var isPresentationAttribute: Bool {
    switch self {
    // `marker` is a shorthand of CSS alone: as an attribute it is ignored, as librsvg and
    // resvg ignore it.
    // `font` likewise, as SVG 2 and librsvg have it; `font-kerning` is CSS's alone too (resvg
    // reads it only in a style).
    case .transform, .mixBlendMode, .isolation, .marker, .font, .fontKerning: false
    default: true
    }
  }

  var isInherited: Bool {
    switch self {
    case .opacity, .display, .clipPath, .mask, .maskType, .filter, .transform, .mixBlendMode, .isolation, .baselineShift, .textDecoration: false
    default: true
    }
  }
}

/// Where a text chunk sits on its x: its start, its middle or its end there.
enum TextAnchor: String {
  case start, middle, end
}

/// A line `text-decoration` draws.
enum TextDecorationLine: String {
  case underline, overline
  case lineThrough = "line-through"
}
