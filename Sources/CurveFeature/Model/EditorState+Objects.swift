import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// The drawing as objects: what the selector picks (the topmost painted object under the
/// pointer), the box it shows, and the transforms it applies, through the same geometry as
/// `curves transform` (`ObjectTree`, `Group.moved`, `CurveStyle.applying`).
extension Editor.State {
  public var objectTree: ObjectTree { ObjectTree(groups: drawing.groups) }

  /// The objects of the context, bottom first.
  public var contextObjects: [DrawingObject] {
    objectTree.objects(of: drawing.curves.lazy.map { ($0.id, $0.group) }, in: interaction.context)
  }

  /// The curves that are part of `objects`, in painting order: one pass over the curves.
  public func curveIDs(of objects: some Collection<DrawingObject>) -> [UUID] {
    guard !objects.isEmpty else { return [] }
    let curves = Set(objects.compactMap(\.curveID)), groups = groups(inside: objects)
    guard !groups.isEmpty else { return drawing.curves.ids.filter(curves.contains) }
    // Read in place from the array, no curve copied: a panel asks every frame.
    let elements = drawing.curves.elements
    return elements.indices.compactMap { index in
      curves.contains(elements[index].id) || elements[index].group.map(groups.contains) == true ? elements[index].id : nil
    }
  }

  /// The first curve commands act on (its style is the panel's): in the selector, the first
  /// selected object's first curve, found without listing them all.
  public var firstSelectedCurve: Curve.State? {
    guard interaction.tool == .selector else { return selectedCurveIDs.first.flatMap { drawing.curves[id: $0] } }
    switch interaction.selectedObjects.first {
    case let .curve(id)?: return drawing.curves[id: id]
    case let .group(id)?: return curveIDs(of: [DrawingObject.group(id)]).first.flatMap { drawing.curves[id: $0] }
    case nil: return nil
    }
  }

  /// The groups of `objects` and every group inside them (the groups are listed parents first).
  private func groups(inside objects: some Collection<DrawingObject>) -> Set<String> {
    var inside = Set(objects.compactMap(\.groupID))
    guard !inside.isEmpty else { return [] }
    for group in drawing.groups where group.parent.map(inside.contains) == true { inside.insert(group.id) }
    return inside
  }

  /// The curves whose editing marks the canvas draws and whose points the pointer grabs: nil
  /// for every curve (the display's `handles` is `all`); else, in the node tool, those of the
  /// selected objects and those with a selected point.
  public var markedCurveIDs: Set<UUID>? {
    guard drawing.display.handles == .selected else { return nil }
    guard interaction.tool == .node else { return [] }
    return Set(curveIDs(of: interaction.selectedObjects)).union(selectedCurveIDs)
  }

  /// The box around the curves of `objects` (visual: with half their strokes' widths); nil
  /// when they draw nothing.
  public func box(of objects: some Collection<DrawingObject>, visual: Bool = true) -> Rect? {
    var box = Rect.empty
    for id in curveIDs(of: objects) {
      guard let curve = drawing.curves[id: id] else { continue }
      let half = visual ? curve.style.paintedStrokeWidth / 2 : 0
      box.include(curve.bounds.insetBy(dx: -half, dy: -half))
    }
    return box.width.isFinite && box.height.isFinite ? box : nil
  }

  /// The box the selector shows around the selected objects; while they are dragged, the box
  /// at the press where the drag's transform takes it (no curve measured again each step).
  public var selectedObjectsBox: Rect? {
    if case let .objects(drag) = interaction.gesture, drag.grip != .centre { return drag.transform.boundingBox(of: drag.box) }
    return box(of: interaction.selectedObjects)
  }

  /// The topmost object under `position` (document units) that is painted there (its fill
  /// where filled, its stroke within `radius` of its edge), of the context; with
  /// `curveItself`, the curve inside its groups (Ctrl+click). Hidden and locked ones are
  /// passed over. `below` starts the search under that object (Alt+click).
  public func object(at position: Point, radius: Double, curveItself: Bool = false, below: DrawingObject? = nil) -> DrawingObject? {
    let tree = objectTree, hidden = tree.hiddenGroups, locked = lockedGroups(tree)
    var passedBelow = below == nil
    for curve in drawing.curves.reversed() {
      guard !curve.isHidden, !curve.isLocked, !(curve.group.map { hidden.contains($0) || locked.contains($0) } ?? false),
        let object = curveItself ? .curve(curve.id) : tree.object(containing: curve.group, curve: curve.id, in: interaction.context)
      else { continue }
      if !passedBelow {
        if object == below { passedBelow = true }
        continue
      }
      if curve.paints(position, radius: radius) { return object }
    }
    return nil
  }

  private func lockedGroups(_ tree: ObjectTree) -> Set<String> {
    guard drawing.groups.contains(where: \.isLocked) else { return [] }
    return Set(drawing.groups.map(\.id).filter { id in Group.chain(of: id, in: tree.groups).contains(where: \.isLocked) })
  }

