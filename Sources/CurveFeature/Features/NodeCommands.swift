import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// Commands on the selected nodes and their subpaths, from the keyboard (Inkscape's keys):
/// node types, break, join, close or open. Each is one undo step.
///
/// ```swift
/// Scope(state: \.self, action: \.nodes) { NodeCommands() }
/// store.send(.nodes(.setType(.smooth)))          // Shift+S
/// store.send(.nodes(.breakAtSelectedNodes))      // Shift+B
/// store.send(.nodes(.joinSelectedEnds))          // Shift+J
/// ```
///
/// A command that does not apply to the selection says why in the notice and changes nothing.
public struct NodeCommands: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Shift+C, Shift+S, Shift+Y: the selected nodes become corner, smooth or symmetric; smooth
    /// turns both handles by the same angle until they are opposite (keeping their lengths),
    /// symmetric also gives them their mean length.
    case setType(NodeType)
    /// Shift+B: each open subpath splits in two at each selected node inside it (the node
    /// duplicated, with a new id); a closed subpath opens at a selected node, then starting
    /// and ending there.
    case breakAtSelectedNodes
    /// Shift+J: two selected end nodes of two open subpaths (of one curve or two) become one
    /// node at their midpoint, joining the subpaths (the second curve's other subpaths join
    /// the first curve, which keeps its style); the two ends of one open subpath close it.
    case joinSelectedEnds
    /// Shift+L: each subpath with a selected point closes (with a straight segment back to
    /// its start, or at its start when it ends there) or opens (the closing segment gone
    /// when straight; else its start duplicated at its end, the shape kept).
    case toggleClosedSelectedSubpaths
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.interaction.notice = nil
    state.endGesture()
    switch action {
    case let .setType(type): setType(type, &state)
    case .breakAtSelectedNodes: breakAtSelectedNodes(&state)
    case .joinSelectedEnds: joinSelectedEnds(&state)
    case .toggleClosedSelectedSubpaths: toggleClosedSelectedSubpaths(&state)
    }
    return .none
  }

  /// Where a selected point is: its curve's and subpath's indices and its own.
  private struct Location {
    var curve: Int
    var subpath: Int
    var point: Int
  }

  private func locate(_ reference: PointReference, in curves: IdentifiedArrayOf<Curve.State>) -> Location? {
    guard let curve = curves.index(id: reference.curve) else { return nil }
    for (subpathIndex, subpath) in curves[curve].subpaths.enumerated() {
      if let point = subpath.points.index(id: reference.point) { return Location(curve: curve, subpath: subpathIndex, point: point) }
    }
    return nil
  }

  private func setType(_ type: NodeType, _ state: inout State) {
    let before = state.drawing.curves
    var found = false
    for reference in state.interaction.selection {
      guard let at = locate(reference, in: state.drawing.curves),
        state.drawing.curves[at.curve].subpaths[at.subpath].isNode(at.point)
      else { continue }
      found = true
      state.drawing.curves[at.curve].subpaths[at.subpath].setNodeType(type, at: at.point, on: state.canvas)
    }
    guard found else {
      if !state.interaction.selection.isEmpty { state.interaction.notice = "Node types are for nodes: select a node on the curve." }
      return
    }
    guard state.drawing.curves != before else { return }
    state.history.record(state.undoSnapshot(of: before))
    state.drawing.markCurvesEdited()
  }

  private func breakAtSelectedNodes(_ state: inout State) {
    guard !state.interaction.selection.isEmpty else { return }
    let before = state.drawing.curves
    let selected = Set(state.interaction.selection.map(\.point))
    var copies: [PointReference] = []
    for curveIndex in state.drawing.curves.indices {
      let curve = state.drawing.curves[curveIndex]
      guard state.interaction.selection.contains(where: { $0.curve == curve.id }) else { continue }
      var subpaths: [Subpath.State] = []
      for subpath in curve.subpaths {
        let pieces = broken(subpath, at: selected)
        subpaths += pieces
        // The duplicated nodes are selected beside the nodes they copy.
        for piece in pieces {
          for point in piece.points where subpath.points[id: point.id] == nil {
            copies.append(PointReference(curve: curve.id, point: point.id))
          }
        }
      }
      state.drawing.curves[curveIndex].subpaths = IdentifiedArray(uniqueElements: subpaths)
    }
    guard state.drawing.curves != before else {
      state.interaction.notice = "Shift+B breaks at a node inside a subpath or on a closed one; no selected node is one."
      return
    }
    state.history.record(state.undoSnapshot(of: before))
    state.interaction.selection.append(contentsOf: copies)
    state.drawing.markCurvesEdited()
  }

  /// `subpath` broken at the nodes whose ids are in `selected`: a closed one opened at the
  /// first of them, then cut at each inner one, the node kept by the piece before and
  /// duplicated (new id) to start the piece after. The first piece keeps the subpath's id.
  private func broken(_ subpath: Subpath.State, at selected: Set<ControlPoint.State.ID>) -> [Subpath.State] {
    var points = Array(subpath.points)
    let isSelectedNode = { (index: Int) in subpath.isNode(index) && selected.contains(subpath.points[index].id) }
    if subpath.isClosed {
      guard let opening = subpath.points.indices.first(where: isSelectedNode) else { return [subpath] }
      // The old first point is inside the chain now: it must say it is a node.
      if points[0].node == nil { points[0].node = .corner }
      points = Array(points[opening...] + points[..<opening])
      let start = points[0]
      points.append(ControlPoint.State(id: uuid(), position: start.position, color: start.color, size: start.size, node: start.node))
    }
    let open = Subpath.State(id: subpath.id, isClosed: false, points: IdentifiedArray(uniqueElements: points))
    var pieces: [Subpath.State] = []
    var current: [ControlPoint.State] = []
    for index in open.points.indices {
      let point = open.points[index]
      current.append(point)
      let isInner = index > 0 && index < open.points.count - 1
      if isInner, open.isNode(index), selected.contains(point.id) {
        pieces.append(Subpath.State(id: pieces.isEmpty ? subpath.id : uuid(), points: IdentifiedArray(uniqueElements: current)))
        current = [ControlPoint.State(id: uuid(), position: point.position, color: point.color, size: point.size, node: point.node)]
      }
    }
    pieces.append(Subpath.State(id: pieces.isEmpty ? subpath.id : uuid(), points: IdentifiedArray(uniqueElements: current)))
    return pieces
  }

  private func joinSelectedEnds(_ state: inout State) {
    // The selected end nodes of open subpaths, in the order they were selected.
    var ends: [(reference: PointReference, at: Location)] = []
    for reference in state.interaction.selection {
      guard let at = locate(reference, in: state.drawing.curves) else { continue }
      let subpath = state.drawing.curves[at.curve].subpaths[at.subpath]
      guard !subpath.isClosed, at.point == 0 || at.point == subpath.points.count - 1 else { continue }
      ends.append((reference, at))
    }
    guard ends.count == 2 else {
      state.interaction.notice = "Shift+J joins two selected end nodes of open subpaths; \(ends.count) \(ends.count == 1 ? "is" : "are") selected."
      return
    }
    let before = state.drawing.curves
    let (first, second) = (ends[0], ends[1])
    if first.at.curve == second.at.curve, first.at.subpath == second.at.subpath {
      // The two ends of one subpath: it closes, its ends one node.
      var subpath = state.drawing.curves[first.at.curve].subpaths[first.at.subpath]
      guard subpath.points.count >= 3 else {
        state.interaction.notice = "Shift+J: a subpath of two points cannot close on itself."
        return
      }
      let last = subpath.points.removeLast()
      subpath.points[0].position = subpath.points[0].position.lerp(to: last.position, 0.5)
      subpath.points[0].node = subpath.points[0].node ?? last.node ?? .corner
      subpath.isClosed = true
      state.drawing.curves[first.at.curve].subpaths[first.at.subpath] = subpath
      state.interaction.selection = [PointReference(curve: state.drawing.curves[first.at.curve].id, point: subpath.points[0].id)]
    } else {
      // One chain through the two ends, in the first subpath's direction where it can be: a
      // reversed subpath winds the other way, and the fill rule would fill its curve's holes.
      let firstSubpath = state.drawing.curves[first.at.curve].subpaths[first.at.subpath]
      let secondSubpath = state.drawing.curves[second.at.curve].subpaths[second.at.subpath]
      let (lead, trail): ([ControlPoint.State], [ControlPoint.State]) =
        switch (first.at.point == 0, second.at.point == 0) {
        case (false, true): (Array(firstSubpath.points), Array(secondSubpath.points))
        case (true, false): (Array(secondSubpath.points), Array(firstSubpath.points))
        case (false, false): (Array(firstSubpath.points), secondSubpath.points.reversed())
        case (true, true): (secondSubpath.points.reversed(), Array(firstSubpath.points))
        }
      var points = lead
      let join = points.count - 1
      points[join].position = points[join].position.lerp(to: trail[0].position, 0.5)
      points[join].node = points[join].node ?? trail[0].node ?? .corner
      points += trail.dropFirst()
      var a = firstSubpath
      a.points = IdentifiedArray(uniqueElements: points)
      let b = secondSubpath
      let firstCurveID = state.drawing.curves[first.at.curve].id
      let secondCurveID = state.drawing.curves[second.at.curve].id
      state.drawing.curves[first.at.curve].subpaths[first.at.subpath] = a
      if firstCurveID == secondCurveID {
        state.drawing.curves[first.at.curve].subpaths.remove(id: b.id)
      } else {
        // The second curve's other subpaths join the first curve; the second curve goes.
        let rest = state.drawing.curves[second.at.curve].subpaths.filter { $0.id != b.id }
        state.drawing.curves[first.at.curve].subpaths.append(contentsOf: rest)
        state.drawing.curves.remove(id: secondCurveID)
      }
      state.interaction.selection = [PointReference(curve: firstCurveID, point: a.points[join].id)]
    }
    state.history.record(state.undoSnapshot(of: before))
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
  }

  private func toggleClosedSelectedSubpaths(_ state: inout State) {
    guard !state.interaction.selection.isEmpty else {
      state.interaction.notice = "Shift+L closes or opens the subpaths of the selected points: select a point first."
      return
    }
    let before = state.drawing.curves
    var toggled: Set<Subpath.State.ID> = []
    for reference in state.interaction.selection {
      guard let at = locate(reference, in: state.drawing.curves) else { continue }
      var subpath = state.drawing.curves[at.curve].subpaths[at.subpath]
      guard toggled.insert(subpath.id).inserted else { continue }
      let lastIndex = subpath.points.count - 1
      if subpath.isClosed {
        // A curved closing segment keeps its shape: the subpath then ends where it starts.
        if !subpath.isNode(lastIndex) {
          let start = subpath.points[0]
          subpath.points.append(ControlPoint.State(id: uuid(), position: start.position, color: start.color, size: start.size, node: start.node))
        }
        subpath.isClosed = false
      } else {
        if subpath.points.count >= 3, subpath.points[lastIndex].position == subpath.points[0].position {
          // Ending where it starts: the two ends become one node.
          subpath.points.removeLast()
        } else if subpath.points[lastIndex].node == nil {
          // The last point is inside the chain now: it must say it is a node.
          subpath.points[lastIndex].node = .corner
        }
        subpath.isClosed = true
      }
      state.drawing.curves[at.curve].subpaths[at.subpath] = subpath
    }
    guard state.drawing.curves != before else { return }
    state.history.record(state.undoSnapshot(of: before))
    state.forgetMissingSelection()
    state.drawing.markCurvesEdited()
  }
}
