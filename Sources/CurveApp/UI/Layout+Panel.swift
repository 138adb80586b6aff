import CurveFeature
import CurveGeometry

/// The panel's rows and controls, top to bottom: their sizes, and where each control is.
extension Layout {
  // MARK: The panel's rows, top to bottom

  /// The panel's title sits above the first slider, which starts this far down.
  static let slidersTop = 46.0
  /// The page tabs (Edit, Primer) at the title row's right: each one's width and height, and
  /// their top.
  static let tabWidth = 64.0
  static let tabHeight = 24.0
  static let tabTop = 16.0
  /// The Primer page's toggles: two to a row (their labels carry their keys).
  static let primerToggleColumns = 2
  /// One slider's row: its label and value, then its track.
  static let sliderHeight = 40.0
  /// Left empty at the bottom of each slider's row, before the next.
  static let sliderGap = 4.0
  /// From a slider's top to its track's centre line.
  static let trackCentreOffset = 26.0
  /// Half the track's height.
  static let trackHalfHeight = 3.0
  /// The track's ends, in from the slider's label and value (the swatches start there too).
  static let trackInset = 8.0
  /// The knob on the track, its ring, and how much larger it is while dragged.
  static let knobRadius = 9.0
  static let knobBorder = 1.5
  static let activeKnobGrowth = 1.0
  /// The colour swatches under the sliders, one per palette colour then "default": each
  /// square's side, and the space between two.
  static let swatch = 22.0
  static let swatchGap = 5.0
  /// The default swatch's slash, in from its corners.
  static let swatchSlashInset = 3.0
  /// Between the swatches and the play button.
  static let gapAboveButton = 8.0
  /// The play button's height.
  static let buttonHeight = 36.0
  /// The play button's label sits this much above the button's centre line (text's line box
  /// hangs lower than its capitals).
  static let buttonLabelRaise = 1.0
  /// Between the play button and the first row of toggles.
  static let gapAboveToggles = 8.0
  /// One row of toggles, three to a row.
  static let toggleHeight = 26.0
  /// Left empty at the bottom of each toggle's row, before the next.
  static let toggleRowGap = 4.0
  /// A toggle's box: its side, its border, and its top below the row's top.
  static let toggleBox = 18.0
  static let toggleBorder = 1.5
  static let toggleBoxTop = 4.0
  /// Between a toggle's box and its label (half of it), and between columns.
  static let toggleLabelGap = 10.0
  /// The tick in a toggle that is on: three points, as fractions of the box's side.
  static let checkmark = [(x: 0.22, y: 0.5), (x: 0.44, y: 0.72), (x: 0.78, y: 0.28)]
  /// The width of the tick, of the ◀ ▶ arrows and of the default swatch's slash.
  static let tickWidth = 2.0
  /// Between the level's toggles and its row of ◀ ▶ buttons.
  static let gapAboveLevelStepper = 4.0
  /// The level's name sits this far below its buttons' top, level with their arrows.
  static let levelLabelDrop = 2.0
  /// A ◀ ▶ button's arrow: its tip in from the side it points to, its back in from the other
  /// side, and its top and bottom in from the button's.
  static let stepArrowTipInset = 5.0
  static let stepArrowBackInset = 6.0
  static let stepArrowVerticalInset = 5.0
  /// The selected curves' style and node rows, under the level's buttons: the gap above
  /// them, the fill and stroke rows (a label, then one swatch per palette colour and "none")
  /// with the gap between them, the width and opacity sliders a row each, and the node
  /// buttons (Corner, Smooth, Symmetric, Close or Open); `styleRowGap` between rows.
  static let gapAboveStyle = 4.0
  static let styleSwatch = 16.0
  static let styleSwatchGap = 4.0
  static let gapBetweenPaintRows = 2.0
  static let styleLabelWidth = 52.0
  static let styleRowGap = 4.0
  static let compactSliderHeight = 18.0
  /// A compact slider's label before its track and its value after it (room for "50.0" and
  /// the knob's overhang), and its knob.
  static let compactSliderLabelWidth = 52.0
  static let compactSliderValueWidth = 44.0
  static let compactKnobRadius = 6.0
  static let nodeButtonHeight = 26.0
  static let nodeButtonGap = 4.0
  /// A node button's word, then its key under it.
  static let nodeButtonLabelTop = 2.0
  static let nodeButtonKeyTop = 14.0
  /// Between the controls and the readouts under them, and (half of it) the hint under those.
  static let gapAboveHint = 16.0
  /// The selected curve's readouts: how many lines, and each one's height.
  static let readoutLines = 3
  static let readoutLineHeight = 16.0

