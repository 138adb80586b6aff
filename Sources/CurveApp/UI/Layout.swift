import CurveCommandLine
import CurveFeature
import CurveGeometry
import CurveRender

/// Where everything sits in the window, in UI units. One unit is `pointsPerUnit` window
/// points (the `--scale` option) and `pixelsPerUnit` pixels (that scale times the display's
/// pixel density). The canvas area shows the document through the editor's viewport.
///
/// ```
/// +--------------------------------+-----------+
/// | canvas area (the viewport)     |  panel    |
/// +--------------------------------+-----------+
/// | status line                                |
/// +--------------------------------------------+
/// ```
package struct Layout: Equatable, Sendable {
  // MARK: Window and frame sizes, in points or pixels

  /// The window's size when it opens, and a headless frame's by default.
  package static let defaultWindowSize = (width: 1100, height: 750)
  /// Small enough for any screen, large enough for every panel control: as tall as the
  /// panel's lowest control (the level's ◀ ▶ buttons) and the padding under it, above the
  /// status line. (The controls' heights do not depend on the window's size.)
  static let minimumWindowSize: (width: Int, height: Int) = {
    let layout = Layout.offscreen(width: defaultWindowSize.width, height: defaultWindowSize.height)
    let lowest = PanelPage.allCases.flatMap(PanelControl.controls(on:)).map { layout.frame(of: $0).maxY }.max() ?? 0
    return (width: 640, height: Int((lowest + padding + statusHeight).rounded(.up)))
  }()
  /// Headless frames (`--size`, replayed resizes) may be smaller than a window, down to this.
  static let minimumFrameSize = DocumentFiles.smallestFrame
  /// The canvas drawn alone (`render --canvas-only`) may be as small as an icon.
  static let minimumCanvasOnlySize = DocumentFiles.smallestCanvasFrame
  /// An 8K frame; larger ones (256 MB of pixels and up) are refused rather than risked.
  static let maximumFrameSize = RenderError.largestFrame
  /// Pixels per window point are taken to be at least this, whatever SDL reports.
  static let minimumPixelDensity = 0.25

  // MARK: The window's areas

  /// The panel's width, at the window's right.
  static let panelWidth = 300.0
  /// The status line's height, across the window's bottom.
  static let statusHeight = 24.0
  /// Between the panel's edges and its controls.
  static let padding = 16.0

  // MARK: The panel's rows, top to bottom

  /// The panel's title sits above the first slider, which starts this far down.
  static let slidersTop = 56.0
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
  static let gapAboveToggles = 16.0
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

  // MARK: Over the canvas

  /// The status line's text, in from its left and top.
  static let statusTextInset = (x: 8.0, y: 5.0)
  /// The error banner across the canvas's top: its height (two lines), its text's inset from
  /// its left and top, and the text's line height.
  static let bannerHeight = 46.0
  static let bannerTextInset = (x: 10.0, y: 6.0)
  static let bannerLineHeight = 18.0
  /// The help overlay's box: its width, one shortcut's row, the text's inset from the box's
  /// left (and bottom), the title's top, and where the rows start.
  static let helpBoxWidth = 560.0
  static let helpRowHeight = 22.0
  static let helpTextInset = 20.0
  static let helpTitleTop = 16.0
  static let helpRowsTop = 52.0
  /// Where the summaries start, from the help box's left edge.
  static let helpSummaryColumn = 200.0

  /// The window's size in units.
  var width: Double
  var height: Double
  var pointsPerUnit: Double
  var pixelsPerUnit: Double
  /// Whether the frame has the panel and the status line; without them (`curves render
  /// --canvas-only`: icons, thumbnails) the canvas area is the whole frame.
  var hasChrome = true

  /// - Parameters:
  ///   - windowPoints: the window's size in window points (mouse coordinates).
  ///   - pixels: the drawable size in pixels (larger than the points on HiDPI displays).
  ///   - scale: the user's UI scale.
  init(windowPoints: (width: Double, height: Double), pixels: (width: Double, height: Double), scale: Double) {
    let density = windowPoints.width > 0 ? max(pixels.width / windowPoints.width, Self.minimumPixelDensity) : 1
    pointsPerUnit = scale
    pixelsPerUnit = scale * density
    width = windowPoints.width / scale
    height = windowPoints.height / scale
  }

  /// A frame with no window: one point per pixel.
  package static func offscreen(width: Int, height: Int, scale: Double = 1) -> Layout {
    Layout(windowPoints: (Double(width), Double(height)), pixels: (Double(width), Double(height)), scale: scale)
  }

  /// The part of the window where the document is drawn and edited.
  var canvasArea: Rect {
    guard hasChrome else { return Rect(minX: 0, minY: 0, maxX: width, maxY: height) }
    return Rect(minX: 0, minY: 0, maxX: max(width - Self.panelWidth, 0), maxY: max(height - Self.statusHeight, 0))
  }
  var panel: Rect { Rect(minX: canvasArea.maxX, minY: 0, maxX: width, maxY: canvasArea.maxY) }
  var statusLine: Rect { Rect(minX: 0, minY: canvasArea.maxY, maxX: width, maxY: height) }
  /// Across the top of the canvas while there is a load or save error (two lines of text);
  /// a click dismisses it.
  var errorBanner: Rect { Rect(minX: 0, minY: 0, maxX: canvasArea.maxX, maxY: Self.bannerHeight) }

  /// A window position (points) in units.
  func unitPoint(x: Double, y: Double) -> Point { Point(x: x / pointsPerUnit, y: y / pointsPerUnit) }

  // MARK: The panel's controls, top to bottom

  var titleOrigin: Point { Point(x: panel.minX + Self.padding, y: Self.padding) }

  func frame(of control: PanelControl) -> Rect {
    let left = panel.minX + Self.padding, right = panel.maxX - Self.padding
    let slidersTop = Self.slidersTop
    let swatchesTop = slidersTop + Double(SliderKind.column.count) * Self.sliderHeight
    let playTop = swatchesTop + Self.swatch + Self.gapAboveButton
    let togglesTop = playTop + Self.buttonHeight + Self.gapAboveToggles
    switch control {
    case let .page(page):
      let index = Double(PanelPage.allCases.count - 1 - PanelPage.allCases.firstIndex(of: page)!)
      let maxX = right - index * Self.tabWidth
      return Rect(minX: maxX - Self.tabWidth, minY: Self.tabTop, maxX: maxX, maxY: Self.tabTop + Self.tabHeight)
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
    let above = page == .edit ? frame(of: .closeOpen) : frame(of: .primerToggle(PrimerToggle.allCases.last!))
    return Point(x: panel.minX + Self.padding, y: above.maxY + Self.gapAboveHint)
  }

  /// Where the hint under the readouts goes.
  func hintOrigin(on page: PanelPage = .edit) -> Point {
    let readouts = readoutOrigin(on: page)
    return Point(x: readouts.x, y: readouts.y + Double(Self.readoutLines) * Self.readoutLineHeight + Self.gapAboveHint / 2)
  }

  /// The control of `page` under `point`.
  func control(at point: Point, on page: PanelPage = .edit) -> PanelControl? {
    PanelControl.controls(on: page).first { frame(of: $0).contains(point) }
  }
}

/// The panel's two pages: the editor's controls, and the primer's figures with their values.
enum PanelPage: CaseIterable, Hashable, Sendable {
  case edit, primer
}

enum SliderKind: CaseIterable, Hashable, Sendable {
  case x, y, totalSteps, speed, duration, t, pointSize
  /// The selected curves' stroke width and opacity: compact rows under the paints.
  case strokeWidth, opacity
  /// The Primer page's values: the flattening's tolerance, the x the function is read at,
  /// the arcs' error.
  case flatteningTolerance, functionX, arcTolerance
  /// The graduated offset's distances at the segment's start and end.
  case offsetStart, offsetEnd
  /// The selected points' weight (the primer's rational curves), on the Primer page.
  case weight

  /// The Edit page's full-width sliders, one a row at the panel's top.
  static let column: [SliderKind] = allCases.filter { !$0.isCompact && $0.page == .edit }
  /// The Primer page's sliders, one a row at its top.
  static let primerColumn: [SliderKind] = allCases.filter { $0.page == .primer }

  var isCompact: Bool { self == .strokeWidth || self == .opacity }

  var page: PanelPage {
    switch self {
    case .flatteningTolerance, .functionX, .arcTolerance, .offsetStart, .offsetEnd, .weight: .primer
    default: .edit
    }
  }

  /// The display value a Primer slider sets.
  var amount: DisplayOptions.Amount? {
    switch self {
    case .flatteningTolerance: .flatteningTolerance
    case .functionX: .functionX
    case .arcTolerance: .arcTolerance
    case .offsetStart: .offsetStart
    case .offsetEnd: .offsetEnd
    default: nil
    }
  }

  /// Sliders that edit the selection: a drag of one is one undo step.
  var dragsTheSelection: Bool { self == .x || self == .y || self == .pointSize }

  /// Sliders that edit the selected curves' style: a drag of one is one undo step too.
  var editsStyle: Bool { isCompact || self == .weight }
}

/// The panel's toggles, three to a row; the last three are the chosen construction level's.
enum ToggleKind: CaseIterable, Hashable, Sendable {
  case curve, controlPolygon, construction, trace, pointAtT, tangent
  case curvatureComb, osculatingCircle, boundingBox, inflections, smoothMotion, repetition, intersections, constantSpeed
  /// The chosen construction level's toggles, in a row of their own.
  case levelShown, levelTrace, levelLastSegment

  static let columns = 3

  var index: Int { Self.allCases.firstIndex(of: self)! }
}

/// The Primer page's toggles, each with its key.
enum PrimerToggle: CaseIterable, Hashable, Sendable {
  case graphs, hodograph, projection, flattening, function, arcs, canonicalMap, graduatedOffset, boxes, inflections, curvatureComb
}

enum PanelControl: Hashable, Sendable {
  /// The tab that shows a page of the panel.
  case page(PanelPage)
  case slider(SliderKind)
  /// A toggle of the Primer page.
  case primerToggle(PrimerToggle)
  /// A colour for the selected points: `RGBColor.palette[index]`, or the default look at
  /// `RGBColor.palette.count`.
  case swatch(Int)
  case playPause
  case toggle(ToggleKind)
  /// The previous (-1) or next (+1) construction level, for the level toggles.
  case levelStep(Int)
  /// The selected curves' fill or stroke: `RGBColor.palette[index]`, none at
  /// `RGBColor.palette.count`, and at `gradientSwatch` the paint's kind (flat, linear,
  /// radial), which a click turns to the next.
  case fill(Int)
  case stroke(Int)
  /// Makes the selected nodes this type.
  case nodeType(NodeType)
  /// Closes or opens the subpaths with a selected point.
  case closeOpen

  static let swatches = (0...RGBColor.palette.count).map(Self.swatch)
  /// The fill's and the stroke's last swatch: the paint's kind.
  static let gradientSwatch = RGBColor.palette.count + 1
  static let fills = (0...gradientSwatch).map(Self.fill)
  static let strokes = (0...gradientSwatch).map(Self.stroke)
  static let nodeButtons = NodeType.allCases.map(Self.nodeType) + [.closeOpen]
  /// The Edit page's controls.
  static let all: [PanelControl] = SliderKind.allCases.filter { $0.page == .edit }.map(Self.slider) + swatches + [.playPause]
    + ToggleKind.allCases.map(Self.toggle) + [.levelStep(-1), .levelStep(1)] + fills + strokes + nodeButtons
  /// The Primer page's controls.
  static let primer: [PanelControl] = SliderKind.primerColumn.map(Self.slider) + PrimerToggle.allCases.map(Self.primerToggle)

  /// A page's controls, the tabs included.
  static func controls(on page: PanelPage) -> [PanelControl] {
    PanelPage.allCases.map(Self.page) + (page == .edit ? all : primer)
  }

  /// The paint a fill or stroke swatch at `index` sets: a palette colour, or none.
  static func paint(at index: Int) -> CurveStyle.Paint {
    RGBColor.palette.indices.contains(index) ? .color(RGBColor.palette[index]) : .none
  }
}
