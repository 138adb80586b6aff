import CurveGeometry

extension Timeline {
  /// The part of the canvas a frame shows at `time`, and how the view moves on to the next
  /// keyframe: a camera over the drawing.
  ///
  /// ```json
  /// "view": [ { "time": 0, "viewBox": [0, 0, 800, 600], "easing": "ease-in-out" },
  ///           { "time": 2, "viewBox": [200, 150, 400, 300] } ]
  /// ```
  ///
  /// The box is in canvas units and is drawn as SVG draws a root's `viewBox`: as large as it
  /// fits in the frame, centred (`xMidYMid meet`). Between two keyframes each of its four
  /// numbers moves on its own, as SMIL interpolates a `viewBox`, so an animated SVG export
  /// plays it exactly.
  public struct ViewKeyframe: Equatable, Sendable, Encodable {
    public var time: Double
    public var box: Rect
    public var easing: Easing

    public init(time: Double, box: Rect, easing: Easing = .linear) {
      self.time = time
      self.box = box
      self.easing = easing
    }

    private enum CodingKeys: String, CodingKey { case time, viewBox, easing }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encode([box.minX, box.minY, box.width, box.height], forKey: .viewBox)
      if easing != .linear { try container.encode(easing, forKey: .easing) }
    }
  }

  /// The box the view keyframes show `time` seconds in (not looped): held before the first
  /// and after the last; nil without view keyframes (the frame shows the whole canvas).
  public func viewBox(atLocalTime time: Double) -> Rect? {
    guard let first = view.first, let last = view.last else { return nil }
    if time <= first.time { return first.box }
    if time >= last.time { return last.box }
    let index = view.lastIndex { $0.time <= time }!
    let a = view[index], b = view[index + 1]
    return a.box.interpolated(to: b.box, a.easing.progress(at: (time - a.time) / (b.time - a.time)))
  }
}

extension Rect {
  /// Its corner, width and height each moved `share` of the way to `other`'s.
  public func interpolated(to other: Rect, _ share: Double) -> Rect {
    if share >= 1 { return other }
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * share }
    let minX = mix(self.minX, other.minX), minY = mix(self.minY, other.minY)
    return Rect(minX: minX, minY: minY, maxX: minX + mix(width, other.width), maxY: minY + mix(height, other.height))
  }
}

extension Document {
  /// The part of the canvas the frame at `time` shows (looped or held as the timeline says);
  /// nil when the timeline keys no view: the whole canvas.
  public func viewBox(at time: Double) -> Rect? {
    guard let timeline else { return nil }
    return timeline.viewBox(atLocalTime: timeline.localTime(time))
  }
}
