import CurveFeature
import CurveGeometry

/// How Curves looks: colours and sizes shared by the window, `curves render` and the SVG
/// export. Sizes are screen units (points at UI scale 1), the same at every zoom.
enum Theme {
  enum Palette {
    static let window = Color(r: 226, g: 229, b: 234)
    /// Off the canvas: darker than the window's panels, so the page's edge is plain.
    static let pasteboard = Color(r: 200, g: 204, b: 212)
    static let pageEdge = Color(r: 150, g: 156, b: 168)
    static let page = Color(r: 255, g: 255, b: 255)
    static let gridMinor = Color(r: 238, g: 241, b: 246)
    static let gridMajor = Color(r: 218, g: 224, b: 232)
    static let curve = Color(r: 30, g: 78, b: 168)
    static let polygon = Color(r: 150, g: 156, b: 168)
    static let trace = Color(r: 236, g: 112, b: 36, a: 170)
    static let pointAtT = Color(r: 214, g: 39, b: 40)
    static let handleBorder = Color(r: 55, g: 60, b: 72)
    static let handleFill = Color(r: 255, g: 255, b: 255)
    static let hover = Color(r: 255, g: 196, b: 0)
    static let selection = Color(r: 30, g: 78, b: 168)
    /// One colour per de Casteljau level, level 1 first: fourteen, one for each level of a
    /// degree-15 curve, each at least 70 apart (summed over r, g, b) from every other and 54
    /// from the curve's, the trace's, the polygon's and the point at t's.
    static let levels = [
      Color(r: 46, g: 160, b: 67), Color(r: 142, g: 68, b: 173), Color(r: 22, g: 160, b: 160),
      Color(r: 200, g: 80, b: 150), Color(r: 120, g: 130, b: 20), Color(r: 31, g: 119, b: 180),
      Color(r: 255, g: 127, b: 14), Color(r: 140, g: 86, b: 75), Color(r: 23, g: 190, b: 207),
      Color(r: 188, g: 189, b: 34), Color(r: 227, g: 119, b: 194), Color(r: 127, g: 127, b: 127),
      Color(r: 174, g: 199, b: 232), Color(r: 152, g: 223, b: 138),
    ]
    static let panel = Color(r: 247, g: 248, b: 250)
    static let panelEdge = Color(r: 205, g: 210, b: 218)
    static let text = Color(r: 34, g: 38, b: 46)
    static let mutedText = Color(r: 110, g: 116, b: 128)
    static let track = Color(r: 214, g: 218, b: 226)
    static let status = Color(r: 40, g: 44, b: 52)
    static let statusText = Color(r: 230, g: 233, b: 238)
    static let error = Color(r: 192, g: 57, b: 43)
    static let overlay = Color(r: 20, g: 22, b: 28, a: 170)
    // The analysis overlays: apart from the curve's blue and the levels' colours.
    static let tangent = Color(r: 217, g: 95, b: 2)
    static let normal = Color(r: 117, g: 112, b: 179)
    static let comb = Color(r: 102, g: 166, b: 30, a: 200)
    static let osculating = Color(r: 231, g: 41, b: 138, a: 200)
    static let boundingBox = Color(r: 90, g: 96, b: 110)
    static let inflection = Color(r: 230, g: 171, b: 2)
    static let tick = Color(r: 150, g: 70, b: 20)
  }

  /// Pixels a drawn curve's polyline may stray from the curve: well under what the eye sees.
  static let flatteningTolerance = 0.2
  static let curveWidth = 3.0
  static let polygonWidth = 1.5
  static let traceWidth = 6.0
  static let constructionWidth = 1.5
  static let constructionPointRadius = 3.5
  static let pointAtTRadius = 5.0
  static let handleRadius = 6.0
  /// A handle's ring: the fill is the radius less this.
  static let handleBorder = 2.0
  /// A hovered handle grows by this, inside a halo this much wider again.
  static let hoverGrowth = 2.0
  static let hoverHalo = 3.0
  static let hoverHaloOpacity = 0.6
  static let rubberBandOpacity = 0.15
  static let analysisWidth = 1.2
  static let analysisPointRadius = 3.5
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
  }

  /// A point's own colour, as drawn.
  static func color(_ color: RGBColor) -> Color { Color(r: color.r, g: color.g, b: color.b) }

  /// Construction level `level`'s colour (1 is the first after the control polygon).
  static func levelColor(_ level: Int) -> Color {
    Palette.levels[(max(level, 1) - 1) % Palette.levels.count]
  }

  /// `color` as SVG writes it: `#rrggbb`.
  static func hex(_ color: Color) -> String {
    "#" + [color.r, color.g, color.b].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(length - count, 0)) + self
  }
}
