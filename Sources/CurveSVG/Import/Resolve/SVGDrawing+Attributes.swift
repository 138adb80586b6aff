import CurveGeometry

/// What an element's own attributes say before it is drawn: its transform, and whether it
/// passes conditional processing.
extension SVGDrawing {
  /// The element's `transform`; the identity, reported, when it is not one (as a renderer
  /// ignores an attribute it cannot read).
  mutating func transform(of element: SVGElement) -> Affine {
    transform(element.attributes["transform"], named: "transform", of: element)
  }

  /// The transform list `text` (the attribute `name` of `element`, or of what it links to:
  /// a gradientTransform, a patternTransform); the identity when there is none, and,
  /// reported, when it cannot be read or is not finite.
  mutating func transform(_ text: String?, named name: String, of element: SVGElement) -> Affine {
    guard let text else { return .identity }
    do throws(SVGTransformError) {
      let transform = try SVGTransformList.transform(text)
      guard transform.isFinite else {
        repair(element, "its \(name) is ignored: it is not finite (a skew of 90°?)")
        return .identity
      }
      return transform
    } catch {
      repair(element, "its \(name) is ignored: \(error.description)")
      return .identity
    }
  }
}

extension SVGDrawing {
  /// The language Curves renders for: `systemLanguage` is true when it lists English.
  static let language = "en"

  /// SVG's conditional processing (SVG 2, 5.8.1): `requiredExtensions` names none that Curves
  /// has (and empty is false too); `systemLanguage` must list `language`, alone or with a
  /// region ("en-GB").
  static func passesConditions(_ element: SVGElement) -> Bool {
    if element.attributes["requiredExtensions"] != nil { return false }
    if let languages = element.attributes["systemLanguage"] {
      return languages.split(separator: ",").contains { tag in
        let tag = tag.trimmingSVGSpace().lowercased()
        return tag == language || tag.hasPrefix(language + "-")
      }
    }
    return true
  }
}