  // MARK: The panel's controls, top to bottom

  var titleOrigin: Point { Point(x: panel.minX + Self.padding, y: panel.minY + Self.padding) }

  func frame(of control: PanelControl) -> Rect {
    if let frame = objectsPageFrame(of: control) { return frame }
    let left = panel.minX + Self.padding, right = panel.maxX - Self.padding
    let slidersTop = panel.minY + Self.slidersTop
    let swatchesTop = slidersTop + Double(SliderKind.column.count) * Self.sliderHeight
    let playTop = swatchesTop + Self.swatch + Self.gapAboveButton
    let togglesTop = playTop + Self.buttonHeight + Self.gapAboveToggles
    switch control {
    case let .page(page):
      let index = Double(PanelPage.allCases.count - 1 - PanelPage.allCases.firstIndex(of: page)!)
      let maxX = right - index * Self.tabWidth
      let top = panel.minY + Self.tabTop
      return Rect(minX: maxX - Self.tabWidth, minY: top, maxX: maxX, maxY: top + Self.tabHeight)
    case let .slider(kind) where kind.page == .primer:
      let top = slidersTop + Double(SliderKind.primerColumn.firstIndex(of: kind)!) * Self.sliderHeight
      return Rect(minX: left, minY: top, maxX: right, maxY: top + Self.sliderHeight - Self.sliderGap)
    case let .primerToggle(kind):
      let index = PrimerToggle.allCases.firstIndex(of: kind)!, columns = Self.primerToggleColumns
      let top = slidersTop + Double(SliderKind.primerColumn.count) * Self.sliderHeight + Self.gapAboveToggles
        + Double(index / columns) * Self.toggleHeight
      let columnWidth = (right - left) / Double(columns), columnLeft = left + Double(index % columns) * columnWidth
      let maxX = index % columns == columns - 1 ? right : columnLeft + columnWidth - Self.toggleLabelGap / 2
      return Rect(minX: columnLeft, minY: top, maxX: maxX, maxY: top + Self.toggleHeight - Self.toggleRowGap)
    case let .slider(kind) where kind.isCompact:
      let above = kind == .strokeWidth ? frame(of: .stroke(0)) : frame(of: .slider(.strokeWidth))
      let top = above.maxY + Self.styleRowGap
      return Rect(minX: left, minY: top, maxX: right, maxY: top + Self.compactSliderHeight)
    case let .slider(kind):
      let top = slidersTop + Double(SliderKind.column.firstIndex(of: kind)!) * Self.sliderHeight
      return Rect(minX: left, minY: top, maxX: right, maxY: top + Self.sliderHeight - Self.sliderGap)
    case let .swatch(index):
      let x = left + Self.trackInset + Double(index) * (Self.swatch + Self.swatchGap)
      return Rect(minX: x, minY: swatchesTop, maxX: x + Self.swatch, maxY: swatchesTop + Self.swatch)
    case let .fill(index), let .stroke(index):
      let first = frame(of: .levelStep(-1)).maxY + Self.gapAboveStyle
      let top: Double
      if case .fill = control { top = first } else { top = first + Self.styleSwatch + Self.gapBetweenPaintRows }
      let x = left + Self.styleLabelWidth + Double(index) * (Self.styleSwatch + Self.styleSwatchGap)
      return Rect(minX: x, minY: top, maxX: x + Self.styleSwatch, maxY: top + Self.styleSwatch)
    case .nodeType, .closeOpen:
      let top = frame(of: .slider(.opacity)).maxY + Self.styleRowGap
      let index: Int = switch control {
      case let .nodeType(type): NodeType.allCases.firstIndex(of: type)!
      default: NodeType.allCases.count
      }
      let count = Double(NodeType.allCases.count + 1)
      let width = (right - left - (count - 1) * Self.nodeButtonGap) / count
      let minX = left + Double(index) * (width + Self.nodeButtonGap)
      return Rect(minX: minX, minY: top, maxX: minX + width, maxY: top + Self.nodeButtonHeight)
    case .playPause:
      return Rect(minX: left, minY: playTop, maxX: right, maxY: playTop + Self.buttonHeight)
    case let .toggle(kind):
      // The level's own toggles start a row of their own.
      var index = ToggleKind.allCases.firstIndex(of: kind)!
      let levelRow = (ToggleKind.levelShown.index + ToggleKind.columns - 1) / ToggleKind.columns
      if index >= ToggleKind.levelShown.index { index = levelRow * ToggleKind.columns + index - ToggleKind.levelShown.index }
      let top = togglesTop + Double(index / ToggleKind.columns) * Self.toggleHeight
      let groupEnd = kind.index < ToggleKind.levelShown.index ? ToggleKind.levelShown.index : ToggleKind.allCases.count
      // A group's last row, when not full, shares the row equally, for longer labels.
      let groupStart = kind.index < ToggleKind.levelShown.index ? 0 : ToggleKind.levelShown.index
      let lastRowStart = groupStart + (groupEnd - groupStart - 1) / ToggleKind.columns * ToggleKind.columns
      let inLastRow = kind.index >= lastRowStart ? groupEnd - lastRowStart : ToggleKind.columns
      let columns = inLastRow < ToggleKind.columns ? inLastRow : ToggleKind.columns
      let columnWidth = (right - left) / Double(columns), columnLeft = left + Double(index % ToggleKind.columns) * columnWidth
      // A toggle with no neighbour to its right takes the rest of its row, for a longer label.
      let hasRightNeighbour = kind.index + 1 < groupEnd && (index + 1) % ToggleKind.columns != 0
      let maxX = hasRightNeighbour ? columnLeft + columnWidth - Self.toggleLabelGap / 2 : right
      return Rect(minX: columnLeft, minY: top, maxX: maxX, maxY: top + Self.toggleHeight - Self.toggleRowGap)
    case .objectToggle, .align, .alignAnchor, .distribute, .objectRow:
      return objectsPageFrame(of: control)!
    case let .levelStep(step):
      // Under the level's toggles: "Construction level N" and the ◀ ▶ buttons at the right.
      let top = frame(of: .toggle(.levelTrace)).maxY + Self.gapAboveLevelStepper
      let minX = right - Double(step > 0 ? 1 : 2) * (Self.toggleBox + Self.toggleLabelGap / 2) + Self.toggleLabelGap / 2
      return Rect(minX: minX, minY: top, maxX: minX + Self.toggleBox, maxY: top + Self.toggleBox)
    }
  }

