import CurveDocument
import CurveGeometry
import FoundationEssentials

extension TextContent {
  /// A `<text>` read back as the text tool edits it: one position, its lines either
  /// `<tspan sodipodi:role="line">`s (as Inkscape and Curves write them) or its characters
  /// alone, each styled run a `<tspan>` setting only its font. Nil for any other text
  /// (position lists, a transform, a text path, spans with paints of their own): the file
  /// keeps it as it is, and Object to Path still turns it into curves. Style properties the
  /// tool does not edit, and other attributes, are kept to be written back.
  public init?(svg xml: String, namespaces: [String: String]) {
    var namespaces = namespaces
    if namespaces[Self.sodipodiNamespace.prefix] == nil { namespaces[Self.sodipodiNamespace.prefix] = Self.sodipodiNamespace.uri }
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg"\#(SVGImport.declarations(namespaces))>\#(xml)</svg>"#
    let data = Data(svg.utf8)
    guard let root = try? SVGTree.parse(data), root.children.count == 1, var text = root.children.first else { return nil }
    self.init(x: 0, y: 0)
    // A kept text's wrappers: groups of one child each, whose transforms it is drawn through.
    while text.name == "g", text.children.count == 1, text.textRuns.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
      guard let own = try? SVGTransformList.transform(text.attributes["transform"] ?? "") else { return nil }
      transform = transform * own
      text = text.children[0]
    }
    guard text.name == "text", let range = text.source, let rootRange = root.source else { return nil }
    if range.lowerBound > rootRange.lowerBound {
      let bytes = Array(data)
      let start = bytes[rootRange.lowerBound..<range.lowerBound].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? range.lowerBound
      let end = bytes[range.upperBound..<rootRange.upperBound].lastIndex(of: UInt8(ascii: "<")) ?? range.upperBound
      outside = (String(decoding: bytes[start..<range.lowerBound], as: UTF8.self), String(decoding: bytes[range.upperBound..<end], as: UTF8.self))
    }
    let preserves = text.attributes["xml:space"] == "preserve"
    for name in text.attributeOrder {
      guard let value = text.attributes[name] else { continue }
      switch name {
      case "x", "y":
        guard let number = Self.single(value) else { return nil }
        if name == "x" { x = number } else { y = number }
      case "style":
        for declaration in SVGStyleSheet.declarations(value) {
          guard setProperty(declaration.name, declaration.value) else { return nil }
        }
      case "xml:space":
        break
      case "transform":
        guard let own = try? SVGTransformList.transform(value) else { return nil }
        transform = transform * own
        otherAttributes.append(Property(name, value))
      case "dx", "dy", "rotate", "textLength", "lengthAdjust", "class", "requiredFeatures", "systemLanguage":
        return nil
      default:
        if Self.fontProperties.contains(name) || ["text-anchor", "letter-spacing", "fill", "line-height"].contains(name) {
          guard setProperty(name, value) else { return nil }
        } else {
          otherAttributes.append(Property(name, value))
        }
      }
    }
    // A span may repeat what the text sets (Inkscape writes every property on each).
    var textStyle: [String: String] = [:]
    for declaration in SVGStyleSheet.declarations(text.attributes["style"] ?? "") { textStyle[declaration.name] = declaration.value }
    // Its lines: Inkscape's line spans, or the text's own characters as one line.
    let lineElements = text.children.filter { $0.name == "tspan" && $0.attributes["sodipodi:role"] == "line" }
    var baselines: [Double] = []
    if text.children.count == 1, let onPath = text.children.first, onPath.name == "textPath" {
      // A text the tool put on a curve: its characters in one `<textPath>` naming it.
      let href = onPath.attributes["xlink:href"] ?? onPath.attributes["href"] ?? ""
      guard href.hasPrefix("#curve-"), let curve = UUID(uuidString: String(href.dropFirst("#curve-".count))),
        onPath.attributes.keys.allSatisfy({ ["xlink:href", "href", "startOffset", "id"].contains($0) }),
        let line = Self.spans(of: onPath, preserves: preserves, textStyle: textStyle)
      else { return nil }
      var startOffset = 0.0
      if let offset = onPath.attributes["startOffset"] {
        guard let number = Self.single(offset) else { return nil }
        startOffset = number
      }
      path = OnPath(curve: curve, startOffset: startOffset)
      lines = [line]
    } else if lineElements.isEmpty {
      guard let line = Self.spans(of: text, preserves: preserves, textStyle: textStyle) else { return nil }
      lines = [line]
    } else {
      guard lineElements.count == text.children.count, text.textRuns.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) else { return nil }
      lines = []
      for element in lineElements {
        let lineStyle = SVGStyleSheet.declarations(element.attributes["style"] ?? "")
        guard element.attributes.keys.allSatisfy({ ["sodipodi:role", "x", "y", "id", "style"].contains($0) }),
          lineStyle.allSatisfy({ Self.ignoredOnSpans($0, textStyle) || Self.fontProperties.contains($0.name) }),
          var line = Self.spans(of: element, preserves: preserves, textStyle: textStyle)
        else { return nil }
        // The line's own font is its spans' where they set none.
        for declaration in lineStyle where !Self.ignoredOnSpans(declaration, textStyle) {
          for index in line.indices {
            switch declaration.name {
            case "font-family": line[index].family = line[index].family ?? Self.firstFamily(declaration.value)
            case "font-size":
              guard let size = Self.pixels(declaration.value) else { return nil }
              line[index].size = line[index].size ?? size
            case "font-weight": line[index].isBold = line[index].isBold ?? Self.isBold(declaration.value)
            case "font-style": line[index].isItalic = line[index].isItalic ?? (declaration.value.lowercased() != "normal")
            default: break
            }
          }
        }
        if let y = element.attributes["y"].flatMap(Self.single) { baselines.append(y) }
        lines.append(line)
      }
      if let first = baselines.first, text.attributes["y"] == nil { y = first }
    }
    if lines.isEmpty { lines = [[]] }
    // To a millionth: 25.6 units apart at 25.6 is 1, not 1.0000000000000009.
    if baselines.count >= 2, size > 0 { lineSpacing = ((baselines[1] - baselines[0]) / size * 1e6).rounded() / 1e6 }
  }

  /// The font properties a span may set for itself.
  private static let fontProperties: Set<String> = ["font-family", "font-size", "font-weight", "font-style"]

  /// Whether a span's property changes nothing the tool edits: its line height (the lines'
  /// places say it), or what the text sets already.
  private static func ignoredOnSpans(_ declaration: SVGStyleSheet.Declaration, _ textStyle: [String: String]) -> Bool {
    declaration.name == "line-height" || textStyle[declaration.name] == declaration.value
      || (["font-variant", "font-stretch"].contains(declaration.name) && declaration.value == "normal")
  }

  /// Reads one of the text's style properties; false for a value the tool cannot hold.
  private mutating func setProperty(_ name: String, _ value: String) -> Bool {
    switch name {
    case "font-family": family = Self.firstFamily(value)
    case "font-size":
      guard let size = Self.pixels(value) else { return false }
      self.size = size
    case "font-weight": isBold = Self.isBold(value)
    case "font-style": isItalic = value.lowercased() != "normal"
    case "text-anchor":
      guard let anchor = Anchor(rawValue: value.lowercased()) else { return false }
      self.anchor = anchor
    case "letter-spacing":
      guard value.lowercased() == "normal" || Self.pixels(value) != nil else { return false }
      letterSpacing = Self.pixels(value) ?? 0
    case "line-height":
      if let number = Double(value) {
        lineSpacing = number
      } else if value.hasSuffix("%"), let percent = Double(value.dropLast()) {
        lineSpacing = percent / 100
      } else if let pixels = Self.pixels(value), size > 0 {
        lineSpacing = pixels / size
      }
    case "fill": fill = value
    default: otherStyle.append(Property(name, value))
    }
    return true
  }

  /// The spans of a line element (or of a text without lines): its character runs, and its
  /// `<tspan>`s that set only their font; nil for anything else inside.
  private static func spans(of element: SVGElement, preserves: Bool, textStyle: [String: String]) -> [Span]? {
    var spans: [Span] = [], runs = element.textRuns[...]
    func take(_ text: String, _ span: Span) {
      var span = span
      span.characters = preserves ? text.replacing("\n", with: "") : collapsed(text)
      spans.append(span)
    }
    for position in 0...element.children.count {
      while let run = runs.first, run.position == position {
        take(run.text, Span(""))
        runs = runs.dropFirst()
      }
      guard position < element.children.count else { break }
      let child = element.children[position]
      guard child.name == "tspan", child.children.isEmpty, child.attributes.keys.allSatisfy({ $0 == "style" || $0 == "id" }) else { return nil }
      var span = Span("")
      for declaration in SVGStyleSheet.declarations(child.attributes["style"] ?? "") where !ignoredOnSpans(declaration, textStyle) {
        switch declaration.name {
        case "font-family": span.family = firstFamily(declaration.value)
        case "font-size":
          guard let size = pixels(declaration.value) else { return nil }
          span.size = size
        case "font-weight": span.isBold = isBold(declaration.value)
        case "font-style": span.isItalic = declaration.value.lowercased() != "normal"
        default: return nil
        }
      }
      take(child.textRuns.map(\.text).joined(), span)
    }
    var merged = TextContent.merged(spans)
    if !preserves, let first = merged.first, first.characters.hasPrefix(" ") { merged[0].characters.removeFirst() }
    if !preserves, let last = merged.last, last.characters.hasSuffix(" ") { merged[merged.count - 1].characters.removeLast() }
    return TextContent.merged(merged)
  }

  /// Whitespace as SVG 1.1's default `xml:space` reads it: newlines gone, tabs spaces, runs
  /// of spaces one.
  private static func collapsed(_ text: String) -> String {
    var result = "", lastWasSpace = false
    for character in text where character != "\n" && character != "\r" {
      let isSpace = character == " " || character == "\t"
      if isSpace, lastWasSpace { continue }
      result.append(isSpace ? " " : character)
      lastWasSpace = isSpace
    }
    return result
  }

  private static func single(_ value: String) -> Double? {
    let parts = value.split(whereSeparator: { $0 == " " || $0 == "," })
    return parts.count == 1 ? Double(parts[0]) : nil
  }

  /// `24`, `24px`, `18pt` in document units; nil for a size relative to something else.
  private static func pixels(_ value: String) -> Double? {
    let value = value.trimmingSVGSpace().lowercased()
    if let number = Double(value) { return number }
    if value.hasSuffix("px") { return Double(value.dropLast(2)) }
    if value.hasSuffix("pt") { return Double(value.dropLast(2)).map { $0 * 4 / 3 } }
    return nil
  }

  private static func isBold(_ value: String) -> Bool {
    let value = value.lowercased()
    return value == "bold" || value == "bolder" || (Int(value) ?? 400) >= 600
  }

  /// The first family of a CSS list, unquoted.
  private static func firstFamily(_ value: String) -> String {
    let first = value.split(separator: ",").first.map(String.init) ?? value
    return first.trimmingSVGSpace().trimmingQuotes()
  }
}
