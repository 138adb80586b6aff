import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// Groups, stacking and alignment of the selected objects, as Inkscape's: group (Ctrl+G) and
/// ungroup (Ctrl+Shift+G); raise or lower one step past the next overlapping object (PgUp,
/// PgDn), to the top or the bottom of the context (Home, End); align edges or centres and
/// distribute centres (Ctrl+Shift+A, the panel's row). Each is one undo step; the selection
/// is then what the command made.
///
/// ```swift
/// store.send(.arrange(.group))          // the new group is the selection
/// store.send(.arrange(.raiseToTop))
/// store.send(.arrange(.align(.left, relativeTo: .last)))
/// ```
public struct Arrange: Reducer {
  public typealias State = Editor.State

  public enum Edge: String, CaseIterable, Equatable, Sendable {
    case left, centre, right, top, middle, bottom
  }

  /// What alignment lines objects up with, as Inkscape's "Relative to".
  public enum Anchor: String, CaseIterable, Equatable, Sendable {
    case last, first, biggest, page, selection
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case group
    case ungroup
    case raise
    case lower
    case raiseToTop
    case lowerToBottom
    case align(Edge, relativeTo: Anchor)
    /// The centres spread evenly between the outermost two, along x or y.
    case distribute(horizontally: Bool)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    let selected = Array(state.interaction.selectedObjects)
    guard !selected.isEmpty else {
      state.interaction.notice = "Select an object first (click it with the selector, S)."
      return .none
    }
    state.endGesture()
    switch action {
    case .group: group(selected, &state)
    case .ungroup: ungroup(selected, &state)
    case .raise: restack(&state) { objects, chosen, state in Self.stepped(objects, chosen, up: true, state: state) }
    case .lower: restack(&state) { objects, chosen, state in Self.stepped(objects, chosen, up: false, state: state) }
    case .raiseToTop: restack(&state) { objects, chosen, _ in objects.filter { !chosen.contains($0) } + objects.filter(chosen.contains) }
    case .lowerToBottom: restack(&state) { objects, chosen, _ in objects.filter(chosen.contains) + objects.filter { !chosen.contains($0) } }
    case let .align(edge, anchor): align(selected, edge: edge, to: anchor, &state)
    case let .distribute(horizontally): distribute(selected, horizontally: horizontally, &state)
    }
    return .none
  }

  // MARK: Groups

  private func group(_ selected: [DrawingObject], _ state: inout State) {
    let context = state.interaction.context
    let objects = state.contextObjects
    let chosen = Set(selected).intersection(objects)
    guard !chosen.isEmpty else { return }
    state.history.record(state.undoSnapshot)
    let taken = Set(state.drawing.groups.map(\.id))
    let id = (1...).lazy.map { "group-\($0)" }.first { !taken.contains($0) }!
    // The new group goes before the first of its groups, so parents stay before children.
    let firstChild = state.drawing.groups.firstIndex { chosen.contains(.group($0.id)) } ?? state.drawing.groups.endIndex
    // In the place of the topmost of them, their order kept.
    let top = objects.lastIndex(where: chosen.contains)!
    let reordered = objects[...top].filter { !chosen.contains($0) } + objects.filter(chosen.contains) + objects[(top + 1)...]
    state.restack(to: reordered)
    state.drawing.groups.insert(Group(id: id, parent: context), at: firstChild)
    for index in state.drawing.groups.indices where chosen.contains(.group(state.drawing.groups[index].id)) {
      state.drawing.groups[index].parent = id
    }
    for index in state.drawing.curves.indices where chosen.contains(.curve(state.drawing.curves[index].id)) {
      state.drawing.curves[index].group = id
    }
    state.interaction.selectedObjects = [.group(id)]
    state.drawing.markCurvesEdited()
  }

