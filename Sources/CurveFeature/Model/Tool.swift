import CurveGeometry
import Foundation

/// What the pointer does on the canvas, as Inkscape's tool box has it: the node tool edits
/// what is there; the others draw something new.
public enum Tool: String, Equatable, Sendable, CaseIterable {
  /// Select, move, scale, turn and stack whole objects (the default for SVG drawings).
  case selector
  /// Select, drag and reshape nodes, handles and segments (the default for the curve lab).
  case node
  /// Click and drag node by node: a Bézier path (or through points, a B-spline, lines).
  case pen
  /// Draw freehand: the stroke is fitted with cubics on release.
  case pencil
  /// Drag a box: a rectangle (Ctrl: a square).
  case rectangle
  /// Drag a box: an ellipse inside it (Ctrl: a circle).
  case ellipse
  /// Drag from the centre to a corner: a star (Ctrl: its angle in 15° steps).
  case star
  /// Click to type a text, or to put the cursor in one.
  case text

  /// What the status line says the tool does next.
  public var hint: String {
    switch self {
    case .selector: "Click an object to select it, drag to move it, drag a handle to scale it; click again to rotate"
    case .node: "Drag a point to move it; drag on the canvas to select"
    case .pen: "Click to add a node, drag to pull its handles, Enter to finish"
    case .pencil: "Drag to draw freehand; the stroke is fitted with curves when you let go (end on its start to close it)"
    case .rectangle: "Drag to draw a rectangle; Ctrl makes a square"
    case .ellipse: "Drag to draw an ellipse; Ctrl makes a circle"
    case .star: "Drag from the centre to a corner to draw a star; Ctrl turns it in 15° steps"
    case .text: "Click to type a text, or click a text to edit it; Escape leaves it"
    }
  }

  /// The keys that choose it, as the tool bar's tooltip and the command palette write them.
  public var keys: String {
    switch self {
    case .selector: "S, F1"
    case .node: "N, F2"
    case .pen: "B, Shift+F6"
    case .pencil: "P, F6"
    case .rectangle: "R, F4"
    case .ellipse: "E, F5"
    case .star: "*"
    case .text: "T, F8"
    }
  }
}

/// How the shape tools draw, set in the tool bar: the rectangle's corner radius, and the
/// star's corners, spokes and rounding (a polygon is a star without its inner points).
public struct ShapeSettings: Equatable, Sendable {
  /// The rectangle's corners' radius, in document units (0: sharp corners).
  public var cornerRadius = 0.0
  /// The star's or polygon's corners, 3 to 100.
  public var corners = 5
  /// A polygon: the corners alone, without the inner points between them.
  public var isPolygon = false
  /// The star's inner points' distance from the centre, as a share of its corners'.
  public var spokeRatio = 0.5
  /// How round the star's points are: each node's handles reach this share of the way
  /// to its neighbours (0: sharp, straight sides).
  public var rounding = 0.0

  public static let cornerRange = 3...100
  public static let spokeRange = 0.01...1.0
  public static let roundingRange = 0.0...1.0

  public init(cornerRadius: Double = 0, corners: Int = 5, isPolygon: Bool = false, spokeRatio: Double = 0.5, rounding: Double = 0) {
    self.cornerRadius = max(cornerRadius, 0)
    self.corners = min(max(corners, Self.cornerRange.lowerBound), Self.cornerRange.upperBound)
    self.isPolygon = isPolygon
    self.spokeRatio = min(max(spokeRatio, Self.spokeRange.lowerBound), Self.spokeRange.upperBound)
    self.rounding = min(max(rounding, Self.roundingRange.lowerBound), Self.roundingRange.upperBound)
  }

  /// The same settings brought within their ranges.
  public var clamped: ShapeSettings {
    ShapeSettings(cornerRadius: cornerRadius, corners: corners, isPolygon: isPolygon, spokeRatio: spokeRatio, rounding: rounding)
  }
}

/// A drawing tool's press-drag-release under way: the pencil's samples, or a shape's box
/// from `anchor` to the last point (document units); for a star, its centre and a corner.
public struct Sketch: Equatable, Sendable {
  public var tool: Tool
  /// The pointer's positions so far; a shape's first is its anchor, its last the corner.
  public var points: [Point]
  /// Ctrl: a square or a circle.
  public var isConstrained: Bool
  /// The tool bar's settings when the press began.
  public var settings: ShapeSettings

  public init(tool: Tool, points: [Point], isConstrained: Bool = false, settings: ShapeSettings = ShapeSettings()) {
    self.tool = tool
    self.points = points
    self.isConstrained = isConstrained
    self.settings = settings
  }

  /// A star's corners and the points between them (a polygon's corners alone), from the
  /// corner under the pointer, clockwise on screen; nil until the pointer has left the centre.
  public var starPoints: [Point]? {
    guard let centre = points.first, let corner = points.last, corner != centre else { return nil }
    let radius = centre.distance(to: corner)
    var angle = atan2(corner.y - centre.y, corner.x - centre.x)
    if isConstrained { angle = (angle / Self.angleStep).rounded() * Self.angleStep }
    let count = settings.corners
    if settings.isPolygon {
      return (0..<count).map { index in
        let a = angle + Double(index) * 2 * .pi / Double(count)
        return Point(x: centre.x + radius * cos(a), y: centre.y + radius * sin(a))
      }
    }
    return (0..<(2 * count)).map { index in
      let r = index.isMultiple(of: 2) ? radius : radius * settings.spokeRatio
      let a = angle + Double(index) * .pi / Double(count)
      return Point(x: centre.x + r * cos(a), y: centre.y + r * sin(a))
    }
  }

  /// Ctrl turns a star in steps of 15°.
  static let angleStep = Double.pi / 12

  /// The box a shape is drawn in: from the anchor to the corner, made square with Ctrl (its
  /// side the larger of the two, towards the corner).
  public var box: Rect {
    guard let anchor = points.first, var corner = points.last else { return .empty }
    if isConstrained {
      let side = max(abs(corner.x - anchor.x), abs(corner.y - anchor.y))
      corner = Point(x: anchor.x + (corner.x < anchor.x ? -side : side), y: anchor.y + (corner.y < anchor.y ? -side : side))
    }
    return Rect(enclosing: [anchor, corner])
  }
}