  /// The slider's track: where a click sets the value, left end = minimum.
  func track(of slider: SliderKind) -> Rect {
    let frame = frame(of: .slider(slider))
    if slider.isCompact {
      let centre = (frame.minY + frame.maxY) / 2
      return Rect(
        minX: frame.minX + Self.compactSliderLabelWidth, minY: centre - Self.trackHalfHeight,
        maxX: frame.maxX - Self.compactSliderValueWidth, maxY: centre + Self.trackHalfHeight
      )
    }
    let centre = frame.minY + Self.trackCentreOffset
    return Rect(
      minX: frame.minX + Self.trackInset, minY: centre - Self.trackHalfHeight,
      maxX: frame.maxX - Self.trackInset, maxY: centre + Self.trackHalfHeight
    )
  }

  /// Where the construction level's name goes, left of its ◀ ▶ buttons.
  var levelLabelOrigin: Point {
    Point(x: panel.minX + Self.padding, y: frame(of: .levelStep(-1)).minY + Self.levelLabelDrop)
  }

  /// Where the selected curve's readouts go, under the page's controls: `readoutLines` lines.
  func readoutOrigin(on page: PanelPage = .edit) -> Point {
    let above = switch page {
    case .edit: frame(of: .closeOpen)
    case .primer: frame(of: .primerToggle(PrimerToggle.allCases.last!))
    case .objects: objectListFrame
    }
    return Point(x: panel.minX + Self.padding, y: above.maxY + Self.gapAboveHint)
  }

  /// Where the hint under the readouts goes.
  func hintOrigin(on page: PanelPage = .edit) -> Point {
    let readouts = readoutOrigin(on: page)
    return Point(x: readouts.x, y: readouts.y + Double(Self.readoutLines) * Self.readoutLineHeight + Self.gapAboveHint / 2)
  }

  /// The control of `page` under `point`.
  func control(at point: Point, on page: PanelPage = .edit) -> PanelControl? {
    if page == .objects, let row = objectRow(at: point) { return .objectRow(row.index) }
    return PanelControl.controls(on: page).first { frame(of: $0).contains(point) }
  }
}
