import Composable
import CurveGeometry

extension Document {
  /// The document of an editor's state: curves in transformed groups put back into their
  /// groups' coordinates.
  public init(_ state: Editor.State) {
    self.init(
      canvas: state.canvas,
      // Moved back from where a group track shows them to where their groups put them.
      curves: state.drawing.curves.map { state.drawing.stillRecord(of: CurveRecord($0)) },
      animation: AnimationRecord(state.drawing.animation),
      display: state.drawing.display
    )
    groups = state.drawing.groups
    kept = state.drawing.kept
    namespaces = state.drawing.namespaces
    rootAttributes = state.drawing.rootAttributes
    timeline = state.drawing.timeline?.fitting(curves)
    let groupIDs = Set(groups.map(\.id))
    timeline?.groupTracks.removeAll { !groupIDs.contains($0.group) }
    if let grouped = inGroupCoordinates() { self = grouped }
    // The texts as the file holds them: elements, not glyphs.
    self = textsAsKept()
  }

  /// The curves as they are stored (see `inDrawingCoordinates()` for where they are seen),
  /// clamped to the canvas, with their points' colours and sizes (a colour that
  /// is not `#rrggbb` is left out, a size is clamped: `decode` has refused both already).
  public var editorCurves: IdentifiedArrayOf<Curve.State> { editorCurves(clampedToCanvas: true) }

  /// The curves; unclamped, as a renderer of the drawing alone needs them (what lies off the
  /// canvas still shapes what is on it).
  public func editorCurves(clampedToCanvas: Bool) -> IdentifiedArrayOf<Curve.State> {
    IdentifiedArray(uniqueElements: curves.map { editorCurve($0, clampedToCanvas: clampedToCanvas) })
  }

  /// A curve record as the editor holds it, unclamped: a mask's curves, which belong to no
  /// canvas.
  public static func curveState(_ curve: CurveRecord) -> Curve.State {
    curveState(curve, clampedTo: nil)
  }

  /// One of `curves` as the editor holds it (each curve on its own, so a renderer can convert
  /// its share of them on each core).
  public func editorCurve(_ curve: CurveRecord, clampedToCanvas: Bool) -> Curve.State {
    Self.curveState(curve, clampedTo: clampedToCanvas ? canvas : nil)
  }

  /// `curve` as the editor holds it, its points moved onto `canvas` when one is given.
  private static func curveState(_ curve: CurveRecord, clampedTo canvas: Canvas?) -> Curve.State {
    // The first subpath is named by its curve's id (a one-subpath curve reads as version 1
    // made it), the others by their first point's: ids unique within the curve.
    let subpaths = curve.subpaths.enumerated().map { index, subpath in
      Subpath.State(id: index == 0 ? curve.id : subpath.points[0].id, isClosed: subpath.closed, points: IdentifiedArray(uniqueElements: subpath.points.map {
        ControlPoint.State(
          id: $0.id, position: canvas?.clamp(Point(x: $0.x, y: $0.y)) ?? Point(x: $0.x, y: $0.y),
          color: $0.color.flatMap(RGBColor.init(hex:)), size: $0.size, node: $0.node, weight: $0.weight
        )
      }))
    }
    var state = Curve.State(id: curve.id, subpaths: IdentifiedArray(uniqueElements: subpaths), style: curve.style, group: curve.group)
    // Clamping to the canvas moves the Bézier points, not the spline's: then it is a path.
    state.spline = curve.spline
    state.label = curve.label
    state.isHidden = curve.isHidden
    state.isLocked = curve.isLocked
    return state
  }
}

extension Document.CurveRecord {
  /// An editor's curve as the document holds it.
  public init(_ curve: Curve.State) {
    self.init(id: curve.id, style: curve.style, subpaths: curve.subpaths.map { subpath in
      Document.SubpathRecord(closed: subpath.isClosed, points: subpath.points.map {
        Document.PointRecord(id: $0.id, x: $0.position.x, y: $0.position.y, color: $0.color?.hex, size: $0.size, node: $0.node, weight: $0.weight)
      })
    }, group: curve.group, spline: curve.liveSpline)
    label = curve.label
    isHidden = curve.isHidden
    isLocked = curve.isLocked
  }
}
