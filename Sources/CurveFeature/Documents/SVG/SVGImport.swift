import CurveGeometry
import Foundation

/// Foundation has a type of this name too; the one meant here is SVG's.
private typealias AffineTransform = CurveGeometry.AffineTransform

/// An SVG drawing as a Curves document: every drawn segment of every shape becomes a curve.
///
/// ```swift
/// let svg = Data(#"<svg viewBox="0 0 200 100"><rect x="10" y="10" width="50" height="30"/></svg>"#.utf8)
/// let document = try SVGImport.document(from: svg)
/// document.canvas                          // 200 × 100: the viewBox
/// document.curves.map(\.points.count)      // [2, 2, 2, 2]: one line a side
/// ```
///
/// What it reads:
/// - `<path>` (all of SVG 1.1's path data, see `SVGPathData`), `<line>`, `<polyline>`,
///   `<polygon>`, `<rect>` (rounded corners as arcs), `<circle>` and `<ellipse>`, inside
///   `<g>`, `<a>`, nested `<svg>` (viewBox and preserveAspectRatio; clipping is not applied)
///   and `<switch>` (its first child without `requiredExtensions`), and what `<use>` refers to,
///   including `<symbol>`s.
/// - `transform` on every element, composed down the tree (see `SVGTransformList`).
/// - Lengths in user units, px, or converted at 96 per inch (in, cm, mm, pt, pc); percentages of
///   the nearest viewport. em and ex depend on fonts and are refused.
///
/// What it guarantees:
/// - The canvas is the root's viewBox size, else its `width` and `height`, else 800 × 600 (per
///   missing or percentage dimension); the viewBox's corner becomes the canvas origin.
/// - Each segment is one curve of 2, 3 or 4 points (line, quadratic, cubic) in document units,
///   in document order; arcs, rounded corners, circles and ellipses are cubics within
///   `arcTolerance` (0.01 document units) of the true curve, whatever the transforms.
///   Segments that collapse to a point are left out.
/// - What draws no ink is left out: `<defs>`, `<clipPath>`, `<mask>`, `<symbol>` (unless used),
///   `<marker>`, `<pattern>`, gradients, `<title>`, `<desc>`, `<metadata>`, `<style>`,
///   `<script>`, elements of other namespaces (Inkscape's and Sodipodi's), `display="none"`
///   (attribute or style) and `visibility="hidden"` shapes. Text and images are not curves and
///   are left out too; CSS style sheets are not read.
/// - Curves' own point markers are left out: elements of class `control-point` or
///   `control-points`, as `curves export-svg` writes them, so an exported drawing imports as
///   exactly its curves.
/// - The result passes `Document.decode`'s checks: at most `Document.maximumCurves` curves,
///   finite coordinates, fresh ids from `makeID`. Anything else is an `SVGImportError` naming
///   the element (and for path data, the offset in `d`); there is never a partial document.
public enum SVGImport {
  /// How close, in document units, arcs and round shapes stay to their cubics.
  public static let arcTolerance = 0.01
  /// The canvas when the root gives no size.
  public static let defaultCanvas = Canvas(width: 800, height: 600)
  /// How deep elements may nest, counting what `<use>` brings in. Drawings from editors nest
  /// a few dozen deep; the limit keeps a hostile file from exhausting the stack of the walk.
  public static let maximumDepth = 256
  /// How many elements the walk may visit, counting each `<use>`'s copy: nested references
  /// multiply, so a small file could otherwise ask for billions.
  public static let maximumElements = 1_000_000

  public static func document(from data: Data, makeID: () -> UUID = UUID.init) throws(SVGImportError) -> Document {
    let root = try SVGTree.parse(data)
    guard root.isSVG, root.name == "svg" else { throw .notSVG(root: root.qualifiedName) }
    let (canvas, viewBoxTransform) = try canvas(of: root)
    var drawing = SVGDrawing(tree: root, viewport: PercentageBasis(width: canvas.width, height: canvas.height))
    // As for a nested <svg>, the element's transform applies outside its viewBox's.
    let visible = !["hidden", "collapse"].contains(root.property("visibility") ?? "visible")
    try drawing.drawChildren(of: root, transform: (try transform(of: root)) * viewBoxTransform, visible: visible)
    let curves = drawing.curves.map { points in
      Document.CurveRecord(id: makeID(), points: points.map { Document.PointRecord(id: makeID(), x: $0.x, y: $0.y) })
    }
    return Document(canvas: canvas, curves: curves, animation: Document.AnimationRecord(AnimationSettings(mode: .smooth)))
  }

  /// The root's canvas, and the translation that puts its viewBox's corner at the origin.
  private static func canvas(of root: SVGElement) throws(SVGImportError) -> (Canvas, AffineTransform) {
    let canvas: Canvas, transform: AffineTransform
    if let viewBox = try viewBox(of: root) {
      canvas = Canvas(width: viewBox.width, height: viewBox.height)
      transform = .translate(x: -viewBox.minX, y: -viewBox.minY)
    } else {
      // Percentages of an unknown window, and "auto", leave the default.
      func dimension(_ name: String, _ fallback: Double) throws(SVGImportError) -> Double {
        guard let text = root.attributes[name], !text.hasSuffix("%"), text.trimmingCharacters(in: .whitespaces) != "auto" else {
          return fallback
        }
        return try Lengths.length(text, attribute: name, of: root, percentOf: fallback)
      }
      canvas = Canvas(width: try dimension("width", defaultCanvas.width), height: try dimension("height", defaultCanvas.height))
      transform = .identity
    }
    guard canvas.width > 0, canvas.height > 0, canvas.width <= 100_000, canvas.height <= 100_000 else {
      throw .invalidCanvas(width: canvas.width, height: canvas.height)
    }
    return (canvas, transform)
  }

  /// `viewBox="min-x min-y width height"`, or nil without one.
  static func viewBox(
    of element: SVGElement
  ) throws(SVGImportError) -> (minX: Double, minY: Double, width: Double, height: Double)? {
    guard let text = element.attributes["viewBox"] else { return nil }
    let parts = text.split(whereSeparator: { " ,\t\r\n".contains($0) })
    let numbers = parts.compactMap { SVGPathData.number($0) }
    guard parts.count == 4, numbers.count == 4 else {
      throw .badAttribute(element: element.label, name: "viewBox", value: text, reason: "it needs four numbers: min-x min-y width height")
    }
    guard numbers[2] > 0, numbers[3] > 0 else {
      throw .badAttribute(element: element.label, name: "viewBox", value: text, reason: "its width and height must be positive")
    }
    return (numbers[0], numbers[1], numbers[2], numbers[3])
  }

  static func transform(of element: SVGElement) throws(SVGImportError) -> CurveGeometry.AffineTransform {
    guard let text = element.attributes["transform"] else { return .identity }
    let transform: AffineTransform
    do throws(SVGTransformError) {
      transform = try SVGTransformList.transform(text)
    } catch {
      throw .badTransform(element: element.label, error)
    }
    guard transform.isFinite else {
      throw .badAttribute(element: element.label, name: "transform", value: text, reason: "it is not finite (a skew of 90°?)")
    }
    return transform
  }
}
