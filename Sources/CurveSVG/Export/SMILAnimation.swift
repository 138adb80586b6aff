import CurveDocument
/// A curve's keyframes as SMIL, the animation SVG itself carries and browsers play: one
/// `<animate>` inside its `<path>` for each attribute that changes (`d`, `fill`, `stroke`,
/// `fill-opacity`, `stroke-opacity`, `opacity`, `stroke-width`), over one cycle of the
/// timeline (`repeatCount="indefinite"` for a loop, `fill="freeze"` for once, a bouncing
/// timeline written there and back over twice its duration).
///
/// ```xml
/// <path d="M 0 0 L 10 0" fill="#ff0000">
///   <animate attributeName="d" dur="2s" keyTimes="0;1" values="M 0 0 L 10 0;M 0 0 L 20 0"
///     calcMode="spline" keySplines="0.42 0 0.58 1" repeatCount="indefinite"/>
/// ```
///
/// Each keyframe's easing is its interval's `keySplines` entry (the style's attributes take
/// the keyframe's `easingOfStyle`, so they may be timed apart from `d`); `hold` is the value kept to
/// the next keyframe and a jump there (two equal `keyTimes`); an easing that overshoots, which
/// one `keySplines` entry cannot hold (its y must stay within 0…1), is cut where its value
/// turns, into pieces that each can (`monotonePieces`), or where one cannot, sampled into
/// `overshootSamples` linear steps. Before the first keyframe and after the last the value
/// stands still, as `Document.frame(at:)` holds it. A gradient that moves to one like it is
/// the curve's own, its ends and stops animated (`gradientDefinition`); any other change of
/// paint shows as it is at 0 s. The view is the root's `viewBox`, animated likewise
/// (`viewBoxElement`).
struct SMILAnimation {
  /// The steps an overshooting interval is sampled into.
  static let overshootSamples = 12

  /// The curve at one moment of the cycle, and how it moves on to the next stop.
  struct Stop {
    var time: Double
    var curve: Document.CurveRecord
    var spline: Spline
  }

  typealias Spline = (x1: Double, y1: Double, x2: Double, y2: Double)
  static let linear: Spline = (x1: 0.0, y1: 0.0, x2: 1.0, y2: 1.0)

  let timeline: Timeline
  /// The stops of the shape (`d`), as its keyframes' `easing` moves it.
  let stops: [Stop]
  /// The stops of the style's attributes, as their `easingOfStyle` moves them: the shape's
  /// own unless a keyframe's style eases apart (`Keyframe.styleEasing`).
  let styleStops: [Stop]

  /// `curve`'s stops over one cycle of `timeline` under `track`.
  init(curve: Document.CurveRecord, track: Timeline.Track, timeline: Timeline) {
    self.timeline = timeline
    func stops(_ easing: (Timeline.Keyframe) -> Easing) -> [Stop] {
      Self.schedule(keys: track.keyframes.map { ($0.time, easing($0)) }, timeline: timeline).map { entry in
        var moved = curve
        track.apply(at: entry.moment, to: &moved)
        return Stop(time: entry.time, curve: moved, spline: entry.spline)
      }
    }
    self.stops = stops(\.easing)
    styleStops = track.keyframes.contains { $0.styleEasing != nil } ? stops(\.easingOfStyle) : self.stops
  }

  /// One stop of a cycle: its time in the cycle, the moment of the timeline it shows (they
  /// differ on a bounce's way back), and how it moves on to the next.
  struct Entry {
    var time: Double
    var moment: Double
    var spline: Spline
  }

