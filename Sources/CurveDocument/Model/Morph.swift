import CurveGeometry
import FoundationEssentials
import SeededRandom

/// Shapes made to correspond, so one can turn into another: the subpaths of every keyframe
/// of a track given the same subpaths, segments and degree, each keyframe still drawing
/// exactly as authored. Curves stay curves: nothing is resampled.
///
/// ```swift
/// let keys = Morph.corresponded([square.subpaths, star.subpaths], ids: { slot, index in … })
/// // keys[0] and keys[1] now have as many subpaths, nodes and control points as each other
/// ```
///
/// Over the whole track, not pair by pair:
/// - every segment is raised to the highest degree any has (at least a cubic), exactly;
/// - subpaths are matched to the slots of the keyframe with the most, by size and position
///   (the largest first, each to the free slot nearest in centre and size); a slot a keyframe
///   leaves empty is a subpath shrunk to the centre of its partner (the slot's subpath in the
///   nearest keyframe that has one), so it grows from, or shrinks to, that point;
/// - each slot gets as many segments as it has at most: a keyframe with fewer splits its
///   longest segment in half (exactly, de Casteljau) until it has as many;
/// - each keyframe's closed subpath starts at the node, and runs the way, that moves its nodes
///   least from the keyframe before (the sum of the distances, about each subpath's centre),
///   running the same way round as that one, so holes stay holes under the non-zero rule; an
///   open one runs the way that moves least.
public enum Morph {
  /// A subpath as segments of one degree.
  struct Contour {
    var closed: Bool
    /// Each segment's control points, the end of one the start of the next (for a closed
    /// contour, the last ends at the first's start).
    var segments: [[Point]]

    var nodes: [Point] { closed ? segments.map { $0[0] } : segments.map { $0[0] } + [segments.last!.last!] }

    var box: Rect {
      var box = Rect.empty
      for segment in segments { for point in segment { box.include(point) } }
      return box
    }

    var centre: Point { Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2) }

    /// How big it is: the root of its box's area, or its longer side when flat.
    var size: Double { max((box.width * box.height).squareRoot(), max(box.width, box.height) / 4) }

    /// Twice the signed area of its control polygon: its sense of direction.
    var turning: Double {
      let points = segments.flatMap { $0.dropLast() }
      guard points.count > 2 else { return 0 }
      return zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
    }

    func reversed() -> Contour {
      Contour(closed: closed, segments: segments.reversed().map { $0.reversed() })
    }

