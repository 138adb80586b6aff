import CurveFeature
import CurveGeometry
import CurveRaster

/// Draws the slider panel beside the canvas: the title, the x, y, steps, speed and t
/// sliders, the play button, the display toggles and the hint, each where `Layout` puts it.
@MainActor
struct PanelPainter {
  let session: EditorSession
  let painter: Painter

  private var layout: Layout { session.layout }

  func draw() {
    let panel = layout.panel
    painter.fill(panel, Theme.Palette.panel)
    painter.fill(Rect(minX: panel.minX, minY: panel.minY, maxX: panel.minX + 1 / painter.scale, maxY: panel.maxY), Theme.Palette.panelEdge)
    painter.text("Curves", at: layout.titleOrigin, size: Theme.FontSize.title, Theme.Palette.text)
    for page in PanelPage.allCases { drawTab(page) }
    let page = session.panelPage
    if page == .primer { return drawPrimerPage() }
    if page == .objects { return ObjectsPagePainter(session: session, painter: painter).draw(toggle: drawToggle, slider: drawSlider) }
    for kind in SliderKind.allCases where kind.page == .edit { drawSlider(kind) }
    drawSwatches()
    drawPlayButton(session.store.drawing.animation.isPlaying, layout.frame(of: .playPause))
    for kind in ToggleKind.allCases { drawToggle(session.toggle(kind), layout.frame(of: .toggle(kind))) }
    drawLevelStepper()
    drawPaintRow("Fill", PanelControl.fills) { $0.fill }
    drawPaintRow("Stroke", PanelControl.strokes) { $0.stroke }
    for control in PanelControl.nodeButtons { drawNodeButton(control) }
    drawReadouts(on: page)
    drawHint(on: page)
  }

  /// The primer's values and toggles, the readouts, and the chapters' hint.
  private func drawPrimerPage() {
    for kind in SliderKind.primerColumn { drawSlider(kind) }
    for kind in PrimerToggle.allCases { drawToggle(session.primerToggle(kind), layout.frame(of: .primerToggle(kind))) }
    drawReadouts(on: .primer)
    drawHint(on: .primer)
  }

  private func drawHint(on page: PanelPage) {
    let origin = layout.hintOrigin(on: page)
    guard origin.y + Theme.FontSize.hint <= layout.panel.maxY else { return }
    painter.text("?: all shortcuts", at: origin, size: Theme.FontSize.hint, Theme.Palette.mutedText)
  }

  /// A page's tab: lit while its page shows.
  private func drawTab(_ page: PanelPage) {
    let frame = layout.frame(of: .page(page)), isOn = session.panelPage == page
    painter.fill(frame, Theme.Palette.handleBorder)
    painter.fill(frame.insetBy(dx: Layout.toggleBorder, dy: Layout.toggleBorder), isOn ? Theme.Palette.selection : Theme.Palette.page)
    let label = page.title, size = Theme.FontSize.hint
    let origin = Point(x: (frame.minX + frame.maxX - painter.textWidth(label, size: size)) / 2, y: (frame.minY + frame.maxY - size) / 2 - 1)
    painter.text(label, at: origin, size: size, isOn ? Theme.Palette.page : Theme.Palette.text)
  }

  /// "Level N" in its colour, and the ◀ ▶ buttons that choose the level the row above sets.
  private func drawLevelStepper() {
    let level = session.chosenLevel
    painter.text("Construction level \(level)", at: layout.levelLabelOrigin, size: Theme.FontSize.hint, Theme.levelColor(level))
    for step in [-1, 1] {
      let frame = layout.frame(of: .levelStep(step))
      painter.fill(frame, Theme.Palette.handleBorder)
      let inset = Layout.toggleBorder
      painter.fill(frame.insetBy(dx: inset, dy: inset), Theme.Palette.page)
      let tip = step > 0 ? frame.maxX - Layout.stepArrowTipInset : frame.minX + Layout.stepArrowTipInset
      let back = step > 0 ? frame.minX + Layout.stepArrowBackInset : frame.maxX - Layout.stepArrowBackInset
      let arrow = [
        Point(x: back, y: frame.minY + Layout.stepArrowVerticalInset), Point(x: tip, y: (frame.minY + frame.maxY) / 2),
        Point(x: back, y: frame.maxY - Layout.stepArrowVerticalInset),
      ]
      painter.line(arrow, width: Layout.tickWidth, Theme.Palette.text)
    }
  }