  /// The objects of the context whose boxes lie wholly inside `rect`.
  public func objects(inside rect: Rect) -> [DrawingObject] {
    objectBoxes(visual: false).filter { _, box in
      rect.contains(Point(x: box.minX, y: box.minY)) && rect.contains(Point(x: box.maxX, y: box.maxY))
    }.map(\.object)
  }

  /// Each object of the context with its box (visual: with half its strokes' widths), bottom
  /// first, in one pass over the curves: what a band, snapping and alignment measure.
  public func objectBoxes(visual: Bool = true) -> [(object: DrawingObject, box: Rect)] {
    let tree = objectTree
    var order: [DrawingObject] = [], boxes: [DrawingObject: Rect] = [:]
    for curve in drawing.curves where !curve.isHidden {
      guard let object = tree.object(containing: curve.group, curve: curve.id, in: interaction.context) else { continue }
      let half = visual ? curve.style.paintedStrokeWidth / 2 : 0
      let box = curve.bounds.insetBy(dx: -half, dy: -half)
      if let known = boxes[object] {
        boxes[object] = known.union(box)
      } else {
        boxes[object] = box
        order.append(object)
      }
    }
    return order.compactMap { object in boxes[object].flatMap { $0.width.isFinite && $0.height.isFinite ? (object, $0) : nil } }
  }

  /// Puts `objects` where `transform` takes them from `start` (the curves, groups and
  /// timeline before the edit): each step of a drag is computed from its press, so nothing
  /// drifts. Without auto-key, a moved curve's keyframes move with it.
  mutating func place(_ objects: [DrawingObject], by transform: Affine, from start: DrawingSnapshot) {
    let ids = curveIDs(of: objects)
    // By place, not by id: a drag leaves every curve where it was in the array.
    let moving = Set(ids), before = start.curves.elements
    for index in before.indices where moving.contains(before[index].id) {
      if drawing.curves.indices.contains(index), drawing.curves.ids[index] == before[index].id {
        drawing.curves[index].take(before[index], by: transform)
      } else {
        drawing.curves[id: before[index].id] = before[index].applying(transform)
      }
    }
    let tree = ObjectTree(groups: start.groups), groups = Set(objects.compactMap(\.groupID))
    if playhead.autoKey, let timeline = start.timeline {
      drawing.groups = start.groups
      drawing.timeline = keying(groups, by: transform, on: timeline, from: start)
    } else {
      drawing.groups = tree.moving(groups, in: start.groups, by: transform)
      if !groups.isEmpty { drawing.kept = tree.moving(groups, in: drawing.kept, by: transform) }
      drawing.timeline = start.timeline?.mappingTracks(Dictionary(uniqueKeysWithValues: ids.map { ($0, transform) }))
    }
    if let timeline = drawing.timeline, !timeline.groupTracks.isEmpty {
      drawing.groupMotions = timeline.groupMotions(at: playhead.time, groups: drawing.groups)
    }
    drawing.markCurvesEdited()
  }

  /// `timeline` with each of `groups` keyed at the playhead where `transform` takes it from
  /// `start`, as translation, rotation and scale (so a keyed quarter turn turns): auto-key
  /// on, a group's own transform stays and its curves are not keyed point by point.
  private func keying(_ groups: Set<String>, by transform: Affine, on timeline: Timeline, from start: DrawingSnapshot) -> Timeline {
    guard !groups.isEmpty else { return timeline }
    let tree = ObjectTree(groups: start.groups), motions = timeline.groupMotions(at: playhead.time, groups: start.groups)
    var keyed = timeline
    for group in start.groups where groups.contains(group.id) {
      var box = Rect.empty
      for curve in start.curves where tree.isInside(curve.group, group.id) { box.include(curve.bounds) }
      guard box.width.isFinite, box.height.isFinite else { continue }
      let parentMotion = group.parent.flatMap { motions[$0] } ?? .identity
      let frame = parentMotion * tree.parentTransform(of: group.id) * group.transform
      keyed.key(group: group, movedBy: transform, frame: frame, centre: Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2), at: playhead.time)
    }
    return keyed
  }

  /// `transform` moved so that what it does to the points of `objects` stays on the page, as
  /// the curve lab keeps every point; nil when they would not fit on it at all. A drawing
  /// (`handles` "selected") goes where it is taken, off the page too, as in Inkscape.
  func keepingOnThePage(_ transform: Affine, pointsBox: Rect) -> Affine? {
    guard drawing.display.handles == .all else { return transform }
    let moved = transform.boundingBox(of: pointsBox)
    guard moved.width <= canvas.width, moved.height <= canvas.height else { return nil }
    let dx = moved.minX < 0 ? -moved.minX : min(canvas.width - moved.maxX, 0)
    let dy = moved.minY < 0 ? -moved.minY : min(canvas.height - moved.maxY, 0)
    return dx == 0 && dy == 0 ? transform : .translate(x: dx, y: dy) * transform
  }

  /// The box of every point (control points too) of `objects`: what must stay on the page.
  func pointsBox(of objects: some Collection<DrawingObject>) -> Rect {
    var box = Rect.empty
    for id in curveIDs(of: objects) {
      for point in drawing.curves[id: id]?.points ?? [] { box.include(point.position) }
    }
    return box
  }

  /// What a command made becomes the selection: its points in the node tool; in the selector
  /// the curves, whole (in their own group, which becomes the context when it is another).
  mutating func select(made curves: [Curve.State]) {
    guard interaction.tool == .selector else {
      interaction.selection = OrderedSet(curves.allPointReferences)
      return
    }
    interaction.selection = []
    let tree = objectTree
    var objects = curves.compactMap { tree.object(containing: $0.group, curve: $0.id, in: interaction.context) }
    if objects.count < curves.count, let first = curves.first {
      interaction.context = first.group
      objects = curves.map { .curve($0.id) }
    }
    interaction.selectedObjects = OrderedSet(objects)
  }

  /// One undoable transform of the selected objects (a key, the panel's fields, align):
  /// refused with a notice when it would take them off the page.
  mutating func transformSelectedObjects(by transform: Affine, objects: [DrawingObject]? = nil) {
    let objects = objects ?? Array(interaction.selectedObjects)
    guard !objects.isEmpty else {
      interaction.notice = "Select an object first (click it with the selector, S)."
      return
    }
    guard let fitted = keepingOnThePage(transform, pointsBox: pointsBox(of: objects)) else {
      interaction.notice = "That would not fit on the page."
      return
    }
    endGesture()
    history.record(undoSnapshot)
    place(objects, by: fitted, from: undoSnapshot)
  }
}

