import CurveDocument
import CurveGeometry
import FoundationEssentials
import Glibc

extension SVGDrawing {
  /// The computed style of `element`, a child of the element whose style is `parent`;
  /// `chain` is its ancestors, nearest last, each with whether it is the first child.
  mutating func computedStyle(of element: SVGElement, isFirstChild: Bool, parent: SVGComputedStyle) -> SVGComputedStyle {
    // Every declaration of a property Curves reads, in the order of the cascade: a later one
    // wins when it is valid. The element's few attributes are looked up in the properties,
    // not the other way round (twenty hashes of a name, each element, were a third of an
    // import's time).
    // Properties and sources side by side: the cascade below compares properties alone, and
    // a tuple of both copied each source's strings for each of the 44 properties (a fifth of
    // resolving a drawing's styles).
    var properties: [SVGProperty] = [], sources: [SVGDeclarationSource] = []
    for (name, value) in element.attributes {
      guard let property = SVGProperty.named(name), property.isPresentationAttribute else { continue }
      properties.append(property)
      sources.append(SVGDeclarationSource(kind: .attribute, declaration: .init(name: name, value: value, important: false)))
    }
    let matched = matchingSheetDeclarations(element, isFirstChild: isFirstChild)
    let inline = element.attributes["style"].map(SVGStyleSheet.declarations) ?? []
    // Sheets, then `style`; then their `!important` declarations in the same order. (Not a
    // loop over a list of the two: an array of tuples is a type whose metadata is looked up
    // each time, for every element.)
    func add(_ declarations: [SVGStyleSheet.Declaration], from kind: SVGDeclarationSource.Kind, important: Bool) {
      for declaration in declarations where declaration.important == important {
        guard let property = SVGProperty.named(declaration.name) else { continue }
        properties.append(property)
        sources.append(SVGDeclarationSource(kind: kind, declaration: declaration))
      }
    }
    for important in [false, true] where !matched.isEmpty || !inline.isEmpty {
      add(matched, from: .sheet, important: important)
      add(inline, from: .styleAttribute, important: important)
    }

    var style = parent.inherited
    for property in SVGProperty.allCases where properties.contains(property) {
      for index in properties.indices.reversed() where properties[index] == property {
        let source = sources[index]
        switch apply(source.declaration.value, to: property, of: &style, parent: parent) {
        case .applied: break
        case let .repaired(how): repair(element, "\(source.description) \(how)")
        case .invalid:
          repair(element, "\(source.description) is ignored: it is not a valid \(property.rawValue)")
          continue
        }
        break
      }
    }
    return style
  }

  enum Applied {
    case applied
    /// Not a valid value: nothing set.
    case invalid
    /// A value renderers repair, set as they draw it; the phrase says how.
    case repaired(String)
  }

