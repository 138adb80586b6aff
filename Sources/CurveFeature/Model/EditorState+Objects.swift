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

  /// The curves that are part of `objects`, in painting order.
  public func curveIDs(of objects: some Collection<DrawingObject>) -> [UUID] {
    guard !objects.isEmpty else { return [] }
    let curves = Set(objects.compactMap(\.curveID)), groups = objects.compactMap(\.groupID)
    guard !groups.isEmpty else { return drawing.curves.ids.filter(curves.contains) }
    let tree = objectTree
    return drawing.curves.filter { curve in curves.contains(curve.id) || groups.contains { tree.isInside(curve.group, $0) } }.map(\.id)
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

  /// The box the selector shows around the selected objects.
  public var selectedObjectsBox: Rect? { box(of: interaction.selectedObjects) }

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
    contextObjects.filter { object in
      guard let box = box(of: [object], visual: false) else { return false }
      return rect.contains(Point(x: box.minX, y: box.minY)) && rect.contains(Point(x: box.maxX, y: box.maxY))
    }
  }

  /// Puts `objects` where `transform` takes them from `start` (the curves, groups and
  /// timeline before the edit): each step of a drag is computed from its press, so nothing
  /// drifts. Without auto-key, a moved curve's keyframes move with it.
  mutating func place(_ objects: [DrawingObject], by transform: Affine, from start: DrawingSnapshot) {
    let ids = curveIDs(of: objects)
    for id in ids {
      guard let curve = start.curves[id: id] else { continue }
      drawing.curves[id: id] = curve.applying(transform)
    }
    let tree = ObjectTree(groups: start.groups), groups = Set(objects.compactMap(\.groupID))
    drawing.groups = tree.moving(groups, in: start.groups, by: transform)
    if !groups.isEmpty { drawing.kept = tree.moving(groups, in: drawing.kept, by: transform) }
    if !playhead.autoKey, let timeline = start.timeline {
      drawing.timeline = timeline.mappingTracks(Dictionary(uniqueKeysWithValues: ids.map { ($0, transform) }))
    }
    drawing.markCurvesEdited()
  }

  /// `transform` moved so that what it does to the points of `objects` stays on the page (the
  /// editor keeps every point there); nil when they would not fit on it at all.
  func keepingOnThePage(_ transform: Affine, pointsBox: Rect) -> Affine? {
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
    result.style = style.applying(transform, bounds: bounds)
    for subpath in subpaths.indices {
      for point in subpaths[subpath].points.indices {
        result.subpaths[subpath].points[point].position = transform.apply(to: subpaths[subpath].points[point].position)
      }
    }
    result.spline?.points = spline?.points.map { transform.apply(to: $0) } ?? []
    return result
  }

  /// Whether it paints `position`: inside its fill (by its rule; an open subpath filled as
  /// if closed), or within `radius` of its stroke's edge.
  public func paints(_ position: Point, radius: Double) -> Bool {
    let half = style.paintedStrokeWidth / 2
    guard bounds.insetBy(dx: -radius - half, dy: -radius - half).contains(position) else { return false }
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
