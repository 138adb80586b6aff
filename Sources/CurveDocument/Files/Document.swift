import CurveGeometry
import FoundationEssentials

/// The saved form of an editor document, version 5 (a strict extension of versions 1 to 4;
/// version 6 adds `sharedData`, `Document+SharedData.swift`):
///
/// ```json
/// { "version": 5,
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
/// stroke dashed (`dashArray`, `dashOffset`). A curve in a group is in that group's own
/// coordinates, as SVG's are (`Group.transform`); `inDrawingCoordinates()` places it where
/// it is seen. Readers ignore fields they do not know.
/// `decode` checks everything a document must satisfy before it replaces the current one.
public struct Document: Equatable, Sendable, Encodable {
  public static let currentVersion = 5
  /// The versions `decode` reads: version 1 is version 2 without subpaths, nodes or styles;
  /// version 2 is version 3 without gradients and dashes; version 3 is version 4 without
  /// groups' transforms; version 4 is version 5 without objects' `label`, `hidden` and
  /// `locked` and the display's `handles`.
  /// Version 6 is version 5 with long embedded data written once (`sharedData`).
  public static let readableVersions = 1...6
  /// All the points of a document together: keeps a hostile file cheap.
  public static let maximumPoints = 1_000_000
  /// More curves than this is not a drawing anyone edits by hand; it bounds the memory and
  /// time a hostile file can cost.
  public static let maximumCurves = 10_000
  /// A larger file is refused before it is read: 10,000 curves of 16 styled points take
  /// about 20 MB.
  public static let maximumFileSize = 64 << 20
  /// At most this many points in one segment, its two end nodes included: degree 15.
  public static let pointsPerSegment = 2...16
  /// The points a version 1 curve (one segment of nodes at its ends) may have.
  public static let pointsPerCurve = 2...16

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
    /// The point's weight in `PointWeight.range` (a rational curve); nil (and no key in the
    /// file) for 1.
    public var weight: Double?