  private func ungroup(_ selected: [DrawingObject], _ state: inout State) {
    let groups = selected.compactMap(\.groupID).compactMap { state.objectTree.groups[$0] }
    guard !groups.isEmpty else {
      state.interaction.notice = "Ctrl+Shift+G ungroups a group; the selection has none."
      return
    }
    if let kept = groups.first(where: { $0.clip != nil || $0.mask != nil || $0.filter != nil || $0.blendMode != nil || $0.blendsInLinearRGB || $0.isolated }) {
      state.interaction.notice = "\(kept.label ?? kept.id) has a clip, mask, filter or blend mode its parts could not keep: not ungrouped."
      return
    }
    if let moving = groups.first(where: { group in state.drawing.timeline?.groupTracks.contains { $0.group == group.id } ?? false }) {
      state.interaction.notice = "\(moving.label ?? moving.id) is animated on the timeline: not ungrouped."
      return
    }
    state.history.record(state.undoSnapshot)
    var children: [DrawingObject] = []
    for group in groups {
      // What it holds, in painting order: the selection once it is gone.
      children += state.objectTree.objects(of: state.drawing.curves.lazy.map { ($0.id, $0.group) }, in: group.id)
      for index in state.drawing.groups.indices where state.drawing.groups[index].parent == group.id {
        // The group's transform goes into its children's, its opacity into theirs.
        state.drawing.groups[index].parent = group.parent
        state.drawing.groups[index].transform = group.transform * state.drawing.groups[index].transform
        state.drawing.groups[index].opacity *= group.opacity
      }
      for index in state.drawing.curves.indices where state.drawing.curves[index].group == group.id {
        state.drawing.curves[index].group = group.parent
        if group.opacity != 1 { state.drawing.curves[index].style.opacity = (state.drawing.curves[index].style.opacity ?? 1) * group.opacity }
      }
      state.drawing.groups.removeAll { $0.id == group.id }
    }
    state.interaction.selectedObjects = OrderedSet(children)
    state.drawing.markCurvesEdited()
  }

  // MARK: Z-order

  /// The context's objects put in the order `reorder` gives (from the present order and the
  /// selected ones); one undo step when it changed anything.
  private func restack(_ state: inout State, _ reorder: ([DrawingObject], Set<DrawingObject>, State) -> [DrawingObject]) {
    let objects = state.contextObjects
    let reordered = reorder(objects, Set(state.interaction.selectedObjects), state)
    guard reordered != objects else { return }
    state.history.record(state.undoSnapshot)
    state.restack(to: reordered)
    state.drawing.markCurvesEdited()
  }

  /// `selected`, in their order, with their boxes (those that draw something).
  static func boxes(of selected: [DrawingObject], _ state: State) -> [(DrawingObject, Rect)] {
    let boxes = Dictionary(state.objectBoxes().map { ($0.object, $0.box) }, uniquingKeysWith: { first, _ in first })
    return selected.compactMap { object in boxes[object].map { (object, $0) } }
  }

  /// Each selected object moved one step up (or down) past the next object that overlaps
  /// it and is not selected, as Inkscape's PgUp and PgDn.
  static func stepped(_ objects: [DrawingObject], _ chosen: Set<DrawingObject>, up: Bool, state: State) -> [DrawingObject] {
    let boxes = Dictionary(state.objectBoxes().map { ($0.object, $0.box) }, uniquingKeysWith: { first, _ in first })
    var order = up ? objects : objects.reversed()
    for object in order.reversed() where chosen.contains(object) {
      guard let from = order.firstIndex(of: object), let box = boxes[object] else { continue }
      let above = order.indices.filter { $0 > from && !chosen.contains(order[$0]) }
      guard let past = above.first(where: { index in boxes[order[index]]?.intersects(box) ?? false }) else { continue }
      order.remove(at: from)
      order.insert(object, at: past)
    }
    return up ? order : order.reversed()
  }

  // MARK: Align

  private func align(_ selected: [DrawingObject], edge: Edge, to anchor: Anchor, _ state: inout State) {
    let boxes = Self.boxes(of: selected, state)
    guard let target = anchorBox(anchor, boxes: boxes, state) else { return }
    var moves: [(DrawingObject, Affine)] = []
    for (object, box) in boxes {
      let shift: Point
      switch edge {
      case .left: shift = Point(x: target.minX - box.minX, y: 0)
      case .centre: shift = Point(x: (target.minX + target.maxX - box.minX - box.maxX) / 2, y: 0)
      case .right: shift = Point(x: target.maxX - box.maxX, y: 0)
      case .top: shift = Point(x: 0, y: target.minY - box.minY)
      case .middle: shift = Point(x: 0, y: (target.minY + target.maxY - box.minY - box.maxY) / 2)
      case .bottom: shift = Point(x: 0, y: target.maxY - box.maxY)
      }
      if shift != .zero { moves.append((object, .translate(x: shift.x, y: shift.y))) }
    }
    state.moveEach(moves)
  }

