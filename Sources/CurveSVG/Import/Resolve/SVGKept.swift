import CurveDocument
import CurveGeometry
import FoundationEssentials

/// What Curves keeps of a drawing without drawing it: text, images, foreign content,
/// metadata and elements of other namespaces (Inkscape's, Sodipodi's), each written back as
/// it was read, in the group it stood in, inside wrappers that give it what it inherited
/// there: its ancestors' presentation attributes (less the opacity a group of the
/// document's carries) and the transform down to it from its group.
extension SVGDrawing {
  /// Metadata kept where it stands, though it draws nothing.
  static let keptMetadata: Set<String> = ["metadata", "title", "desc"]

  /// Attributes of an ancestor that a wrapper group leaves out: its place and size (the
  /// wrapper's transform has them), its id (the original keeps it), and its clip, mask and
  /// filter (`unwrappedProperties`).
  private static let unwrappedAttributes: Set<String> = [
    "id", "transform", "x", "y", "width", "height", "viewBox", "preserveAspectRatio", "href", "xlink:href",
    "clip-path", "mask", "filter", "version", "baseProfile", "zoomAndPan",
  ]
  /// An ancestor's clip, mask and filter, in its `style` too: the layer group the kept
  /// element is in applies them (written under names of the export's own), so a wrapper
  /// naming them again would apply them twice.
  private static let unwrappedProperties: Set<String> = ["clip-path", "mask", "filter"]

  /// Keeps `element`, drawn in `context` (its parent's), with the shapes drawn so far
  /// before it.
  mutating func keep(_ element: SVGElement, context: Context, style: SVGComputedStyle? = nil, carried: Set<String> = []) {
    // What the layer group around it carries is left out of its own attributes.
    var xml = carried.isEmpty ? element.xml() : element.xml(replacingAttributes: Self.without(carried, in: element.attributes))
    for ancestor in ancestors.reversed() {
      var attributes = ancestor.element.attributes.filter { !Self.unwrappedAttributes.contains($0.key) && !$0.key.hasPrefix("xmlns") }
      for (name, value) in Self.without(Self.unwrappedProperties, in: attributes) { attributes[name] = value }
      if ancestor.isGroup { attributes = Self.withoutGroupProperties(attributes) }
      guard !attributes.isEmpty else { continue }
      let wrapper = SVGElement(name: "g", qualifiedName: "g", isSVG: true, attributes: attributes, line: 0)
      let open = wrapper.xml()
      xml = open.dropLast(2) + ">" + xml + "</g>"
    }
    let t = context.local
    if t != .identity {
      let matrix = [t.a, t.b, t.c, t.d, t.e, t.f].map { "\($0)" }.joined(separator: " ")
      xml = #"<g transform="matrix(\#(matrix))">"# + xml + "</g>"
    }
    let image = element.name == "image" && style?.isVisible != false ? keptImage(element, context: context, style: style) : nil
    let text = element.name == "text" && element.isSVG ? style.flatMap { keptText(element, context: context, style: $0) } : nil
    // A text whose effects its group carries is not the file's element: an edit of it is
    // written by the export, not in the file's place.
    let source = text == nil || !carried.isEmpty ? nil : element.source
    append(.kept(SVGKeptElement(name: element.qualifiedName, xml: xml, image: image, text: text, source: source)))
    // A text's glyphs, where they are seen, are its box (the kept element itself is none):
    // the box of the group it is in, which a filter's or a mask's region may be of.
    if let text {
      var box = Rect.empty
      for curve in text.curves {
        for bezier in curve.subpaths.flatMap(\.drawnBeziers) { box.include(bezier.applying(context.placement).bounds) }
      }
      if box.width >= 0 { append(.hidden(box)) }
    }
    // A picture's viewport is its group's box too (a filter's or a mask's region in
    // `objectBoundingBox` units), where it is seen.
    if let image, let width = image.width, let height = image.height {
      let own = style?.cssTransform ?? transform(of: element)
      append(.hidden((context.transform * own).boundingBox(of: Rect(minX: image.x, minY: image.y, maxX: image.x + width, maxY: image.y + height))))
    }
  }