    /// Starting at segment `start`.
    func rotated(by start: Int) -> Contour {
      Contour(closed: closed, segments: Array(segments[start...] + segments[..<start]))
    }
  }

  /// `keyframes` (each a keyframe's subpaths) made to correspond; the points of slot s's
  /// i-th point named `ids(s, i)` in every keyframe, so the curve keeps its ids over time.
  public static func corresponded(_ keyframes: [[Document.SubpathRecord]], ids: (Int, Int) -> UUID) -> [[Document.SubpathRecord]] {
    guard keyframes.count > 1 else { return keyframes }
    let degree = max(3, keyframes.joined().flatMap(\.segments).map { $0.count - 1 }.max() ?? 3)
    var shapes: [[Contour?]] = keyframes.map { $0.map { contour($0, degree: degree) } }
    // Slots: the subpaths of the keyframe with the most.
    let slotCount = shapes.map(\.count).max() ?? 0
    let reference = shapes.first { $0.count == slotCount }!.map { $0! }
    shapes = shapes.map { assign($0.map { $0! }, to: reference) }
    // An empty slot is a point at its partner's centre.
    for (key, shape) in shapes.enumerated() {
      for slot in shape.indices where shape[slot] == nil {
        let partner = shapes.indices.sorted { abs($0 - key) < abs($1 - key) }.lazy.compactMap { shapes[$0][slot] }.first!
        shapes[key][slot] = Contour(closed: partner.closed, segments: [Array(repeating: partner.centre, count: degree + 1)])
      }
    }
    var result = Array(repeating: [Document.SubpathRecord](), count: keyframes.count)
    for slot in 0..<slotCount {
      var contours = shapes.map { $0[slot]! }
      // Open and closed at once: the closed ones are opened, their closing segment kept.
      if contours.contains(where: \.closed), contours.contains(where: { !$0.closed }) {
        contours = contours.map { Contour(closed: false, segments: $0.segments) }
      }
      let segmentCount = contours.map(\.segments.count).max()!
      contours = contours.map { split($0, into: segmentCount) }
      for key in contours.indices.dropFirst() { contours[key] = aligned(contours[key], to: contours[key - 1]) }
      for key in contours.indices { result[key].append(record(contours[key], ids: { ids(slot, $0) })) }
    }
    return result
  }

  /// A subpath's segments, each raised to `degree`.
  static func contour(_ subpath: Document.SubpathRecord, degree: Int) -> Contour {
    var segments = subpath.drawnBeziers
    if segments.isEmpty, let point = subpath.points.first { segments = [Bezier([Point(x: point.x, y: point.y), Point(x: point.x, y: point.y)])!] }
    return Contour(closed: subpath.closed, segments: segments.map { segment in
      var raised = segment
      while raised.degree < degree { raised = raised.elevated() }
      return raised.controlPoints
    })
  }

  /// `contours` in `reference`'s slots: the largest first, each to the free slot whose
  /// subpath is nearest in centre and size.
  static func assign(_ contours: [Contour], to reference: [Contour]) -> [Contour?] {
    var slots = [Contour?](repeating: nil, count: reference.count)
    for contour in contours.sorted(by: { $0.size > $1.size }) {
      let free = slots.indices.filter { slots[$0] == nil }
      let best = free.min { cost(contour, reference[$0]) < cost(contour, reference[$1]) }!
      slots[best] = contour
    }
    return slots
  }

  static func cost(_ a: Contour, _ b: Contour) -> Double { a.centre.distance(to: b.centre) + abs(a.size - b.size) }

  /// `contour` with `count` segments: its longest (by control polygon) halved until it has.
  static func split(_ contour: Contour, into count: Int) -> Contour {
    var segments = contour.segments
    while segments.count < count {
      let lengths = segments.map { zip($0, $0.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) } }
      let longest = lengths.indices.max { lengths[$0] < lengths[$1] }!
      let (left, right) = Bezier(segments[longest])!.split(at: 0.5)
      segments.replaceSubrange(longest...longest, with: [left.controlPoints, right.controlPoints])
    }
    return Contour(closed: contour.closed, segments: segments)
  }

  /// `contour` started at the node, and run the way, that moves its nodes least from
  /// `previous`'s (closed: running the same way round as `previous`, when both turn). The
  /// travel is measured about each contour's centre: a shape that also moves across the page
  /// still starts where it turns least, not wherever the move happens to favour.
  static func aligned(_ contour: Contour, to previous: Contour) -> Contour {
    let target = previous.nodes, from = previous.centre, to = contour.centre
    func travel(_ candidate: Contour) -> Double {
      zip(candidate.nodes, target).reduce(0) { $0 + ($1.0 - to).distance(to: $1.1 - from) }
    }
    guard contour.closed else { return [contour, contour.reversed()].min { travel($0) < travel($1) }! }
    var ways = [contour, contour.reversed()]
    let turning = contour.turning, previousTurning = previous.turning
    if abs(turning) > 1e-9, abs(previousTurning) > 1e-9 {
      // A flat contour's sense is rounding noise: when neither way matches, either will do.
      let matching = ways.filter { ($0.turning > 0) == (previousTurning > 0) }
      if !matching.isEmpty { ways = matching }
    }
    let candidates = ways.flatMap { way in way.segments.indices.map { way.rotated(by: $0) } }
    return candidates.min { travel($0) < travel($1) }!
  }

  /// A contour as a subpath: nodes and control points in order, each node a corner.
  static func record(_ contour: Contour, ids: (Int) -> UUID) -> Document.SubpathRecord {
    var points: [Document.PointRecord] = []
    for (index, segment) in contour.segments.enumerated() {
      let isLast = index == contour.segments.count - 1
      let own = contour.closed || !isLast ? segment.dropLast() : segment[...]
      for (offset, point) in own.enumerated() {
        points.append(Document.PointRecord(id: ids(points.count), x: point.x, y: point.y, node: offset == 0 || (offset == own.count - 1 && !contour.closed && isLast) ? .corner : nil))
      }
    }
    return Document.SubpathRecord(closed: contour.closed, points: points)
  }
}

extension Document.SubpathRecord {
  /// Whether `other` has its closure and its nodes in the same places: what a morph must
  /// keep the same between two subpaths. (Compared in place: a frame checks every track.)
  func hasTheForm(of other: Document.SubpathRecord) -> Bool {
    closed == other.closed && points.count == other.points.count && zip(points, other.points).allSatisfy { ($0.node == nil) == ($1.node == nil) }
  }
}

extension Document.SubpathRecord {
  /// The closed subpath starting `steps` nodes further on (back when negative), drawing the
  /// same: how a user overrides where a morph starts it. Nil when it is open, or when its
  /// segments differ in degree (it would no longer have the form of its keyframes).
  public func startingAt(nodesOn steps: Int) -> Document.SubpathRecord? {
    guard let nodes = uniformNodes else { return nil }
    let start = nodes[((steps % nodes.count) + nodes.count) % nodes.count]
    var result = self
    result.points = Array(points[start...] + points[..<start])
    return result
  }

