import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// The selector's keys, as Inkscape's: select every object (Ctrl+A), the next or previous in
/// z-order (Tab, Shift+Tab), none (Escape); move by 2 units (Shift: 20; Alt: a screen
/// pixel), turn by 15° (`[`, `]`; Ctrl: 90°), scale by 2 units of the larger side (`<`,
/// `>`; Ctrl: halve or double), flip (`H`, `V`), each about the selection's box centre; the
/// panel's X, Y, W and H; enter a group or go up (Ctrl+Backspace); snapping on or off (`%`);
/// every curve's handles shown or only the edited ones'. Each edit is one undo step.
///
/// ```swift
/// store.send(.objects(.selectAll))
/// store.send(.objects(.rotate(degrees: 15)))   // ], clockwise on screen
/// store.send(.objects(.flip(horizontally: true)))
/// ```
public struct ObjectCommands: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case selectAll
    /// Tab (or Shift+Tab: `backwards`): the object above (below) the last selected, round.
    case selectNext(backwards: Bool)
    case deselect
    /// Double-click on a group, or the objects panel: its objects become the context's.
    case enter(group: String)
    /// Ctrl+Backspace, or a double-click on empty canvas: up one level.
    case leaveGroup
    /// Arrows: by `dx`, `dy` document units.
    case move(dx: Double, dy: Double)
    /// Alt+arrows: by screen pixels, whatever the zoom.
    case moveByPixels(dx: Double, dy: Double)
    /// Positive turns clockwise on screen (SVG's `rotate()`).
    case rotate(degrees: Double)
    /// `>` (`larger`) or `<`: the larger side grows or shrinks by `scaleStep` units; with
    /// `doubling`, the box doubles or halves.
    case scale(larger: Bool, doubling: Bool)
    case flip(horizontally: Bool)
    /// The panel's fields: the selection's box moved to `x`, `y` and scaled to `width`,
    /// `height` (document units; the visual box, as shown). Between `beginBoxEdit` and
    /// `endBoxEdit` (a slider's drag) each is computed from the box at the press, and the
    /// whole drag is one undo step; alone, each is one.
    case setBox(Rect)
    case beginBoxEdit
    case endBoxEdit
    /// Ctrl+Shift+C (Object to Path, as Inkscape): the selected texts become groups of
    /// curves, one a glyph, labelled with their text. One undo step.
    case objectToPath
    /// The panel's W:H lock.
    case toggleAspectLock
    case toggleSnapping
    /// The panel's "All handles": every curve's editing marks, or only the edited curves'
    /// (saved with the drawing; one undo step).
    case toggleAllHandles
  }

  /// How far the arrows move the selection, in document units (Shift: ten times).
  public static let moveStep = 2.0
  /// How much `<` and `>` change the larger side, in document units.
  public static let scaleStep = 2.0
  /// How far `[` and `]` turn the selection (Ctrl: 90°).
  public static let rotationStep = 15.0

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    switch action {
    case .selectAll:
      state.endGesture()
      let tree = state.objectTree
      state.interaction.selectedObjects = OrderedSet(state.contextObjects.filter { !isLockedOrHidden($0, state, tree) })

    case let .selectNext(backwards):
      state.endGesture()
      let objects = state.contextObjects
      guard !objects.isEmpty else { break }
      // Tab goes up the stack, as Inkscape's.
      let step = backwards ? objects.count - 1 : 1
      let next = state.interaction.selectedObjects.last.flatMap { objects.firstIndex(of: $0) }.map { ($0 + step) % objects.count }
        ?? (backwards ? objects.count - 1 : 0)
      state.interaction.selectedObjects = [objects[next]]

    case .deselect:
      state.cancelGesture()
      state.interaction.selectedObjects = []
      state.interaction.showsRotateHandles = false
      state.interaction.rotationCentre = nil

    case let .enter(group):
      guard let entered = state.objectTree.groups[group] else { break }
      state.endGesture()
      // A text is not entered: it is typed in, as Inkscape's double-click does.
      if entered.text != nil, state.textContent(of: group) != nil {
        if let index = state.drawing.groups.firstIndex(where: { $0.id == group }), state.drawing.groups[index].text?.content == nil {
          let content = state.textContent(of: group)
          state.drawing.groups[index].text?.content = content
        }
        state.leaveText()
        state.interaction.tool = .text
        state.interaction.textCursor = TextCursor(group: group, position: state.textContent(of: group)?.end ?? TextPosition(line: 0, offset: 0))
        state.interaction.notice = Tool.text.hint
        break
      }
      state.interaction.context = group
      state.interaction.selectedObjects = []

    case .objectToPath:
      // The cursor's text, or the texts selected: each a group of its glyphs' curves.
      let groups = state.interaction.textCursor.map { [$0.group] } ?? state.selectedTextGroups
      guard !groups.isEmpty else {
        state.interaction.notice = "Object to Path: select a text (curves are paths already)."
        break
      }
      state.endGesture()
      state.history.record(state.undoSnapshot)
      state.leaveText()
      for index in state.drawing.groups.indices where groups.contains(state.drawing.groups[index].id) {
        guard let text = state.drawing.groups[index].text else { continue }
        state.drawing.groups[index].text = nil
        if state.drawing.groups[index].label == nil { state.drawing.groups[index].label = text.content?.characters ?? text.characters }
      }
      state.interaction.selectedObjects = OrderedSet(groups.filter { id in state.drawing.curves.contains { $0.group == id } }.map(DrawingObject.group))
      state.drawing.markCurvesEdited()
      state.interaction.notice = "Turned \(groups.count) text\(groups.count == 1 ? "" : "s") into curves."

    case .leaveGroup:
      guard let context = state.interaction.context else { break }
      state.endGesture()
      state.interaction.context = state.objectTree.groups[context]?.parent
      // The group left is the selection, as Inkscape's.
      state.interaction.selectedObjects = [.group(context)]

    case let .move(dx, dy):
      state.transformSelectedObjects(by: .translate(x: dx, y: dy))

    case let .moveByPixels(dx, dy):
      state.transformSelectedObjects(by: .translate(x: state.viewport.documentLength(dx), y: state.viewport.documentLength(dy)))

    case let .rotate(degrees):
      guard let centre = centre(state) else { return noSelection(&state) }
      state.transformSelectedObjects(by: .rotate(degrees: degrees, around: state.interaction.rotationCentre ?? centre))

    case let .scale(larger, doubling):
      guard let box = state.selectedObjectsBox, let centre = centre(state) else { return noSelection(&state) }
      let side = max(box.width, box.height)
      let factor = doubling ? (larger ? 2 : 0.5) : (side + (larger ? Self.scaleStep : -Self.scaleStep)) / side
      guard factor > 0, factor.isFinite else {
        state.interaction.notice = "The selection is too small to shrink by \(DecimalText.plain(Self.scaleStep)) units."
        break
      }
      state.transformSelectedObjects(by: .objectTransform(scaleX: factor, scaleY: factor, about: centre))

    case let .flip(horizontally):
      guard let centre = centre(state) else { return noSelection(&state) }
      state.transformSelectedObjects(by: .objectTransform(scaleX: horizontally ? -1 : 1, scaleY: horizontally ? 1 : -1, about: centre))

    case var .setBox(target):
      guard let box = state.selectedObjectsBox else { return noSelection(&state) }
      guard target.width > 0, target.height > 0, target.minX.isFinite, target.minY.isFinite, target.width.isFinite, target.height.isFinite else {
        state.interaction.notice = "A width and a height must be positive numbers."
        break
      }
      let edit = state.interaction.gesture.flatMap { gesture -> ObjectDrag? in
        if case let .objects(drag) = gesture, drag.grip == .box { drag } else { nil }
      }
      let start = edit?.box ?? box
      if state.interaction.locksAspect, start.width > 0, start.height > 0 {
        // The side set decides; the other follows at the box's proportions.
        if abs(target.width - box.width) >= abs(target.height - box.height) {
          target.maxY = target.minY + target.width * start.height / start.width
        } else {
          target.maxX = target.minX + target.height * start.width / start.height
        }
      }
      let transform = Self.transform(from: start, to: target)
      if var edit, let pending = state.history.pending {
        guard let fitted = state.keepingOnThePage(transform, pointsBox: edit.pointsBox) else { break }
        edit.transform = fitted
        state.interaction.gesture = .objects(edit)
        state.place(edit.objects, by: fitted, from: pending)
      } else {
        state.transformSelectedObjects(by: transform)
      }

    case .beginBoxEdit:
      state.endGesture()
      guard let box = state.selectedObjectsBox else { break }
      let objects = Array(state.interaction.selectedObjects)
      state.interaction.gesture = .objects(ObjectDrag(
        grip: .box, objects: objects, anchor: Point(x: box.minX, y: box.minY), box: box, centre: Point(x: box.minX, y: box.minY),
        startRevision: state.drawing.revision, pointsBox: state.pointsBox(of: objects)
      ))
      state.history.begin(state.undoSnapshot)

    case .endBoxEdit:
      state.endGesture()

    case .toggleAspectLock:
      state.interaction.locksAspect.toggle()

    case .toggleSnapping:
      state.interaction.snaps.toggle()
      state.interaction.notice = state.interaction.snaps ? "Snapping on" : "Snapping off"

    case .toggleAllHandles:
      state.endGesture()
      state.history.record(state.undoSnapshot)
      state.drawing.display.handles = state.drawing.display.handles == .all ? .selected : .all
      state.drawing.markEdited()
    }
    return .none
  }

  /// What takes the box `from` onto `to`: scaled about its top-left corner, then moved.
  static func transform(from: Rect, to: Rect) -> Affine {
    let scaleX = from.width > 0 ? to.width / from.width : 1, scaleY = from.height > 0 ? to.height / from.height : 1
    return .objectTransform(
      scaleX: scaleX, scaleY: scaleY, translation: Point(x: to.minX - from.minX, y: to.minY - from.minY), about: Point(x: from.minX, y: from.minY)
    )
  }

  /// The selection's box centre, the point the keys turn, scale and flip about.
  private func centre(_ state: State) -> Point? {
    state.selectedObjectsBox.map { Point(x: ($0.minX + $0.maxX) / 2, y: ($0.minY + $0.maxY) / 2) }
  }

  private func noSelection(_ state: inout State) -> Effect<Action> {
    state.interaction.notice = "Select an object first (click it with the selector, S)."
    return .none
  }

  /// Ctrl+A passes over what cannot be selected on the canvas.
  private func isLockedOrHidden(_ object: DrawingObject, _ state: State, _ tree: ObjectTree) -> Bool {
    switch object {
    case let .curve(id): state.drawing.curves[id: id].map { $0.isHidden || $0.isLocked } ?? true
    case let .group(id): tree.groups[id].map { $0.isHidden || $0.isLocked } ?? true
    }
  }
}
