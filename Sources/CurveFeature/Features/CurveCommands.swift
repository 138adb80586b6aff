import Composable
import CurveGeometry
import OrderedCollections

/// Commands on whole curves and their points, from the keyboard: delete points or curves,
/// duplicate, split at t, raise and lower the degree, add a curve, combine curves and break
/// them apart.
/// Each is one undo step.
///
/// ```swift
/// Scope(state: \.self, action: \.curveCommands) { CurveCommands() }
/// store.send(.curveCommands(.splitSelectedCurves))     // S: each selected curve in two at t
/// store.send(.curveCommands(.duplicateSelectedCurves)) // Ctrl+D
/// store.send(.curveCommands(.combineSelectedCurves))   // Ctrl+K
/// ```
///
/// A command that cannot do what it was asked says why in the notice and changes nothing.
public struct CurveCommands: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Delete: removes the selected points, never taking a subpath below two points; selected
    /// nodes of a curve of several segments go with their segments joined into one.
    case deleteSelectedPoints
    /// Shift+Delete: removes every curve that has a selected point.
    case deleteSelectedCurves
    /// Ctrl+D: copies of the curves that have a selected point, `duplicateOffset` away, selected.
    case duplicateSelectedCurves
    /// Alt+S: each curve with a selected point becomes two of the same degree, split at t.
    case splitSelectedCurves
    /// Alt+E: each curve with a selected point gains a control point, keeping its shape.
    case elevateSelectedCurves
    /// Alt+Shift+E: each curve with a selected point loses a control point, becoming the curve
    /// of one degree less closest to it (least squares, the primer's lowering); the notice
    /// says how far that moved it.
    case lowerSelectedCurves
    /// Alt+N: a new four-point curve at the centre of the view.
    case addCurve
    /// Ctrl+K: the curves that have a selected point become one, of all their subpaths, with
    /// the first curve's id and style.
    case combineSelectedCurves
    /// Ctrl+Shift+K: each curve with a selected point becomes one curve per subpath, each with
    /// the style it had (the first keeps the curve's id).
    case breakApartSelectedCurves
    /// Ctrl+L: each selected curve's subpaths refitted with fewer cubics, corners kept;
    /// pressed again with nothing else changed, within twice the tolerance. The editor runs
    /// it off the reducer's thread, as `PathOperations.simplify`.
    case simplifySelectedCurves
  }

  /// How far, in screen units, Ctrl+L's first press may move a curve.
  public static let simplifyTolerance = 2.0

  /// How far Ctrl+D and paste move copies, in document units, so they are seen apart.
  public static let duplicateOffset = Point(x: 16, y: 16)
  /// How far N moves a new curve, right and down, while it would lie exactly over another.
  static let newCurveStep = Point(x: 24, y: 24)

  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    state.endGesture()
    switch action {
    case .deleteSelectedPoints:
      // While the pen draws, Backspace takes back its last node, as Inkscape's does.
      if state.interaction.pen != nil {
        state.removeLastPenNode()
      } else if state.interaction.splinePoint != nil {
        state.deleteSplinePoint()
      } else {
        deleteSelectedPoints(&state)
      }

    case .deleteSelectedCurves:
      state.deleteSelectedCurves()

    case .duplicateSelectedCurves:
      let originals = state.selectedCurveIDs.compactMap { state.drawing.curves[id: $0] }
      guard !originals.isEmpty, state.hasRoom(forCurves: originals.count) else { break }
      state.history.record(state.undoSnapshot)
      state.add(originals.map { $0.copy(offsetBy: Self.duplicateOffset, in: state.canvas, ids: uuid) })

    case .splitSelectedCurves:
      splitSelectedCurves(&state)

    case .elevateSelectedCurves:
      elevateSelectedCurves(&state)

    case .lowerSelectedCurves:
      lowerSelectedCurves(&state)

    case .addCurve:
      guard state.hasRoom(forCurves: 1) else { break }
      state.history.record(state.undoSnapshot)
      let centre = state.viewport.documentPoint(atScreen: state.viewport.areaCentre)
      let curve = newCurve(centredOn: centre, avoiding: state.drawing.curves, in: state.canvas)
      state.drawing.curves.append(curve)
      state.interaction.selection = [PointReference(curve: curve.id, point: curve.points[0].id)]
      state.drawing.markCurvesEdited()

    case .combineSelectedCurves:
      combineSelectedCurves(&state)

    case .breakApartSelectedCurves:
      breakApartSelectedCurves(&state)

    case .simplifySelectedCurves:
      // The work runs off the reducer's thread: the editor hands it to `PathOperations.simplify`.
      break
    }
    return .none
  }

  private func combineSelectedCurves(_ state: inout State) {
    let ids = state.selectedCurveIDs
    guard ids.count >= 2, let target = state.drawing.curves.index(id: ids[0]) else {
      if !ids.isEmpty { state.interaction.notice = "Ctrl+K combines two or more curves: select points of each." }
      return
    }
    state.history.record(state.undoSnapshot)
    let others = ids.dropFirst().compactMap { state.drawing.curves[id: $0] }
    state.drawing.curves[target].subpaths.append(contentsOf: others.flatMap(\.subpaths))
    state.drawing.curves.removeAll { ids.dropFirst().contains($0.id) }
    state.interaction.selection = OrderedSet(state.interaction.selection.map { PointReference(curve: ids[0], point: $0.point) })
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
  }

  private func breakApartSelectedCurves(_ state: inout State) {
    let ids = state.selectedCurveIDs.filter { (state.drawing.curves[id: $0]?.subpaths.count ?? 0) > 1 }
    guard !ids.isEmpty else {
      if !state.interaction.selection.isEmpty {
        state.interaction.notice = "Ctrl+Shift+K breaks apart curves of several subpaths; no selected curve has more than one."
      }
      return
    }
    let added = ids.reduce(0) { $0 + (state.drawing.curves[id: $1]?.subpaths.count ?? 1) - 1 }
    guard state.hasRoom(forCurves: added) else { return }
    state.history.record(state.undoSnapshot)
    var owner: [ControlPoint.State.ID: Curve.State.ID] = [:]
    for id in ids {
      guard let index = state.drawing.curves.index(id: id) else { continue }
      let curve = state.drawing.curves[index]
      let pieces = curve.subpaths.enumerated().map { number, subpath in
        Curve.State(id: number == 0 ? curve.id : uuid(), subpaths: [subpath], style: curve.style)
      }
      state.drawing.curves[index] = pieces[0]
      for (offset, piece) in pieces.enumerated().dropFirst() { state.drawing.curves.insert(piece, at: index + offset) }
      for piece in pieces { for point in piece.points { owner[point.id] = piece.id } }
    }
    state.interaction.selection = OrderedSet(state.interaction.selection.map {
      PointReference(curve: owner[$0.point] ?? $0.curve, point: $0.point)
    })
    state.drawing.markCurvesEdited()
  }

  /// Removes the selected points. Selected nodes of a curve of several segments go with the
  /// segments beside them joined into one (`removingNodes`), in subpaths of several segments;
  /// any other point goes alone, never taking a subpath below two points.
  private func deleteSelectedPoints(_ state: inout State) {
    let before = state.drawing.curves
    var removed = false
    for curveID in state.selectedCurveIDs {
      guard let index = state.drawing.curves.index(id: curveID) else { continue }
      var merged: Set<ControlPoint.State.ID> = []
      if state.drawing.curves[index].segments.count > 1 {
        let selected = Set(state.interaction.selection.filter { $0.curve == curveID }.map(\.point))
        for number in state.drawing.curves[index].subpaths.indices {
          let subpath = state.drawing.curves[index].subpaths[number]
          let nodes = Set(subpath.points.indices.filter { subpath.isNode($0) && selected.contains(subpath.points[$0].id) }.map { subpath.points[$0].id })
          guard !nodes.isEmpty, subpath.segments.count > 1 else { continue }
          guard let shorter = subpath.removingNodes(nodes, newID: { uuid() }, on: state.canvas) else {
            state.interaction.notice = "A subpath keeps at least one segment."
            merged.formUnion(nodes)
            continue
          }
          state.drawing.curves[index].subpaths[number] = shorter
          merged.formUnion(nodes)
          removed = true
        }
      }
      for reference in state.interaction.selection where reference.curve == curveID && !merged.contains(reference.point) {
        let curve = state.drawing.curves[index]
        guard let subpath = curve.subpathID(holding: reference.point) else { continue }
        guard curve.subpaths[id: subpath]!.points.count > Editor.pointsPerCurve.lowerBound else {
          state.interaction.notice = curve.subpaths.count == 1
            ? "A curve keeps at least \(Editor.pointsPerCurve.lowerBound) points."
            : "A subpath keeps at least \(Editor.pointsPerCurve.lowerBound) points."
          break
        }
        removed = state.drawing.curves[index].points.remove(id: reference.point) != nil || removed
      }
    }
    guard removed else { return }
    state.history.record(state.undoSnapshot(of: before))
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
  }

  private func splitSelectedCurves(_ state: inout State) {
    let t = state.drawing.animation.t
    let ids = state.selectedCurveIDs
    guard !ids.isEmpty else { return }
    guard ids.allSatisfy({ state.drawing.curves[id: $0]?.isOneSegment ?? false }) else {
      state.interaction.notice = Self.oneSegmentOnly("S splits")
      return
    }
    guard t > 0, t < 1 else {
      state.interaction.notice = "S splits at t: move t between 0 and 1 first."
      return
    }
    guard state.hasRoom(forCurves: ids.count) else { return }
    state.history.record(state.undoSnapshot)
    var pieces: [Curve.State] = []
    for id in ids {
      guard let index = state.drawing.curves.index(id: id), let bezier = state.drawing.curves[index].bezier else { continue }
      // The curve keeps its id and its first point (style and all); the second piece, after
      // it, ends with the old last point. The points between are new; a weighted curve's
      // halves are rational too, weighted as the construction makes them.
      let original = state.drawing.curves[index].points
      var head = [original[0]], tail: [ControlPoint.State] = []
      if let rational = state.drawing.curves[index].subpaths[0].rationalSegment(0, controlPoints: bezier.controlPoints) {
        let (first, second) = rational.split(at: t)
        head += newPoints(first.controlPoints.dropFirst(), weights: first.weights.dropFirst(), in: state.canvas)
        tail = newPoints(second.controlPoints.dropLast(), weights: second.weights.dropLast(), in: state.canvas)
        head[0].weight = first.weights[0] == 1 ? nil : first.weights[0]
      } else {
        let (first, second) = bezier.split(at: t)
        head += newPoints(first.controlPoints.dropFirst(), in: state.canvas)
        tail = newPoints(second.controlPoints.dropLast(), in: state.canvas)
      }
      tail.append(original[original.count - 1])
      state.drawing.curves[index].points = IdentifiedArray(uniqueElements: head)
      let piece = Curve.State(id: uuid(), points: IdentifiedArray(uniqueElements: tail))
      state.drawing.curves.insert(piece, at: index + 1)
      pieces += [state.drawing.curves[index], piece]
    }
    state.interaction.selection = OrderedSet(pieces.allPointReferences)
    state.drawing.markCurvesEdited()
  }

  private func elevateSelectedCurves(_ state: inout State) {
    let ids = state.selectedCurveIDs
    guard !ids.isEmpty else { return }
    guard ids.allSatisfy({ state.drawing.curves[id: $0]?.isOneSegment ?? false }) else {
      state.interaction.notice = Self.oneSegmentOnly("E raises")
      return
    }
    guard ids.allSatisfy({ (state.drawing.curves[id: $0]?.points.count ?? 0) < Editor.pointsPerCurve.upperBound }) else {
      state.interaction.notice = "E: a curve has at most \(Editor.pointsPerCurve.upperBound) points."
      return
    }
    state.history.record(state.undoSnapshot)
    for id in ids {
      guard let index = state.drawing.curves.index(id: id), let bezier = state.drawing.curves[index].bezier else { continue }
      // The ends keep their points; the inner points are new, one more of them (weighted as
      // the rational curve's elevation makes them, for a weighted curve).
      let points = state.drawing.curves[index].points
      let inner: [ControlPoint.State]
      if let rational = state.drawing.curves[index].subpaths[0].rationalSegment(0, controlPoints: bezier.controlPoints) {
        let elevated = rational.elevated()
        inner = newPoints(elevated.controlPoints.dropFirst().dropLast(), weights: elevated.weights.dropFirst().dropLast(), in: state.canvas)
      } else {
        inner = newPoints(bezier.elevated().controlPoints.dropFirst().dropLast(), in: state.canvas)
      }
      let raised = [points[0]] + inner + [points[points.count - 1]]
      state.drawing.curves[index].points = IdentifiedArray(uniqueElements: raised)
    }
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
  }

  private func lowerSelectedCurves(_ state: inout State) {
    let ids = state.selectedCurveIDs
    guard !ids.isEmpty else { return }
    guard ids.allSatisfy({ state.drawing.curves[id: $0]?.isOneSegment ?? false }) else {
      state.interaction.notice = Self.oneSegmentOnly("Shift+E lowers")
      return
    }
    guard ids.allSatisfy({ (state.drawing.curves[id: $0]?.points.count ?? 0) > Editor.pointsPerCurve.lowerBound }) else {
      state.interaction.notice = "Shift+E: a line has no lower degree."
      return
    }
    guard !ids.contains(where: { state.drawing.curves[id: $0]?.subpaths.contains(where: \.hasWeights) ?? false }) else {
      state.interaction.notice = "Shift+E lowers plain curves; a selected curve has weights."
      return
    }
    state.history.record(state.undoSnapshot)
    var moved = 0.0
    for id in ids {
      guard let index = state.drawing.curves.index(id: id), let bezier = state.drawing.curves[index].bezier else { continue }
      let (lowered, distance) = bezier.lowered()
      moved = max(moved, distance)
      // The ends keep their points, moved where the lowered curve has them; the inner points
      // are new, one fewer of them.
      let points = state.drawing.curves[index].points
      var first = points[0], last = points[points.count - 1]
      first.position = state.canvas.clamp(lowered[0])
      last.position = state.canvas.clamp(lowered[lowered.count - 1])
      state.drawing.curves[index].points = IdentifiedArray(uniqueElements: [first] + newPoints(lowered.dropFirst().dropLast(), in: state.canvas) + [last])
    }
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
    state.interaction.notice = "Shift+E: one degree lower, the curve moved at most \(Self.distanceText(moved)) units."
  }

  /// A distance for the status line: two decimals, or the first two significant digits
  /// below 0.01, so a tiny move does not read as none.
  public static func distanceText(_ distance: Double) -> String {
    distance >= 0.01 || distance == 0 ? String(format: "%.2f", distance) : String(format: "%.2g", distance)
  }

  /// Why a command for curves of one segment did nothing to a curve of several.
  static func oneSegmentOnly(_ command: String) -> String {
    "\(command) curves of one segment; a selected curve has several."
  }

  /// Plain points with new ids at `positions` (clamped to the canvas), with `weights` when
  /// given (a weight of 1 left out).
  private func newPoints(_ positions: some Sequence<Point>, weights: (some Sequence<Double>)? = [Double]?.none, in canvas: Canvas) -> [ControlPoint.State] {
    let weights = weights.map(Array.init) ?? []
    return positions.enumerated().map { index, position in
      let weight = weights.indices.contains(index) && weights[index] != 1 ? weights[index] : nil
      return ControlPoint.State(id: uuid(), position: canvas.clamp(position), weight: weight)
    }
  }

  /// A four-point arch centred on `centre`, moved down and right in steps until it lies
  /// exactly over no other curve.
  private func newCurve(centredOn centre: Point, avoiding curves: IdentifiedArrayOf<Curve.State>, in canvas: Canvas) -> Curve.State {
    // 7/20 and 3/10 of at most 640 x 480: whole numbers there, so the shape is exact.
    let halfWidth = min(canvas.width, 640) * 7 / 20, height = min(canvas.height, 480) * 3 / 10
    let shape = [(-1.0, 0.5), (-0.4, -0.5), (0.4, -0.5), (1.0, 0.5)].map { Point(x: $0.0 * halfWidth, y: $0.1 * height) }
    let taken = Set(curves.map { $0.points.map(\.position) })
    var offset = Point.zero
    var positions = shape.map { canvas.clamp(centre + $0) }
    for _ in 0..<100 where taken.contains(positions) {
      offset += Self.newCurveStep
      positions = shape.map { canvas.clamp(centre + offset + $0) }
    }
    return Curve.State(id: uuid(), points: IdentifiedArray(uniqueElements: newPoints(positions, in: canvas)))
  }
}
