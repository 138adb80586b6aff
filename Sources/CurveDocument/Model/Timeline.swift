import CurveGeometry
import FoundationEssentials

/// A drawing over time: how long it runs, at how many frames a second, whether it loops, and
/// for each animated curve its keyframes. Between two keyframes every point and every
/// animatable style value moves from one to the other as the first keyframe's easing says.
///
/// ```json
/// "timeline": { "duration": 2, "fps": 30, "repeat": "loop",
///   "tracks": [ { "curve": "<uuid>", "keyframes": [
///     { "time": 0, "easing": "ease-in-out", "subpaths": [ … ], "style": { "fill": "#ff0000" } },
///     { "time": 2, "subpaths": [ … ], "style": { "fill": "#0000ff" } } ] } ] }
/// ```
///
/// A keyframe's `subpaths` and `style` are the curve's at that time (either may be left out:
/// then it is the nearest earlier keyframe's, else the curve's own, `filledKeyframes`).
/// Keyframes of one track have the same subpaths, points and
/// nodes as the curve itself, or may morph between different shapes (`Morph`: made to
/// correspond before they play). Groups move too: `groupTracks` (`GroupTrack`); and so does
/// the view: `view` (`ViewKeyframe`).
public struct Timeline: Equatable, Sendable, Encodable {
  /// Seconds the timeline runs.
  public var duration: Double
  /// Frames a second an export draws.
  public var fps: Double
  /// `loop` or `once` (`pingPong` plays forward then back).
  public var `repeat`: AnimationSettings.Repetition
  public var tracks: [Track]
  /// Groups' transforms and opacities over time (`GroupTrack`).
  public var groupTracks: [GroupTrack]
  /// The part of the canvas each frame shows, in time order (`ViewKeyframe`); none: all of it.
  public var view: [ViewKeyframe]

  public init(
    duration: Double, fps: Double = 30, repeat: AnimationSettings.Repetition = .loop, tracks: [Track] = [], groupTracks: [GroupTrack] = [],
    view: [ViewKeyframe] = []
  ) {
    self.duration = duration
    self.fps = fps
    self.repeat = `repeat`
    self.tracks = tracks
    self.groupTracks = groupTracks
    self.view = view
  }

  private enum CodingKeys: String, CodingKey { case duration, fps, `repeat`, tracks, groupTracks, view }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(duration, forKey: .duration)
    try container.encode(fps, forKey: .fps)
    try container.encode(self.repeat, forKey: .repeat)
    try container.encode(tracks, forKey: .tracks)
    if !groupTracks.isEmpty { try container.encode(groupTracks, forKey: .groupTracks) }
    if !view.isEmpty { try container.encode(view, forKey: .view) }
  }

  /// One curve's keyframes, in time order.
  public struct Track: Equatable, Sendable, Encodable {
    public var curve: UUID
    public var keyframes: [Keyframe]

    public init(curve: UUID, keyframes: [Keyframe]) {
      self.curve = curve
      self.keyframes = keyframes
    }
  }

  /// The curve's shape and look at `time`, and how it moves on to the next keyframe.
  public struct Keyframe: Equatable, Sendable, Encodable {
    public var time: Double
    public var subpaths: [Document.SubpathRecord]?
    public var style: CurveStyle?
    /// How the values move from this keyframe to the next (linear unless set).
    public var easing: Easing
    /// How the style moves on when it eases otherwise than the shape (`easing`): an SVG's
    /// `<animate>` of `stroke-width` timed apart from its `d`'s. Nil: as the shape.
    public var styleEasing: Easing?

    public init(time: Double, subpaths: [Document.SubpathRecord]? = nil, style: CurveStyle? = nil, easing: Easing = .linear, styleEasing: Easing? = nil) {
      self.time = time
      self.subpaths = subpaths
      self.style = style
      self.easing = easing
      self.styleEasing = styleEasing == easing ? nil : styleEasing
    }

    /// How the style moves on to the next keyframe.
    public var easingOfStyle: Easing { styleEasing ?? easing }

    private enum CodingKeys: String, CodingKey { case time, subpaths, style, easing, styleEasing }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encodeIfPresent(subpaths, forKey: .subpaths)
      try container.encodeIfPresent(style, forKey: .style)
      if easing != .linear { try container.encode(easing, forKey: .easing) }
      if let styleEasing, styleEasing != easing { try container.encode(styleEasing, forKey: .styleEasing) }
    }
  }

  /// Where in the timeline a moment of playing falls: looped, bounced or held at the end.
  public func localTime(_ time: Double) -> Double {
    guard duration > 0, time > 0 else { return 0 }
    switch self.repeat {
    case .once: return min(time, duration)
    case .loop: return time.truncatingRemainder(dividingBy: duration)
    case .pingPong:
      let phase = time.truncatingRemainder(dividingBy: 2 * duration)
      return phase <= duration ? phase : 2 * duration - phase
    }
  }
}

