import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// The objects panel's edits, as Inkscape's Layers and Objects dialog: a row's click selects
/// its object (Shift or Ctrl adds it), its eye hides it (`display:none` on export), its lock
/// makes it unselectable on the canvas (`sodipodi:insensitive`), a double-click renames it
/// (`inkscape:label`). Each edit of the drawing is one undo step.
///
/// ```swift
/// store.send(.objectProperties(.pick(.group("layer1"), extending: false)))
/// store.send(.objectProperties(.setHidden(.group("layer1"), true)))
/// store.send(.objectProperties(.rename(.group("layer1"), "Background")))
/// ```
public struct ObjectProperties: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Selects `object` in the selector, its parent group the context; with `extending`, adds
    /// it to (or takes it out of) a selection in the same context.
    case pick(DrawingObject, extending: Bool)
    case setHidden(DrawingObject, Bool)
    case setLocked(DrawingObject, Bool)
    /// An empty name takes the label away.
    case rename(DrawingObject, String)
    /// The align buttons' "relative to": last selected, first, biggest, page, selection.
    case cycleAlignAnchor
    /// A row dragged onto another: `object` goes just above `target`, into `target`'s group,
    /// where it is seen (a group's transform is made up for).
    case move(DrawingObject, above: DrawingObject)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    switch action {
    case let .pick(object, extending):
      guard let parent = parent(of: object, state) else { break }
      state.endGesture()
      state.interaction.tool = .selector
      if parent != state.interaction.context {
        state.interaction.context = parent
        state.interaction.selectedObjects = []
      }
      if extending, state.interaction.selectedObjects.remove(object) != nil { break }
      if extending {
        state.interaction.selectedObjects.append(object)
      } else {
        state.interaction.selectedObjects = [object]
      }

    case let .setHidden(object, isHidden):
      edit(object, &state) { curve in curve.isHidden = isHidden } group: { group in group.isHidden = isHidden }
      // What is hidden cannot stay selected.
      if isHidden { state.interaction.selectedObjects.remove(object) }

    case let .setLocked(object, isLocked):
      edit(object, &state) { curve in curve.isLocked = isLocked } group: { group in group.isLocked = isLocked }
      if isLocked { state.interaction.selectedObjects.remove(object) }

    case let .rename(object, name):
      let label = name.trimmingCharacters(in: .whitespaces)
      edit(object, &state) { curve in curve.label = label.isEmpty ? nil : label } group: { group in group.label = label.isEmpty ? nil : label }

    case let .move(object, target):
      move(object, above: target, &state)

    case .cycleAlignAnchor:
      let all = Arrange.Anchor.allCases
      state.interaction.alignAnchor = all[(all.firstIndex(of: state.interaction.alignAnchor)! + 1) % all.count]
    }
    return .none
  }

  private func move(_ object: DrawingObject, above target: DrawingObject, _ state: inout State) {
    guard object != target, let destination = parent(of: target, state), parent(of: object, state) != nil else { return }
    let tree = state.objectTree
    // A group cannot go inside itself.
    if case let .group(id) = object, tree.isInside(destination, id) {
      state.interaction.notice = "A group cannot go inside itself."
      return
    }
    state.endGesture()
    state.history.record(state.undoSnapshot)
    var curves = Array(state.drawing.curves)
    let moving = curves.filter { tree.contains(object, curve: $0.id, group: $0.group) }
    curves.removeAll { tree.contains(object, curve: $0.id, group: $0.group) }
    // Above the target: after its last curve.
    let place = (curves.lastIndex { tree.contains(target, curve: $0.id, group: $0.group) } ?? curves.count - 1) + 1
    curves.insert(contentsOf: moving.map { curve in
      var curve = curve
      if object == .curve(curve.id) { curve.group = destination }
      return curve
    }, at: place)
    state.drawing.curves = IdentifiedArray(uniqueElements: curves)
    if case let .group(id) = object, let index = state.drawing.groups.firstIndex(where: { $0.id == id }) {
      // Where it is seen stays: its transform from the new parent's coordinates.
      let seen = tree.parentTransform(of: id) * state.drawing.groups[index].transform
      let newParent = destination.map { tree.parentTransform(of: $0) * (tree.groups[$0]?.transform ?? .identity) } ?? .identity
      var group = state.drawing.groups.remove(at: index)
      group.parent = destination
      group.transform = (newParent.inverted ?? .identity) * seen
      // Parents before children: the group and what is inside it after its new parent.
      let subtree = state.drawing.groups.filter { tree.isInside($0.id, id) }
      state.drawing.groups.removeAll { tree.isInside($0.id, id) }
      let after = destination.flatMap { parentID in state.drawing.groups.firstIndex { $0.id == parentID } }.map { $0 + 1 } ?? 0
      state.drawing.groups.insert(contentsOf: [group] + subtree, at: after)
    }
    state.interaction.context = destination
    state.interaction.selectedObjects = [object]
    state.drawing.markCurvesEdited()
  }

  /// The group `object` is directly in (nil: the drawing); nil as well, and `.none`, when it
  /// does not exist.
  private func parent(of object: DrawingObject, _ state: State) -> String?? {
    switch object {
    case let .curve(id): state.drawing.curves[id: id].map(\.group)
    case let .group(id): state.drawing.groups.first { $0.id == id }.map(\.parent)
    }
  }

  /// One undo step that changes `object`'s curve or group, when that changes anything.
  private func edit(_ object: DrawingObject, _ state: inout State, curve: (inout Curve.State) -> Void, group: (inout Group) -> Void) {
    var drawing = state.drawing
    switch object {
    case let .curve(id):
      guard let index = drawing.curves.index(id: id) else { return }
      curve(&drawing.curves[index])
    case let .group(id):
      guard let index = drawing.groups.firstIndex(where: { $0.id == id }) else { return }
      group(&drawing.groups[index])
    }
    guard drawing.curves != state.drawing.curves || drawing.groups != state.drawing.groups else { return }
    state.endGesture()
    state.history.record(state.undoSnapshot)
    state.drawing.curves = drawing.curves
    state.drawing.groups = drawing.groups
    state.drawing.markEdited()
  }
}