  /// The stops of one cycle of `timeline` for a track keyed at `keys`: each key, with its
  /// easing as a spline (a hold as a jump, an overshoot cut into monotone pieces).
  static func schedule(keys: [(time: Double, easing: Easing)], timeline: Timeline) -> [Entry] {
    let duration = timeline.duration
    func still(_ time: Double) -> Entry { Entry(time: time, moment: time, spline: linear) }
    func sampled(_ start: Double, _ end: Double) -> [Entry] {
      (0..<Self.overshootSamples).map { step in still(start + (end - start) * Double(step) / Double(Self.overshootSamples)) }
    }
    var boundaries = [0.0] + keys.map(\.time).filter { $0 > 0 && $0 < duration } + [duration]
    boundaries = boundaries.enumerated().filter { $0.offset == 0 || $0.element > boundaries[$0.offset - 1] }.map(\.element)
    var stops: [Entry] = []
    for (start, end) in zip(boundaries, boundaries.dropFirst()) {
      guard let index = keys.lastIndex(where: { $0.time <= start }), index + 1 < keys.count else {
        stops.append(still(start))  // still: before the first key or after the last
        continue
      }
      let easing = keys[index].easing
      guard keys[index + 1].time == end else {
        stops += sampled(start, end)  // an interval the cycle's end cuts short
        continue
      }
      switch easing.controlPoints {
      case nil:
        stops += [still(start), Entry(time: end, moment: start, spline: linear)]
      case let points? where (0...1).contains(points.y1) && (0...1).contains(points.y2):
        stops.append(Entry(time: start, moment: start, spline: points))
      case let points?:
        // Cut where the value turns back: each piece runs one way and is a spline of its own.
        for piece in Self.monotonePieces(points) {
          guard let spline = piece.spline else {
            stops += sampled(start + (end - start) * piece.from, start + (end - start) * piece.to)
            continue
          }
          let time = start + (end - start) * piece.from
          stops.append(Entry(time: time, moment: time, spline: spline))
        }
      }
    }
    stops.append(still(duration))
    if timeline.repeat == .pingPong {
      // Back again: each interval reversed, its curve turned half a turn about (0.5, 0.5).
      let forward = stops
      stops[stops.count - 1].spline = Self.reversed(forward[forward.count - 2].spline)
      for index in (0..<forward.count - 1).reversed() {
        let spline = index > 0 ? Self.reversed(forward[index - 1].spline) : Self.linear
        stops.append(Entry(time: 2 * duration - forward[index].time, moment: forward[index].moment, spline: spline))
      }
    }
    return stops
  }

  /// An easing curve cut where its y turns (it overshoots), as pieces of time (`from`, `to`,
  /// fractions of the interval) each with its own curve scaled to the unit square, which
  /// `keySplines` can hold; nil where a piece's control points leave that square (then it is
  /// sampled).
  static func monotonePieces(_ easing: (x1: Double, y1: Double, x2: Double, y2: Double)) -> [(from: Double, to: Double, spline: (x1: Double, y1: Double, x2: Double, y2: Double)?)] {
    let xs = [0, easing.x1, easing.x2, 1], ys = [0, easing.y1, easing.y2, 1]
    // y'(s) / 3 = a s² + b s + c.
    let a = ys[3] - 3 * ys[2] + 3 * ys[1] - ys[0], b = 2 * (ys[2] - 2 * ys[1] + ys[0]), c = ys[1] - ys[0]
    var turns: [Double] = []
    if abs(a) < 1e-12 {
      if abs(b) > 1e-12 { turns = [-c / b] }
    } else if b * b - 4 * a * c > 0 {
      let root = (b * b - 4 * a * c).squareRoot()
      turns = [(-b - root) / (2 * a), (-b + root) / (2 * a)]
    }
    let cuts = [0.0] + turns.filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted() + [1.0]
    func point(_ values: [Double], _ s: Double) -> Double {
      let u = 1 - s
      return u * u * u * values[0] + 3 * u * u * s * values[1] + 3 * u * s * s * values[2] + s * s * s * values[3]
    }
    /// The control values of the piece between parameters s0 and s1 (blossoming).
    func piece(_ values: [Double], _ s0: Double, _ s1: Double) -> [Double] {
      func blossom(_ t1: Double, _ t2: Double, _ t3: Double) -> Double {
        var level = values
        for t in [t1, t2, t3] { level = zip(level, level.dropFirst()).map { $0 + ($1 - $0) * t } }
        return level[0]
      }
      return [blossom(s0, s0, s0), blossom(s0, s0, s1), blossom(s0, s1, s1), blossom(s1, s1, s1)]
    }
    return zip(cuts, cuts.dropFirst()).map { s0, s1 in
      let x = piece(xs, s0, s1), y = piece(ys, s0, s1)
      let from = point(xs, s0), to = point(xs, s1)
      guard x[3] > x[0], abs(y[3] - y[0]) > 1e-12 else { return (from, to, y[3] == y[0] ? linear : nil) }
      let scaled = (x1: (x[1] - x[0]) / (x[3] - x[0]), y1: (y[1] - y[0]) / (y[3] - y[0]), x2: (x[2] - x[0]) / (x[3] - x[0]), y2: (y[2] - y[0]) / (y[3] - y[0]))
      let fits = [scaled.x1, scaled.y1, scaled.x2, scaled.y2].allSatisfy { $0 >= -1e-12 && $0 <= 1 + 1e-12 }
      return (from, to, fits ? (min(max(scaled.x1, 0), 1), min(max(scaled.y1, 0), 1), min(max(scaled.x2, 0), 1), min(max(scaled.y2, 0), 1)) : nil)
    }
  }

