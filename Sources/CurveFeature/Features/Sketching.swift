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
      state.interaction.gesture = .sketch(Sketch(
        tool: state.interaction.tool, points: [point], isConstrained: modifiers.contains(.control), settings: state.interaction.shapeSettings
      ))

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
      state.history.record(state.undoSnapshot)
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
      return Self.rectangle(box, cornerRadius: sketch.settings.cornerRadius, makeID: makeID)
    case .ellipse:
      let box = sketch.box
      guard box.width > 0, box.height > 0 else { return nil }
      return Self.ellipse(in: box, makeID: makeID)
    case .star:
      guard let points = sketch.starPoints else { return nil }
      return Self.star(points, rounding: sketch.settings.rounding, makeID: makeID)
    case .selector, .node, .pen, .text:
      return nil
    }
  }

  /// `box` as a closed subpath from its top-left corner, clockwise on screen: four corner
  /// nodes, or with a radius (at most half the shorter side) each corner a quarter circle's
  /// cubic between two smooth nodes.
  static func rectangle(_ box: Rect, cornerRadius: Double, makeID: () -> UUID) -> Document.SubpathRecord {
    func node(_ x: Double, _ y: Double, _ type: NodeType) -> Document.PointRecord { Document.PointRecord(id: makeID(), x: x, y: y, node: type) }
    func handle(_ x: Double, _ y: Double) -> Document.PointRecord { Document.PointRecord(id: makeID(), x: x, y: y) }
    let r = min(cornerRadius, box.width / 2, box.height / 2)
    guard r > 0 else {
      return Document.SubpathRecord(closed: true, points: [
        node(box.minX, box.minY, .corner), node(box.maxX, box.minY, .corner), node(box.maxX, box.maxY, .corner), node(box.minX, box.maxY, .corner),
      ])
    }
    let k = r * (1 - ellipseHandle)
    let (x0, y0, x1, y1) = (box.minX, box.minY, box.maxX, box.maxY)
    // Each side's two nodes (where the side meets its rounded corners), then the corner's handles.
    return Document.SubpathRecord(closed: true, points: [
      node(x0 + r, y0, .smooth), node(x1 - r, y0, .smooth), handle(x1 - k, y0), handle(x1, y0 + k),
      node(x1, y0 + r, .smooth), node(x1, y1 - r, .smooth), handle(x1, y1 - k), handle(x1 - k, y1),
      node(x1 - r, y1, .smooth), node(x0 + r, y1, .smooth), handle(x0 + k, y1), handle(x0, y1 - k),
      node(x0, y1 - r, .smooth), node(x0, y0 + r, .smooth), handle(x0, y0 + k), handle(x0 + k, y0),
    ])
  }

  /// A star's (or polygon's) points as a closed subpath: corner nodes joined by lines, or,
  /// rounded, symmetric nodes whose handles lie along the line between their two
  /// neighbours, each `rounding` times half that line's length.
  static func star(_ points: [Point], rounding: Double, makeID: () -> UUID) -> Document.SubpathRecord {
    guard rounding > 0 else {
      return Document.SubpathRecord(closed: true, points: points.map { Document.PointRecord(id: makeID(), x: $0.x, y: $0.y, node: .corner) })
    }
    let count = points.count
    let tangents = points.indices.map { (points[($0 + 1) % count] - points[($0 + count - 1) % count]) * (rounding / 2) }
    var records: [Document.PointRecord] = []
    for index in points.indices {
      let point = points[index], next = (index + 1) % count
      let handleOut = point + tangents[index], handleIn = points[next] - tangents[next]
      records.append(Document.PointRecord(id: makeID(), x: point.x, y: point.y, node: .symmetric))
      records.append(Document.PointRecord(id: makeID(), x: handleOut.x, y: handleOut.y))
      records.append(Document.PointRecord(id: makeID(), x: handleIn.x, y: handleIn.y))
    }
    return Document.SubpathRecord(closed: true, points: records)
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