    public init(id: UUID, x: Double, y: Double, color: String? = nil, size: Double? = nil, node: NodeType? = nil, weight: Double? = nil) {
      self.id = id
      self.x = x
      self.y = y
      self.color = color
      self.size = size
      self.node = node
      self.weight = weight
    }
  }

  public struct SubpathRecord: Equatable, Sendable, Codable {
    public var closed: Bool
    public var points: [PointRecord]

    public init(closed: Bool = false, points: [PointRecord]) {
      self.closed = closed
      self.points = points
    }

    /// Each segment's points' weights, as `segments` splits them; nil for a segment whose
    /// points all weigh the same (a plain Bézier curve).
    public var segmentWeights: [[Double]?] {
      let weights: [Double] = points.map { $0.weight ?? 1 }
      return split(weights).map { segment -> [Double]? in segment.allSatisfy { $0 == segment[0] } ? nil : segment }
    }

    /// How far a weighted segment's cubics may stray from its rational curve, in units: what
    /// SVG export writes, and what the path commands take (`drawnSegments`).
    public static let rationalTolerance = 0.01

    /// Each segment as Bézier curves as it is drawn: a segment whose points' weights differ as
    /// the cubics of its rational curve within `rationalTolerance`, any other as it is. What
    /// the path commands (booleans, offsets, simplify, morphs) work on, so a rational curve
    /// keeps its shape through them.
    public var drawnSegments: [[Bezier]] {
      let weights = points.contains { $0.weight != nil } ? segmentWeights : []
      return segments.enumerated().map { index, segment in
        if weights.indices.contains(index), let weights = weights[index], let rational = RationalBezier(segment, weights: weights) {
          return rational.cubics(tolerance: Self.rationalTolerance)
        }
        return Bezier(segment).map { [$0] } ?? []
      }
    }

    /// `drawnSegments`, one after another.
    public var drawnBeziers: [Bezier] { drawnSegments.flatMap(\.self) }

    /// Each segment's points, node to node (the editor's subpaths split theirs the same way):
    /// a closed subpath's last one comes back to the first point.
    public var segments: [[Point]] { split(points.map { Point(x: $0.x, y: $0.y) }) }

    /// `values`, one a point, cut into segments as `segments` cuts the points.
    private func split<Value>(_ values: [Value]) -> [[Value]] {
      guard values.count >= 2 else { return [] }
      let interior = closed ? values.indices.dropFirst() : values.indices.dropFirst().dropLast()
      let starts = [0] + interior.filter { points[$0].node != nil }
      return starts.enumerated().compactMap { number, start in
        if number + 1 < starts.count { return Array(values[start...starts[number + 1]]) }
        var tail = Array(values[start...])
        if closed { tail.append(values[0]) }
        return tail.count >= 2 ? tail : nil
      }
    }
  }

  public struct CurveRecord: Equatable, Sendable, Encodable {
    public var id: UUID
    public var style: CurveStyle
    public var subpaths: [SubpathRecord]
    /// The id of the innermost group it is painted in (`groups`); nil at the top level.
    public var group: String?
    /// The B-spline the curve is drawn from, when it is one: then its one subpath is the
    /// spline's exact Bézier form, which `decode` makes anew from it.
    public var spline: Spline?
    /// What the drawing program called it (Inkscape's label, or the element's id); version 5.
    public var label: String?
    /// Not drawn (SVG's `display:none`), still in the drawing and listed; version 5.
    public var isHidden = false
    /// Not selectable on the canvas (Inkscape's `sodipodi:insensitive`); version 5.
    public var isLocked = false

    public init(id: UUID, style: CurveStyle = CurveStyle(), subpaths: [SubpathRecord], group: String? = nil, spline: Spline? = nil) {
      self.id = id
      self.style = style
      self.subpaths = subpaths
      self.group = group
      self.spline = spline
    }

    /// One open subpath of `points`, as a version 1 curve.
    public init(id: UUID, points: [PointRecord]) {
      self.init(id: id, subpaths: [SubpathRecord(points: points)])
    }

    /// Every point of every subpath, in order.
    public var points: [PointRecord] { subpaths.flatMap(\.points) }

    private enum CodingKeys: String, CodingKey { case id, style, subpaths, group, spline, label, hidden, locked }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encodeIfPresent(group, forKey: .group)
      try container.encodeIfPresent(label, forKey: .label)
      if isHidden { try container.encode(true, forKey: .hidden) }
      if isLocked { try container.encode(true, forKey: .locked) }
      if !style.isEditorDefault { try container.encode(style, forKey: .style) }
      try container.encode(subpaths, forKey: .subpaths)
      try container.encodeIfPresent(spline, forKey: .spline)
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
  /// The root `<svg>`'s own attributes an imported drawing had that Curves does not make
  /// from the canvas (its `width` and `height` as written, its `id`, Inkscape's and
  /// Sodipodi's), written back by SVG export; optional (left out when empty).
  public var rootAttributes: [String: String] = [:]
  /// The drawing over time (`Timeline`); optional, written only when there is one.
  public var timeline: Timeline?

  /// A document of the current version built from its parts, as an importer does; `decode`'s
  /// checks are the builder's to keep.
  public init(canvas: Canvas, curves: [CurveRecord], animation: AnimationRecord, display: DisplayOptions = DisplayOptions()) {
    version = Self.currentVersion
    self.canvas = canvas
    self.curves = curves
    self.animation = animation
    self.display = display
  }

  private enum CodingKeys: String, CodingKey { case version, canvas, curves, animation, display, groups, kept, namespaces, rootAttributes, timeline, sharedData }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let (kept, sharedData) = keptSharingData()
    // Named data needs a reader that puts it back: version 6.
    try container.encode(sharedData.isEmpty ? version : max(version, 6), forKey: .version)
    try container.encode(canvas, forKey: .canvas)
    try container.encode(curves, forKey: .curves)
    try container.encode(animation, forKey: .animation)
    try container.encode(display, forKey: .display)
    if !groups.isEmpty { try container.encode(groups, forKey: .groups) }
    if !kept.isEmpty { try container.encode(kept, forKey: .kept) }
    if !sharedData.isEmpty { try container.encode(sharedData, forKey: .sharedData) }
    if !namespaces.isEmpty { try container.encode(namespaces, forKey: .namespaces) }
    if !rootAttributes.isEmpty { try container.encode(rootAttributes, forKey: .rootAttributes) }
    try container.encodeIfPresent(timeline, forKey: .timeline)
  }

  /// Pretty-printed JSON, keys sorted, so saved files diff well (Foundation's format, written
  /// faster).
  public func encoded() throws -> Data {
    try PrettyJSONEncoder().encode(self)
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
