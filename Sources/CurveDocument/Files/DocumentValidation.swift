import CurveGeometry
import FoundationEssentials

/// The rules a decoded document must meet before it replaces the one open; errors name the
/// curve, point, group or keyframe that breaks them.
extension Document {
  /// Each spline's curve made its exact Bézier form, the points it had kept by id where as
  /// many (a file Curves saved), so what the file's subpath says cannot disagree with it.
  mutating func drawSplines() throws(DocumentError) {
    var pointCount = curves.reduce(0) { $0 + $1.subpaths.reduce(0) { $0 + $1.points.count } }
    for index in curves.indices {
      guard let spline = curves[index].spline else { continue }
      if let problem = spline.problem { throw .invalidSpline(curve: index + 1, reason: problem) }
      let old = curves[index].subpaths
      let made = spline.subpath(reusing: old.count == 1 ? old[0].points.map(\.id) : [], makeID: { UUID() })
      pointCount += made.points.count - old.reduce(0) { $0 + $1.points.count }
      guard pointCount <= Self.maximumPoints else { throw .tooManyPoints(pointCount) }
      curves[index].subpaths = [made]
    }
  }

  func validate() throws(DocumentError) {
    guard canvas.width.isFinite, canvas.height.isFinite, canvas.width > 0, canvas.height > 0,
      canvas.width <= 100_000, canvas.height <= 100_000
    else { throw .invalidCanvas(width: canvas.width, height: canvas.height) }
    if let duration = animation.duration, !(duration.isFinite && AnimationSettings.durationRange.contains(duration)) {
      throw .invalidDuration(duration)
    }
    guard curves.count <= Self.maximumCurves else { throw .tooManyCurves(curves.count) }
    try validateGroups()
    try validateTimeline()
    var ids = Set<UUID>()
    for (curveIndex, curve) in curves.enumerated() {
      guard ids.insert(curve.id).inserted else { throw .duplicateID(curve.id) }
      guard !curve.subpaths.isEmpty else { throw .wrongPointCount(curve: curveIndex + 1, count: 0) }
      // Points and subpaths are named as the user counts them; a curve of one subpath (every
      // version 1 curve) without naming the subpath.
      let named = curve.subpaths.count > 1
      for (subpathIndex, subpath) in curve.subpaths.enumerated() {
        let subpathNumber = named ? subpathIndex + 1 : nil
        try Self.validateSegments(of: subpath, curve: curveIndex + 1, subpath: subpathNumber)
        for (pointIndex, point) in subpath.points.enumerated() {
          let place = DocumentError.PointPlace(curve: curveIndex + 1, subpath: subpathNumber, point: pointIndex + 1)
          guard point.x.isFinite, point.y.isFinite else { throw .nonFiniteCoordinate(place) }
          guard ids.insert(point.id).inserted else { throw .duplicateID(point.id) }
          if let color = point.color, RGBColor(hex: color) == nil { throw .invalidColor(place, value: color) }
          if let size = point.size, !PointSize.range.contains(size) { throw .invalidSize(place, value: size) }
          if let weight = point.weight, !PointWeight.range.contains(weight) { throw .invalidWeight(place, value: weight) }
        }
      }
    }
  }

  /// The timeline runs a finite positive time at 1 to 120 frames a second; each track names
  /// a curve of the document (once), its keyframes lie within the timeline in strictly
  /// increasing time, and each keyframe's subpaths are subpaths as a curve's are (they may
  /// differ from the curve's: a morph), with finite coordinates.
  private func validateTimeline() throws(DocumentError) {
    guard let timeline else { return }
    guard timeline.duration.isFinite, timeline.duration > 0, timeline.duration <= 3600 else {
      throw .invalidTimeline("its duration is \(timeline.duration) s; it is more than 0 and at most an hour")
    }
    guard timeline.fps.isFinite, (1...120).contains(timeline.fps) else { throw .invalidTimeline("it runs at \(timeline.fps) frames a second; it is 1 to 120") }
    let numbers = Dictionary(curves.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    var tracked = Set<UUID>()
    for track in timeline.tracks {
      guard let index = numbers[track.curve] else { throw .invalidTimeline("a track animates \(track.curve), which is no curve of the document") }
      guard tracked.insert(track.curve).inserted else { throw .invalidTimeline("curve \(index + 1) has two tracks") }
      var previous = -Double.infinity
      for keyframe in track.keyframes {
        guard keyframe.time.isFinite, keyframe.time >= 0, keyframe.time <= timeline.duration else {
          throw .invalidTimeline("curve \(index + 1) has a keyframe at \(keyframe.time) s, outside 0 to \(timeline.duration) s")
        }
        guard keyframe.time > previous else { throw .invalidTimeline("curve \(index + 1)'s keyframes are not in order of time (at \(keyframe.time) s)") }
        previous = keyframe.time
        guard let subpaths = keyframe.subpaths else { continue }
        guard !subpaths.isEmpty else { throw .invalidTimeline("curve \(index + 1)'s keyframe at \(keyframe.time) s has no subpaths") }
        for (number, subpath) in subpaths.enumerated() {
          do {
            try Self.validateSegments(of: subpath, curve: index + 1, subpath: number + 1)
          } catch {
            throw .invalidTimeline("curve \(index + 1)'s keyframe at \(keyframe.time) s: \(error.description)")
          }
        }
        guard subpaths.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
          throw .invalidTimeline("curve \(index + 1)'s keyframe at \(keyframe.time) s has a coordinate that is not a finite number")
        }
      }
    }
    try validateGroupTracks(timeline)
    try validateView(timeline)
  }

