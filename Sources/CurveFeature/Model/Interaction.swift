import Composable
import CurveGeometry
import OrderedCollections

/// What the user is doing with the drawing right now: the selection, the point under the
/// pointer, the gesture under way and the last word the editor had for them. Never saved.
///
/// ```swift
/// var interaction = Interaction()
/// interaction.selection = [PointReference(curve: curve, point: point)]
/// interaction.gesture = .pan(anchor: Point(x: 40, y: 30))
/// ```
///
/// Invariant: at most one gesture at a time, ended only by `Editor.State.endGesture()` or
/// `cancelGesture()`, which make a drag one undo step (a segment's reshaping is also ended by
/// `Pointer` at its release, the same way: `Gesture.startRevision` tells whether it edited).
public struct Interaction: Equatable, Sendable {
  /// The selected points, in the order they were selected.
  public var selection: OrderedSet<PointReference> = []
  /// The selected objects (whole curves and groups of `context`), in the order they were
  /// selected: what the selector moves, scales, groups and stacks.
  public var selectedObjects: OrderedSet<DrawingObject> = []
  /// The group entered with a double-click, whose curves and groups are the objects; nil for
  /// the drawing itself.
  public var context: String?
  /// The object under the pointer in the selector (outlined thinly).
  public var hoveredObject: DrawingObject?
  /// A second click on the selection turns its handles to rotate and skew arrows.
  public var showsRotateHandles = false
  /// The centre the rotate handles turn about, once dragged away from the box's centre.
  public var rotationCentre: Point?
  /// Whether the selector snaps (`%`).
  public var snaps = true
  /// The panel's W:H lock: setting the width or the height keeps the selection's proportions.
  public var locksAspect = false
  /// What the panel's align buttons line the selection up with.
  public var alignAnchor = Arrange.Anchor.last
  /// The B-spline control point last pressed (its curve counts as selected); nil once
  /// anything else is pressed.
  public var splinePoint: SplinePointReference?
  public var hover: PointReference?
  /// The segment whose stroke is under the pointer (no point being under it), or the one being
  /// reshaped: drawn highlighted, live, over the static layer.
  public var hoveredSegment: SegmentReference?
  /// With projection shown, the curves' nearest point to the pointer.
  public var projection: Projection?
  public var gesture: Gesture?
  /// The selection that a single click on empty canvas just cleared: the second click of a
  /// double-click inserts into its curve.
  public var clearedSelection: OrderedSet<PointReference> = []
  /// A short message for the status line: why a command did nothing ("E: a curve has at most 16 points").
  public var notice: String?
  /// The gradient stop last pressed on the canvas, which the palette colours; nil once
  /// anything else is pressed.
  public var selectedStop: GradientStopReference?
  /// What the pointer does on the canvas.
  public var tool: Tool = .node
  /// The text tool's cursor, in the text it is typing in.
  public var textCursor: TextCursor?
  /// The style a drawing tool gives what it makes: the last one set in the style panel.
  public var currentStyle = CurveStyle()
  /// The last Ctrl+L: pressed again with nothing else changed, it simplifies further.
  public var lastSimplification: Simplification?
  /// The pen's path under way, between its first click and its end.
  public var pen: PenPath?
  /// How the pen makes its next path (the tool bar's choice).
  public var penMode = PenMode.bezier
  /// The rectangle's and the star's settings, from the tool bar.
  public var shapeSettings = ShapeSettings()
  /// The through-points mode's cardinal tension, 0 (Catmull-Rom) to 1 (straight lines).
  public var penTension = 0.0
  /// The modifier keys held, as the pointer's last move found them: Alt and Ctrl change a
  /// drag while it goes on.
  public var modifiers: PointerModifiers = []

  public init() {}

  /// The drag under way, if the gesture is one.
  public var drag: Drag? {
    if case let .drag(drag) = gesture { drag } else { nil }
  }

  /// The knot being dragged along the knot strip, if the gesture is one.
  public var knotDrag: KnotDrag? {
    if case let .knot(drag) = gesture { drag } else { nil }
  }

  /// The rubber band being dragged out, if the gesture is one.
  public var rubberBand: RubberBand? {
    if case let .rubberBand(band) = gesture { band } else { nil }
  }

  /// The drawing tool's stroke or box under way, if the gesture is one.
  public var sketch: Sketch? {
    if case let .sketch(sketch) = gesture { sketch } else { nil }
  }

  /// The reshaping of a segment under way, if the gesture is one.
  public var reshape: Reshape? {
    if case let .reshape(reshape) = gesture { reshape } else { nil }
  }

  /// Keeps only selected objects (and the context) that still exist in `drawing`, after undo
  /// or a delete.
  public mutating func forgetMissingObjects(in drawing: Drawing) {
    let groups = Set(drawing.groups.map(\.id))
    if let context, !groups.contains(context) { self.context = nil }
    selectedObjects = selectedObjects.filter { object in
      switch object {
      case let .curve(id): drawing.curves[id: id] != nil
      case let .group(id): groups.contains(id)
      }
    }
    if let hoveredObject, !selectedObjects.contains(hoveredObject) { self.hoveredObject = nil }
  }

  /// Keeps only selected (and hovered) points that still exist in `curves`, after undo or a delete.
  public mutating func forgetMissingPoints(of curves: IdentifiedArrayOf<Curve.State>) {
    selection = selection.filter { curves[$0] != nil }
    clearedSelection = clearedSelection.filter { curves[$0] != nil }
    if let hover, curves[hover] == nil { self.hover = nil }
    if let hoveredSegment, curves.segment(hoveredSegment) == nil { self.hoveredSegment = nil }
  }
}

