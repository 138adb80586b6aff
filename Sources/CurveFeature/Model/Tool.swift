import CurveGeometry

/// What the pointer does on the canvas, as Inkscape's tool box has it: the node tool edits
/// what is there; the others draw something new.
public enum Tool: String, Equatable, Sendable, CaseIterable {
  /// Select, drag and reshape nodes, handles and segments (the default).
  case node
  /// Draw freehand: the stroke is fitted with cubics on release.
  case pencil
  /// Drag a box: a rectangle (Ctrl: a square).
  case rectangle
  /// Drag a box: an ellipse inside it (Ctrl: a circle).
  case ellipse

  /// What the status line says the tool does next.
  public var hint: String {
    switch self {
    case .node: "Drag a point to move it; drag on the canvas to select"
    case .pencil: "Drag to draw freehand; the stroke is fitted with curves when you let go (end on its start to close it)"
    case .rectangle: "Drag to draw a rectangle; Ctrl makes a square"
    case .ellipse: "Drag to draw an ellipse; Ctrl makes a circle"
    }
  }

  /// The keys that choose it, as the tool bar's tooltip and the help overlay write them.
  public var keys: String {
    switch self {
    case .node: "F2"
    case .pencil: "P, F6"
    case .rectangle: "F4"
    case .ellipse: "F5"
    }
  }
}

/// A drawing tool's press-drag-release under way: the pencil's samples, or a shape's box
/// from `anchor` to the last point (document units).
public struct Sketch: Equatable, Sendable {
  public var tool: Tool
  /// The pointer's positions so far; a shape's first is its anchor, its last the corner.
  public var points: [Point]
  /// Ctrl: a square or a circle.
  public var isConstrained: Bool

  public init(tool: Tool, points: [Point], isConstrained: Bool = false) {
    self.tool = tool
    self.points = points
    self.isConstrained = isConstrained
  }

  /// The box a shape is drawn in: from the anchor to the corner, made square with Ctrl (its
  /// side the larger of the two, towards the corner).
  public var box: Rect {
    guard let anchor = points.first, var corner = points.last else { return .empty }
    if isConstrained {
      let side = max(abs(corner.x - anchor.x), abs(corner.y - anchor.y))
      corner = Point(x: anchor.x + (corner.x < anchor.x ? -side : side), y: anchor.y + (corner.y < anchor.y ? -side : side))
    }
    return Rect(minX: min(anchor.x, corner.x), minY: min(anchor.y, corner.y), maxX: max(anchor.x, corner.x), maxY: max(anchor.y, corner.y))
  }
}
