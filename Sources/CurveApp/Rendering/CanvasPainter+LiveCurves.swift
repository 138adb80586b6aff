import CurveFeature
import CurveGeometry
import CurveRender

/// The curves drawn live each frame with their construction, trace and analysis, and the
/// point at t of the curves drawn without.
extension CanvasPainter {
  /// Whether anything of the curve can show: a curve zoomed far out of view costs nothing, as
  /// its trace and construction would be flattened at a fraction of a pixel along their
  /// whole length.
  private func isShown(_ curve: Curve.State) -> Bool {
    let allPoints = curve.points.map { viewport.screenPoint(atDocument: $0.position) }
    return painter.canvas.mayShow(painter.pixelBounds(of: allPoints), reach: Self.liveDrawingReach * painter.scale)
  }

  /// A live curve's construction at t, its trace and analysis, over its look: each subpath
  /// animates as one chain, its construction drawn for the segment under t.
  func drawLiveCurve(_ curve: Curve.State, withFigures: Bool, captionedSubpath: Subpath.State.ID?) {
    let display = state.drawing.display
    guard isShown(curve) else { return }
    // The lines from nodes to handles go under the construction, which runs along them.
    var drawing = painter
    if let spline = curve.liveSpline {
      // A B-spline shows its own control points, not its Bézier form's.
      drawLiveSubpath(curve.subpaths[0], display, spline: spline, withFigures: withFigures, captioned: captionedSubpath == curve.subpaths[0].id)
      let grabbed: Int? = if case let .splinePoint(drag) = state.interaction.gesture, drag.point.curve == curve.id { drag.point.index } else { nil }
      let selected = state.interaction.splinePoint.flatMap { $0.curve == curve.id ? $0.index : nil }
      StaticScene.drawSplineMarks(of: spline, curve: curve.id, display: display, viewport: viewport, selected: selected, hovered: grabbed, into: &drawing)
      return
    }
    StaticScene.drawHandleLines(of: curve, viewport: viewport, into: &drawing)
    for subpath in curve.subpaths { drawLiveSubpath(subpath, display, withFigures: withFigures, captioned: captionedSubpath == subpath.id) }
    for subpath in curve.subpaths {
      for (index, point) in subpath.points.enumerated() {
        let reference = PointReference(curve: curve.id, point: point.id)
        let isHovered = state.interaction.hover == reference || state.interaction.drag?.point == reference
        drawHandle(point, isNode: subpath.isNode(index), isSelected: state.interaction.selection.contains(reference), isHovered: isHovered)
      }
    }
  }

  /// With `spline` (the B-spline the subpath still is), de Boor's construction takes de
  /// Casteljau's place. A segment whose points have weights shows the rational
  /// construction (each level's points divided by their weights) and the overlays its
  /// rational curve has, without the levels' own traces and the primer's figures, which are
  /// a polynomial curve's.
  private func drawLiveSubpath(_ subpath: Subpath.State, _ display: DisplayOptions, spline: Spline? = nil, withFigures: Bool, captioned: Bool) {
    let segments = StaticScene.screenSegments(of: subpath, in: viewport)
    let controlPoints = subpath.segmentControlPoints(viewport.screenPoint(atDocument:))
    guard let place = state.drawing.animation.place(on: segments) else { return }
    let segment = segments[place.segment], t = place.t
    let rational = subpath.rationalSegment(place.segment, controlPoints: controlPoints[place.segment])
    if display.showsTrace, place.segment > 0 || t > 0 {
      var trace: [Point] = []
      let tolerance = Theme.flatteningTolerance / painter.scale
      // Weights looked for once a subpath, not once a segment (a long pencil stroke's trace
      // would scan every point for every segment, every frame).
      let passedRationals = subpath.rationalSegments(Array(controlPoints[..<place.segment]))
      for (passed, rational) in zip(segments[..<place.segment], passedRationals) {
        let pieces = rational?.cubics(tolerance: RationalBezier.drawingTolerance) ?? [passed]
        for piece in pieces { piece.flatten(tolerance: tolerance, into: &trace) }
      }
      if let rational {
        trace += (0...Self.rationalTraceSteps).map { rational.eval(t * Double($0) / Double(Self.rationalTraceSteps)) }
      } else {
        segment.subsegment(0, t).flatten(tolerance: tolerance, into: &trace)
      }
      painter.line(trace, width: Theme.traceWidth, Theme.Palette.trace)
      if state.drawing.animation.mode == .steps { drawTicks(on: segments) }
    }
    if display.showsControlPolygon, spline == nil {
      painter.line(StaticScene.screenPolygon(of: subpath, in: viewport), width: Theme.polygonWidth, Theme.Palette.polygon)
    }
    if let spline {
      drawDeBoor(spline, at: spline.parameter(segment: place.segment, t: t), display)
    } else if let rational {
      drawConstruction(rational.deCasteljauLevels(at: t), controlPoints: nil, at: t, display)
    } else {
      drawConstruction(segment.deCasteljauLevels(at: t), controlPoints: controlPoints[place.segment], at: t, display)
    }
    let analysis = AnalysisPainter(painter: painter, display: display, area: layout.canvasArea)
    if let rational {
      analysis.draw(rational, at: t)
    } else {
      analysis.draw(segment, at: t)
      if withFigures { PrimerPainter(painter: painter, display: display, viewport: viewport, area: layout.canvasArea).drawFigures(on: segment, captioned: captioned) }
    }
    if display.showsPointAtT { painter.disc(rational?.eval(t) ?? segment.eval(t), radius: Theme.pointAtTRadius, Theme.Palette.pointAtT) }
  }

  /// Points along a rational segment's trace from 0 to t.
  static let rationalTraceSteps = 96

  /// Steps mode's ticks passed so far, marked on the trace (at the step's place on the chain,
  /// by arc length with constant speed).
  private func drawTicks(on segments: [Bezier]) {
    let animation = state.drawing.animation
    for step in 0...min(animation.step, animation.totalSteps) {
      var tick = animation
      tick.step = step
      guard let place = tick.place(on: segments) else { continue }
      painter.disc(segments[place.segment].eval(place.t), radius: Theme.tickRadius, Theme.Palette.tick)
    }
  }

  /// Every curve animates: the curves drawn without their construction (in the static
  /// layer) still show their point at t, one a subpath, drawn live over the layer. At t = 0 it
  /// is each subpath's first point, under its handle already, so a still document pays nothing
  /// for it (with 1,000 curves it costs about 7 ms a frame).
  func drawPointsAtT(of curves: [Curve.State]) {
    guard state.drawing.display.showsPointAtT, state.drawing.animation.t > 0 else { return }
    for curve in curves {
      for subpath in curve.subpaths {
        let segments = StaticScene.screenSegments(of: subpath, in: viewport)
        guard let place = state.drawing.animation.place(on: segments) else { continue }
        let segment = segments[place.segment]
        let point = subpath.rationalSegment(place.segment, controlPoints: segment.controlPoints)?.eval(place.t) ?? segment.eval(place.t)
        painter.disc(point, radius: Theme.plainPointAtTRadius, Theme.Palette.pointAtT)
      }
    }
  }
}