  /// B(t), |B′(t)|, κ(t) and the arc lengths of the selected curve, in document units.
  private func drawReadouts(on page: PanelPage) {
    let readoutOrigin = layout.readoutOrigin(on: page)
    guard let readout = CurveReadout(session.store.state) else {
      painter.text("Select a point for its curve's readouts", at: readoutOrigin, size: Theme.FontSize.hint, Theme.Palette.mutedText)
      return
    }
    let curvature = readout.curvature.map { String(format: "%.4g", $0) } ?? "– (cusp)"
    let lines = [
      String(format: "B(t) = (%.1f, %.1f)   t = %.3f", readout.point.x, readout.point.y, readout.t),
      String(format: "|B′(t)| = %.1f   κ(t) = ", readout.speed) + curvature,
      String(format: "length to t %.1f of %.1f", readout.lengthToT, readout.length),
    ]
    for (index, line) in lines.enumerated() {
      let origin = Point(x: readoutOrigin.x, y: readoutOrigin.y + Double(index) * Layout.readoutLineHeight)
      painter.text(line, at: origin, size: Theme.FontSize.hint, Theme.Palette.text)
    }
  }

  /// "Fill" or "Stroke", then the palette's swatches and "none" (white with a slash); the
  /// first selected curve's paint framed. The label is greyed while nothing is selected.
  private func drawPaintRow(_ label: String, _ controls: [PanelControl], paint: (CurveStyle) -> CurveStyle.Paint?) {
    let state = session.store.state
    let isEnabled = !state.interaction.selection.isEmpty
    let current = state.firstSelectedCurve.flatMap { paint($0.style) }
    guard let first = controls.first else { return }
    let firstFrame = layout.frame(of: first)
    let size = Theme.FontSize.hint
    painter.text(
      label, at: Point(x: layout.panel.minX + Layout.padding, y: firstFrame.minY + (firstFrame.height - size) / 2), size: size,
      isEnabled ? Theme.Palette.text : Theme.Palette.mutedText
    )
    for (index, control) in controls.enumerated() {
      let frame = layout.frame(of: control)
      if index == PanelControl.gradientSwatch {
        drawKindSwatch(frame, kind: current.kind, isEnabled: isEnabled)
        continue
      }
      let swatchPaint = PanelControl.paint(at: index)
      if isEnabled, current == swatchPaint {
        let ring = Layout.toggleBorder
        painter.fill(frame.insetBy(dx: -ring, dy: -ring), Theme.Palette.text)
      }
      painter.fill(frame, Theme.Palette.handleBorder)
      let inside = frame.insetBy(dx: Layout.toggleBorder, dy: Layout.toggleBorder)
      switch swatchPaint {
      case let .color(color): painter.fill(inside, Theme.color(color))
      case .none:
        painter.fill(inside, Theme.Palette.handleFill)
        let inset = Layout.swatchSlashInset
        let slash = [Point(x: inside.minX + inset, y: inside.maxY - inset), Point(x: inside.maxX - inset, y: inside.minY + inset)]
        painter.line(slash, width: Layout.tickWidth, Theme.Palette.error)
      case .gradient, .pattern:
        break  // the palette holds colours and none only
      }
    }
  }

