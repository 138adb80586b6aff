import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// The selector tool on the canvas, as Inkscape's: a click selects the topmost object under
/// the pointer (Shift adds or removes it, Alt the one below, Ctrl the curve inside its
/// groups), a drag on empty canvas selects the objects wholly inside a band, a drag on the
/// selection or anywhere in its box moves it (Ctrl: along one axis; snapping to other
/// objects' boxes and the page unless Shift), its box's handles scale it (Ctrl: proportions kept; Shift: about the centre), and a
/// second click on it turns the handles into rotate (corners) and skew (sides) arrows around
/// a centre that can be dragged (Ctrl: 15° steps). A double-click enters a group (or goes up
/// from empty canvas); on a curve it switches to the node tool. `Pointer` hands the
/// selector's left button and moves here.
///
/// ```swift
/// store.send(.tools(.choose(.selector)))
/// store.send(.pointer(.down(Point(x: 10, y: 10), button: .left, clickCount: 1, modifiers: [])))
/// store.send(.pointer(.moved(Point(x: 60, y: 40))))
/// store.send(.pointer(.up(Point(x: 60, y: 40), button: .left)))   // moved by (50, 30)
/// ```
///
/// Every drag is one undo step, each step computed from the press, so undo puts every point
/// back bit for bit.
public struct Selector: Reducer {
  public typealias State = Editor.State
  public typealias Action = Pointer.Action

