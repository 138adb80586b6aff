import Composable
import CurveGeometry
import Foundation

/// The saved form of an editor document, version 3 (a strict extension of versions 1 and 2):
///
/// ```json
/// { "version": 3,
///   "canvas": { "width": 16, "height": 16 },
///   "curves": [ { "id": "<uuid>",
///       "style": { "fill": "#2e3436", "fillRule": "evenodd", "stroke": "none" },
///       "subpaths": [ { "closed": true,
///                       "points": [ { "id": "<uuid>", "x": 0, "y": 3, "node": "corner" },
///                                   { "id": "<uuid>", "x": 0, "y": 1.36 },
///                                   { "id": "<uuid>", "x": 1.36, "y": 0 },
///                                   { "id": "<uuid>", "x": 3, "y": 0, "node": "smooth" } ] } ] } ],
///   "animation": { "totalSteps": 10, "speed": 50 },
///   "display": { "showsCurve": true } }
/// ```
///
/// A curve is a path of subpaths; a point with `node` lies on the curve, the points between
/// two nodes are that segment's control points. Version 1 curves give `points` (and
/// `closed`) directly: one subpath, read with the same meaning. A point's `color` (`#rrggbb`)
/// and `size` (2 to 30, its marker's diameter) are optional and written only when set, as is
/// every style field. A fill or stroke may also be a gradient object (`Gradient`), and a
/// stroke dashed (`dashArray`, `dashOffset`). Readers ignore fields they do not know.
/// `decode` checks everything a document must satisfy before it replaces the current one.
public struct Document: Equatable, Sendable, Encodable {
  public static let currentVersion = 3
  /// The versions `decode` reads: version 1 is version 2 without subpaths, nodes or styles;
  /// version 2 is version 3 without gradients and dashes.
  public static let readableVersions = 1...3
  /// All the points of a document together: keeps a hostile file cheap.
  public static let maximumPoints = 1_000_000
  /// More curves than this is not a drawing anyone edits by hand; it bounds the memory and
  /// time a hostile file can cost.
  public static let maximumCurves = 10_000
  /// A larger file is refused before it is read: 10,000 curves of 16 styled points take
  /// about 20 MB.
  public static let maximumFileSize = 64 << 20

  public struct PointRecord: Equatable, Sendable, Codable {
    public var id: UUID
    public var x: Double
    public var y: Double
    /// `#rrggbb`; nil (and no key in the file) for the default look.
    public var color: String?
    /// The marker's diameter, in `PointSize.range`; nil (and no key in the file) for the
    /// default look.
    public var size: Double?
    /// `corner`, `smooth` or `symmetric` on a point of the curve; nil on a control point.
    public var node: NodeType?

    public init(id: UUID, x: Double, y: Double, color: String? = nil, size: Double? = nil, node: NodeType? = nil) {
      self.id = id
      self.x = x
      self.y = y
      self.color = color
      self.size = size
      self.node = node
    }
  }

  public struct SubpathRecord: Equatable, Sendable, Codable {
    public var closed: Bool
    public var points: [PointRecord]

    public init(closed: Bool = false, points: [PointRecord]) {
      self.closed = closed
      self.points = points
    }
  }

  public struct CurveRecord: Equatable, Sendable, Encodable {
    public var id: UUID
    public var style: CurveStyle
    public var subpaths: [SubpathRecord]
    /// The id of the innermost group it is painted in (`groups`); nil at the top level.
    public var group: String?

    public init(id: UUID, style: CurveStyle = CurveStyle(), subpaths: [SubpathRecord], group: String? = nil) {
      self.id = id
      self.style = style
      self.subpaths = subpaths
      self.group = group
    }

    /// One open subpath of `points`, as a version 1 curve.
    public init(id: UUID, points: [PointRecord]) {
      self.init(id: id, subpaths: [SubpathRecord(points: points)])
    }

    /// Every point of every subpath, in order.
    public var points: [PointRecord] { subpaths.flatMap(\.points) }

