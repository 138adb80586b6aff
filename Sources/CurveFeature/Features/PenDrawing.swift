import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// The pen on the canvas, as Inkscape's has it: a click lays down a corner node, a press and
/// drag a smooth node whose handles follow the pointer symmetrically (Alt held: only the
/// outgoing handle, a cusp), Ctrl turns a new segment or handle in 15° steps. The segment to
/// the pointer is drawn live. A right click or a double click ends the path, a click on its
/// first node closes it, a press on an end node of a selected open path continues that path
/// (Enter, Backspace and Escape are `Tools`' and `CurveCommands`' keys). The path becomes a
/// curve only when it ends: one undo step, in the current style, selected. `Pointer` hands
/// the pen's events here.
///
/// ```swift
/// store.send(.tools(.choose(.pen)))
/// store.send(.pointer(.down(Point(x: 10, y: 10), button: .left, clickCount: 1, modifiers: [])))
/// store.send(.pointer(.up(Point(x: 10, y: 10), button: .left)))
/// store.send(.pointer(.down(Point(x: 90, y: 10), button: .left, clickCount: 1, modifiers: [])))
/// store.send(.pointer(.moved(Point(x: 120, y: 40))))   // pulls the node's handles
/// store.send(.pointer(.up(Point(x: 120, y: 40), button: .left)))
/// store.send(.tools(.finishPath))   // Enter: a new curve of one cubic
/// ```
public struct PenDrawing: Reducer {
  public typealias State = Editor.State
  public typealias Action = Pointer.Action

  /// A press that moves less than this (screen units) is a click: no handles.
  static let dragThreshold = 3.0

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .down(screenPoint, .left, clickCount, modifiers):
      press(at: screenPoint, clickCount: clickCount, snapping: modifiers.contains(.control), &state)

    case let .moved(screenPoint):
      guard var path = state.interaction.pen else { break }
      let point = state.canvas.clamp(state.viewport.documentPoint(atScreen: screenPoint))
      path.pointer = point
      if path.isPressed { pull(&path, to: point, screenPoint: screenPoint, state) }
      state.interaction.pen = path

    case .up(_, .left):
      guard var path = state.interaction.pen, path.isPressed else { break }
      path.isPressed = false
      state.interaction.pen = path
      if path.isClosing { state.finishPenPath(closed: true) }

    case .down(_, .right, _, _):
      state.finishPenPath(closed: false)

    case .down, .up, .exited, .modifiersChanged:
      break
    }
    return .none
  }

  private func press(at screenPoint: Point, clickCount: Int, snapping: Bool, _ state: inout State) {
    let point = state.canvas.clamp(state.viewport.documentPoint(atScreen: screenPoint))
    guard var path = state.interaction.pen else {
      state.endGesture()
      state.interaction.notice = nil
      var path = continuation(at: screenPoint, state) ?? PenPath(mode: state.interaction.penMode, nodes: [PenNode(point: point)])
      path.tension = state.interaction.penTension
      path.isPressed = true
      path.pressPoint = screenPoint
      path.pointer = point
      state.interaction.pen = path
      return
    }
    // The second press of a double click ends the path (its first press laid the last node,
    // under the pointer: a quick click elsewhere is a new node).
    if clickCount >= 2, let last = path.nodes.last?.point,
      state.viewport.screenPoint(atDocument: last).distance(to: screenPoint) <= Pointer.hitRadius {
      state.finishPenPath(closed: false)
      return
    }
    path.isPressed = true
    path.pressPoint = screenPoint
    path.pointer = point
    if let closing = path.closingPoint, state.viewport.screenPoint(atDocument: closing).distance(to: screenPoint) <= Pointer.hitRadius {
      path.isClosing = true
      // A continued subpath closes on its other end: the last node goes there.
      if path.continuation != nil { path.nodes.append(PenNode(point: closing)) }
    } else {
      var placed = point
      if snapping, let origin = path.nodes.last?.point { placed = state.canvas.clamp(PenPath.snapped(point, from: origin)) }
      path.nodes.append(PenNode(point: placed))
    }
    state.interaction.pen = path
  }

  /// A press on an end node of a selected curve's open subpath: a path that continues it.
  private func continuation(at screenPoint: Point, _ state: State) -> PenPath? {
    for id in state.selectedCurveIDs {
      guard let curve = state.drawing.curves[id: id] else { continue }
      for subpath in curve.subpaths where !subpath.isClosed && subpath.points.count >= 2 {
        let first = subpath.points[0].position, last = subpath.points[subpath.points.count - 1].position
        for (end, other, atStart) in [(last, first, false), (first, last, true)]
        where state.viewport.screenPoint(atDocument: end).distance(to: screenPoint) <= Pointer.hitRadius {
          let continuation = PenContinuation(curve: id, subpath: subpath.id, atStart: atStart, otherEnd: other)
          return PenPath(mode: state.interaction.penMode, nodes: [PenNode(point: end)], continuation: continuation)
        }
      }
    }
    return nil
  }

  /// The button held down and moved: in the Bézier mode it pulls the pressed node's handles,
  /// in the others it moves the node.
  private func pull(_ path: inout PenPath, to point: Point, screenPoint: Point, _ state: State) {
    let index = path.isClosing && path.continuation == nil ? 0 : path.nodes.count - 1
    guard path.nodes.indices.contains(index) else { return }
    var node = path.nodes[index]
    // A wobble of the hand is not a drag.
    guard let press = path.pressPoint, press.distance(to: screenPoint) >= Self.dragThreshold else { return }
    let modifiers = state.interaction.modifiers
    guard path.mode == .bezier else {
      // The node being placed follows the pointer (Ctrl: in 15° steps from the one before);
      // a closing node, or a continued subpath's end, stays where it is.
      guard !path.isClosing, !(path.continuation != nil && index == 0) else { return }
      var placed = point
      if modifiers.contains(.control), index > 0 { placed = state.canvas.clamp(PenPath.snapped(point, from: path.nodes[index - 1].point)) }
      path.nodes[index].point = placed
      return
    }
    let handle = modifiers.contains(.control) ? state.canvas.clamp(PenPath.snapped(point, from: node.point)) : point
    let mirrored = state.canvas.clamp(node.point * 2 - handle)
    // A continued subpath's end node keeps its incoming side: only its outgoing handle moves.
    let isContinuedEnd = path.continuation != nil && index == 0
    if path.isClosing {
      // The path comes into its closing node from the side opposite the pointer.
      node.handleIn = mirrored
      if !modifiers.contains(.alt), path.continuation == nil { node.handleOut = handle }
    } else {
      node.handleOut = handle
      if !modifiers.contains(.alt), !isContinuedEnd { node.handleIn = mirrored }
    }
    node.type = modifiers.contains(.alt) || isContinuedEnd || node.handleIn == nil || node.handleOut == nil ? .corner : .symmetric
    path.nodes[index] = node
  }
}