  /// Screen units within which the pointer grabs a box handle or snaps.
  public static let handleRadius = 8.0
  /// Screen units within which a click takes a stroke: a thin line near a shape must not
  /// cover it (Inkscape's grab sensitivity is about as small).
  public static let strokeReach = 4.0
  /// The least a scale may shrink an axis to: a box scaled to nothing cannot come back.
  static let smallestScale = 1e-3

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .down(screenPoint, .left, clickCount, modifiers):
      press(at: screenPoint, clickCount: clickCount, modifiers: modifiers, &state)
    case let .moved(screenPoint):
      let position = state.viewport.documentPoint(atScreen: screenPoint)
      guard position.isFinite else { break }
      switch state.interaction.gesture {
      case let .objects(drag): step(drag, to: position, &state)
      case var .objectBand(band):
        band.corner = position
        state.interaction.gesture = .objectBand(band)
        var selection = band.base
        selection.append(contentsOf: state.objects(inside: band.rect))
        if selection != state.interaction.selectedObjects { state.interaction.selectedObjects = selection }
      case nil:
        let hovered = state.object(at: position, radius: state.viewport.documentLength(Self.strokeReach))
        if hovered != state.interaction.hoveredObject { state.interaction.hoveredObject = hovered }
      default: break
      }
    case .up(_, .left):
      if case let .objects(drag) = state.interaction.gesture {
        // A click on the selection, moving nothing: the handles switch between scale and rotate.
        let clicked = state.drawing.revision == drag.startRevision && drag.pressedTheSelection && drag.grip == .move
        state.endGesture()
        if clicked { state.interaction.showsRotateHandles.toggle() }
        state.interaction.notice = nil
      } else if state.interaction.gesture?.isPan == false {
        state.endGesture()
      }
    default: break
    }
    return .none
  }

  private func press(at screenPoint: Point, clickCount: Int, modifiers: PointerModifiers, _ state: inout State) {
    state.endGesture()
    state.interaction.notice = nil
    let position = state.viewport.documentPoint(atScreen: screenPoint)
    guard position.isFinite else { return }
    let radius = state.viewport.documentLength(Self.strokeReach)
    if clickCount < 2, let grip = grip(at: screenPoint, state), let box = state.selectedObjectsBox {
      begin(ObjectDrag(grip: grip, objects: Array(state.interaction.selectedObjects), anchor: position, box: box, centre: rotationCentre(state, box: box), startRevision: state.drawing.revision), &state)
      return
    }
    if clickCount >= 2 {
      switch state.object(at: position, radius: radius, curveItself: modifiers.contains(.control)) {
      case let .group(id)?:
        // Inside the group: its curves and groups are the objects now.
        state.interaction.context = id
        state.interaction.selectedObjects = []
      case let .curve(id)?:
        state.interaction.selectedObjects = [.curve(id)]
        state.interaction.tool = .node
      case nil:
        state.interaction.context = state.interaction.context.flatMap { state.objectTree.groups[$0]?.parent }
        state.interaction.selectedObjects = []
      }
      state.interaction.showsRotateHandles = false
      return
    }
    var hit = state.object(at: position, radius: radius, curveItself: modifiers.contains(.control))
    if modifiers.contains(.alt), let selected = state.interaction.selectedObjects.last, hit != nil {
      // The object under the one selected, and round to the top again past the bottom one.
      hit = state.object(at: position, radius: radius, below: selected) ?? hit
    }
    guard let hit else {
      // Inside the selection's box, off its paint (an arch's hollow, the gaps of a group), a
      // drag moves the selection all the same.
      if !modifiers.contains(.shift), !modifiers.contains(.alt), !state.interaction.selectedObjects.isEmpty,
        let box = state.selectedObjectsBox, box.contains(position)
      {
        begin(ObjectDrag(
          grip: .move, objects: Array(state.interaction.selectedObjects), anchor: position, box: box, centre: rotationCentre(state, box: box),
          startRevision: state.drawing.revision
        ), &state)
        return
      }
      if !modifiers.contains(.shift) { state.interaction.selectedObjects = [] }
      state.interaction.showsRotateHandles = false
      state.interaction.gesture = .objectBand(ObjectBand(anchor: position, corner: position, base: state.interaction.selectedObjects))
      return
    }
    // Ctrl+click reaches a curve inside its groups: its group becomes the context, as
    // Inkscape's does, so what the selector's commands do stays inside that group.
    if modifiers.contains(.control), case let .curve(id) = hit, let group = state.drawing.curves[id: id]?.group, group != state.interaction.context {
      state.interaction.context = group
      // What stays selected is what the new context holds directly.
      state.interaction.selectedObjects = state.interaction.selectedObjects.filter { object in
        object.curveID.flatMap { state.drawing.curves[id: $0]?.group } == group || object.groupID.flatMap { state.objectTree.groups[$0]?.parent } == group
      }
    }
    let wasSelected = state.interaction.selectedObjects.contains(hit)
    if modifiers.contains(.shift) {
      // Shift+click toggles it; an object just taken out is not dragged.
      guard state.interaction.selectedObjects.remove(hit) == nil else { return }
      state.interaction.selectedObjects.append(hit)
    } else if !wasSelected {
      state.interaction.selectedObjects = [hit]
      state.interaction.showsRotateHandles = false
      state.interaction.rotationCentre = nil
    }
    guard let box = state.selectedObjectsBox else { return }
    begin(ObjectDrag(
      grip: .move, objects: Array(state.interaction.selectedObjects), anchor: position, box: box, centre: rotationCentre(state, box: box),
      startRevision: state.drawing.revision, pressedTheSelection: wasSelected && !modifiers.contains(.shift)
    ), &state)
  }

  /// Starts a drag: the drawing now is the undo step's "before"; the page's and the other
  /// objects' boxes are where a move snaps.
  private func begin(_ drag: ObjectDrag, _ state: inout State) {
    var drag = drag
    drag.pointsBox = state.pointsBox(of: drag.objects)
    var isScale = false
    if case .scale = drag.grip { isScale = true }
    if state.interaction.snaps, drag.grip == .move || isScale {
      let moving = Set(drag.objects), movingCurves = Set(state.curveIDs(of: drag.objects))
      let others = state.objectBoxes().filter { !moving.contains($0.object) }.map(\.box)
      // The other objects' nodes, where a corner of the box lands.
      let nodes = state.drawing.curves.filter { !movingCurves.contains($0.id) && !$0.isHidden }.flatMap { curve in
        curve.subpaths.flatMap { subpath in subpath.points.filter { $0.node != nil }.map(\.position) }
      }
      drag.snapTargets = SnapTargets(boxes: others + [Rect(minX: 0, minY: 0, maxX: state.canvas.width, maxY: state.canvas.height)], nodes: nodes)
    }
    state.interaction.gesture = .objects(drag)
    state.history.begin(state.undoSnapshot)
  }

  /// What the rotate handles turn about: the mark where it was dragged, else the box's centre.
  private func rotationCentre(_ state: State, box: Rect) -> Point {
    state.interaction.rotationCentre ?? Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
  }

  /// The box handle (or the rotation centre, in rotate mode) under the pointer.
  func grip(at screenPoint: Point, _ state: State) -> ObjectDrag.Grip? {
    guard let box = state.selectedObjectsBox else { return nil }
    func near(_ point: Point) -> Bool { (state.viewport.screenPoint(atDocument: point) - screenPoint).length <= Self.handleRadius }
    if state.interaction.showsRotateHandles, near(rotationCentre(state, box: box)) { return .centre }
    guard let handle = BoxHandle.allCases.first(where: { near($0.position(on: box)) }) else { return nil }
    guard state.interaction.showsRotateHandles else { return .scale(handle) }
    return handle.isCorner ? .rotate(handle) : .skew(handle)
  }

  /// One step of a drag: the selection placed from where it was at the press.
  private func step(_ drag: ObjectDrag, to position: Point, _ state: inout State) {
    guard let start = state.history.pending else { return }
    var drag = drag
    let modifiers = state.interaction.modifiers
    if drag.grip == .centre {
      state.interaction.rotationCentre = position
      return
    }
    drag.snappedTo = nil
    var position = position
    if case let .scale(handle) = drag.grip, state.interaction.snaps, !modifiers.contains(.shift) {
      // The handle dragged lands on another object's edge or centre, or the page's.
      let tolerance = state.viewport.documentLength(Self.handleRadius)
      let x = [.top, .bottom].contains(handle) ? nil : SnapTargets.snap([position.x], to: drag.snapTargets.xs, within: tolerance)
      let y = [.left, .right].contains(handle) ? nil : SnapTargets.snap([position.y], to: drag.snapTargets.ys, within: tolerance)
      if x != nil || y != nil {
        position = Point(x: position.x + (x?.shift ?? 0), y: position.y + (y?.shift ?? 0))
        drag.snappedTo = position
      }
    }
    var transform = transform(for: drag, to: position, modifiers: modifiers)
    if drag.grip == .move, state.interaction.snaps, !modifiers.contains(.shift) {
      let moved = transform.boundingBox(of: drag.box), tolerance = state.viewport.documentLength(Self.handleRadius)
      let corners = [
        Point(x: moved.minX, y: moved.minY), Point(x: moved.maxX, y: moved.minY), Point(x: moved.maxX, y: moved.maxY),
        Point(x: moved.minX, y: moved.maxY), Point(x: (moved.minX + moved.maxX) / 2, y: (moved.minY + moved.maxY) / 2),
      ]
      let x = SnapTargets.snap([moved.minX, (moved.minX + moved.maxX) / 2, moved.maxX], to: drag.snapTargets.xs, within: tolerance)
      let y = SnapTargets.snap([moved.minY, (moved.minY + moved.maxY) / 2, moved.maxY], to: drag.snapTargets.ys, within: tolerance)
      // A corner on a node wins: it meets the node exactly, both ways.
      if let node = SnapTargets.snap(corners, to: drag.snapTargets.points, within: tolerance) {
        transform = .translate(x: node.shift.x, y: node.shift.y) * transform
        drag.snappedTo = node.target
      } else if x != nil || y != nil {
        transform = .translate(x: x?.shift ?? 0, y: y?.shift ?? 0) * transform
        drag.snappedTo = Point(x: x?.target ?? position.x, y: y?.target ?? position.y)
      }
    }
    guard let fitted = state.keepingOnThePage(transform, pointsBox: drag.pointsBox) else {
      state.interaction.gesture = .objects(drag)
      return
    }
    drag.transform = fitted
    state.interaction.gesture = .objects(drag)
    state.place(drag.objects, by: fitted, from: start)
    state.interaction.notice = Self.readout(of: drag, transform: fitted)
  }

  /// What a drag of `drag`'s grip to `position` does (document units).
  func transform(for drag: ObjectDrag, to position: Point, modifiers: PointerModifiers) -> Affine {
    let box = drag.box, centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    switch drag.grip {
    case .box:
      return .identity
    case .move, .centre:
      var offset = position - drag.anchor
      if modifiers.contains(.control) {
        if abs(offset.x) >= abs(offset.y) { offset.y = 0 } else { offset.x = 0 }
      }
      return .translate(x: offset.x, y: offset.y)
    case let .scale(handle):
      let fixed = modifiers.contains(.shift) ? centre : handle.opposite.position(on: box), grabbed = handle.position(on: box)
      func factor(_ to: Double, _ from: Double, _ origin: Double) -> Double {
        let span = from - origin
        guard abs(span) > 1e-12 else { return 1 }
        let value = (to - origin) / span
        return abs(value) < Self.smallestScale ? (value < 0 ? -Self.smallestScale : Self.smallestScale) : value
      }
      var scaleX = [.top, .bottom].contains(handle) ? 1 : factor(position.x, grabbed.x, fixed.x)
      var scaleY = [.left, .right].contains(handle) ? 1 : factor(position.y, grabbed.y, fixed.y)
      if modifiers.contains(.control) {
        // Proportions kept: the axis dragged further decides, for both.
        let uniform = handle.isCorner ? (abs(scaleX - 1) >= abs(scaleY - 1) ? scaleX : scaleY) : ([.top, .bottom].contains(handle) ? scaleY : scaleX)
        scaleX = uniform
        scaleY = uniform
      }
      return .objectTransform(scaleX: scaleX, scaleY: scaleY, about: fixed)
    case .rotate:
      let c = drag.centre
      var degrees = (atan2(position.y - c.y, position.x - c.x) - atan2(drag.anchor.y - c.y, drag.anchor.x - c.x)) * 180 / .pi
      if modifiers.contains(.control) { degrees = (degrees / 15).rounded() * 15 }
      return .rotate(degrees: degrees, around: c)
    case let .skew(handle):
      let c = drag.centre, grabbed = handle.position(on: box)
      let horizontal = handle == .top || handle == .bottom
      let arm = horizontal ? grabbed.y - c.y : grabbed.x - c.x
      guard abs(arm) > 1e-12 else { return .identity }
      var degrees = atan(((horizontal ? position.x - drag.anchor.x : position.y - drag.anchor.y)) / arm) * 180 / .pi
      if modifiers.contains(.control) { degrees = (degrees / 15).rounded() * 15 }
      let skew: Affine = horizontal ? .skewX(degrees: degrees) : .skewY(degrees: degrees)
      return .translate(x: c.x, y: c.y) * skew * .translate(x: -c.x, y: -c.y)
    }
  }

  /// The status line while dragging: the move, the size, or the angle.
  static func readout(of drag: ObjectDrag, transform: Affine) -> String {
    func number(_ value: Double) -> String { DecimalText.plain((value * 100).rounded() / 100) }
    switch drag.grip {
    case .move, .centre, .box:
      return "Move \(number(transform.e)), \(number(transform.f))"
    case .scale:
      let box = transform.boundingBox(of: drag.box)
      return "Scale to \(number(box.width)) × \(number(box.height))"
    case .rotate:
      return "Rotate \(number(atan2(transform.b, transform.a) * 180 / .pi))°"
    case .skew:
      return "Skew \(number(atan(abs(transform.c) > abs(transform.b) ? transform.c : transform.b) * 180 / .pi))°"
    }
  }
}
