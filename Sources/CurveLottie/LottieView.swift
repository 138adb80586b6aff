import CurveDocument
import CurveGeometry

/// The timeline's view (`Timeline.view`) as Lottie shows it: a null layer that every layer
/// without a parent is parented to, scaling the box the view shows up to the canvas and
/// centring it (its anchor the box's centre, its position the canvas's), as the renderer
/// fits a `viewBox`. The scale that fits a box is not a linear function of the box, which
/// moves linearly, so the layer is keyed at every frame of the cycle (linear between them):
/// exact at each frame a player draws.
enum LottieView {
  /// The view's null layer with index `index`, over `frames` frames of a cycle of `cycle`
  /// seconds; nil when the timeline keys no view.
  static func layer(of timeline: Timeline?, canvas: Canvas, fps: Double, frames: Double, index: Int) -> LottieJSON? {
    guard let timeline, !timeline.view.isEmpty else { return nil }
    let count = max(Int(frames), 1)
    let times = (0...count).map { Double($0) / fps }
    let boxes = times.map { time -> Rect in
      // The cycle's way back, for a bouncing timeline, shows the view going back.
      let moment = timeline.repeat == .pingPong && time > timeline.duration ? 2 * timeline.duration - time : min(time, timeline.duration)
      return timeline.viewBox(atLocalTime: max(moment, 0))!
    }
    let keyed = LottieExport.Keyed(times: times, easings: Array(repeating: .linear, count: times.count), curves: [], fps: fps, bounce: nil)
    let transform = LottieJSON.object([
      ("o", LottieExport.static100), ("r", .object([("a", 0), ("k", 0)])),
      ("p", .object([("a", 0), ("k", [.number(canvas.width / 2), .number(canvas.height / 2), 0])])),
      ("a", keyed.property(boxes.map { [.number(($0.minX + $0.maxX) / 2), .number(($0.minY + $0.maxY) / 2), 0] })),
      ("s", keyed.property(boxes.map { box in
        let fit = 100 * min(canvas.width / box.width, canvas.height / box.height)
        return [.number(fit), .number(fit), 100]
      })),
    ])
    return .object([
      ("ddd", 0), ("ind", .number(Double(index))), ("ty", 3), ("nm", "view"), ("sr", 1), ("ks", transform), ("ao", 0),
      ("ip", 0), ("op", .number(frames)), ("st", 0), ("bm", 0),
    ])
  }

  /// `layers` with each that has no parent parented to the layer `index`.
  static func parented(_ layers: [LottieJSON], to index: Int) -> [LottieJSON] {
    layers.map { layer in
      guard case .object(var members) = layer, !members.contains(where: { $0.0 == "parent" }) else { return layer }
      let at = members.firstIndex { $0.0 == "ao" }.map { $0 + 1 } ?? members.endIndex
      members.insert(("parent", .number(Double(index))), at: at)
      return .object(members)
    }
  }
}
