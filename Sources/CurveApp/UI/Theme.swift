import CurveFeature
import CurveRaster
import CurveRender

/// How the editor looks: the window's and its frames' colours and sizes (what a drawing
/// alone and the SVG export share with it is `DrawingLook`). Sizes are screen units (points at UI scale 1), the same at every zoom.
enum Theme {
  enum Palette {
    static let window = RGBA8(r: 226, g: 229, b: 234)
    /// Off the canvas: darker than the window's panels, so the page's edge is plain.
    static let pasteboard = RGBA8(r: 200, g: 204, b: 212)
    static let pageEdge = RGBA8(r: 150, g: 156, b: 168)
    static let page = RGBA8(r: 255, g: 255, b: 255)
    static let gridMinor = RGBA8(r: 238, g: 241, b: 246)
    static let gridMajor = RGBA8(r: 218, g: 224, b: 232)
    static let curve = DrawingLook.unstyledColor
    static let polygon = RGBA8(r: 150, g: 156, b: 168)
    static let trace = RGBA8(r: 236, g: 112, b: 36, a: 170)
    static let pointAtT = RGBA8(r: 214, g: 39, b: 40)
    static let handleBorder = DrawingLook.handleOutline
    static let handleFill = DrawingLook.handleFill
    /// The line from a node to each of its handles.
    static let handleLine = polygon
    static let hover = RGBA8(r: 255, g: 196, b: 0)
    static let selection = RGBA8(r: 30, g: 78, b: 168)
    /// The text tool's selected characters: the selection's blue, see-through.
    static let textSelection = RGBA8(r: 30, g: 78, b: 168, a: 70)
    /// One colour per de Casteljau level, level 1 first: fourteen, one for each level of a
    /// degree-15 curve, each at least 70 apart (summed over r, g, b) from every other and 54
    /// from the curve's, the trace's, the polygon's and the point at t's.
    static let levels = [
      RGBA8(r: 46, g: 160, b: 67), RGBA8(r: 142, g: 68, b: 173), RGBA8(r: 22, g: 160, b: 160),
      RGBA8(r: 200, g: 80, b: 150), RGBA8(r: 120, g: 130, b: 20), RGBA8(r: 31, g: 119, b: 180),
      RGBA8(r: 255, g: 127, b: 14), RGBA8(r: 140, g: 86, b: 75), RGBA8(r: 23, g: 190, b: 207),
      RGBA8(r: 188, g: 189, b: 34), RGBA8(r: 227, g: 119, b: 194), RGBA8(r: 127, g: 127, b: 127),
      RGBA8(r: 174, g: 199, b: 232), RGBA8(r: 152, g: 223, b: 138),
    ]
    static let panel = RGBA8(r: 247, g: 248, b: 250)
    static let panelEdge = RGBA8(r: 205, g: 210, b: 218)
    static let text = RGBA8(r: 34, g: 38, b: 46)
    static let mutedText = RGBA8(r: 110, g: 116, b: 128)
    static let track = RGBA8(r: 214, g: 218, b: 226)
    static let status = RGBA8(r: 40, g: 44, b: 52)
    static let statusText = RGBA8(r: 230, g: 233, b: 238)
    static let error = RGBA8(r: 192, g: 57, b: 43)
    /// Where the selected curves meet ("Intersections").
    static let intersection = RGBA8(r: 214, g: 0, b: 140)
    static let overlay = RGBA8(r: 20, g: 22, b: 28, a: 170)
    // The analysis overlays: apart from the curve's blue and the levels' colours.
    static let tangent = RGBA8(r: 217, g: 95, b: 2)
    static let normal = RGBA8(r: 117, g: 112, b: 179)
    static let comb = RGBA8(r: 102, g: 166, b: 30, a: 200)
    static let osculating = RGBA8(r: 231, g: 41, b: 138, a: 200)
    static let boundingBox = RGBA8(r: 90, g: 96, b: 110)
    static let alignedBounds = RGBA8(r: 27, g: 158, b: 119)
    static let projection = RGBA8(r: 166, g: 86, b: 40)
    static let hodograph = RGBA8(r: 56, g: 108, b: 176)
    static let inflection = RGBA8(r: 230, g: 171, b: 2)
    static let tick = RGBA8(r: 150, g: 70, b: 20)
    /// The primer's figures: the flattening's chords, the arcs (two colours, one piece
    /// after the other), y for x, and the panes with their plots.
    static let flattening = RGBA8(r: 0, g: 140, b: 130)
    static let arcs = [RGBA8(r: 200, g: 50, b: 150), RGBA8(r: 90, g: 60, b: 200)]
    static let function = RGBA8(r: 120, g: 60, b: 200)
    static let graduatedOffset = RGBA8(r: 200, g: 110, b: 20)
    static let pane = RGBA8(r: 255, g: 255, b: 255, a: 235)
    static let plot = RGBA8(r: 30, g: 78, b: 168)
    static let caption = RGBA8(r: 255, g: 255, b: 255, a: 210)
    /// The canonical map's regions: one inflection, two, a loop, a plain arch.
    static let singleInflection = RGBA8(r: 253, g: 232, b: 196)
    static let doubleInflection = RGBA8(r: 204, g: 232, b: 204)
    static let loop = RGBA8(r: 214, g: 214, b: 244)
    static let arch = RGBA8(r: 242, g: 242, b: 242)
  }