  /// The closed subpath run the other way round from the same start node, drawing the same;
  /// nil as for `startingAt(nodesOn:)`.
  public func reversedDirection() -> Document.SubpathRecord? {
    guard uniformNodes != nil else { return nil }
    var result = self
    result.points = [points[0]] + points.dropFirst().reversed()
    return result
  }

  /// The indices of a closed subpath's nodes when it starts at one and every segment (the
  /// closing one too) has as many points; nil otherwise.
  private var uniformNodes: [Int]? {
    let nodes = points.indices.filter { points[$0].node != nil }
    guard closed, nodes.first == 0, nodes.count > 1 else { return nil }
    let lengths = zip(nodes, nodes.dropFirst() + [points.count]).map { $1 - $0 }
    return Set(lengths).count == 1 ? nodes : nil
  }
}

extension Timeline.Track {
  /// Whether every keyframe (a keyframe without subpaths counting as `curve`'s) has
  /// `curve`'s subpaths, nodes and closure: then it plays without a morph.
  public func isUniform(with curve: Document.CurveRecord) -> Bool {
    keyframes.allSatisfy { key in
      guard let subpaths = key.subpaths else { return true }
      return subpaths.count == curve.subpaths.count && zip(subpaths, curve.subpaths).allSatisfy { $0.hasTheForm(of: $1) }
    }
  }

  /// The track with its keyframes made to correspond (`Morph`), and `curve` given the first
  /// keyframe's shape in that form: unchanged when it is uniform already. The new points are
  /// named from the curve's id, so the same track always gives the same ids.
  public func corresponded(with curve: Document.CurveRecord) -> (track: Timeline.Track, curve: Document.CurveRecord) {
    guard !isUniform(with: curve), !keyframes.isEmpty else { return (self, curve) }
    var filled = filledKeyframes(from: curve)
    let shapes = filled.map { $0.subpaths ?? curve.subpaths }
    let curveID = curve.id
    let corresponded = Morph.corresponded(shapes) { slot, index in Self.pointID(curve: curveID, slot: slot, index: index) }
    for index in filled.indices { filled[index].subpaths = corresponded[index] }
    var track = self
    track.keyframes = filled
    var shaped = curve
    shaped.subpaths = corresponded[0]
    return (track, shaped)
  }

  /// A point's id from its curve's, its subpath's slot and its place: eight bytes that hash
  /// the curve's id (FNV-1a), then the slot and the place, so no two curves' points share one.
  static func pointID(curve: UUID, slot: Int, index: Int) -> UUID {
    let hash = withUnsafeBytes(of: curve.uuid) { FNV1a.hash($0) }
    func byte(_ value: some BinaryInteger, _ shift: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
    return UUID(uuid: (
      byte(hash, 56), byte(hash, 48), byte(hash, 40), byte(hash, 32), byte(hash, 24), byte(hash, 16), byte(hash, 8), byte(hash, 0),
      0x80 | byte(slot, 8) & 0x3F, byte(slot, 0), 0x6D, byte(index, 32), byte(index, 24), byte(index, 16), byte(index, 8), byte(index, 0)
    ))
  }
}

extension Document {
  /// The document with every track that morphs between different shapes made to correspond
  /// (`Timeline.Track.corresponded`), each such curve in the form its keyframes share: what
  /// playing, exporting and editing need. The same document when every track is uniform.
  public func corresponded() -> Document {
    guard let timeline else { return self }
    let indices = Dictionary(curves.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    guard timeline.tracks.contains(where: { track in indices[track.curve].map { !track.isUniform(with: curves[$0]) } ?? false }) else {
      return self
    }
    var result = self, shapedTimeline = timeline
    for (number, track) in timeline.tracks.enumerated() {
      guard let index = indices[track.curve] else { continue }
      let (shapedTrack, shapedCurve) = track.corresponded(with: result.curves[index])
      shapedTimeline.tracks[number] = shapedTrack
      result.curves[index] = shapedCurve
    }
    result.timeline = shapedTimeline
    return result
  }
}

extension Document.SubpathRecord {
  /// For each segment of a subpath seen at several keyframes (`versions`, of one form), the
  /// halvings that cut all its versions alike into cubics within `tolerance`
  /// (`Bezier.commonCubicHalvings`): SMIL and Lottie interpolate between like paths only.
  public static func commonCubicHalvings(_ versions: [Document.SubpathRecord], tolerance: Double) -> [Int] {
    guard let first = versions.first else { return [] }
    let segments = versions.map(\.segments)
    return first.segments.indices.map { index in
      Bezier.commonCubicHalvings(segments.compactMap { index < $0.count ? Bezier($0[index]) : nil }, tolerance: tolerance)
    }
  }
}
