import CurveGeometry
import Glibc

extension Timeline.TransformParts {
  /// The parts whose `matrix` is `matrix`, about `origin`: rotated, then slanted along x, then
  /// scaled. Of the two ways to read a flip (a turn of 180° or a negative x scale) and of the
  /// turns 360° apart, the one nearest `nearRotation` is taken, so a keyed quarter turn after
  /// 350° is 440°, not 80°, and turns on rather than back.
  public init(matrix: Affine, origin: Point, nearRotation: Double = 0) {
    let (a, b, c, d) = (matrix.a, matrix.b, matrix.c, matrix.d)
    let width = (a * a + b * b).squareRoot()
    func near(_ degrees: Double) -> Double { degrees + 360 * ((nearRotation - degrees) / 360).rounded() }
    var rotation = near(atan2(b, a) * 180 / .pi), scaleX = width
    let flipped = near(rotation + 180)
    if abs(flipped - nearRotation) < abs(rotation - nearRotation) {
      rotation = flipped
      scaleX = -width
    }
    // cos and sin as the turn's matrix has them: exact at quarter turns, so those key no slant.
    let turn = Affine.rotate(degrees: rotation)
    let scaleY = width == 0 ? (c * c + d * d).squareRoot() : (a * d - b * c) / scaleX
    let slant = scaleY == 0 ? 0 : atan((c * turn.a + d * turn.b) / scaleY) * 180 / .pi
    // matrix(p) = L·(p − origin) + origin + translate, so translate = (e, f) + L·origin − origin.
    let linear = Affine(a: a, b: b, c: c, d: d, e: 0, f: 0).apply(to: origin)
    self.init(
      translate: Point(x: matrix.e + linear.x - origin.x, y: matrix.f + linear.y - origin.y), rotate: rotation, skewX: slant,
      scale: Point(x: scaleX, y: scaleY), origin: origin)
  }

  /// Whether it draws what the identity draws (whatever its origin).
  public var isStill: Bool { translate == .zero && rotate == 0 && skewX == 0 && scale == Point(x: 1, y: 1) }
}

extension Timeline {
  /// Keys `group` at `time` where `motion` (a map of the drawing, as the selector moves
  /// objects) takes it from where it shows then; `frame` maps the group's track's
  /// coordinates (inside its own transform) to the drawing's at `time`. The keyframe there
  /// gets the parts, or a new one is made (on a new track when the group has none). The
  /// parts keep the track's origin at `time`; a track that has not moved yet takes
  /// `centre` (drawing coordinates, where the group's box centre is) as its origin, so what
  /// is keyed turns and scales about the group's middle.
  public mutating func key(group: Group, movedBy motion: Affine, frame: Affine, centre: Point, at time: Double) {
    guard let undo = frame.inverted, undo.isFinite else { return }
    let index = groupTracks.firstIndex { $0.group == group.id }
    let now = index.flatMap { groupTracks[$0].value(at: time, from: group)?.transform } ?? .identity
    let hasMoved = index.map { groupTracks[$0].keyframes.contains { $0.transform.map { !$0.isStill } ?? false } } ?? false
    let origin = hasMoved ? now.origin : undo.apply(to: centre)
    let parts = TransformParts(matrix: undo * motion * frame * now.matrix, origin: origin, nearRotation: now.rotate)
    guard let index else {
      groupTracks.append(GroupTrack(group: group.id, keyframes: [GroupKeyframe(time: time, transform: parts)]))
      return
    }
    if !hasMoved {
      // Keyframes that do not move the group draw the same about any origin: given the new
      // one (those before it explicitly), they turn and scale into the keyed one about it.
      for key in groupTracks[index].keyframes.indices {
        let keyframe = groupTracks[index].keyframes[key]
        guard keyframe.transform != nil || keyframe.time < time - Self.sameTime else { continue }
        groupTracks[index].keyframes[key].transform = TransformParts(origin: origin)
      }
    }
    if let same = groupTracks[index].keyframes.firstIndex(where: { abs($0.time - time) < Self.sameTime }) {
      groupTracks[index].keyframes[same].transform = parts
    } else {
      let keyframes = groupTracks[index].keyframes
      groupTracks[index].keyframes.insert(GroupKeyframe(time: time, transform: parts), at: keyframes.firstIndex { $0.time > time } ?? keyframes.count)
    }
  }
}