/// A press of the pointer (or a slider's) that lasts until its release.
public enum Gesture: Equatable, Sendable {
  /// Points dragged by the pointer or an x/y slider.
  case drag(Drag)
  /// A rectangle dragged out on empty canvas to select the points inside.
  case rubberBand(RubberBand)
  /// A middle-button pan: where the pointer was at its last step, in screen units.
  case pan(anchor: Point)
  /// A segment's curve dragged by a point of it: the segment reshaped, its end nodes kept.
  case reshape(Reshape)
  /// A gradient's handle dragged (`G` shows them).
  case gradientHandle(GradientHandleDrag)
  /// A drawing tool's stroke or box being dragged out.
  case sketch(Sketch)
  /// A B-spline's control point dragged.
  case splinePoint(SplinePointDrag)
  /// A knot dragged along the knot strip.
  case knot(KnotDrag)
  /// The selected objects moved, scaled, turned or skewed by the selector.
  case objects(ObjectDrag)
  /// A rubber band of the selector: selects the objects wholly inside it.
  case objectBand(ObjectBand)

  /// Whether the gesture is the selector's: a drag of objects or a band around them.
  public var isSelectors: Bool {
    switch self {
    case .objects, .objectBand: true
    default: false
    }
  }

  /// Whether the gesture is a middle-button pan.
  public var isPan: Bool {
    if case .pan = self { true } else { false }
  }

  /// The drawing's revision when a gesture that edits it (a drag, a reshape) began: ended
  /// with another revision, the gesture is one undo step (`history.pending` its start);
  /// nil for a gesture that edits nothing.
  public var startRevision: Int? {
    switch self {
    case let .drag(drag): drag.startRevision
    case let .reshape(reshape): reshape.startRevision
    case let .gradientHandle(drag): drag.startRevision
    case let .splinePoint(drag): drag.startRevision
    case let .knot(drag): drag.startRevision
    case let .objects(drag): drag.startRevision
    case .rubberBand, .pan, .sketch, .objectBand: nil
    }
  }
}

/// A Ctrl+L: the tolerance it used, and the drawing's revision it left.
public struct Simplification: Equatable, Sendable {
  public var revision: Int
  public var tolerance: Double

  public init(revision: Int, tolerance: Double) {
    self.revision = revision
    self.tolerance = tolerance
  }
}

/// A segment grabbed by a point of its curve and dragged: at every step the segment is
/// reshaped from `start` (its control points when the drag began) so that its point at `t`
/// follows the pointer (`Bezier.moulded(at:to:)`), its end nodes staying.
public struct Reshape: Equatable, Sendable {
  public var segment: SegmentReference
  /// The grabbed parameter on the segment.
  public var t: Double
  /// Where the pointer pressed, in document units.
  public var anchor: Point
  /// The segment's control points when the drag began.
  public var start: [Point]
  /// The drawing's revision when the drag began: it is an undo step if that changed.
  public var startRevision: Int

  public init(segment: SegmentReference, t: Double, anchor: Point, start: [Point], startRevision: Int) {
    self.segment = segment
    self.t = t
    self.anchor = anchor
    self.start = start
    self.startRevision = startRevision
  }
}

/// A drag of the selection by one of its points (the pointer) or by an x/y slider. Plain
/// values, so reading it at every step costs nothing; the curves before it, which hold
/// every selected point's start, wait in `history.pending`.
public struct Drag: Equatable, Sendable {
  public var point: PointReference
  /// Where the pointer grabbed the point, relative to its centre, in document units.
  public var grabOffset: Point
  public var start: Point
  /// The selected points' box when the drag began: how far the selection may move before a
  /// point would leave the canvas.
  public var bounds: Rect
  /// The drawing's revision when the drag began: it is an undo step if that changed.
  public var startRevision: Int
  /// A plain press on a point of a larger selection: released without moving, it selects
  /// just that point, as drawing programs do.
  public var selectsOnlyThePointIfNotMoved: Bool

  public init(
    point: PointReference, grabOffset: Point, start: Point, bounds: Rect? = nil, startRevision: Int,
    selectsOnlyThePointIfNotMoved: Bool = false
  ) {
    self.point = point
    self.grabOffset = grabOffset
    self.start = start
    self.bounds = bounds ?? Rect(minX: start.x, minY: start.y, maxX: start.x, maxY: start.y)
    self.startRevision = startRevision
    self.selectsOnlyThePointIfNotMoved = selectsOnlyThePointIfNotMoved
  }
}

/// The node tool's rubber band: it selects points.
public typealias RubberBand = Band<PointReference>
/// The selector's rubber band: it selects the objects wholly inside.
public typealias ObjectBand = Band<DrawingObject>

/// A rubber band from `anchor` to `corner` (document units); `base` is what stays selected
/// besides what is inside (the selection before, with Shift).
public struct Band<Item: Hashable & Sendable>: Equatable, Sendable {
  public var anchor: Point
  public var corner: Point
  public var base: OrderedSet<Item>

  public init(anchor: Point, corner: Point, base: OrderedSet<Item>) {
    self.anchor = anchor
    self.corner = corner
    self.base = base
  }

  public var rect: Rect {
    Rect(minX: min(anchor.x, corner.x), minY: min(anchor.y, corner.y), maxX: max(anchor.x, corner.x), maxY: max(anchor.y, corner.y))
  }
}
