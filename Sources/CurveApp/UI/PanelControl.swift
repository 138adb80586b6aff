import CurveFeature

/// The panel's pages: the editor's controls, the primer's figures with their values, and
/// the drawing's objects (the selection's box, align, the objects' tree).
enum PanelPage: CaseIterable, Hashable, Sendable {
  case edit, primer, objects

  var title: String {
    switch self {
    case .edit: "Edit"
    case .primer: "Primer"
    case .objects: "Objects"
    }
  }
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
  /// The selected objects' box (the visual box, document units), on the Objects page.
  case objectX, objectY, objectWidth, objectHeight

  /// The Edit page's full-width sliders, one a row at the panel's top.
  static let column: [SliderKind] = allCases.filter { !$0.isCompact && $0.page == .edit }
  /// The Primer page's sliders, one a row at its top.
  static let primerColumn: [SliderKind] = allCases.filter { $0.page == .primer }
  /// The Objects page's sliders, one a row at its top.
  static let objectsColumn: [SliderKind] = allCases.filter { $0.page == .objects }

  var isCompact: Bool { self == .strokeWidth || self == .opacity }

  var page: PanelPage {
    switch self {
    case .flatteningTolerance, .functionX, .arcTolerance, .offsetStart, .offsetEnd, .weight: .primer
    case .objectX, .objectY, .objectWidth, .objectHeight: .objects
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

  /// Sliders that set the selected objects' box: a drag of one is one undo step too.
  var editsObjects: Bool { page == .objects }
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

/// The Objects page's toggles.
enum ObjectToggle: CaseIterable, Hashable, Sendable {
  case lockAspect, snapping, allHandles
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
  /// The Objects page: its toggles, the align buttons, what they align with, the distribute
  /// buttons, and the tree's rows (by their place in the visible list).
  case objectToggle(ObjectToggle)
  case align(Arrange.Edge)
  case alignAnchor
  case distribute(horizontally: Bool)
  case objectRow(Int)

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
  /// The Objects page's controls above its tree, whose rows depend on the window's height.
  static let objects: [PanelControl] = SliderKind.objectsColumn.map(Self.slider) + ObjectToggle.allCases.map(Self.objectToggle)
    + Arrange.Edge.allCases.map(Self.align) + [.alignAnchor, .distribute(horizontally: true), .distribute(horizontally: false)]

  /// A page's controls, the tabs included.
  static func controls(on page: PanelPage) -> [PanelControl] {
    PanelPage.allCases.map(Self.page) + (page == .edit ? all : page == .primer ? primer : objects)
  }

  /// The paint a fill or stroke swatch at `index` sets: a palette colour, or none.
  static func paint(at index: Int) -> CurveStyle.Paint {
    RGBColor.palette.indices.contains(index) ? .color(RGBColor.palette[index]) : .none
  }
}