extension Timeline.Keyframe {
  /// Whether its subpaths (if it has any) have the curve's subpaths, points, nodes and
  /// closure, as `apply` needs.
  public func fits(_ curve: Document.CurveRecord) -> Bool {
    guard let subpaths else { return true }
    return subpaths.count == curve.subpaths.count && zip(subpaths, curve.subpaths).allSatisfy { key, own in
      key.closed == own.closed && key.points.count == own.points.count && zip(key.points, own.points).allSatisfy { ($0.node == nil) == ($1.node == nil) }
    }
  }
}

extension Timeline {
  /// The tracks whose curve is among `curves` and whose keyframes still fit it: what an edit
  /// that removed a curve or changed its nodes leaves playable. (Until the editor keyframes
  /// curves itself, such an edit drops that curve's track rather than save a timeline the
  /// document cannot open.)
  public func fitting(_ curves: [Document.CurveRecord]) -> Timeline {
    let byID = Dictionary(curves.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var result = self
    result.tracks = tracks.filter { track in byID[track.curve].map { curve in track.keyframes.allSatisfy { $0.fits(curve) } } ?? false }
    return result
  }
}

extension Timeline.Track {
  /// The keyframes with what each leaves out (its subpaths or its style) taken from the
  /// nearest keyframe before it that has it, else from `curve` itself: a part left out does
  /// not move there.
  public func filledKeyframes(from curve: Document.CurveRecord) -> [Timeline.Keyframe] {
    var filled = keyframes
    var subpaths = curve.subpaths, style = curve.style
    for index in filled.indices {
      if let own = filled[index].subpaths { subpaths = own } else { filled[index].subpaths = subpaths }
      if let own = filled[index].style { style = own } else { filled[index].style = style }
    }
    return filled
  }

  /// Where `time` lies among the keyframes: the indices of the two it lies between (before
  /// the first keyframe the first twice, after the last the last twice) and the eased share
  /// of the way from one to the other, the shape's and the style's (the shape's unless the
  /// style eases its own way). Nothing is copied: playing asks this of every track each frame.
  public func span(at time: Double) -> Span? {
    guard let first = keyframes.first?.time, let last = keyframes.last?.time else { return nil }
    if time <= first { return Span(from: 0, to: 0, share: 0, styleShare: 0) }
    if time >= last { return Span(from: keyframes.count - 1, to: keyframes.count - 1, share: 0, styleShare: 0) }
    let index = keyframes.lastIndex { $0.time <= time }!
    let start = keyframes[index].time, end = keyframes[index + 1].time
    let progress = (time - start) / (end - start), share = keyframes[index].easing.progress(at: progress)
    return Span(from: index, to: index + 1, share: share, styleShare: keyframes[index].styleEasing?.progress(at: progress) ?? share)
  }

  /// The two keyframes of `span`, filled from `curve` as `filledKeyframes` fills them: only
  /// those two are filled.
  public func keyframes(of span: Span, from curve: Document.CurveRecord) -> (from: Timeline.Keyframe, to: Timeline.Keyframe) {
    let from = filledKeyframe(at: span.from, from: curve)
    return (from, span.to == span.from ? from : filledKeyframe(at: span.to, from: curve))
  }

  /// Two neighbouring keyframes (or one twice) and the shares of the way between them.
  public struct Span: Equatable, Sendable {
    public var from: Int
    public var to: Int
    /// The shape's share of the way, eased by the first keyframe's easing.
    public var share: Double
    /// The style's: by its own easing where the keyframe has one, else the shape's.
    public var styleShare: Double
  }

  /// The keyframe at `index` as `filledKeyframes` has it.
  private func filledKeyframe(at index: Int, from curve: Document.CurveRecord) -> Timeline.Keyframe {
    var keyframe = keyframes[index]
    if keyframe.subpaths == nil { keyframe.subpaths = keyframes[..<index].last { $0.subpaths != nil }?.subpaths ?? curve.subpaths }
    if keyframe.style == nil { keyframe.style = keyframes[..<index].last { $0.style != nil }?.style ?? curve.style }
    return keyframe
  }

