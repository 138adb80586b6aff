import CurveFeature
import CurveGeometry
import CurveRaster

/// Draws the timeline strip (`TimelineStrip`): the play button, the axis with a tick a
/// second, the keyframe marks shaped by their easing (a diamond for linear, a square for
/// hold, a circle for the eased presets, a triangle for a custom curve), the picked one
/// ringed, the time cursor, the time and the auto-key light, and the easing editor.
@MainActor
struct TimelinePainter {
  let strip: TimelineStrip
  let painter: Painter

  static let keyColor = RGBA8(r: 232, g: 170, b: 20)
  static let autoKeyColor = RGBA8(r: 214, g: 39, b: 40)

  func draw() {
    let frame = strip.frame, state = strip.state
    painter.fill(frame, Theme.Palette.panel)
    painter.fill(Rect(minX: frame.minX, minY: frame.minY, maxX: frame.maxX, maxY: frame.minY + 1), Theme.Palette.panelEdge)
    drawPlayButton(isPlaying: state.playhead.isPlaying)
    drawAxis()
    for (mark, easing) in strip.marks { drawMark(at: Point(x: strip.x(of: mark.time), y: strip.markY), easing: easing, isPicked: mark == state.playhead.selectedKey) }
    // The cursor, over the marks.
    let x = strip.x(of: state.playhead.time)
    painter.fill(Rect(minX: x - 1, minY: frame.minY + 4, maxX: x + 1, maxY: frame.maxY - 4), Theme.Palette.pointAtT)
    painter.polygon([Point(x: x - 6, y: frame.minY + 4), Point(x: x + 6, y: frame.minY + 4), Point(x: x, y: frame.minY + 12)], Theme.Palette.pointAtT)
    let size = Theme.FontSize.hint
    let readout = Keyframes.seconds(state.playhead.time) + " / " + Keyframes.seconds(strip.duration)
    painter.text(readout, at: Point(x: strip.axis.maxX + 10, y: frame.minY + 8), size: size, Theme.Palette.text)
    if state.playhead.autoKey {
      painter.disc(Point(x: strip.axis.maxX + 16, y: frame.maxY - 14), radius: 5, Self.autoKeyColor)
      painter.text("auto", at: Point(x: strip.axis.maxX + 25, y: frame.maxY - 21), size: size, Self.autoKeyColor)
    }
    drawEasingEditor()
  }

  private func drawPlayButton(isPlaying: Bool) {
    let box = strip.playButton
    painter.fill(box, Theme.Palette.handleBorder)
    painter.fill(box.insetBy(dx: 1, dy: 1), Theme.Palette.page)
    let centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
    if isPlaying {
      for dx in [-5.0, 2] { painter.fill(Rect(minX: centre.x + dx, minY: centre.y - 7, maxX: centre.x + dx + 3, maxY: centre.y + 7), Theme.Palette.text) }
    } else {
      painter.polygon([Point(x: centre.x - 5, y: centre.y - 8), Point(x: centre.x + 8, y: centre.y), Point(x: centre.x - 5, y: centre.y + 8)], Theme.Palette.text)
    }
  }

  private func drawAxis() {
    let axis = strip.axis
    painter.fill(Rect(minX: axis.minX, minY: strip.markY - 1, maxX: axis.maxX, maxY: strip.markY + 1), Theme.Palette.track)
    // A tick a second (every few seconds past 20 s; a tenth of the duration under 2 s), with its number.
    let step = strip.duration >= 2 ? max(1, (strip.duration / 20).rounded(.up)) : strip.duration / 10
    var time = 0.0
    while time <= strip.duration + 1e-9 {
      let x = strip.x(of: time)
      painter.fill(Rect(minX: x - 0.5, minY: axis.minY - 4, maxX: x + 0.5, maxY: axis.minY + 2), Theme.Palette.mutedText)
      if step >= 1 || time == 0 {
        // The last number left of its tick, so it stays on the axis.
        let label = Keyframes.seconds(time), size = Theme.FontSize.hint - 2
        let left = time + step > strip.duration + 1e-9 && time > 0 ? x - painter.textWidth(label, size: size) - 2 : x + 2
        painter.text(label, at: Point(x: left, y: strip.frame.minY + 4), size: size, Theme.Palette.mutedText)
      }
      time += step
    }
  }

  private func drawMark(at centre: Point, easing: Easing, isPicked: Bool) {
    let r = TimelineStrip.markRadius
    if isPicked { painter.disc(centre, radius: r + 3, Theme.Palette.selection) }
    let color = Self.keyColor, outline = Theme.Palette.text
    switch easing {
    case .linear:
      let diamond = [Point(x: centre.x, y: centre.y - r), Point(x: centre.x + r, y: centre.y), Point(x: centre.x, y: centre.y + r), Point(x: centre.x - r, y: centre.y)]
      painter.polygon(diamond, outline)
      painter.polygon(diamond.map { Point(x: centre.x + ($0.x - centre.x) * 0.7, y: centre.y + ($0.y - centre.y) * 0.7) }, color)
    case .hold:
      painter.fill(Rect(minX: centre.x - r + 1, minY: centre.y - r + 1, maxX: centre.x + r - 1, maxY: centre.y + r - 1), outline)
      painter.fill(Rect(minX: centre.x - r + 3, minY: centre.y - r + 3, maxX: centre.x + r - 3, maxY: centre.y + r - 3), color)
    case .cubicBezier:
      let triangle = [Point(x: centre.x, y: centre.y - r), Point(x: centre.x + r, y: centre.y + r * 0.8), Point(x: centre.x - r, y: centre.y + r * 0.8)]
      painter.polygon(triangle, outline)
      painter.polygon(triangle.map { Point(x: centre.x + ($0.x - centre.x) * 0.6, y: centre.y + ($0.y - centre.y) * 0.6) }, color)
    case .ease, .easeIn, .easeOut, .easeInOut:
      painter.disc(centre, radius: r, outline)
      painter.disc(centre, radius: r - 2, color)
    }
  }

  /// The picked keyframe's easing as its curve in the box, with its two handles; a hint
  /// when none is picked.
  private func drawEasingEditor() {
    let box = strip.easingBox
    painter.fill(box, Theme.Palette.panelEdge)
    painter.fill(box.insetBy(dx: 1, dy: 1), Theme.Palette.page)
    guard let easing = strip.state.selectedEasing else {
      painter.text("ease", at: Point(x: box.minX + 6, y: box.minY + box.height / 2 - 8), size: Theme.FontSize.hint - 2, Theme.Palette.mutedText)
      return
    }
    let points = (0...24).map { step -> Point in
      let x = Double(step) / 24
      return Point(x: box.minX + x * box.width, y: box.maxY - easing.progress(at: x) * box.height)
    }
    if let (first, second) = strip.handles(of: easing) {
      painter.line([Point(x: box.minX, y: box.maxY), first], width: 1, Theme.Palette.polygon)
      painter.line([Point(x: box.maxX, y: box.minY), second], width: 1, Theme.Palette.polygon)
      painter.line(points, width: 2, Theme.Palette.selection)
      painter.disc(first, radius: 3.5, Theme.Palette.pointAtT)
      painter.disc(second, radius: 3.5, Theme.Palette.pointAtT)
    } else {
      painter.line(points, width: 2, Theme.Palette.selection)
    }
  }
}
