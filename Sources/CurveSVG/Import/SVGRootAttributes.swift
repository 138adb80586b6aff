import CurveDocument
import FoundationEssentials

/// The root `<svg>`'s own attributes, kept through import (`Document.rootAttributes`) so that
/// SVG export writes them back and `curves render` draws the drawing at the size its file
/// gives, as librsvg and resvg do: a 16-unit viewBox shown 48 pixels wide stays 48 pixels
/// wide, `width="100mm"` stays in millimetres, and Inkscape's own attributes come back.
///
/// ```swift
/// document.keepRootAttributes(of: root, prefixes: prefixes)
/// document.displaySize   // (48, 48) for width="48" height="48" viewBox="0 0 16 16"
/// ```
extension Document {
  /// Unprefixed root attributes kept: those the canvas and the styles do not already say.
  /// (`viewBox`, `preserveAspectRatio`, `transform` and the presentation attributes made the
  /// canvas and the curves' styles; written again, they would apply twice.)
  /// A list, not a set: five names are compared faster than a set of them is built, which
  /// every process reading an SVG file did.
  static let keptUnprefixedRootAttributes = ["id", "width", "height", "version", "baseProfile"]

  /// Keeps `root`'s attributes that Curves does not make from the canvas: its size as
  /// written, its id, and those of other namespaces (Inkscape's, Sodipodi's, `xml:space`),
  /// with the prefixes they use (`prefixes`, the file's).
  mutating func keepRootAttributes(of root: SVGElement, prefixes: [String: String]) {
    for (name, value) in root.attributes {
      let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
      if parts.count == 1 {
        if Self.keptUnprefixedRootAttributes.contains(name) { rootAttributes[name] = value }
        continue
      }
      let prefix = parts[0]
      if prefix == "xml" {
        rootAttributes[name] = value
        continue
      }
      // Links and Curves's own settings mean nothing on the root, or are written anew.
      guard prefix != "xlink", let uri = prefixes[prefix], uri != CurvesSettings.namespace, uri != Self.svgNamespace else { continue }
      rootAttributes[name] = value
      namespaces[prefix] = uri
    }
  }

  /// The size in pixels the drawing is shown at, as librsvg sizes an SVG: the root's `width`
  /// and `height` as kept, in CSS pixels; where one is a percentage, `auto` or missing, from
  /// the other and the canvas's proportions; where both are, or they no longer have the
  /// canvas's proportions (the canvas changed), the canvas's own size.
  public var displaySize: (width: Double, height: Double) {
    let ratio = canvas.width / canvas.height
    guard ratio.isFinite, ratio > 0 else { return (canvas.width, canvas.height) }
    switch (keptLength("width"), keptLength("height")) {
    case let (width?, height?): return hasCanvasProportions(width, height) ? (width, height) : (canvas.width, canvas.height)
    case let (width?, nil): return (width, width / ratio)
    case let (nil, height?): return (height * ratio, height)
    case (nil, nil): return (canvas.width, canvas.height)
    }
  }

  /// The root's `width` and `height` for SVG export: as the file had them (one may be
  /// missing or a percentage) unless both are lengths that no longer have the canvas's
  /// proportions, or neither was kept; then the canvas's numbers.
  var rootSize: (width: String?, height: String?)? {
    let width = rootAttributes["width"], height = rootAttributes["height"]
    guard width != nil || height != nil else { return nil }
    if let width = keptLength("width"), let height = keptLength("height"), !hasCanvasProportions(width, height) { return nil }
    return (width, height)
  }

  /// Whether a `width × height` viewport shows the canvas unstretched.
  private func hasCanvasProportions(_ width: Double, _ height: Double) -> Bool {
    abs(width / height - canvas.width / canvas.height) <= 1e-6 * (canvas.width / canvas.height)
  }

  /// The kept root `name` (`width`, `height`) in pixels, when it is a positive length in
  /// absolute units (not a percentage of an unknown window, nor `auto`).
  private func keptLength(_ name: String) -> Double? {
    SVGImport.absoluteLength(rootAttributes[name]).flatMap { $0 > 0 && $0 <= Self.largestDisplaySide ? $0 : nil }
  }

  private static let svgNamespace = "http://www.w3.org/2000/svg"

  /// The largest side a kept size is taken at, as the import takes a canvas's.
  static let largestDisplaySide = 100_000.0
}
