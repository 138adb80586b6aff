import CurveGeometry

/// What Curves keeps of a drawing without drawing it: text, images, foreign content,
/// metadata and elements of other namespaces (Inkscape's, Sodipodi's), each written back as
/// it was read, inside groups that give it what it inherited where it stood.
extension SVGDrawing {
  /// Metadata kept where it stands, though it draws nothing.
  static let keptMetadata: Set<String> = ["metadata", "title", "desc"]

  /// Attributes of an ancestor that a wrapper group leaves out: its place and size (the
  /// wrapper's transform has them), its id (the original keeps it), and references to
  /// definitions the export does not write.
  private static let unwrappedAttributes: Set<String> = [
    "id", "transform", "x", "y", "width", "height", "viewBox", "preserveAspectRatio", "href", "xlink:href",
    "clip-path", "mask", "filter", "version", "baseProfile", "zoomAndPan",
  ]

  /// Keeps `element`, drawn in `context` (its parent's), with the shapes drawn so far
  /// before it.
  mutating func keep(_ element: SVGElement, context: Context) {
    var xml = element.xml()
    for ancestor in ancestors.reversed() {
      let attributes = ancestor.element.attributes.filter { !Self.unwrappedAttributes.contains($0.key) && !$0.key.hasPrefix("xmlns") }
      guard !attributes.isEmpty else { continue }
      let wrapper = SVGElement(name: "g", qualifiedName: "g", isSVG: true, attributes: attributes, line: 0)
      let open = wrapper.xml()
      xml = open.dropLast(2) + ">" + xml + "</g>"
    }
    let t = context.transform
    if t != .identity {
      let matrix = [t.a, t.b, t.c, t.d, t.e, t.f].map { "\($0)" }.joined(separator: " ")
      xml = #"<g transform="matrix(\#(matrix))">"# + xml + "</g>"
    }
    kept.append((shapes.count, element.qualifiedName, xml))
  }
}