  /// The box the others line up with.
  private func anchorBox(_ anchor: Anchor, boxes: [(DrawingObject, Rect)], _ state: State) -> Rect? {
    switch anchor {
    case .last: boxes.last?.1
    case .first: boxes.first?.1
    case .biggest: boxes.max { $0.1.width * $0.1.height < $1.1.width * $1.1.height }?.1
    case .page: Rect(minX: 0, minY: 0, maxX: state.canvas.width, maxY: state.canvas.height)
    case .selection: boxes.reduce(Rect.empty) { $0.union($1.1) }
    }
  }

  private func distribute(_ selected: [DrawingObject], horizontally: Bool, _ state: inout State) {
    func centre(_ box: Rect) -> Double { horizontally ? (box.minX + box.maxX) / 2 : (box.minY + box.maxY) / 2 }
    let boxes = Self.boxes(of: selected, state).sorted { centre($0.1) < centre($1.1) }
    guard boxes.count >= 3, let first = boxes.first.map({ centre($0.1) }), let last = boxes.last.map({ centre($0.1) }) else {
      state.interaction.notice = "Distributing needs three objects or more."
      return
    }
    let gap = (last - first) / Double(boxes.count - 1)
    let moves = boxes.enumerated().compactMap { index, entry -> (DrawingObject, Affine)? in
      let shift = first + gap * Double(index) - centre(entry.1)
      guard shift != 0 else { return nil }
      return (entry.0, horizontally ? .translate(x: shift, y: 0) : .translate(x: 0, y: shift))
    }
    state.moveEach(moves)
  }
}

extension Editor.State {
  /// The curves put in the order of `objects` (the context's, reordered): the context's
  /// curves take the places they had, object by object; every other curve stays where it is.
  mutating func restack(to objects: [DrawingObject]) {
    let tree = objectTree, context = interaction.context
    var byObject: [DrawingObject: [Curve.State]] = [:], places: [Int] = []
    for (index, curve) in drawing.curves.enumerated() {
      guard let object = tree.object(containing: curve.group, curve: curve.id, in: context) else { continue }
      byObject[object, default: []].append(curve)
      places.append(index)
    }
    let ordered = objects.flatMap { byObject[$0] ?? [] }
    guard ordered.count == places.count else { return }
    var curves = Array(drawing.curves)
    for (place, curve) in zip(places, ordered) { curves[place] = curve }
    drawing.curves = IdentifiedArray(uniqueElements: curves)
  }

  /// Each object moved by its own transform, as one undo step (align, distribute); refused
  /// with a notice when one would leave the page.
  mutating func moveEach(_ moves: [(DrawingObject, Affine)]) {
    guard !moves.isEmpty else { return }
    let transforms = Dictionary(moves, uniquingKeysWith: { first, _ in first })
    // Each object's points' box, in one pass over the curves.
    let tree = objectTree
    var points: [DrawingObject: Rect] = [:]
    for curve in drawing.curves {
      guard let object = tree.object(containing: curve.group, curve: curve.id, in: interaction.context), transforms[object] != nil else { continue }
      for point in curve.points { points[object, default: .empty].include(point.position) }
    }
    for (object, transform) in moves {
      guard keepingOnThePage(transform, pointsBox: points[object] ?? .empty) == transform else {
        interaction.notice = "That would take an object off the page."
        return
      }
    }
    history.record(undoSnapshot)
    var moved: [UUID: Affine] = [:]
    for index in drawing.curves.indices {
      let curve = drawing.curves[index]
      guard let object = tree.object(containing: curve.group, curve: curve.id, in: interaction.context), let transform = transforms[object] else { continue }
      drawing.curves[index] = curve.applying(transform)
      moved[curve.id] = transform
    }
    for (object, transform) in moves {
      guard case let .group(id) = object else { continue }
      drawing.groups = tree.moving([id], in: drawing.groups, by: transform)
      drawing.kept = tree.moving([id], in: drawing.kept, by: transform)
    }
    if !playhead.autoKey, let timeline = drawing.timeline { drawing.timeline = timeline.mappingTracks(moved) }
    drawing.markCurvesEdited()
  }
}