    private enum CodingKeys: String, CodingKey { case id, style, subpaths, group }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encodeIfPresent(group, forKey: .group)
      if !style.isEditorDefault { try container.encode(style, forKey: .style) }
      try container.encode(subpaths, forKey: .subpaths)
    }
  }

  /// The animation's settings. `mode`, `duration`, `repeat` and `parametrization` are
  /// optional: a file without `mode` plays in steps, as every file written before they existed.
  public struct AnimationRecord: Equatable, Sendable, Codable {
    public var totalSteps: Int
    public var speed: Int
    public var mode: AnimationSettings.Mode?
    /// Seconds a smooth sweep takes.
    public var duration: Double?
    public var `repeat`: AnimationSettings.Repetition?
    public var parametrization: AnimationSettings.Parametrization?

    public init(
      totalSteps: Int, speed: Int, mode: AnimationSettings.Mode? = nil, duration: Double? = nil,
      repeat: AnimationSettings.Repetition? = nil, parametrization: AnimationSettings.Parametrization? = nil
    ) {
      self.totalSteps = totalSteps
      self.speed = speed
      self.mode = mode
      self.duration = duration
      self.repeat = `repeat`
      self.parametrization = parametrization
    }

    /// The saved form of `settings`.
    public init(_ settings: AnimationSettings) {
      self.init(
        totalSteps: settings.totalSteps, speed: settings.speed, mode: settings.mode, duration: settings.duration,
        repeat: settings.repetition, parametrization: settings.parametrization
      )
    }
  }

  public var version: Int
  public var canvas: Canvas
  public var curves: [CurveRecord]
  public var animation: AnimationRecord
  /// What the canvas shows; optional on load (files written before it have defaults).
  public var display: DisplayOptions
  /// The groups curves are painted in, parents before children; optional (and left out when
  /// empty).
  public var groups: [Group] = []
  /// What an imported drawing holds that Curves does not draw, kept for export; optional
  /// (and left out when empty).
  public var kept: [KeptElement] = []
  /// The namespace prefixes `kept` uses, with their URIs; optional.
  public var namespaces: [String: String] = [:]

  /// The document of an editor's state.
  public init(_ state: Editor.State) {
    version = Self.currentVersion
    canvas = state.canvas
    curves = state.drawing.curves.map { curve in
      CurveRecord(id: curve.id, style: curve.style, subpaths: curve.subpaths.map { subpath in
        SubpathRecord(closed: subpath.isClosed, points: subpath.points.map {
          PointRecord(id: $0.id, x: $0.position.x, y: $0.position.y, color: $0.color?.hex, size: $0.size, node: $0.node)
        })
      }, group: curve.group)
    }
    animation = AnimationRecord(state.drawing.animation)
    display = state.drawing.display
    groups = state.drawing.groups
    kept = state.drawing.kept
    namespaces = state.drawing.namespaces
  }

  /// A document of the current version built from its parts, as an importer does; `decode`'s
  /// checks are the builder's to keep.
  public init(canvas: Canvas, curves: [CurveRecord], animation: AnimationRecord, display: DisplayOptions = DisplayOptions()) {
    version = Self.currentVersion
    self.canvas = canvas
    self.curves = curves
    self.animation = animation
    self.display = display
  }

  private enum CodingKeys: String, CodingKey { case version, canvas, curves, animation, display, groups, kept, namespaces }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(canvas, forKey: .canvas)
    try container.encode(curves, forKey: .curves)
    try container.encode(animation, forKey: .animation)
    try container.encode(display, forKey: .display)
    if !groups.isEmpty { try container.encode(groups, forKey: .groups) }
    if !kept.isEmpty { try container.encode(kept, forKey: .kept) }
    if !namespaces.isEmpty { try container.encode(namespaces, forKey: .namespaces) }
  }

  /// Pretty-printed JSON, keys sorted, so saved files diff well.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// The curves, clamped to the canvas, with their points' colours and sizes (a colour that
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
          color: $0.color.flatMap(RGBColor.init(hex:)), size: $0.size, node: $0.node
        )
      }))
    }
    return Curve.State(id: curve.id, subpaths: IdentifiedArray(uniqueElements: subpaths), style: curve.style, group: curve.group)
  }

  public var animationSettings: AnimationSettings {
    AnimationSettings(
      totalSteps: min(max(animation.totalSteps, AnimationSettings.stepRange.lowerBound), AnimationSettings.stepRange.upperBound),
      speed: min(max(animation.speed, AnimationSettings.speedRange.lowerBound), AnimationSettings.speedRange.upperBound),
      mode: animation.mode ?? .steps,
      duration: animation.duration ?? AnimationSettings().duration,
      repetition: animation.repeat ?? .loop,
      parametrization: animation.parametrization ?? .t
    )
  }
}