extension Curve.State {
  /// The curve as `transform` places it: its points and spline, its stroke's width and
  /// dashes, its paints (as `Document.CurveRecord.applying`).
  public func applying(_ transform: Affine) -> Curve.State {
    var result = self
    // Only a box-relative paint needs the box, which takes every segment to measure.
    let needsBox = [style.fill, style.stroke].contains { if case .gradient = $0 { true } else { false } }
    result.style = style.applying(transform, bounds: needsBox ? bounds : .empty)
    for subpath in subpaths.indices {
      for point in subpaths[subpath].points.indices {
        result.subpaths[subpath].points[point].position = transform.apply(to: subpaths[subpath].points[point].position)
      }
    }
    result.spline?.points = spline?.points.map { transform.apply(to: $0) } ?? []
    return result
  }

  /// Its points put where `transform` takes `start`'s (the curve as it was when a drag
  /// began), and its style as `applying` gives it: written in place, so once the curve is
  /// its own a drag's steps allocate nothing (10,000 curves move each step).
  mutating func take(_ start: Curve.State, by transform: Affine) {
    // By index: iterating the subpaths copies each, and this runs for 10,000 curves a step.
    guard start.subpaths.count == subpaths.count, subpaths.indices.allSatisfy({ start.subpaths[$0].points.count == subpaths[$0].points.count }) else {
      self = start.applying(transform)
      return
    }
    // One access a subpath: each access through an identified array copies the element
    // afterwards to check its id, and a subpath copied a point was most of a drag step.
    for subpath in subpaths.indices { subpaths[subpath].place(start.subpaths[subpath].points, by: transform) }
    let needsBox = [start.style.fill, start.style.stroke].contains { if case .gradient = $0 { true } else { false } }
    let moved = start.style.applying(transform, bounds: needsBox ? start.bounds : .empty)
    if moved != style { style = moved }
    if let points = start.spline?.points { spline?.points = points.map { transform.apply(to: $0) } }
  }

  /// Whether it paints `position`: inside its fill (by its rule; an open subpath filled as
  /// if closed), or within `radius` of its stroke's edge.
  public func paints(_ position: Point, radius: Double) -> Bool {
    let half = style.paintedStrokeWidth / 2
    // First the control points' box, which holds the curve and takes no segment to build: a
    // hover asks every curve of the drawing.
    var hull = Rect.empty
    for subpath in subpaths {
      for point in subpath.points { hull.include(point.position) }
    }
    guard hull.insetBy(dx: -radius - half, dy: -radius - half).contains(position) else { return false }
    if let fill = style.fill ?? CurveStyle.unsetLook.fill, fill != .none {
      var winding = 0
      for subpath in subpaths {
        var loop = subpath.segments
        if let first = loop.first?.controlPoints.first, let last = loop.last?.controlPoints.last, first != last, let closing = Bezier([last, first]) {
          loop.append(closing)
        }
        winding += PathBoolean.winding(of: loop, around: position)
      }
      let inside = (style.fillRule ?? .nonZero) == .evenOdd ? !winding.isMultiple(of: 2) : winding != 0
      if inside { return true }
    }
    let reach = radius + half
    return segments.contains { $0.bounds.insetBy(dx: -reach, dy: -reach).contains(position) && $0.nearest(to: position, accuracy: 1e-6).distance <= reach }
  }
}

extension Subpath.State {
  /// Its points where `transform` takes `start`'s (the same points, as a drag began).
  mutating func place(_ start: IdentifiedArrayOf<ControlPoint.State>, by transform: Affine) {
    for point in start.indices { points[point].position = transform.apply(to: start[point].position) }
  }
}
