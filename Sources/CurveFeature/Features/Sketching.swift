import Composable
import CurveGeometry
import Foundation
import OrderedCollections

/// The drawing tools on the canvas: the pencil's freehand stroke, fitted with cubics when the
/// button is let go (`CurveFitter`, within `pencilTolerance` screen units), and the
/// rectangle's and ellipse's boxes dragged out (Ctrl at the press: a square, a circle), and
/// the star's centre and corner (Ctrl: its angle in 15° steps). What
/// a tool makes takes the current style (`Interaction.currentStyle`), is selected, and is
/// one undo step; Escape while dragging makes nothing. `Pointer` hands these tools' events
/// here.
///
/// ```swift
/// store.send(.tools(.choose(.pencil)))
/// store.send(.pointer(.down(Point(x: 10, y: 10), button: .left, clickCount: 1, modifiers: [])))
/// store.send(.pointer(.moved(Point(x: 60, y: 40))))
/// store.send(.pointer(.up(Point(x: 60, y: 40), button: .left)))   // a new curve, selected
/// ```
public struct Sketching: Reducer {
  public typealias State = Editor.State
  public typealias Action = Pointer.Action

  /// How far, in screen units, the pencil's curve may stray from the pointer's path.
  public static let pencilTolerance = 2.0
  /// The pencil keeps a sample this far (screen units) from the last, at least.
  static let sampleSpacing = 1.0
  /// Handles of a quarter ellipse: within 0.03% of the radius (4/3·tan(π/8)).
  static let ellipseHandle = 4.0 / 3 * tan(Double.pi / 8)

  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .down(screenPoint, .left, _, modifiers):
      state.endGesture()
      state.interaction.notice = nil
      let point = state.canvas.clamp(state.viewport.documentPoint(atScreen: screenPoint))
      state.interaction.gesture = .sketch(Sketch(tool: state.interaction.tool, points: [point], isConstrained: modifiers.contains(.control)))

    case let .moved(screenPoint):
      guard var sketch = state.interaction.sketch else { break }
      let point = state.canvas.clamp(state.viewport.documentPoint(atScreen: screenPoint))
      if sketch.tool == .pencil {
        guard let last = sketch.points.last, last.distance(to: point) >= state.viewport.documentLength(Self.sampleSpacing) else { break }
        sketch.points.append(point)
      } else {
        sketch.points = [sketch.points[0], point]
      }
      state.interaction.gesture = .sketch(sketch)

    case let .up(screenPoint, .left):
      guard var sketch = state.interaction.sketch else { break }
      state.interaction.gesture = nil
      let point = state.canvas.clamp(state.viewport.documentPoint(atScreen: screenPoint))
      if sketch.tool == .pencil { sketch.points.append(point) } else { sketch.points = [sketch.points[0], point] }
      guard let subpath = subpath(of: sketch, state), state.hasRoom(forCurves: 1) else { break }
      state.history.record(state.drawing.curves)
      let record = Document.CurveRecord(id: uuid(), style: state.interaction.currentStyle, subpaths: [subpath])
      state.add([Document.curveState(record)])

    case .down, .up, .exited, .modifiersChanged:
      break
    }
    return .none
  }

  /// What the sketch makes: nil for a click, or a box with no width or height.
  private func subpath(of sketch: Sketch, _ state: State) -> Document.SubpathRecord? {
    let makeID = { uuid() }
    switch sketch.tool {
    case .pencil:
      let fitter = CurveFitter(tolerance: state.viewport.documentLength(Self.pencilTolerance))
      let stroke = fitter.fit(sketch.points)
      return stroke.cubics.isEmpty ? nil : Document.SubpathRecord(fitted: stroke, makeID: makeID)
    case .rectangle:
      let box = sketch.box
      guard box.width > 0, box.height > 0 else { return nil }
      let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.maxX, box.maxY), (box.minX, box.maxY)]
      return Document.SubpathRecord(closed: true, points: corners.map { Document.PointRecord(id: makeID(), x: $0.0, y: $0.1, node: .corner) })
    case .ellipse:
      let box = sketch.box
      guard box.width > 0, box.height > 0 else { return nil }
      return Self.ellipse(in: box, makeID: makeID)
    case .star:
      guard let points = sketch.starPoints else { return nil }
      return Document.SubpathRecord(closed: true, points: points.map { Document.PointRecord(id: makeID(), x: $0.x, y: $0.y, node: .corner) })
    case .node, .pen:
      return nil
    }
  }

  /// The ellipse inside `box` as four cubics from its right-most point, clockwise on screen;
  /// its nodes symmetric.
  static func ellipse(in box: Rect, makeID: () -> UUID) -> Document.SubpathRecord {
    let centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    let rx = box.width / 2, ry = box.height / 2, k = ellipseHandle
    // Each quarter: its node, then the handles towards the next node.
    let quarters: [(node: Point, out: Point, in: Point)] = [
      (Point(x: rx, y: 0), Point(x: rx, y: k * ry), Point(x: k * rx, y: ry)),
      (Point(x: 0, y: ry), Point(x: -k * rx, y: ry), Point(x: -rx, y: k * ry)),
      (Point(x: -rx, y: 0), Point(x: -rx, y: -k * ry), Point(x: -k * rx, y: -ry)),
      (Point(x: 0, y: -ry), Point(x: k * rx, y: -ry), Point(x: rx, y: -k * ry)),
    ]
    let points = quarters.flatMap { quarter in
      [
        Document.PointRecord(id: makeID(), x: centre.x + quarter.node.x, y: centre.y + quarter.node.y, node: .symmetric),
        Document.PointRecord(id: makeID(), x: centre.x + quarter.out.x, y: centre.y + quarter.out.y),
        Document.PointRecord(id: makeID(), x: centre.x + quarter.in.x, y: centre.y + quarter.in.y),
      ]
    }
    return Document.SubpathRecord(closed: true, points: points)
  }
}