  /// The paint's kind: a ramp from dark to light, across for flat and linear (framed when
  /// linear), out from the centre for radial (framed); a checkerboard for a pattern (framed).
  private func drawKindSwatch(_ frame: Rect, kind: PaintKind, isEnabled: Bool) {
    if isEnabled, kind != .flat {
      let ring = Layout.toggleBorder
      painter.fill(frame.insetBy(dx: -ring, dy: -ring), Theme.Palette.text)
    }
    painter.fill(frame, Theme.Palette.handleBorder)
    let inside = frame.insetBy(dx: Layout.toggleBorder, dy: Layout.toggleBorder)
    let steps = 8
    if kind == .pattern {
      let cell = inside.width / 4
      for row in 0..<4 {
        for column in 0..<4 {
          let shade: UInt8 = (row + column) % 2 == 0 ? 60 : 220
          let corner = Point(x: inside.minX + Double(column) * cell, y: inside.minY + Double(row) * inside.height / 4)
          painter.fill(Rect(minX: corner.x, minY: corner.y, maxX: corner.x + cell, maxY: corner.y + inside.height / 4), RGBA8(r: shade, g: shade, b: shade))
        }
      }
      return
    }
    for step in 0..<steps {
      let shade = UInt8(40 + 200 * step / (steps - 1))
      let color = RGBA8(r: shade, g: shade, b: shade)
      if kind == .radial {
        // Rings from the outside in, lightest at the centre.
        let inset = Double(step) * inside.width / Double(2 * steps)
        painter.fill(inside.insetBy(dx: inset, dy: inset), color)
      } else {
        let width = inside.width / Double(steps)
        painter.fill(Rect(minX: inside.minX + Double(step) * width, minY: inside.minY, maxX: inside.minX + Double(step + 1) * width, maxY: inside.maxY), color)
      }
    }
  }

  /// A node button: lit when every selected node has its type; its key under its word, lighter.
  private func drawNodeButton(_ control: PanelControl) {
    guard let model = session.nodeButton(control) else { return }
    let frame = layout.frame(of: control)
    painter.fill(frame, model.isEnabled ? Theme.Palette.handleBorder : Theme.Palette.track)
    let inside = frame.insetBy(dx: Layout.toggleBorder, dy: Layout.toggleBorder)
    painter.fill(inside, model.isOn ? Theme.Palette.selection : Theme.Palette.page)
    let textColor = model.isOn ? Theme.Palette.page : (model.isEnabled ? Theme.Palette.text : Theme.Palette.mutedText)
    let size = Theme.FontSize.nodeButton, keySize = Theme.FontSize.key
    let labelWidth = painter.textWidth(model.label, size: size), keyWidth = painter.textWidth(model.key, size: keySize)
    let centre = (frame.minX + frame.maxX) / 2
    painter.text(model.label, at: Point(x: centre - labelWidth / 2, y: frame.minY + Layout.nodeButtonLabelTop), size: size, textColor)
    painter.text(
      model.key, at: Point(x: centre - keyWidth / 2, y: frame.minY + Layout.nodeButtonKeyTop), size: keySize,
      model.isOn ? Theme.Palette.track : Theme.Palette.mutedText
    )
  }

  private func drawSlider(_ kind: SliderKind) {
    let model = session.slider(kind)
    if kind.isCompact { return drawCompactSlider(kind, model) }
    let frame = layout.frame(of: .slider(kind)), track = layout.track(of: kind)
    let textColor = model.isEnabled ? Theme.Palette.text : Theme.Palette.mutedText
    let size = Theme.FontSize.label
    painter.text(model.label, at: Point(x: frame.minX, y: frame.minY), size: size, textColor)
    let value = model.valueText
    painter.text(value, at: Point(x: frame.maxX - painter.textWidth(value, size: size), y: frame.minY), size: size, textColor)
    // Rectangles, not stroked lines: a long line is drawn in pieces whose feathered ends overlap.
    painter.fill(track, Theme.Palette.track)
    guard model.isEnabled else { return }
    let knob = Point(x: track.minX + model.fraction * track.width, y: (track.minY + track.maxY) / 2)
    painter.fill(Rect(minX: track.minX, minY: track.minY, maxX: knob.x, maxY: track.maxY), Theme.Palette.selection)
    let isActive = session.activeSlider == kind
    let radius = Layout.knobRadius + (isActive ? Layout.activeKnobGrowth : 0)
    painter.disc(knob, radius: radius, Theme.Palette.handleBorder)
    painter.disc(knob, radius: radius - Layout.knobBorder, Theme.Palette.handleFill)
  }

