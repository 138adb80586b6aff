import CurveFeature
import CurveGeometry
import CurveRaster
import CurveRender
import Dispatch
import Foundation

/// The curves painted live each frame (those being edited or played, and the static ones
/// drawn again over them), recorded as their styles paint them, in painting order, inside
/// their groups' layers: in shares on every core when there are many, as a timeline playing
/// 10,000 curves has.
///
/// ```swift
/// let looks = LiveLooks(curves: [curve], looks: [.curve(0, culled: true)], groups: [], viewport: viewport, reach: 400)
/// canvas.draw(looks.lists(width: 1280, height: 800, scale: 1))
/// ```
///
/// The lists are drawn one after another, so a layer a share leaves open carries into the
/// next; the last share closes every layer.
struct LiveLooks: Sendable {
  enum Look: Sendable {
    /// The look of the curve at this index of `curves` (an index, not a copy: 10,000 curves
    /// copied and destroyed a frame were a tenth of a playing frame's serial work); `culled`
    /// leaves it out when nothing of it, `reach` units beyond its points' box, can show.
    case curve(Int, culled: Bool)
    case image(KeptImage)
  }

  /// The curves the looks point into: the drawing's, shared, not copied.
  let curves: [Curve.State]
  let looks: [Look]
  let groups: [Group]
  let viewport: Viewport.State
  /// Units past a curve's points that its drawing may reach.
  let reach: Double

  /// Below twice this many looks they are recorded on one core.
  static let looksPerShare = 500

  /// A list for each share of the looks, in order, for a canvas of `width × height` pixels,
  /// `scale` pixels a unit; `shares` defaults to one a core when there are many looks.
  func lists(width: Int, height: Int, scale: Double, shares: Int? = nil) -> [DisplayList] {
    let shareCount = max(1, shares ?? (looks.count >= 2 * Self.looksPerShare ? Cores.available : 1))
    let shareSize = (looks.count + shareCount - 1) / shareCount
    let lists = RecordedChunks(count: shareCount)
    DispatchQueue.concurrentPerform(iterations: shareCount) { share in
      var recorder = ShapeRecorder(width: width, height: height, scale: scale)
      record(min(share * shareSize, looks.count)..<min((share + 1) * shareSize, looks.count), isLast: share == shareCount - 1, into: &recorder)
      lists.store(recorder.list, at: share)
    }
    return (0..<shareCount).map(lists.take)
  }

  private func record(_ range: Range<Int>, isLast: Bool, into recorder: inout ShapeRecorder) {
    var layers = GroupLayers(groups: groups, viewport: viewport.drawingView)
    if !layers.isEmpty, range.lowerBound > 0 {
      var ignored = ShapeRecorder(width: 1, height: 1, scale: 1)
      layers.enter(group(of: looks[range.lowerBound - 1]), into: &ignored)
    }
    for look in looks[range] {
      switch look {
      case .curve(let index, let culled):
        guard !culled || isShown(curves[index], on: recorder) else { continue }
        layers.enter(curves[index].group, into: &recorder)
        CurveLook(curve: curves[index], viewport: viewport.drawingView).draw(into: &recorder)
      case .image(let image):
        layers.enter(image.group, into: &recorder)
        KeptImageLook(image: image, viewport: viewport.drawingView).draw(into: &recorder)
      }
    }
    if isLast { layers.enter(nil, into: &recorder) }
  }

  /// The group a look is painted in.
  private func group(of look: Look) -> String? {
    switch look {
    case .curve(let index, _): curves[index].group
    case .image(let image): image.group
    }
  }

  /// Whether anything of `curve` can show: one zoomed far out of view costs nothing.
  ///
  /// Its points are gathered in place: an array of them made for each of 10,000 playing
  /// curves was a tenth of a frame's recording.
  private func isShown(_ curve: Curve.State, on recorder: ShapeRecorder) -> Bool {
    var bounds = Rect.empty
    for subpath in curve.subpaths.indices {
      for point in curve.subpaths[subpath].points.indices {
        bounds.include(viewport.screenPoint(atDocument: curve.subpaths[subpath].points[point].position))
      }
    }
    return recorder.list.mayShow(recorder.pixels(bounds), reach: reach * recorder.scale)
  }
}