  static func reversed(_ spline: Spline) -> Spline {
    (1 - spline.x2, 1 - spline.y2, 1 - spline.x1, 1 - spline.y1)
  }

  /// The `<animate>` elements of the attributes that change, each on a line of its own.
  func elements() -> [String] {
    let number = SVGExport.number
    func paints(_ paint: (CurveStyle) -> CurveStyle.Paint?) -> [String]? {
      let values = styleStops.map { stop -> String? in
        guard case .color(let color)? = paint(stop.curve.style ?? CurveStyle()) else { return nil }
        return color.hex
      }
      return values.contains(nil) ? nil : values.compactMap { $0 }
    }
    /// Each stop's value; `unset` for a stop that leaves it unset (nil: the attribute does not
    /// animate unless every stop sets it).
    func numbers(_ value: (CurveStyle) -> Double?, unset: Double? = nil) -> [String]? {
      let values = styleStops.map { value($0.curve.style ?? CurveStyle()) ?? unset }
      return values.contains(nil) ? nil : values.compactMap { $0.map(number) }
    }
    let attributes: [(String, [String]?)] = [
      ("d", pathData()),
      ("fill", paints(\.fill)), ("stroke", paints(\.stroke)),
      ("fill-opacity", numbers(\.fillOpacity, unset: 1)), ("stroke-opacity", numbers(\.strokeOpacity, unset: 1)),
      ("opacity", numbers(\.opacity, unset: 1)), ("stroke-width", numbers(\.strokeWidth, unset: CurveStyle.unstyledStrokeWidth)),
    ]
    let shapeTiming = Self.timing(stops.map { Entry(time: $0.time, moment: $0.time, spline: $0.spline) }, timeline: timeline)
    let styleTiming = Self.timing(styleStops.map { Entry(time: $0.time, moment: $0.time, spline: $0.spline) }, timeline: timeline)
    return attributes.compactMap { name, values in
      guard let values, Set(values).count > 1 else { return nil }
      let timing = name == "d" ? shapeTiming : styleTiming
      return #"<animate attributeName="\#(name)" \#(timing.begin) values="\#(values.joined(separator: ";"))" \#(timing.end)/>"#
    }
  }

  /// The timeline's view (`Timeline.view`) as an `<animate>` of the root's `viewBox`, which
  /// SMIL moves number by number as the view does; nil when the view stands still.
  static func viewBoxElement(of timeline: Timeline) -> String? {
    guard !timeline.view.isEmpty else { return nil }
    let entries = schedule(keys: timeline.view.map { ($0.time, $0.easing) }, timeline: timeline)
    let values = entries.compactMap { timeline.viewBox(atLocalTime: $0.moment).map(SVGExport.boxText) }
    guard Set(values).count > 1 else { return nil }
    let timing = timing(entries, timeline: timeline)
    return #"<animate attributeName="viewBox" \#(timing.begin) values="\#(values.joined(separator: ";"))" \#(timing.end)/>"#
  }