extension Editor.State {
  /// Ends the pen's path: a new curve in the current style, or the continued subpath
  /// extended; one undo step, its points selected. A path without a segment makes nothing.
  public mutating func finishPenPath(closed: Bool) {
    @Dependency(\.uuid) var uuid
    guard let path = interaction.pen else { return }
    interaction.pen = nil
    interaction.notice = Tool.pen.hint
    if let continuation = path.continuation {
      extend(continuation, with: path, closed: closed, makeID: { uuid() })
      return
    }
    guard let subpath = path.subpath(closed: closed, makeID: { uuid() }), hasRoom(forCurves: 1) else { return }
    history.record(undoSnapshot)
    var curve = Document.curveState(Document.CurveRecord(id: uuid(), style: interaction.currentStyle, subpaths: [subpath]))
    if path.mode == .bSpline { curve.spline = Spline.pen(path.nodes.map(\.point), closed: closed) }
    add([curve])
  }

  /// The pen's Backspace: the last node goes; with none left, the path does.
  public mutating func removeLastPenNode() {
    guard var path = interaction.pen else { return }
    path.nodes.removeLast()
    path.isPressed = false
    path.isClosing = false
    interaction.pen = path.nodes.isEmpty || (path.continuation != nil && path.nodes.count == 1) ? nil : path
  }

  /// The subpath the pen continued, with the path's new nodes on its end (closed, its last
  /// one is the subpath's other end, which it already has).
  private mutating func extend(_ continuation: PenContinuation, with path: PenPath, closed: Bool, makeID: () -> UUID) {
    guard let curveIndex = drawing.curves.index(id: continuation.curve),
      let subpath = drawing.curves[curveIndex].subpaths[id: continuation.subpath], !subpath.isClosed,
      var record = path.subpath(closed: false, makeID: makeID), record.points.count >= 2
    else { return }
    if closed { record.points.removeLast() }
    history.record(undoSnapshot)
    var points = Array(subpath.points)
    if continuation.atStart { points.reverse() }
    points += record.points.dropFirst().map { ControlPoint.State(id: $0.id, position: Point(x: $0.x, y: $0.y), node: $0.node) }
    drawing.curves[curveIndex].subpaths[id: continuation.subpath] = Subpath.State(
      id: subpath.id, isClosed: closed, points: IdentifiedArray(uniqueElements: points)
    )
    interaction.selection = OrderedSet([drawing.curves[curveIndex]].allPointReferences)
    drawing.markCurvesEdited()
  }
}
