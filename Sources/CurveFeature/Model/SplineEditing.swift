import Composable
import CurveGeometry

/// A control point of a B-spline curve (`Curve.State.spline`), by its place in the spline.
public struct SplinePointReference: Hashable, Sendable {
  public var curve: Curve.State.ID
  public var index: Int

  public init(curve: Curve.State.ID, index: Int) {
    self.curve = curve
    self.index = index
  }
}

/// A B-spline's control point dragged by the pointer: the curve is made anew from the spline
/// at each step.
public struct SplinePointDrag: Equatable, Sendable {
  public var point: SplinePointReference
  /// Where the pointer grabbed the point, relative to its centre, in document units.
  public var grabOffset: Point
  /// The drawing's revision when the drag began: it is an undo step if that changed.
  public var startRevision: Int

  public init(point: SplinePointReference, grabOffset: Point, startRevision: Int) {
    self.point = point
    self.grabOffset = grabOffset
    self.startRevision = startRevision
  }
}

/// A knot of the focused B-spline dragged along the knot strip.
public struct KnotDrag: Equatable, Sendable {
  public var curve: Curve.State.ID
  public var index: Int
  /// The knots when the drag began: the strip's scale stays theirs while it lasts.
  public var start: [Double]
  public var startRevision: Int

  public init(curve: Curve.State.ID, index: Int, start: [Double], startRevision: Int) {
    self.curve = curve
    self.index = index
    self.start = start
    self.startRevision = startRevision
  }
}

/// The strip along the canvas area's foot where the focused B-spline's knot vector is shown
/// and its knots dragged, as in the primer's knot sketch: the first knot at the left end,
/// the last at the right, each knot a disc (repeated ones stacked upwards), the curve's
/// domain drawn thick. Screen units, the canvas area's top-left at the origin.
public struct KnotStrip: Equatable, Sendable {
  /// The line the knots sit on.
  public var left: Double
  public var right: Double
  public var y: Double
  /// The knot values at the line's ends.
  public var first: Double
  public var last: Double

  /// Screen units between the strip's line and the area's foot (clearing the tool bar, its
  /// margins and the strip's caption), and between it and the area's sides.
  public static let inset = (bottom: 84.0, side: 48.0)
  /// The timeline strip's height, which a drawing with a timeline has at the area's foot.
  public static let timelineHeight = 56.0
  /// Screen units between stacked copies of a repeated knot.
  public static let stackStep = 12.0

  /// The strip for `knots` in an area of `area` whose top-left is at `origin` on screen
  /// (above its timeline strip when it has one); nil when the area is too small for one.
  public init?(knots: [Double], area: Size, origin: Point = .zero, hasTimeline: Bool = false) {
    let bottom = Self.inset.bottom + (hasTimeline ? Self.timelineHeight : 0)
    guard let first = knots.first, let last = knots.last, area.width > 2 * Self.inset.side + 40, area.height > bottom + 120 else { return nil }
    left = origin.x + Self.inset.side
    right = origin.x + area.width - Self.inset.side
    y = origin.y + area.height - bottom
    self.first = first
    // All knots equal (not a spline's): a unit strip, so nothing divides by zero.
    self.last = last > first ? last : first + 1
  }

  /// The x of knot value `value` on the strip.
  public func x(of value: Double) -> Double { left + (value - first) / (last - first) * (right - left) }

  /// The knot value at screen x, within the strip's ends.
  public func value(atX x: Double) -> Double {
    first + min(max((x - left) / (right - left), 0), 1) * (last - first)
  }

  /// Where each knot's disc is drawn: at its value's x, each copy of a value one
  /// `stackStep` above the one before.
  public func positions(of knots: [Double]) -> [Point] {
    var copies: [Double: Int] = [:]
    return knots.map { value in
      let copy = copies[value, default: 0]
      copies[value] = copy + 1
      return Point(x: x(of: value), y: y - Double(copy) * Self.stackStep)
    }
  }

  /// The knot whose disc is nearest `point`, within `radius`.
  public func knot(at point: Point, of knots: [Double], radius: Double) -> Int? {
    let distances = positions(of: knots).enumerated().map { ($0.offset, $0.element.distance(to: point)) }
    guard let nearest = distances.min(by: { $0.1 < $1.1 }), nearest.1 <= radius else { return nil }
    return nearest.0
  }
}

extension Editor.State {
  /// The B-spline curves whose control points the canvas shows and the pointer grabs: those
  /// selected, or every one when nothing is selected and the drawing is small (the curves the
  /// canvas draws with their constructions).
  public var editableSplineCurves: [Curve.State] {
    let selected = selectedCurveIDs
    if !selected.isEmpty { return selected.compactMap { drawing.curves[id: $0] }.filter { $0.liveSpline != nil } }
    guard drawing.curves.count <= Self.maximumCurvesShownWhole else { return [] }
    return drawing.curves.filter { $0.liveSpline != nil }
  }

  /// The curves a drawing of this many or fewer shows whole (constructions, a spline's
  /// control points) with nothing selected: the canvas's limit
  /// (`CanvasPainter.maximumConstructionsWithoutSelection`), kept here for the pointer.
  public static let maximumCurvesShownWhole = 100

