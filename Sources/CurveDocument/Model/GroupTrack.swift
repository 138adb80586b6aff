import CurveGeometry

extension Timeline {
  /// One group's keyframes, in time order: its transform and its opacity over time.
  ///
  /// ```json
  /// "groupTracks": [ { "group": "wheel", "keyframes": [
  ///   { "time": 0, "transform": { "origin": [50, 50] }, "easing": "ease-in" },
  ///   { "time": 2, "transform": { "origin": [50, 50], "rotate": 360 }, "opacity": 0.5 } ] } ]
  /// ```
  ///
  /// A keyframe's transform is in parts (`TransformParts`) so that a turn of 360° turns,
  /// as SVG's `<animateTransform>` and Lottie's transforms play it; it applies inside the
  /// group's own transform (SMIL's `additive="sum"`).
  public struct GroupTrack: Equatable, Sendable, Encodable {
    /// A group of the document (`Group.id`).
    public var group: String
    public var keyframes: [GroupKeyframe]

    public init(group: String, keyframes: [GroupKeyframe]) {
      self.group = group
      self.keyframes = keyframes
    }
  }

  /// A group's transform and opacity at `time`, and how they move on to the next keyframe.
  /// Either may be left out: it is then the nearest earlier keyframe's, else the group's own.
  public struct GroupKeyframe: Equatable, Sendable, Encodable {
    public var time: Double
    public var transform: TransformParts?
    /// Within 0…1: the group's layer opacity.
    public var opacity: Double?
    public var easing: Easing

    public init(time: Double, transform: TransformParts? = nil, opacity: Double? = nil, easing: Easing = .linear) {
      self.time = time
      self.transform = transform
      self.opacity = opacity
      self.easing = easing
    }

    private enum CodingKeys: String, CodingKey { case time, transform, opacity, easing }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encodeIfPresent(transform, forKey: .transform)
      try container.encodeIfPresent(opacity, forKey: .opacity)
      if easing != .linear { try container.encode(easing, forKey: .easing) }
    }
  }

  /// A transform as the numbers an animator moves: translated by `translate`, turned by
  /// `rotate` degrees, slanted by `skewX` degrees and scaled by `scale`, the last three about
  /// `origin`. Each number interpolates on its own, so 0° to 360° is a whole turn.
  public struct TransformParts: Equatable, Sendable, Encodable {
    public var translate: Point
    /// Degrees, clockwise on screen (y down), as SVG's `rotate`.
    public var rotate: Double
    public var skewX: Double
    public var scale: Point
    public var origin: Point

    public static let identity = TransformParts()

    public init(translate: Point = .zero, rotate: Double = 0, skewX: Double = 0, scale: Point = Point(x: 1, y: 1), origin: Point = .zero) {
      self.translate = translate
      self.rotate = rotate
      self.skewX = skewX
      self.scale = scale
      self.origin = origin
    }

    /// translate(translate) · translate(origin) · rotate · skewX · scale · translate(−origin).
    public var matrix: Affine {
      .translate(x: translate.x + origin.x, y: translate.y + origin.y) * .rotate(degrees: rotate) * .skewX(degrees: skewX)
        * .scale(x: scale.x, y: scale.y) * .translate(x: -origin.x, y: -origin.y)
    }

    /// Each number moved `share` of the way to `other`'s.
    public func interpolated(to other: TransformParts, _ share: Double) -> TransformParts {
      if share >= 1 { return other }
      func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * share }
      func mix(_ a: Point, _ b: Point) -> Point { Point(x: mix(a.x, b.x), y: mix(a.y, b.y)) }
      return TransformParts(
        translate: mix(translate, other.translate), rotate: mix(rotate, other.rotate), skewX: mix(skewX, other.skewX),
        scale: mix(scale, other.scale), origin: mix(origin, other.origin)
      )
    }

    /// Its numbers, all finite.
    public var isFinite: Bool {
      [translate.x, translate.y, rotate, skewX, scale.x, scale.y, origin.x, origin.y].allSatisfy(\.isFinite)
    }

    private enum CodingKeys: String, CodingKey { case translate, rotate, skewX, scale, origin }

    /// Only the parts that are not the identity's.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      if translate != .zero { try container.encode([translate.x, translate.y], forKey: .translate) }
      if rotate != 0 { try container.encode(rotate, forKey: .rotate) }
      if skewX != 0 { try container.encode(skewX, forKey: .skewX) }
      if scale != Point(x: 1, y: 1) { try container.encode([scale.x, scale.y], forKey: .scale) }
      if origin != .zero { try container.encode([origin.x, origin.y], forKey: .origin) }
    }
  }
}

extension Timeline.GroupTrack {
  /// The keyframes with what each leaves out taken from the nearest keyframe before it that
  /// has it, else the identity's parts and `group`'s own opacity.
  public func filledKeyframes(from group: Group) -> [Timeline.GroupKeyframe] {
    var filled = keyframes
    var transform = Timeline.TransformParts.identity, opacity = group.opacity
    for index in filled.indices {
      if let own = filled[index].transform { transform = own } else { filled[index].transform = transform }
      if let own = filled[index].opacity { opacity = own } else { filled[index].opacity = opacity }
    }
    return filled
  }

  /// The parts and opacity at `time` (held before the first keyframe and after the last);
  /// nil without keyframes.
  public func value(at time: Double, from group: Group) -> (transform: Timeline.TransformParts, opacity: Double)? {
    let keyframes = filledKeyframes(from: group)
    guard let first = keyframes.first, let last = keyframes.last else { return nil }
    if time <= first.time { return (first.transform!, first.opacity!) }
    if time >= last.time { return (last.transform!, last.opacity!) }
    let index = keyframes.lastIndex { $0.time <= time }!
    let a = keyframes[index], b = keyframes[index + 1]
    let share = a.easing.progress(at: (time - a.time) / (b.time - a.time))
    let opacity = share >= 1 ? b.opacity! : a.opacity! + (b.opacity! - a.opacity!) * share
    return (a.transform!.interpolated(to: b.transform!, share), min(max(opacity, 0), 1))
  }

  /// `group` at `time`: its own transform followed by the track's, and the track's opacity.
  public func apply(at time: Double, to group: inout Group) {
    guard let (parts, opacity) = value(at: time, from: group) else { return }
    group.transform = group.transform * parts.matrix
    group.opacity = opacity
  }
}

extension Timeline {
  /// For each group its group tracks move at `time` (an animated group and the groups inside
  /// it): the map from where its curves are with every group still (`Document
  /// .groupTransforms`) to where they are then. Groups that stay put are left out.
  public func groupMotions(at time: Double, groups: [Group]) -> [String: Affine] {
    guard !groupTracks.isEmpty else { return [:] }
    let tracks = Dictionary(groupTracks.map { ($0.group, $0) }, uniquingKeysWith: { first, _ in first })
    var still: [String: Affine] = [:], moving: [String: Affine] = [:], motions: [String: Affine] = [:]
    for group in groups {
      let parentStill = group.parent.flatMap { still[$0] } ?? .identity, parentMoving = group.parent.flatMap { moving[$0] } ?? .identity
      still[group.id] = parentStill * group.transform
      var own = group
      tracks[group.id]?.apply(at: time, to: &own)
      moving[group.id] = parentMoving * own.transform
      guard moving[group.id] != still[group.id], let undo = still[group.id]!.inverted, undo.isFinite else { continue }
      motions[group.id] = moving[group.id]! * undo
    }
    return motions
  }
}