  /// The view's keyframes lie within the timeline in strictly increasing time, each box
  /// finite with an area.
  private func validateView(_ timeline: Timeline) throws(DocumentError) {
    try Self.validateTimes(timeline.view.map(\.time), of: "the view", duration: timeline.duration)
    for keyframe in timeline.view {
      let box = keyframe.box
      guard [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite), box.width > 0, box.height > 0 else {
        throw .invalidTimeline("the view's keyframe at \(keyframe.time) s has a box that is not finite or has no area")
      }
    }
  }

  /// Each group track names a group of the document (once); its keyframes lie within the
  /// timeline in strictly increasing time, with finite parts and opacities within 0…1.
  private func validateGroupTracks(_ timeline: Timeline) throws(DocumentError) {
    let known = Set(groups.map(\.id))
    var tracked = Set<String>()
    for track in timeline.groupTracks {
      guard known.contains(track.group) else { throw .invalidTimeline("a track animates group \"\(track.group)\", which is no group of the document") }
      guard tracked.insert(track.group).inserted else { throw .invalidTimeline("group \"\(track.group)\" has two tracks") }
      try Self.validateTimes(track.keyframes.map(\.time), of: "group \"\(track.group)\"", duration: timeline.duration)
      for keyframe in track.keyframes {
        let place = "group \"\(track.group)\"'s keyframe at \(keyframe.time) s"
        guard keyframe.transform?.isFinite ?? true else { throw .invalidTimeline("\(place) has a transform number that is not finite") }
        if let opacity = keyframe.opacity, !(0...1).contains(opacity) { throw .invalidTimeline("\(place) has an opacity of \(opacity), not within 0 to 1") }
      }
    }
  }

  /// The keyframe times of `owner` ("the view", a group) lie within 0…`duration`, strictly
  /// increasing.
  private static func validateTimes(_ times: [Double], of owner: String, duration: Double) throws(DocumentError) {
    var previous = -Double.infinity
    for time in times {
      guard time.isFinite, time >= 0, time <= duration else { throw .invalidTimeline("\(owner)'s keyframe at \(time) s is outside 0 to \(duration) s") }
      guard time > previous else { throw .invalidTimeline("\(owner)'s keyframes are not in order of time (at \(time) s)") }
      previous = time
    }
  }

  /// Group ids are unique, each parent comes before its children, every group a curve
  /// names exists, opacities are within 0…1 and clips' points are finite.
  private func validateGroups() throws(DocumentError) {
    var known = Set<String>()
    for group in groups {
      guard known.insert(group.id).inserted else { throw .invalidGroup(id: group.id, reason: "its id is used by another group") }
      if let parent = group.parent, !known.contains(parent) || parent == group.id {
        throw .invalidGroup(id: group.id, reason: "its parent \(parent) is not a group before it")
      }
      guard CurveStyle.opacityRange.contains(group.opacity) else { throw .invalidGroup(id: group.id, reason: "its opacity is not within 0 to 1") }
      guard group.transform.isFinite, group.transform.inverted?.isFinite == true else {
        throw .invalidGroup(id: group.id, reason: "its transform flattens the group onto a line (or is not finite)")
      }
      if let filter = group.filter, !filter.isValid { throw .invalidGroup(id: group.id, reason: "its filter has a number out of range") }
      let clipPoints = group.clip?.subpaths.flatMap(\.points) ?? []
      let maskPoints = group.mask?.allCurves.flatMap(\.points) ?? []
      guard (clipPoints + maskPoints).allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
        throw .invalidGroup(id: group.id, reason: "its clip or mask has a coordinate that is not a finite number")
      }
    }
    for (index, curve) in curves.enumerated() {
      if let group = curve.group, !known.contains(group) { throw .invalidGroup(id: group, reason: "curve \(index + 1) is in it, but there is no such group") }
    }
  }

  /// Each segment of `subpath` has 2 to 16 points: at least two points, and at most 15
  /// between two nodes.
  private static func validateSegments(of subpath: SubpathRecord, curve: Int, subpath number: Int?) throws(DocumentError) {
    let points = subpath.points, range = Document.pointsPerSegment
    guard points.count >= range.lowerBound else {
      throw number.map { .subpathTooShort(curve: curve, subpath: $0, count: points.count) }
        ?? .wrongPointCount(curve: curve, count: points.count)
    }
    let interior = subpath.closed ? points.indices.dropFirst() : points.indices.dropFirst().dropLast()
    let starts = [0] + interior.filter { points[$0].node != nil }
    let ends = starts.dropFirst() + [subpath.closed ? points.count : points.count - 1]
    for (start, end) in zip(starts, ends) where end - start + 1 > range.upperBound {
      // A version 1 curve: one open segment, told as it always was.
      if number == nil, !subpath.closed, starts.count == 1 { throw .wrongPointCount(curve: curve, count: points.count) }
      throw .segmentTooLong(curve: curve, subpath: number ?? 1, count: end - start + 1)
    }
  }
}