  /// The B-spline whose knot strip shows, with its spline: the curve with the selected
  /// control point, else the first selected B-spline curve.
  public var focusedSpline: (curve: Curve.State, spline: Spline)? {
    if let point = interaction.splinePoint, let curve = drawing.curves[id: point.curve], let spline = curve.liveSpline { return (curve, spline) }
    // A spline's knots are edited in the node tool, not on whole objects.
    guard interaction.tool != .selector else { return nil }
    for id in selectedCurveIDs {
      if let curve = drawing.curves[id: id], let spline = curve.liveSpline { return (curve, spline) }
    }
    return nil
  }

  /// The focused B-spline's knot strip in the canvas area.
  public var knotStrip: KnotStrip? { focusedSpline.flatMap { knotStrip(for: $0.spline) } }

  /// `spline`'s knot strip in the canvas area (while a knot is dragged, the knots' scale as
  /// the drag began).
  public func knotStrip(for spline: Spline) -> KnotStrip? {
    KnotStrip(knots: interaction.knotDrag?.start ?? spline.knots, area: viewport.area, origin: viewport.areaOrigin, hasTimeline: drawing.timeline != nil)
  }

  /// The weight the Primer page's slider shows: the selected B-spline control point's, else
  /// the first selected point's; nil with nothing selected.
  public var selectedWeight: Double? {
    if let point = interaction.splinePoint, let spline = drawing.curves[id: point.curve]?.liveSpline, spline.weights.indices.contains(point.index) {
      return spline.weights[point.index]
    }
    return interaction.selection.first.flatMap { drawing.curves[$0] }.map { $0.weight ?? 1 }
  }

  /// The spline control point under `screenPoint` (within `radius` screen units): the
  /// nearest, on the topmost curve.
  func splinePoint(at screenPoint: Point, radius: Double) -> SplinePointReference? {
    for curve in editableSplineCurves.reversed() {
      guard let spline = curve.liveSpline else { continue }
      let distances = spline.points.enumerated().map { ($0.offset, viewport.screenPoint(atDocument: $0.element).distance(to: screenPoint)) }
      if let nearest = distances.min(by: { $0.1 < $1.1 }), nearest.1 <= radius { return SplinePointReference(curve: curve.id, index: nearest.0) }
    }
    return nil
  }

  /// Delete on a pressed B-spline control point: it goes, the knots kept of their kind; one
  /// undo step. False (with a notice) when too few would be left.
  @discardableResult
  mutating func deleteSplinePoint() -> Bool {
    guard let point = interaction.splinePoint else { return false }
    let before = undoSnapshot
    guard editSpline(of: point.curve, { $0.removingPoint(point.index) }) else {
      interaction.notice = "A B-spline needs more control points than its degree: lower it first (Alt+-)."
      return false
    }
    history.record(before)
    interaction.splinePoint = nil
    drawing.markCurvesEdited()
    return true
  }

  /// An arrow key on a pressed B-spline control point: it moves by `offset` (onto the
  /// canvas); one undo step.
  @discardableResult
  mutating func nudgeSplinePoint(by offset: Point) -> Bool {
    guard let point = interaction.splinePoint else { return false }
    let before = undoSnapshot, canvas = canvas
    guard editSpline(of: point.curve, { spline in
      var spline = spline
      spline.points[point.index] = canvas.clamp(spline.points[point.index] + offset)
      return spline
    }) else { return false }
    history.record(before)
    drawing.markCurvesEdited()
    return true
  }

  /// A double-click on a B-spline curve: the knot at the clicked point inserted, one control
  /// point more and the curve unchanged (the primer's knot insertion); that point pressed;
  /// one undo step. False for a closed spline, whose knots stay uniform.
  mutating func insertKnot(on reference: SegmentReference, at t: Double) -> Bool {
    guard let spline = drawing.curves[id: reference.curve]?.liveSpline else { return false }
    let u = spline.parameter(segment: reference.segment, t: t), before = undoSnapshot
    guard editSpline(of: reference.curve, { $0.insertingKnot(u) }) else {
      interaction.notice = "A closed B-spline's knots stay uniform: no knot is inserted."
      return false
    }
    history.record(before)
    // Boehm's insertion puts `degree` new points where `degree` − 1 were, from the first
    // the span of u reaches: the middle one is pressed.
    let firstNew = (spline.bSpline?.span(at: u) ?? spline.degree) - spline.degree + 1
    let index = firstNew + (spline.degree - 1) / 2
    interaction.splinePoint = SplinePointReference(curve: reference.curve, index: index)
    interaction.selection = []
    interaction.hoveredSegment = nil
    drawing.markCurvesEdited()
    return true
  }

  /// Makes curve `id` the spline `change` returns from its own: its Bézier subpath made anew
  /// (ids kept while there are as many points). False when it is not a B-spline curve, or
  /// the change is none.
  @discardableResult
  mutating func editSpline(of id: Curve.State.ID, _ change: (Spline) -> Spline?) -> Bool {
    @Dependency(\.uuid) var uuid
    guard let index = drawing.curves.index(id: id), let spline = drawing.curves[index].liveSpline,
      let changed = change(spline), changed != spline, changed.problem == nil
    else { return false }
    drawing.curves[index].setSpline(changed, makeID: { uuid() })
    return true
  }
}
