import CurveGeometry

/// One of the eight handles on the selection's box: the corners scale both ways (or turn it,
/// in rotate mode), the sides one way (or skew it).
public enum BoxHandle: CaseIterable, Equatable, Sendable {
  case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left

  /// Where it sits on `box`.
  public func position(on box: Rect) -> Point {
    let midX = (box.minX + box.maxX) / 2, midY = (box.minY + box.maxY) / 2
    switch self {
    case .topLeft: return Point(x: box.minX, y: box.minY)
    case .top: return Point(x: midX, y: box.minY)
    case .topRight: return Point(x: box.maxX, y: box.minY)
    case .right: return Point(x: box.maxX, y: midY)
    case .bottomRight: return Point(x: box.maxX, y: box.maxY)
    case .bottom: return Point(x: midX, y: box.maxY)
    case .bottomLeft: return Point(x: box.minX, y: box.maxY)
    case .left: return Point(x: box.minX, y: midY)
    }
  }

  /// The handle across the box: what stays put while this one scales.
  public var opposite: BoxHandle {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 4) % all.count]
  }

  public var isCorner: Bool { [.topLeft, .topRight, .bottomRight, .bottomLeft].contains(self) }
}

/// A press of the selector that lasts until its release: the selection moved, scaled,
/// turned or skewed from where it was at the press (each step computed from the start, so
/// nothing drifts), or the rotation centre moved. The curves and groups before it wait in
/// `history.pending`.
public struct ObjectDrag: Equatable, Sendable {
  public enum Grip: Equatable, Sendable {
    case move
    case scale(BoxHandle)
    case rotate(BoxHandle)
    case skew(BoxHandle)
    /// The mark the rotate handles turn about.
    case centre
    /// The panel's X, Y, W and H, dragged: the box set, from where it was at the press.
    case box
  }

  public var grip: Grip
  public var objects: [DrawingObject]
  /// Where the pointer pressed, in document units.
  public var anchor: Point
  /// The selection's visual box at the press.
  public var box: Rect
  /// What the rotate and skew handles turn about.
  public var centre: Point
  /// The drawing's revision at the press: the drag is an undo step if that changed.
  public var startRevision: Int
  /// A press on what was already selected: released without moving, it is a click on the
  /// selection, which switches the scale and rotate handles.
  public var pressedTheSelection: Bool
  /// The box of the objects' points at the press: what must stay on the page.
  public var pointsBox: Rect
  /// Where the moved box may snap, x and y: the other objects' box edges and centres and the
  /// page's, found once at the press.
  public var snapTargets: SnapTargets
  /// Where the last step snapped (document units), marked while dragging.
  public var snappedTo: Point?
  /// What the last step applied to the objects as they were at the press.
  public var transform = Affine.identity

  public init(
    grip: Grip, objects: [DrawingObject], anchor: Point, box: Rect, centre: Point, startRevision: Int,
    pressedTheSelection: Bool = false, pointsBox: Rect = .empty, snapTargets: SnapTargets = SnapTargets()
  ) {
    self.grip = grip
    self.objects = objects
    self.anchor = anchor
    self.box = box
    self.centre = centre
    self.startRevision = startRevision
    self.pressedTheSelection = pressedTheSelection
    self.pointsBox = pointsBox
    self.snapTargets = snapTargets
  }
}

/// What a moved box snaps to, as Inkscape's bounding-box snapping: x positions of vertical
/// lines and y positions of horizontal ones (other boxes' edges and centres), and points (other
/// objects' nodes), which a corner or the centre of the box lands on.
public struct SnapTargets: Equatable, Sendable {
  public var xs: [Double] = []
  public var ys: [Double] = []
  public var points: [Point] = []

  public init(xs: [Double] = [], ys: [Double] = [], points: [Point] = []) {
    self.xs = xs
    self.ys = ys
    self.points = points
  }

  /// The left, centre and right of each box, and its top, middle and bottom; and `nodes`.
  public init(boxes: [Rect], nodes: [Point] = []) {
    for box in boxes {
      xs += [box.minX, (box.minX + box.maxX) / 2, box.maxX]
      ys += [box.minY, (box.minY + box.maxY) / 2, box.maxY]
    }
    points = nodes
  }

  /// How far to move `corners` (the moved box's corners and centre) so the nearest of them
  /// lands on a node within `tolerance`, and that node; nil when none is that close.
  public static func snap(_ corners: [Point], to nodes: [Point], within tolerance: Double) -> (shift: Point, target: Point)? {
    var best: (shift: Point, target: Point, distance: Double)?
    for corner in corners {
      for node in nodes where abs(node.x - corner.x) <= tolerance && abs(node.y - corner.y) <= tolerance {
        let distance = node.distance(to: corner)
        if distance <= tolerance, distance < best?.distance ?? .infinity { best = (node - corner, node, distance) }
      }
    }
    return best.map { ($0.shift, $0.target) }
  }

  /// How far to move `values` (the moved box's edges and centre along one axis) so the
  /// nearest of them lands on a target within `tolerance`, and the target; nil when none is
  /// that close.
  public static func snap(_ values: [Double], to targets: [Double], within tolerance: Double) -> (shift: Double, target: Double)? {
    var best: (shift: Double, target: Double)?
    for value in values {
      for target in targets where abs(target - value) <= tolerance && abs(target - value) < abs(best?.shift ?? .infinity) {
        best = (target - value, target)
      }
    }
    return best
  }
}