  /// Pixels a drawn line's polyline may stray from the curve (a stroke's tolerance).
  static let flatteningTolerance = DrawingLook.strokeFlatteningTolerance
  /// A curve's stroke.
  static let curveWidth = DrawingLook.unstyledWidth
  /// The control polygon's lines.
  static let polygonWidth = 1.5
  /// The trace the point at t leaves, from 0 to t.
  static let traceWidth = 6.0
  /// A construction level's segments, and its points.
  static let constructionWidth = 1.5
  static let constructionPointRadius = 3.5
  /// The point at t on a curve drawn with its construction.
  static let pointAtTRadius = 5.0
  /// The point at t on a curve drawn without its construction: a little smaller.
  static let plainPointAtTRadius = pointAtTRadius - 1
  /// A handle without a size of its own.
  static let handleRadius = DrawingLook.handleRadius
  /// The line from a node to each of its handles.
  static let handleLineWidth = 1.0
  /// A handle's ring: the fill is the radius less this.
  static let handleBorder = 2.0
  /// A handle's fill is never smaller than this, however small its point's size.
  static let minimumHandleFill = 1.0
  /// The side of the selector's scale handles, in units.
  static let objectHandleSize = 8.0
  /// The ring of the selection's colour around a selected handle that has a colour of its own.
  static let selectionRing = handleBorder * 1.5
  /// A hovered handle grows by this, inside a halo this much wider again.
  static let hoverGrowth = 2.0
  static let hoverHalo = 3.0
  static let hoverHaloOpacity = 0.6
  /// The rubber band's fill, and its edge.
  static let rubberBandOpacity = 0.15
  static let rubberBandEdgeWidth = 1.0
  /// The text tool's caret.
  static let caretWidth = 1.5
  /// The analysis overlays' lines (comb, circle, box) and points (extrema, circle centre).
  static let analysisWidth = 1.2
  static let analysisPointRadius = 3.5
  /// The tangent and normal arrows, bolder than the other overlays.
  static let tangentWidth = analysisWidth * 1.5
  /// Inflection points, a little larger than the other overlays' points.
  static let inflectionRadius = analysisPointRadius + 1
  /// The marks of steps mode's ticks on the trace.
  static let tickRadius = 2.5
  /// Each construction level's own trace, under its segments.
  static let levelTraceOpacity = 0.55

  /// Grid lines every `gridSpacing` document units, a major one every `gridMajorEvery`;
  /// lines closer than `gridMinimumGap` screen units apart are not drawn.
  static let gridSpacing = 20.0
  static let gridMajorEvery = 5
  static let gridMinimumGap = 6.0

  enum FontSize {
    static let title = 18.0
    static let label = 13.0
    /// The toggles, three to a row.
    static let toggle = 12.0
    static let button = 14.0
    static let hint = 12.0
    static let status = 12.0
    static let helpTitle = 17.0
    /// The node buttons' words, and the keys under them.
    static let nodeButton = 11.0
    static let key = 9.0
  }

  /// A point's own colour, as drawn.
  static func color(_ color: RGBColor) -> RGBA8 { RGBA8(color) }

  /// Construction level `level`'s colour (1 is the first after the control polygon).
  static func levelColor(_ level: Int) -> RGBA8 {
    Palette.levels[(max(level, 1) - 1) % Palette.levels.count]
  }
}