  /// Each stop's `d`, a segment of degree 4 or more cut alike at every stop (SMIL moves `d`
  /// only between paths of the same commands).
  func pathData() -> [String] {
    let halvings = (stops.first?.curve.subpaths ?? []).indices.map { index in
      Document.SubpathRecord.commonCubicHalvings(stops.compactMap { index < $0.curve.subpaths.count ? $0.curve.subpaths[index] : nil }, tolerance: SVGExport.tolerance)
    }
    return stops.map { stop in
      stop.curve.subpaths.enumerated().map { index, subpath in
        SVGExport.pathData(subpath, halvings: index < halvings.count ? halvings[index] : nil)
      }.joined(separator: " ")
    }
  }

  /// The attributes an animation of these stops carries before its values (`dur` and
  /// `keyTimes`) and after them (`calcMode`, `keySplines`, and how it repeats).
  static func timing(_ stops: [Entry], timeline: Timeline) -> (begin: String, end: String) {
    let number = SVGExport.number
    let total = stops.last!.time
    // Fractions to 1e-9: a mirrored 0.42 is 0.58, not 0.5800000000000001.
    func fraction(_ value: Double) -> String { number((value * 1e9).rounded() / 1e9) }
    // Key times in full, so a time of 1 s in 3 comes back as 1 s.
    let keyTimes = stops.map { number($0.time / total) }.joined(separator: ";")
    let splines = stops.dropLast().map { [$0.spline.x1, $0.spline.y1, $0.spline.x2, $0.spline.y2].map(fraction).joined(separator: " ") }.joined(separator: ";")
    let ending = timeline.repeat == .once ? #"fill="freeze""# : #"repeatCount="indefinite""#
    return (#"dur="\#(number(total))s" keyTimes="\#(keyTimes)""#, #"calcMode="spline" keySplines="\#(splines)" \#(ending)"#)
  }
}

extension SMILAnimation {
  /// A paint that is a gradient at every stop, each like the first (`Gradient.interpolated`),
  /// and that changes: a gradient of the curve's own (`id`), its ends and stops animated;
  /// nil otherwise (it shows as it is at 0 s).
  func gradientDefinition(_ paint: (CurveStyle) -> CurveStyle.Paint?, id: String) -> [String]? {
    let gradients = styleStops.compactMap { stop -> Gradient? in
      guard case .gradient(let gradient)? = paint(stop.curve.style) else { return nil }
      return gradient
    }
    guard gradients.count == styleStops.count, let first = gradients.first, Set(gradients).count > 1,
      gradients.allSatisfy({ first.interpolated(to: $0, 0) != nil })
    else { return nil }
    let timing = Self.timing(styleStops.map { Entry(time: $0.time, moment: $0.time, spline: $0.spline) }, timeline: timeline)
    let number = SVGExport.number
    func animate(_ name: String, _ values: [String]) -> String? {
      guard Set(values).count > 1 else { return nil }
      return #"<animate attributeName="\#(name)" \#(timing.begin) values="\#(values.joined(separator: ";"))" \#(timing.end)/>"#
    }
    func geometry(_ gradient: Gradient) -> [(String, Double)] {
      switch gradient.geometry {
      case let .linear(x1, y1, x2, y2): [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)]
      case let .radial(cx, cy, r, fx, fy, fr): [("cx", cx), ("cy", cy), ("r", r), ("fx", fx), ("fy", fy), ("fr", fr)]
      }
    }
    let names = geometry(first).map(\.0)
    let ends = names.indices.compactMap { index in animate(names[index], gradients.map { number(geometry($0)[index].1) }) }
    let stopLines = first.stops.indices.map { index in
      [
        animate("offset", gradients.map { number($0.stops[index].offset) }),
        animate("stop-color", gradients.map { $0.stops[index].color.hex }),
        animate("stop-opacity", gradients.map { number($0.stops[index].opacity) }),
      ].compactMap { $0 }
    }
    return PaintServerNames.definition(first, id: id, animations: ends, stopAnimations: stopLines)
  }
}
