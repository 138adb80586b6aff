import Composable
import CurveGeometry
import OrderedCollections

/// Keyboard and panel edits of the selection and the document: nudge, the x/y sliders,
/// select the next or every point, deselect, delete points or curves, duplicate, split at t,
/// raise the degree, add a curve. Each edit is one undo step.
///
/// ```swift
/// Scope(state: \.self, action: \.editing) { Editing() }
/// store.send(.editing(.arrow(dx: 10, dy: 0)))   // nudges the selection, or steps t
/// store.send(.editing(.splitSelectedCurves))     // S: each selected curve in two at t
/// ```
///
/// A command that cannot do what it was asked says why in `notice` and changes nothing.
public struct Editing: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// An arrow key: nudges the selection by (dx, dy), as a group kept on the canvas; with
    /// nothing selected, ← and → step t back and on.
    case arrow(dx: Double, dy: Double)
    /// The x and y sliders: moves the selection so that its box's top-left corner is at the
    /// given point (for one point, the point itself), as a group kept on the canvas.
    case moveSelection(toTopLeft: Point)
    /// Starts a drag of the selection by an x or y slider: its moves are one undo step,
    /// ended by the pointer's `up`.
    case grabSelection
    case selectNextPoint
    case selectAll
    case clearSelection
    /// Delete: removes the selected points, never taking a curve below two points.
    case deleteSelectedPoints
    /// Shift+Delete: removes every curve that has a selected point.
    case deleteSelectedCurves
    /// Ctrl+D: copies of the curves that have a selected point, `duplicateOffset` away, selected.
    case duplicateSelectedCurves
    /// S: each curve with a selected point becomes two of the same degree, split at t.
    case splitSelectedCurves
    /// E: each curve with a selected point gains a control point, keeping its shape.
    case elevateSelectedCurves
    /// N: a new four-point curve at the centre of the view.
    case addCurve
    /// The panel's swatches: the selected points' colour (nil: the default look).
    case setColor(RGBColor?)
    /// The panel's size slider: the selected points' size, within `PointSize.range`.
    case setSize(Double?)
  }

  /// How far Ctrl+D and paste move copies, in document units, so they are seen apart.
  public static let duplicateOffset = Point(x: 16, y: 16)

  private let mover = PointMover()
  private let curve = CurveReducer()._resolvedReduce
  private let playback = Playback()._resolvedReduce
  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.notice = nil
    switch action {
    case .moveSelection, .grabSelection, .setColor, .setSize:
      break  // a slider's own drag
    case .clearSelection:
      state.cancelDrag()  // Escape
      state.rubberBand = nil
    default:
      state.endDrag()
    }
    switch action {
    case let .arrow(dx, dy):
      if let bounds = state.selectionBounds {
        moveSelection(by: Point(x: dx, y: dy), bounds: bounds, &state)
      } else if dx != 0 {
        // Stepping starts no effects.
        _ = playback(&state.animation, .step(by: dx > 0 ? 1 : -1))
      }

    case let .moveSelection(topLeft):
      if let drag = state.drag {
        // A slider drag: from where the selection was when it began (one undo step).
        mover.moveSelection(
          by: topLeft - Point(x: drag.bounds.minX, y: drag.bounds.minY), from: state.history.pending ?? state.curves,
          bounds: drag.bounds, in: &state
        )
      } else if let bounds = state.selectionBounds {
        moveSelection(by: topLeft - Point(x: bounds.minX, y: bounds.minY), bounds: bounds, &state)
      }

    case .grabSelection:
      guard state.drag == nil, let first = state.selection.first, let point = state.curves[first] else { break }
      state.drag = State.Drag(
        point: first, grabOffset: .zero, start: point.position, bounds: state.selectionBounds, startRevision: state.revision
      )
      state.history.begin(state.curves)

    case .selectNextPoint:
      let all = state.curves.allPointReferences
      guard !all.isEmpty else { break }
      let index = state.selection.last.flatMap { all.firstIndex(of: $0) }.map { ($0 + 1) % all.count } ?? 0
      state.selection = [all[index]]

    case .selectAll:
      state.selection = OrderedSet(state.curves.allPointReferences)

    case .clearSelection:
      state.selection = []

    case .deleteSelectedPoints:
      deleteSelectedPoints(&state)

    case .deleteSelectedCurves:
      let doomed = state.selectedCurveIDs
      guard !doomed.isEmpty else { break }
      state.history.record(state.curves)
      state.curves.removeAll { doomed.contains($0.id) }
      state.selection = []
      state.forgetMissingSelection()
      state.markCurvesEdited()

    case .duplicateSelectedCurves:
      let originals = state.selectedCurveIDs.compactMap { state.curves[id: $0] }
      guard !originals.isEmpty else { break }
      guard state.hasRoom(forCurves: originals.count) else { break }
      state.history.record(state.curves)
      let copies = originals.map { copy(of: $0, offsetBy: Self.duplicateOffset, in: state.canvas) }
      add(copies, &state)

    case .splitSelectedCurves:
      splitSelectedCurves(&state)

    case .elevateSelectedCurves:
      elevateSelectedCurves(&state)

    case .addCurve:
      guard state.hasRoom(forCurves: 1) else { break }
      state.history.record(state.curves)
      let curve = newCurve(centredOn: state.viewport.documentPoint(atScreen: state.viewport.area.centre), avoiding: state.curves, in: state.canvas)
      state.curves.append(curve)
      state.selection = [PointReference(curve: curve.id, point: curve.points[0].id)]
      state.markCurvesEdited()

    case let .setColor(color):
      style(.setColor(color), &state)

    case let .setSize(size):
      style(.setSize(size), &state)
    }
    return .none
  }

  /// Sends a style action to every selected point's `PointFeature`, through its curve: one
  /// undo step, unless a slider drag is under way (it is one step itself).
  private func style(_ action: PointFeature.Action, _ state: inout State) {
    guard !state.selection.isEmpty else { return }
    let before = state.curves
    for reference in state.selection {
      guard let index = state.curves.index(id: reference.curve) else { continue }
      _ = curve(&state.curves[index], .points(.element(id: reference.point, action: action)))
    }
    guard state.curves != before else { return }
    if state.drag == nil { state.history.record(before) }
    state.markEdited()
  }

  /// One undo step, unless a slider drag is under way (it is one step itself).
  private func moveSelection(by offset: Point, bounds: Rect, _ state: inout State) {
    let applied = PointMover.clamp(offset, keeping: bounds, on: state.canvas)
    guard applied != .zero else { return }
    let before = state.curves
    state.history.record(before)
    mover.moveSelection(by: applied, from: before, bounds: bounds, in: &state)
  }

  private func deleteSelectedPoints(_ state: inout State) {
    let before = state.curves
    var removed = false
    for curveID in state.selectedCurveIDs {
      guard let index = state.curves.index(id: curveID) else { continue }
      for reference in state.selection where reference.curve == curveID {
        guard state.curves[index].points.count > Editor.pointsPerCurve.lowerBound else {
          state.notice = "A curve keeps at least \(Editor.pointsPerCurve.lowerBound) points."
          break
        }
        removed = state.curves[index].points.remove(id: reference.point) != nil || removed
      }
    }
    guard removed else { return }
    state.history.record(before)
    state.forgetMissingSelection()
    state.markCurvesEdited()
  }

  private func splitSelectedCurves(_ state: inout State) {
    let t = state.animation.t
    let ids = state.selectedCurveIDs
    guard !ids.isEmpty else { return }
    guard t > 0, t < 1 else {
      state.notice = "S splits at t: move t between 0 and 1 first."
      return
    }
    guard state.hasRoom(forCurves: ids.count) else { return }
    state.history.record(state.curves)
    var pieces: [CurveReducer.State] = []
    for id in ids {
      guard let index = state.curves.index(id: id), let bezier = state.curves[index].bezier else { continue }
      let (first, second) = bezier.split(at: t)
      // The curve keeps its id and its first point (style and all); the second piece, after
      // it, ends with the old last point. The points between are new.
      let original = state.curves[index].points
      let head = [original[0]] + newPoints(first.controlPoints.dropFirst(), in: state.canvas)
      let tail = newPoints(second.controlPoints.dropLast(), in: state.canvas) + [original[original.count - 1]]
      state.curves[index].points = IdentifiedArray(uniqueElements: head)
      let piece = CurveReducer.State(id: uuid(), points: IdentifiedArray(uniqueElements: tail))
      state.curves.insert(piece, at: index + 1)
      pieces += [state.curves[index], piece]
    }
    state.selection = OrderedSet(pieces.allPointReferences)
    state.markCurvesEdited()
  }

  private func elevateSelectedCurves(_ state: inout State) {
    let ids = state.selectedCurveIDs
    guard !ids.isEmpty else { return }
    guard ids.allSatisfy({ (state.curves[id: $0]?.points.count ?? 0) < Editor.pointsPerCurve.upperBound }) else {
      state.notice = "E: a curve has at most \(Editor.pointsPerCurve.upperBound) points."
      return
    }
    state.history.record(state.curves)
    for id in ids {
      guard let index = state.curves.index(id: id), let bezier = state.curves[index].bezier else { continue }
      // The ends keep their points; the inner points are new, one more of them.
      let elevated = bezier.elevated().controlPoints
      let points = state.curves[index].points
      var raised = [points[0]]
      raised += elevated.dropFirst().dropLast().map { PointFeature.State(id: uuid(), position: state.canvas.clamp($0)) }
      raised.append(points[points.count - 1])
      state.curves[index].points = IdentifiedArray(uniqueElements: raised)
    }
    state.forgetMissingSelection()
    state.markCurvesEdited()
  }

  /// Plain points with new ids at `positions` (clamped to the canvas).
  private func newPoints(_ positions: some Sequence<Point>, in canvas: Canvas) -> [PointFeature.State] {
    positions.map { PointFeature.State(id: uuid(), position: canvas.clamp($0)) }
  }

  /// `curve` with new ids, every point moved by `offset` (clamped to the canvas), styles kept.
  func copy(of curve: CurveReducer.State, offsetBy offset: Point, in canvas: Canvas) -> CurveReducer.State {
    CurveReducer.State(id: uuid(), points: IdentifiedArray(uniqueElements: curve.points.map { point in
      PointFeature.State(id: uuid(), position: canvas.clamp(point.position + offset), color: point.color, size: point.size)
    }))
  }

  /// Appends `curves` as one edit (the caller records the undo step), selecting their points.
  func add(_ curves: [CurveReducer.State], _ state: inout State) {
    state.curves.append(contentsOf: curves)
    state.selection = OrderedSet(curves.allPointReferences)
    state.markCurvesEdited()
  }

  /// A four-point arch centred on `centre`, moved down and right in steps until it lies
  /// exactly over no other curve.
  private func newCurve(centredOn centre: Point, avoiding curves: IdentifiedArrayOf<CurveReducer.State>, in canvas: Canvas) -> CurveReducer.State {
    // 7/20 and 3/10 of at most 640 x 480: whole numbers there, so the shape is exact.
    let halfWidth = min(canvas.width, 640) * 7 / 20, height = min(canvas.height, 480) * 3 / 10
    let shape = [(-1.0, 0.5), (-0.4, -0.5), (0.4, -0.5), (1.0, 0.5)].map { Point(x: $0.0 * halfWidth, y: $0.1 * height) }
    let taken = Set(curves.map { $0.points.map(\.position) })
    var offset = Point.zero
    var positions = shape.map { canvas.clamp(centre + $0) }
    for _ in 0..<100 where taken.contains(positions) {
      offset += Point(x: 24, y: 24)
      positions = shape.map { canvas.clamp(centre + offset + $0) }
    }
    return CurveReducer.State(id: uuid(), points: IdentifiedArray(uniqueElements: positions.map {
      PointFeature.State(id: uuid(), position: $0)
    }))
  }
}
