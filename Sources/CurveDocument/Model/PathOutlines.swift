import CurveGeometry
import FoundationEssentials

/// Stroke to path (Ctrl+Alt+C) and outset and inset (Ctrl+), Ctrl+() on document curves,
/// through `PathStroke`.
extension Document.CurveRecord {
  /// The curve's stroke as a filled curve that paints what the stroke painted (its width,
  /// caps, joins, miter limit and dashes; the stroke's paint and opacity as its fill). A
  /// curve that is also filled keeps its fill as a curve of its own, with its id, under the
  /// stroke's, as Inkscape does; otherwise the stroke's curve takes its id. A curve without a
  /// stroke comes back as it is. `unstyledWidth` is the width of a stroke that gives none.
  public func strokedToPath(unstyledWidth: Double, makeID: () -> UUID) -> [Document.CurveRecord] {
    guard style.stroke != CurveStyle.Paint.none else { return [self] }
    let width = style.strokeWidth ?? unstyledWidth
    guard width > 0 else { return [self] }
    let stroke = PathStroke(
      halfWidth: width / 2, join: PathStroke.Join(rawValue: (style.lineJoin ?? .round).rawValue)!,
      cap: PathStroke.Cap(rawValue: (style.lineCap ?? .round).rawValue)!, miterLimit: style.miterLimit ?? 4
    )
    var subpaths: [(segments: [Bezier], closed: Bool)] = []
    let dashes = style.dashArray.map { Dashes(pattern: $0, offset: style.dashOffset ?? 0) }
    // A stretched pen strokes in its own space (dashes measured there too), the outline
    // mapped back.
    let pen = style.strokeTransform.flatMap { pen in pen.inverted.map { (pen: pen, inverse: $0) } }
    for subpath in self.subpaths {
      let segments = pen.map { pen in subpath.drawnBeziers.map { $0.applying(pen.inverse) } } ?? subpath.drawnBeziers
      if let dashes, dashes.dashes {
        subpaths += dashes.pieces(of: segments, closed: subpath.closed).map { ($0, false) }
      } else {
        subpaths.append((segments, subpath.closed))
      }
    }
    let strokeLoops = stroke.outline(of: subpaths)
    let loops = pen.map { pen in strokeLoops.map { $0.map { $0.applying(pen.pen) } } } ?? strokeLoops
    let filled = style.fill != nil && style.fill != CurveStyle.Paint.none
    let outline = Document.CurveRecord(
      id: filled ? makeID() : id,
      style: CurveStyle(
        fill: style.stroke ?? .color(CurveStyle.unstyledStrokeColor), fillRule: .nonZero, fillOpacity: style.strokeOpacity,
        stroke: CurveStyle.Paint.none, opacity: style.opacity
      ),
      subpaths: loops.map { Document.SubpathRecord(segments: $0, closed: true, makeID: makeID) }, group: group
    )
    guard filled else { return loops.isEmpty ? [] : [outline] }
    var fill = self
    fill.style.stroke = CurveStyle.Paint.none
    return loops.isEmpty ? [fill] : [fill, outline]
  }

  /// What the curve fills grown by `distance` (shrunk for a negative one), with `join` at
  /// its corners; nil when nothing is left. Its id, style and group stay.
  public func offset(by distance: Double, join: PathStroke.Join, makeID: () -> UUID) -> Document.CurveRecord? {
    let loops = PathStroke(halfWidth: abs(distance), join: join, miterLimit: style.miterLimit ?? 4).offset(filledShape, by: distance)
    guard !loops.isEmpty else { return nil }
    var result = self
    result.subpaths = loops.map { Document.SubpathRecord(segments: $0, closed: true, makeID: makeID) }
    return result
  }
}