  /// The curve at `time`: before the first keyframe as the first, after the last as the last,
  /// between two each value moved the eased share of the way.
  public func apply(at time: Double, to curve: inout Document.CurveRecord) {
    guard let span = span(at: time) else { return }
    let (from, to) = keyframes(of: span, from: curve), share = span.share
    if let start = from.subpaths {
      let end = to.subpaths ?? start
      curve.subpaths = zip(start, end).map { a, b in
        Document.SubpathRecord(closed: a.closed, points: zip(a.points, b.points).map { p, q in
          var point = p
          point.x = p.x + (q.x - p.x) * share
          point.y = p.y + (q.y - p.y) * share
          return point
        })
      }
    }
    if let start = from.style {
      curve.style = start.interpolated(to: to.style ?? start, span.styleShare)
    }
  }
}

extension CurveStyle {
  /// This style moved `share` of the way to `other`: opacities (an unset one is 1) and the
  /// stroke's width (an unset one is the 3 units SVG export writes) by number, plain colours
  /// channel by channel, a gradient's stops and ends when the other is a gradient like it
  /// (`Gradient.interpolated`); what cannot move (a gradient to a colour, a cap) changes when
  /// the share reaches 1.
  public func interpolated(to other: CurveStyle, _ share: Double) -> CurveStyle {
    if share >= 1 { return other }
    if share <= 0 { return self }
    var result = self
    func number(_ a: Double?, _ b: Double?) -> Double? {
      guard let a, let b else { return a }
      return a + (b - a) * share
    }
    func paint(_ a: Paint?, _ b: Paint?) -> Paint? {
      if case .gradient(let x)? = a, case .gradient(let y)? = b { return x.interpolated(to: y, share).map(Paint.gradient) ?? a }
      guard case .color(let x)? = a, case .color(let y)? = b else { return a }
      return .color(x.interpolated(to: y, share))
    }
    result.fill = paint(fill, other.fill)
    result.stroke = paint(stroke, other.stroke)
    // An opacity left unset is 1, so one set on only one side still fades.
    func opacityNumber(_ a: Double?, _ b: Double?) -> Double? { a == nil && b == nil ? nil : number(a ?? 1, b ?? 1) }
    result.fillOpacity = opacityNumber(fillOpacity, other.fillOpacity)
    result.strokeOpacity = opacityNumber(strokeOpacity, other.strokeOpacity)
    result.opacity = opacityNumber(opacity, other.opacity)
    result.strokeWidth = strokeWidth == nil && other.strokeWidth == nil
      ? nil : number(strokeWidth ?? Self.unstyledStrokeWidth, other.strokeWidth ?? Self.unstyledStrokeWidth)
    return result
  }
}

extension RGBColor {
  /// Each channel moved `share` of the way to `other`'s, rounded.
  public func interpolated(to other: RGBColor, _ share: Double) -> RGBColor {
    func channel(_ u: UInt8, _ v: UInt8) -> UInt8 { UInt8((Double(u) + (Double(v) - Double(u)) * share).rounded().clamped(to: 0...255)) }
    return RGBColor(r: channel(r, other.r), g: channel(g, other.g), b: channel(b, other.b))
  }
}

extension Gradient {
  /// This gradient moved `share` of the way to `other`: its ends (or centre, radius and
  /// focus) and each stop's offset, colour and opacity; nil unless `other` is like it (the
  /// same kind, units, transform, spread and number of stops), as only then is there a way
  /// between them.
  public func interpolated(to other: Gradient, _ share: Double) -> Gradient? {
    guard units == other.units, transform == other.transform, spread == other.spread, stops.count == other.stops.count else { return nil }
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * share }
    var result = self
    switch (geometry, other.geometry) {
    case let (.linear(x1, y1, x2, y2), .linear(u1, v1, u2, v2)):
      result.geometry = .linear(x1: mix(x1, u1), y1: mix(y1, v1), x2: mix(x2, u2), y2: mix(y2, v2))
    case let (.radial(cx, cy, r, fx, fy, fr), .radial(ox, oy, or, gx, gy, gr)):
      result.geometry = .radial(cx: mix(cx, ox), cy: mix(cy, oy), r: mix(r, or), fx: mix(fx, gx), fy: mix(fy, gy), fr: mix(fr, gr))
    default:
      return nil
    }
    result.stops = zip(stops, other.stops).map { a, b in
      Stop(offset: mix(a.offset, b.offset), color: a.color.interpolated(to: b.color, share), opacity: mix(a.opacity, b.opacity))
    }
    return result
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

extension Document {
  /// The drawing at `time` seconds of its timeline (looped or held as it says); the document
  /// itself when it has none.
  public func frame(at time: Double) -> Document {
    guard let timeline else { return self }
    return frame(atLocalTime: timeline.localTime(time))
  }

  /// The drawing `local` seconds into its timeline as its keyframes have it, not looped: at
  /// the duration, the end of a looping timeline rather than its start come round again.
  public func frame(atLocalTime local: Double) -> Document {
    corresponded().frameOfCorresponded(atLocalTime: local)
  }

  /// `frame(atLocalTime:)` of a document made to correspond already (`corresponded()`), as
  /// an export asks for it at every frame: the tracks are not checked again.
  public func frameOfCorresponded(atLocalTime local: Double) -> Document {
    guard let timeline else { return self }
    var frame = self
    let tracks = Dictionary(timeline.tracks.map { ($0.curve, $0) }, uniquingKeysWith: { first, _ in first })
    for index in frame.curves.indices {
      tracks[frame.curves[index].id]?.apply(at: local, to: &frame.curves[index])
    }
    for track in timeline.groupTracks {
      guard let index = frame.groups.firstIndex(where: { $0.id == track.group }) else { continue }
      track.apply(at: local, to: &frame.groups[index])
    }
    return frame
  }
}
