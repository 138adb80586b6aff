import CurveFeature
import CurveGeometry

/// The timeline strip along the bottom of the canvas area, shown while the document has a
/// timeline: a play button, the time axis with a tick each second, the keyframe marks (shaped
/// by their easing), the time cursor, the time and the auto-key light, and at the right end
/// the easing editor of the picked keyframe.
///
/// ```swift
/// if let strip = TimelineStrip(state: state, layout: layout), let mark = strip.mark(at: point) { … }
/// ```
///
/// Marks are those of the curves that have a selected point, or of every curve, group and
/// the view when none has; marks of several tracks at one time are drawn once (the first
/// curve's is picked).
struct TimelineStrip {
  static let height = 56.0
  static let playButtonWidth = 40.0
  static let margin = 10.0
  static let markRadius = 6.0

  let frame: Rect
  let duration: Double
  let state: Editor.State

  /// The strip over `layout`'s canvas area; nil when the document has no timeline or the
  /// frame has no chrome (an export, `--canvas-only`).
  init?(state: Editor.State, layout: Layout) {
    guard layout.hasChrome, let timeline = state.drawing.timeline, timeline.duration > 0 else { return nil }
    let area = layout.canvasArea
    frame = Rect(minX: area.minX, minY: area.maxY - Self.height, maxX: area.maxX, maxY: area.maxY)
    duration = timeline.duration
    self.state = state
  }

  /// What the strip takes off the bottom of the canvas area: the tool bar sits above it.
  static func reservedHeight(for state: Editor.State, in layout: Layout) -> Double {
    TimelineStrip(state: state, layout: layout) == nil ? 0 : height
  }

  var playButton: Rect { Rect(minX: frame.minX + 6, minY: frame.minY + 8, maxX: frame.minX + 6 + Self.playButtonWidth - 8, maxY: frame.maxY - 8) }

  /// The easing editor's box: the picked keyframe's curve from (0, 0) to (1, 1).
  var easingBox: Rect { Rect(minX: frame.maxX - frame.height + 4, minY: frame.minY + 4, maxX: frame.maxX - 4, maxY: frame.maxY - 4) }

  /// The time axis: 0 at its left end, the duration at its right.
  var axis: Rect {
    Rect(minX: frame.minX + Self.playButtonWidth + Self.margin, minY: frame.minY + 20, maxX: easingBox.minX - Self.margin - 110, maxY: frame.maxY - 6)
  }

  func x(of time: Double) -> Double { axis.minX + axis.width * min(max(time / duration, 0), 1) }

  func time(atX x: Double) -> Double { min(max((x - axis.minX) / axis.width, 0), 1) * duration }

  /// The row of marks, through the middle of the axis.
  var markY: Double { (axis.minY + axis.maxY) / 2 }

  /// The marks shown, in time order, each with the easing it leaves with.
  var marks: [(mark: Playhead.Mark, easing: Easing)] {
    let chosen = Set(state.selectedCurveIDs)
    var byTime: [Double: (Playhead.Mark, Easing)] = [:]
    // Each keyframe's time and easing read where they are: a keyframe copied would copy its
    // subpaths and style, 30,000 of them a frame while 10,000 curves play.
    for track in state.drawing.timeline?.tracks ?? [] where chosen.isEmpty || chosen.contains(track.curve) {
      for index in track.keyframes.indices where byTime[track.keyframes[index].time] == nil {
        let time = track.keyframes[index].time
        byTime[time] = (Playhead.Mark(curve: track.curve, time: time), track.keyframes[index].easing)
      }
    }
    // A group's keyframes, with nothing selected or a curve of the group selected.
    let chosenGroups = Set(state.selectedCurveIDs.compactMap { state.drawing.curves[id: $0]?.group })
    for track in state.drawing.timeline?.groupTracks ?? [] where chosen.isEmpty || chosenGroups.contains(track.group) {
      for keyframe in track.keyframes where byTime[keyframe.time] == nil {
        byTime[keyframe.time] = (Playhead.Mark(group: track.group, time: keyframe.time), keyframe.easing)
      }
    }
    // The view's keyframes, with nothing selected.
    for keyframe in state.drawing.timeline?.view ?? [] where chosen.isEmpty && byTime[keyframe.time] == nil {
      byTime[keyframe.time] = (Playhead.Mark(viewAt: keyframe.time), keyframe.easing)
    }
    return byTime.keys.sorted().map { (byTime[$0]!.0, byTime[$0]!.1) }
  }

  /// The mark under `point`, the nearest when marks overlap.
  func mark(at point: Point) -> Playhead.Mark? {
    guard abs(point.y - markY) <= Self.markRadius + 3 else { return nil }
    return marks.map(\.mark).filter { abs(x(of: $0.time) - point.x) <= Self.markRadius + 3 }.min { abs(x(of: $0.time) - point.x) < abs(x(of: $1.time) - point.x) }
  }

  /// Where `point` is in the easing box's unit square: x the share of the interval, y of the way.
  func easingCoordinates(of point: Point) -> Point {
    let box = easingBox
    return Point(x: (point.x - box.minX) / box.width, y: (box.maxY - point.y) / box.height)
  }

  /// Where the easing's two handles sit in the box.
  func handles(of easing: Easing) -> (Point, Point)? {
    guard let (x1, y1, x2, y2) = easing.controlPoints else { return nil }
    let box = easingBox
    func place(_ x: Double, _ y: Double) -> Point { Point(x: box.minX + x * box.width, y: box.maxY - y * box.height) }
    return (place(x1, y1), place(x2, y2))
  }
}