  /// The definitions that the kept elements `xmls` refer to (`url(#id)`, `href="#id"`) and do
  /// not hold themselves, with those these refer to in turn, as one `<defs>`: a text's
  /// gradient or filter, the path of its `<textPath>`, the text of a `<tref>`. So what is
  /// kept draws as it did once exported. A curve Curves exported (`curve-UUID`) is left out:
  /// the export writes it again under that id. Nil when they refer to none.
  func keptDefinitions(for xmls: [String]) -> String? {
    let held = Set(xmls.flatMap(KeptReferences.definedIDs))
    var pending = xmls.flatMap(KeptReferences.referencedIDs), seen = held, definitions: [String] = []
    while let id = pending.popLast() {
      guard !seen.contains(id), !(id.hasPrefix("curve-") && UUID(uuidString: String(id.dropFirst(6))) != nil), let element = elementsByID[id] else { continue }
      seen.insert(id)
      let xml = element.xml()
      definitions.append(xml)
      pending += KeptReferences.referencedIDs(in: xml)
    }
    return definitions.isEmpty ? nil : "<defs>" + definitions.joined() + "</defs>"
  }

  /// What a group of the document's carries itself (its opacity, blending and isolation)
  /// taken out of an ancestor's attributes and its `style`.
  private static func withoutGroupProperties(_ attributes: SVGAttributes) -> SVGAttributes {
    var result = attributes
    for (name, value) in without(["opacity", "mix-blend-mode", "isolation"], in: attributes) { result[name] = value }
    return result
  }

  /// The attributes to replace so that `properties` are set neither as attributes nor in
  /// `style`: nil for each one to leave out, and the `style` that remains.
  static func without(_ properties: Set<String>, in attributes: SVGAttributes) -> [String: String?] {
    var replaced: [String: String?] = [:]
    for name in properties where attributes[name] != nil { replaced[name] = .some(nil) }
    if let style = attributes["style"] {
      let kept = SVGStyleSheet.declarations(style).filter { !properties.contains($0.name) }
      replaced["style"] = kept.isEmpty ? .some(nil) : kept.map { "\($0.name):\($0.value)\($0.important ? " !important" : "")" }.joined(separator: ";")
    }
    return replaced
  }

  /// An `<image>` as Curves draws it: its href (a `data:` URI as it is, a file name made
  /// absolute against the drawing's folder), viewport and placement. A missing width or
  /// height is SVG 2's `auto` (the image's own proportions, as resvg and browsers draw it;
  /// librsvg 2.54 draws nothing). Nil without an href, for a width or height of no size, for
  /// a file outside the drawing's folder (or on the web), and for a `data:` URI of another
  /// type than PNG, JPEG, GIF or SVG.
  private mutating func keptImage(_ element: SVGElement, context: Context, style: SVGComputedStyle?) -> KeptImage? {
    guard let href = imageHref(element) else { return nil }
    let fontSize = style?.fontSize ?? Lengths.rootFontSize
    func side(_ name: String, _ axis: PercentageBasis.Axis) -> Double? {
      element.attributes[name]?.trimmingSVGSpace() == "auto" ? nil : optionalLength(element, name, axis, fontSize: fontSize)
    }
    let width = side("width", .width), height = side("height", .height)
    guard (width ?? 1) > 0, (height ?? 1) > 0 else { return nil }
    let own = style?.cssTransform ?? transform(of: element)
    let t = context.local * own
    return KeptImage(
      href: href, x: length(element, "x", .width, fontSize: fontSize), y: length(element, "y", .height, fontSize: fontSize),
      width: width, height: height, preserveAspectRatio: element.attributes["preserveAspectRatio"], transform: [t.a, t.b, t.c, t.d, t.e, t.f],
      opacity: context.opacity * (style?.opacity ?? 1), group: context.group
    )
  }
}