  /// Sets `property` from `text`.
  private func apply(_ text: String, to property: SVGProperty, of style: inout SVGComputedStyle, parent: SVGComputedStyle) -> Applied {
    let value = text.trimmingSVGSpace()
    let keyword = value.lowercased()
    if keyword == "inherit" || (keyword == "unset" && property.isInherited) {
      copy(property, from: parent, to: &style)
      return .applied
    }
    if keyword == "initial" || keyword == "unset" {
      copy(property, from: SVGComputedStyle(), to: &style)
      return .applied
    }
    let basis = Lengths.Basis(viewport: viewport, fontSize: parent.fontSize)
    switch property {
    case .fontSize:
      // CSS's absolute sizes a step of 1.2 apart about `medium`, as librsvg and resvg scale them.
      let steps = ["xx-small": -3.0, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2, "xx-large": 3]
      if let step = steps[keyword] {
        style.fontSize = Lengths.rootFontSize * pow(1.2, step)
      } else if keyword == "smaller" || keyword == "larger" {
        style.fontSize = parent.fontSize * (keyword == "smaller" ? 1 / 1.2 : 1.2)
      } else {
        guard let size = Lengths.length(value, percentOf: parent.fontSize, basis: basis), size >= 0 else { return .invalid }
        style.fontSize = size
      }
    case .font:
      guard let font = Self.fontShorthand(value, parentSize: parent.fontSize, basis: basis) else { return .invalid }
      (style.isItalic, style.fontWeight, style.fontSize, style.fontFamilies) = (font.isItalic, font.weight, font.size, font.families)
      // The shorthand sets every font property: those it does not name go back to their
      // initial values (CSS Fonts).
      (style.fontStretch, style.fontFeatures, style.kerns, style.smallCaps) = (100, [], true, false)
    case .textDecoration:
      // CSS's lines; its style and colour words are not drawn.
      let words = keyword.split(whereSeparator: \.isWhitespace).map(String.init)
      let lines = Set(words.compactMap(TextDecorationLine.init(rawValue:)))
      guard keyword == "none" || !lines.isEmpty else { return .invalid }
      style.textDecoration = lines
    case .baselineShift:
      switch keyword {
      case "baseline": style.baselineShift = 0
      // As librsvg shifts them: super up 0.4 em, sub down 0.2 em.
      case "super": style.baselineShift = 0.4 * style.fontSize
      case "sub": style.baselineShift = -0.2 * style.fontSize
      default:
        let own = Lengths.Basis(viewport: viewport, fontSize: style.fontSize)
        guard let length = Lengths.length(value, percentOf: style.fontSize, basis: own) else { return .invalid }
        style.baselineShift = length
      }
    case .fontFamily:
      let families = Self.fontFamilies(value)
      guard !families.isEmpty else { return .invalid }
      style.fontFamilies = families
    case .fontWeight:
      let keywords = ["normal": 400, "bold": 700]
      if let weight = keywords[keyword] {
        style.fontWeight = weight
      } else if keyword == "bolder" || keyword == "lighter" {
        // CSS Fonts' table for the relative weights.
        let weight = parent.fontWeight
        style.fontWeight = keyword == "bolder" ? (weight < 350 ? 400 : weight < 550 ? 700 : 900) : (weight < 550 ? 100 : weight < 750 ? 400 : 700)
      } else {
        guard let number = SVGNumbers.number(value), (1...1000).contains(number) else { return .invalid }
        style.fontWeight = Int(number.rounded())
      }
    case .fontStretch:
      // CSS Fonts' keywords, and SVG 1.1's `narrower` and `wider`: the next width down or up.
      let widths = [50, 62, 75, 87, 100, 112, 125, 150, 200]
      let keywords = [
        "ultra-condensed": 50, "extra-condensed": 62, "condensed": 75, "semi-condensed": 87, "normal": 100, "semi-expanded": 112, "expanded": 125,
        "extra-expanded": 150, "ultra-expanded": 200,
      ]
      if let width = keywords[keyword] {
        style.fontStretch = width
      } else if keyword == "narrower" {
        style.fontStretch = widths.last { $0 < parent.fontStretch } ?? widths[0]
      } else if keyword == "wider" {
        style.fontStretch = widths.first { $0 > parent.fontStretch } ?? widths[widths.count - 1]
      } else if keyword.hasSuffix("%"), let percent = SVGNumbers.number(keyword.dropLast()), percent > 0 {
        style.fontStretch = Int(min(max(percent, 50), 200).rounded())
      } else {
        return .invalid
      }
    case .fontFeatureSettings:
      guard let features = Self.fontFeatures(value) else { return .invalid }
      style.fontFeatures = features
    case .fontKerning:
      guard ["auto", "normal", "none"].contains(keyword) else { return .invalid }
      style.kerns = keyword != "none"
    case .fontVariant:
      guard ["normal", "small-caps"].contains(keyword) else { return .invalid }
      style.smallCaps = keyword == "small-caps"
    case .fontStyle:
      guard ["normal", "italic", "oblique"].contains(keyword) else { return .invalid }
      style.isItalic = keyword != "normal"
    case .textAnchor:
      guard let anchor = TextAnchor(rawValue: keyword) else { return .invalid }
      style.textAnchor = anchor
    case .direction:
      guard keyword == "ltr" || keyword == "rtl" else { return .invalid }
      style.isRightToLeft = keyword == "rtl"
    case .writingMode:
      let vertical: Set<String> = ["tb", "tb-rl", "vertical-rl", "vertical-lr"], horizontal: Set<String> = ["lr", "lr-tb", "rl", "rl-tb", "horizontal-tb"]
      guard vertical.contains(keyword) || horizontal.contains(keyword) else { return .invalid }
      style.isVertical = vertical.contains(keyword)
    case .letterSpacing, .wordSpacing:
      let spacing: Double
      if keyword == "normal" {
        spacing = 0
      } else {
        // A percentage is of the viewport, as SVG 1.1's lengths are (librsvg and resvg both
        // read it so; CSS Text would take the font's size).
        let basis = Lengths.Basis(viewport: viewport, fontSize: style.fontSize)
        guard let length = Lengths.length(value, percentOf: viewport.diagonal, basis: basis) else { return .invalid }
        spacing = length
      }
      if property == .letterSpacing { style.letterSpacing = spacing } else { style.wordSpacing = spacing }
    case .color:
      guard let color = SVGColor(value) else { return keyword == "currentcolor" ? .applied : .invalid }  // currentColor: the parent's
      style.color = color
    case .fill, .stroke:
      guard let paint = SVGPaint(value) else { return .invalid }
      if property == .fill { style.fill = paint } else { style.stroke = paint }
    case .fillRule:
      guard let rule = CurveStyle.FillRule(rawValue: keyword) else { return .invalid }
      style.fillRule = rule
    case .fillOpacity, .strokeOpacity, .opacity:
      guard let number = Self.fraction(value) else { return .invalid }
      switch property {
      case .fillOpacity: style.fillOpacity = number
      case .strokeOpacity: style.strokeOpacity = number
      default: style.opacity = number
      }
    case .strokeWidth:
      guard let width = Lengths.length(value, percentOf: viewport.diagonal, basis: Lengths.Basis(viewport: viewport, fontSize: style.fontSize))
      else { return .invalid }
      // Negative: librsvg and resvg draw no stroke.
      style.strokeWidth = max(width, 0)
      if width < 0 { return .repaired("is negative, so no stroke is drawn") }
    case .lineCap:
      guard let cap = CurveStyle.LineCap(rawValue: keyword) else { return .invalid }
      style.lineCap = cap
    case .lineJoin:
      // SVG 2's miter-clip and arcs are drawn as miters by renderers that lack them.
      guard let join = keyword == "miter-clip" || keyword == "arcs" ? .miter : CurveStyle.LineJoin(rawValue: keyword) else { return .invalid }
      style.lineJoin = join
    case .miterLimit:
      guard let limit = SVGNumbers.number(value), limit >= 1 else { return .invalid }
      style.miterLimit = limit
    case .dashArray:
      guard keyword != "none" else {
        style.dashArray = []
        return .applied
      }
      let basis = Lengths.Basis(viewport: viewport, fontSize: style.fontSize)
      let items = value.split(whereSeparator: { $0 == "," || $0.isWhitespace })
      let lengths = items.map { Lengths.length(String($0), percentOf: viewport.diagonal, basis: basis) }
      guard !items.isEmpty, lengths.allSatisfy({ $0 != nil }) else { return .invalid }
      let dashes = lengths.compactMap { $0 }
      // Negative lengths, or none that is positive: librsvg and resvg stroke solid.
      if dashes.contains(where: { $0 < 0 }) {
        style.dashArray = []
        return .repaired("has a negative length, so the stroke is solid")
      }
      style.dashArray = dashes.contains { $0 > 0 } ? dashes : []
    case .paintOrder:
      let words = keyword.split(whereSeparator: \.isWhitespace).map(String.init)
      guard keyword == "normal" || (!words.isEmpty && words.allSatisfy({ ["fill", "stroke", "markers"].contains($0) }) && Set(words).count == words.count)
      else { return .invalid }
      // The ones left out follow in their usual order: fill, stroke, markers.
      let order = keyword == "normal" ? ["fill", "stroke", "markers"] : words + ["fill", "stroke", "markers"].filter { !words.contains($0) }
      style.paintsStrokeFirst = order.firstIndex(of: "stroke")! < order.firstIndex(of: "fill")!
      style.paintsMarkersFirst = order.first == "markers"
    case .mixBlendMode:
      guard keyword == "normal" || Group.blendModes.contains(keyword) else { return .invalid }
      style.blendMode = keyword == "normal" ? nil : keyword
    case .isolation:
      guard keyword == "auto" || keyword == "isolate" else { return .invalid }
      style.isolates = keyword == "isolate"
    case .marker, .markerStart, .markerMid, .markerEnd:
      var id: String?
      if keyword != "none" {
        guard case let .reference(reference, _)? = SVGPaint(value) else { return .invalid }
        id = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
      }
      switch property {
      case .markerStart: style.markers.start = id
      case .markerMid: style.markers.mid = id
      case .markerEnd: style.markers.end = id
      default: style.markers = (id, id, id)
      }
    case .dashOffset:
      let basis = Lengths.Basis(viewport: viewport, fontSize: style.fontSize)
      guard let offset = Lengths.length(value, percentOf: viewport.diagonal, basis: basis) else { return .invalid }
      style.dashOffset = offset
    case .display:
      style.isDisplayed = keyword != "none"
    case .visibility:
      switch keyword {
      case "visible": style.isVisible = true
      case "hidden", "collapse": style.isVisible = false
      default: return .invalid
      }
    case .clipPath, .mask:
      guard keyword != "none" else {
        if property == .clipPath { style.clipPathReference = nil } else { style.maskReference = nil }
        return .applied
      }
      guard case let .reference(reference, _)? = SVGPaint(value) else { return .invalid }
      let id = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
      if property == .clipPath { style.clipPathReference = id } else { style.maskReference = id }
    case .clipRule:
      guard let rule = CurveStyle.FillRule(rawValue: keyword) else { return .invalid }
      style.clipRule = rule
    case .maskType:
      guard keyword == "alpha" || keyword == "luminance" else { return .invalid }
      style.isAlphaMask = keyword == "alpha"
    case .filter:
      guard let items = SVGFilterList.parse(value) else {
        // A list in error applies no filter, as resvg reads it.
        style.filters = []
        style.unapplied.append(property.rawValue)
        return .applied
      }
      style.filters = items
    case .transform:
      guard keyword != "none" else {
        style.cssTransform = .identity
        return .applied
      }
      guard let transform = Self.cssTransform(value) else { return .invalid }
      style.cssTransform = transform
    }
    return .applied
  }