  /// A style slider on one line: its label, its track, its value.
  private func drawCompactSlider(_ kind: SliderKind, _ model: SliderModel) {
    let frame = layout.frame(of: .slider(kind)), track = layout.track(of: kind)
    let textColor = model.isEnabled ? Theme.Palette.text : Theme.Palette.mutedText
    let size = Theme.FontSize.hint, textTop = frame.minY + (frame.height - size) / 2
    painter.text(model.label, at: Point(x: frame.minX, y: textTop), size: size, textColor)
    let value = model.valueText
    painter.text(value, at: Point(x: frame.maxX - painter.textWidth(value, size: size), y: textTop), size: size, textColor)
    painter.fill(track, Theme.Palette.track)
    guard model.isEnabled else { return }
    let knob = Point(x: track.minX + model.fraction * track.width, y: (track.minY + track.maxY) / 2)
    painter.fill(Rect(minX: track.minX, minY: track.minY, maxX: knob.x, maxY: track.maxY), Theme.Palette.selection)
    let radius = Layout.compactKnobRadius + (session.activeSlider == kind ? Layout.activeKnobGrowth : 0)
    painter.disc(knob, radius: radius, Theme.Palette.handleBorder)
    painter.disc(knob, radius: radius - Layout.knobBorder, Theme.Palette.handleFill)
  }

  /// The palette, then the default look (white with a slash); the selection's colour framed.
  private func drawSwatches() {
    let state = session.store.state
    let current = state.interaction.selection.first.flatMap { state.drawing.curves[$0] }.map { $0.color }
    for control in PanelControl.swatches {
      guard case let .swatch(index) = control else { continue }
      let frame = layout.frame(of: control)
      let color = RGBColor.palette.indices.contains(index) ? RGBColor.palette[index] : nil
      if current == color, !state.interaction.selection.isEmpty {
        let ring = Layout.toggleBorder * 2
        painter.fill(frame.insetBy(dx: -ring, dy: -ring), Theme.Palette.text)
      }
      painter.fill(frame, Theme.Palette.handleBorder)
      let inset = Layout.toggleBorder
      let inside = frame.insetBy(dx: inset, dy: inset)
      painter.fill(inside, color.map(Theme.color) ?? Theme.Palette.handleFill)
      if color == nil {
        let inset = Layout.swatchSlashInset
        let slash = [Point(x: inside.minX + inset, y: inside.maxY - inset), Point(x: inside.maxX - inset, y: inside.minY + inset)]
        painter.line(slash, width: Layout.tickWidth, Theme.Palette.error)
      }
    }
  }

  private func drawPlayButton(_ isPlaying: Bool, _ frame: Rect) {
    painter.fill(frame, Theme.Palette.selection)
    let label = isPlaying ? "Pause (Space)" : "Play (Space)"
    let size = Theme.FontSize.button
    let width = painter.textWidth(label, size: size)
    let origin = Point(x: (frame.minX + frame.maxX - width) / 2, y: (frame.minY + frame.maxY - size) / 2 - Layout.buttonLabelRaise)
    painter.text(label, at: origin, size: size, Theme.Palette.page)
  }

  private func drawToggle(_ model: ToggleModel, _ frame: Rect) {
    let top = frame.minY + Layout.toggleBoxTop
    let box = Rect(minX: frame.minX, minY: top, maxX: frame.minX + Layout.toggleBox, maxY: top + Layout.toggleBox)
    painter.fill(box, Theme.Palette.handleBorder)
    let inset = Layout.toggleBorder
    let inside = box.insetBy(dx: inset, dy: inset)
    painter.fill(inside, model.isOn ? Theme.Palette.selection : Theme.Palette.page)
    if model.isOn {
      let tick = Layout.checkmark.map { Point(x: box.minX + $0.x * box.width, y: box.minY + $0.y * box.height) }
      painter.line(tick, width: Layout.tickWidth, Theme.Palette.page)
    }
    let labelOrigin = Point(x: box.maxX + Layout.toggleLabelGap / 2, y: box.minY + (box.height - Theme.FontSize.toggle) / 2)
    painter.text(model.label, at: labelOrigin, size: Theme.FontSize.toggle, Theme.Palette.text)
    // The key, lighter and apart from the word, where the column has room for it.
    guard let key = model.key else { return }
    let keyLeft = labelOrigin.x + painter.textWidth(model.label, size: Theme.FontSize.toggle) + Layout.toggleLabelGap / 2
    guard keyLeft + painter.textWidth(key, size: Theme.FontSize.hint) <= frame.maxX else { return }
    painter.text(key, at: Point(x: keyLeft, y: labelOrigin.y + Theme.FontSize.toggle - Theme.FontSize.hint), size: Theme.FontSize.hint, Theme.Palette.mutedText)
  }
}