extension SVGDrawing {
  /// An image element's href as Curves reads it: a `data:` URI of PNG, JPEG, GIF or SVG as
  /// it is, a file name made absolute against the drawing's folder; nil for none, another
  /// type, a file outside the folder or on the web.
  func imageHref(_ element: SVGElement) -> String? {
    guard var href = (element.attributes["href"] ?? element.attributes["xlink:href"])?.trimmingSVGSpace(), !href.isEmpty else { return nil }
    if href.hasPrefix("data:") {
      let type = href.dropFirst(5).prefix { $0 != ";" && $0 != "," }.lowercased()
      guard type.isEmpty || ["image/png", "image/jpeg", "image/gif", "image/svg+xml"].contains(type) else { return nil }
    } else {
      guard let file = Self.localFile(href, in: folder) else { return nil }
      href = file.path
    }
    return href
  }

  /// The file `name` names, made absolute against `folder` (the current directory when nil);
  /// nil for a file on the web or outside the folder: a drawing reads only what lies beside
  /// it or below.
  static func localFile(_ name: String, in folder: String?) -> URL? {
    var name = name
    if name.hasPrefix("file://") { name = URL(string: name)?.path ?? name }
    guard !name.containsUTF8("://"), !name.hasPrefix("data:") else { return nil }  // another file on the web is not fetched
    let folder = URL(fileURLWithPath: folder ?? FileManager.default.currentDirectoryPath, isDirectory: true).standardizedFileURL
    let file = (name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name)).standardizedFileURL
    guard file.path.hasPrefix(folder.path + "/") else { return nil }
    return file
  }
}

/// The ids kept XML defines (`id="…"`) and refers to (`url(#…)`, `href="#…"`), found in one
/// pass over its bytes (a page of text is kept whole: a regular expression took a tenth of
/// drawing it).
enum KeptReferences {
  /// Every `id` attribute's value.
  static func definedIDs(in xml: String) -> [String] {
    values(in: xml) { bytes, index in
      // `id` standing alone (not the end of `xml:id`'s name or of `grid`), then `=`.
      guard bytes[index] == UInt8(ascii: "i"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "d"),
        index == 0 || bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: "\t")
      else { return nil }
      return attributeValue(bytes, after: index + 2, hash: false)
    }
  }

  /// Every id a `url(#…)` or an `href="#…"` names.
  static func referencedIDs(in xml: String) -> [String] {
    values(in: xml) { bytes, index in
      if bytes[index] == UInt8(ascii: "u"), bytes[index...].starts(with: "url(".utf8) {
        var at = index + 4
        while at < bytes.count, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "'") || bytes[at] == UInt8(ascii: "\"") { at += 1 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: "#") else { return nil }
        let start = at + 1
        at = start
        while at < bytes.count, !")'\" ".utf8.contains(bytes[at]) { at += 1 }
        return at > start ? (start, at) : nil
      }
      if bytes[index] == UInt8(ascii: "h"), bytes[index...].starts(with: "href".utf8) { return attributeValue(bytes, after: index + 4, hash: true) }
      return nil
    }
  }

  /// The values `match` finds at each byte of `xml` (a range of its bytes, or nil).
  private static func values(in xml: String, _ match: ([UInt8], Int) -> (Int, Int)?) -> [String] {
    let bytes = Array(xml.utf8)
    var found: [String] = [], index = 0
    while index < bytes.count {
      if let (start, end) = match(bytes, index) {
        found.append(String(decoding: bytes[start..<end], as: UTF8.self))
        index = end
      } else {
        index += 1
      }
    }
    return found
  }

  /// After an attribute's name: `="value"` (or single quotes), the value's range; with
  /// `hash`, only a value that starts with `#`, whose range leaves it out.
  private static func attributeValue(_ bytes: [UInt8], after name: Int, hash: Bool) -> (Int, Int)? {
    var at = name
    while at < bytes.count, bytes[at] == UInt8(ascii: " ") { at += 1 }
    guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { return nil }
    at += 1
    while at < bytes.count, bytes[at] == UInt8(ascii: " ") { at += 1 }
    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return nil }
    let quote = bytes[at]
    at += 1
    if hash {
      guard at < bytes.count, bytes[at] == UInt8(ascii: "#") else { return nil }
      at += 1
    }
    let start = at
    while at < bytes.count, bytes[at] != quote { at += 1 }
    return at > start && at < bytes.count ? (start, at) : nil
  }
}