  /// CSS's `font-feature-settings` as HarfBuzz's features: `normal` none; else a list of a
  /// quoted four-letter tag with `on`, `off` or a number (`"liga" 0, "smcp"` makes
  /// `liga=0`, `smcp=1`); nil when it is not one.
  static func fontFeatures(_ text: String) -> [String]? {
    let trimmed = text.trimmingWhitespace()
    if trimmed.lowercased() == "normal" { return [] }
    var features: [String] = []
    for item in trimmed.split(separator: ",") {
      let words = item.split(whereSeparator: \.isWhitespace)
      guard let first = words.first, words.count <= 2, first.count == 6, first.first == first.last, first.first == "\"" || first.first == "'" else { return nil }
      let tag = first.dropFirst().dropLast()
      guard tag.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return nil }
      let value: Int
      switch words.count == 2 ? words[1].lowercased() : "on" {
      case "on": value = 1
      case "off": value = 0
      case let number: guard let parsed = Int(number), parsed >= 0 else { return nil }; value = parsed
      }
      features.append("\(tag)=\(value)")
    }
    return features
  }

  /// CSS's `font` shorthand: optional style, variant, weight and stretch keywords (or a
  /// weight number), then the size (with `/line-height`, ignored), then the family list.
  static func fontShorthand(
    _ text: String, parentSize: Double, basis: Lengths.Basis
  ) -> (isItalic: Bool, weight: Int, size: Double, families: [String])? {
    var isItalic = false, weight = 400
    var rest = Substring(text.trimmingWhitespace())
    let sizes = ["xx-small": 9.0, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32]
    while let end = rest.firstIndex(where: \.isWhitespace) ?? Optional(rest.endIndex), end > rest.startIndex {
      let word = rest[..<end], lower = word.lowercased()
      let sizeText = String(word.split(separator: "/").first ?? word)
      if let size = sizes[sizeText.lowercased()] ?? Lengths.length(sizeText, percentOf: parentSize, basis: basis) {
        let families = fontFamilies(String(rest[end...]))
        return families.isEmpty || size < 0 ? nil : (isItalic, weight, size, families)
      }
      switch lower {
      case "italic", "oblique": isItalic = true
      case "bold": weight = 700
      case "normal", "small-caps", "condensed", "expanded", "semi-condensed", "semi-expanded": break
      default:
        guard let number = Int(lower), (1...1000).contains(number) else { return nil }
        weight = number
      }
      rest = rest[end...].drop(while: \.isWhitespace)
    }
    return nil
  }

  /// CSS's font-family list: names, quoted or not, split at commas, unquoted.
  static func fontFamilies(_ text: String) -> [String] {
    text.split(separator: ",").map { name in
      var name = name.trimmingWhitespace()
      if name.count >= 2, let first = name.first, first == "'" || first == "\"", name.last == first { name = String(name.dropFirst().dropLast()) }
      return name
    }.filter { !$0.isEmpty }
  }

  /// An opacity: a number or a percentage, clamped to 0…1.
  private static func fraction(_ text: String) -> Double? {
    let number = text.hasSuffix("%") ? SVGNumbers.number(text.dropLast()).map { $0 / 100 } : SVGNumbers.number(text)
    return number.map { min(max($0, 0), 1) }
  }

  private func copy(_ property: SVGProperty, from source: SVGComputedStyle, to style: inout SVGComputedStyle) {
    switch property {
    case .fontSize: style.fontSize = source.fontSize
    case .font:
      (style.isItalic, style.fontWeight, style.fontSize, style.fontFamilies) = (source.isItalic, source.fontWeight, source.fontSize, source.fontFamilies)
      (style.fontStretch, style.fontFeatures, style.kerns, style.smallCaps) = (source.fontStretch, source.fontFeatures, source.kerns, source.smallCaps)
    case .baselineShift: style.baselineShift = source.baselineShift
    case .textDecoration: style.textDecoration = source.textDecoration
    case .fontFamily: style.fontFamilies = source.fontFamilies
    case .fontWeight: style.fontWeight = source.fontWeight
    case .fontStyle: style.isItalic = source.isItalic
    case .fontStretch: style.fontStretch = source.fontStretch
    case .fontFeatureSettings: style.fontFeatures = source.fontFeatures
    case .fontKerning: style.kerns = source.kerns
    case .fontVariant: style.smallCaps = source.smallCaps
    case .textAnchor: style.textAnchor = source.textAnchor
    case .direction: style.isRightToLeft = source.isRightToLeft
    case .writingMode: style.isVertical = source.isVertical
    case .letterSpacing: style.letterSpacing = source.letterSpacing
    case .wordSpacing: style.wordSpacing = source.wordSpacing
    case .color: style.color = source.color
    case .fill: style.fill = source.fill
    case .fillRule: style.fillRule = source.fillRule
    case .clipRule: style.clipRule = source.clipRule
    case .maskType: style.isAlphaMask = source.isAlphaMask
    case .fillOpacity: style.fillOpacity = source.fillOpacity
    case .stroke: style.stroke = source.stroke
    case .strokeWidth: style.strokeWidth = source.strokeWidth
    case .strokeOpacity: style.strokeOpacity = source.strokeOpacity
    case .lineCap: style.lineCap = source.lineCap
    case .lineJoin: style.lineJoin = source.lineJoin
    case .miterLimit: style.miterLimit = source.miterLimit
    case .dashArray: style.dashArray = source.dashArray
    case .dashOffset: style.dashOffset = source.dashOffset
    case .marker: style.markers = source.markers
    case .paintOrder:
      style.paintsStrokeFirst = source.paintsStrokeFirst
      style.paintsMarkersFirst = source.paintsMarkersFirst
    case .mixBlendMode: style.blendMode = source.blendMode
    case .isolation: style.isolates = source.isolates
    case .markerStart: style.markers.start = source.markers.start
    case .markerMid: style.markers.mid = source.markers.mid
    case .markerEnd: style.markers.end = source.markers.end
    case .opacity: style.opacity = source.opacity
    case .display: style.isDisplayed = source.isDisplayed
    case .visibility: style.isVisible = source.isVisible
    case .clipPath: style.clipPathReference = source.clipPathReference
    case .mask: style.maskReference = source.maskReference
    case .filter:
      style.unapplied.removeAll { $0 == property.rawValue }
      style.filters = source.filters
    case .transform: style.cssTransform = source.cssTransform
    }
  }

  /// A CSS transform as SVG's: its lengths in px and angles in deg, which SVG's grammar
  /// writes without units.
  private static func cssTransform(_ text: String) -> Affine? {
    let characters = Array(text)
    var plain = "", index = 0
    while index < characters.count {
      let character = characters[index]
      plain.append(character)
      index += 1
      guard character.isASCII, character.isNumber || character == "." else { continue }
      // A unit right after a number (space allowed between), ending at a word's end, goes.
      var start = index
      while start < characters.count, characters[start].isWhitespace { start += 1 }
      for unit in ["px", "deg"] {
        let end = start + unit.count
        guard end <= characters.count, String(characters[start..<end]) == unit else { continue }
        if end == characters.count || !(characters[end].isLetter || characters[end].isNumber || characters[end] == "_") { index = end }
        break
      }
    }
    guard let transform = try? SVGTransformList.transform(plain), transform.isFinite else { return nil }
    return transform
  }
}
