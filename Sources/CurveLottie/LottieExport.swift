import CurveDocument
import CurveGeometry
import FoundationEssentials
import Glibc

/// A document as a Lottie animation (the Bodymovin JSON that Lottie players, rlottie and
/// ThorVG play): `curves export-lottie FILE -o OUT.json`.
///
/// ```swift
/// let json = LottieExport.json(for: document)   // {"v":"5.7.0","fr":30,…,"layers":[…]}
/// ```
///
/// Each curve is a shape layer (the first curve drawn is the bottom layer, as Lottie stacks
/// its first layer on top) holding one group: a path (`sh`) for each subpath, its stroke and
/// fill, and the group's transform, whose opacity is the curve's. Everything is placed in the
/// drawing's coordinates, through its groups' transforms. Segments become cubics exactly (a
/// line with no handles, a quadratic raised); a segment of degree 4 or more becomes cubics
/// within 0.01 units. Fills and strokes take plain colours and linear and radial gradients;
/// a pattern paints nothing. A text is its glyphs' curves, a group of them.
///
/// A curve with a track animates: each keyframe of its track is a Lottie keyframe at that
/// time (`t` in frames) of every property that changes (the paths, colours, opacities,
/// stroke width), its easing as the keyframe's out and in tangents (`o`, `i`), `hold` as
/// `h: 1`. Its subpaths have the same segments at every keyframe, so each path has the same
/// vertices at every keyframe, as Lottie needs. One cycle is written (`op` is the duration);
/// a bouncing timeline is written there and back. Players loop; a timeline played once holds
/// its end only where the player is told to stop. A group with a track moves its curves by
/// parenting them to null layers (`LottieGroups`); the view moves everything through one more
/// (`LottieView`). A group that fades is a precomposition, faded as one (`composition`).
public enum LottieExport {
  /// The Bodymovin version whose features the file uses.
  static let version = "5.7.0"

  public static func json(for document: Document) -> String {
    animation(for: document).text + "\n"
  }

  static func animation(for document: Document) -> LottieJSON {
    // A text is written as its glyphs' curves: Lottie's own text layers need the player to
    // have the fonts, and lay out differently in each.
    var document = document
    _ = document.turnTextsIntoCurves()
    // A morph's keyframes made to correspond: Lottie needs as many vertices at each.
    document = document.corresponded()
    let timeline = document.timeline.flatMap { $0.duration > 0 ? $0 : nil }
    let fps = timeline?.fps ?? 30
    let cycle = timeline.map { $0.repeat == .pingPong ? 2 * $0.duration : $0.duration } ?? 1
    let tracks = Dictionary((timeline?.tracks ?? []).map { ($0.curve, $0) }, uniquingKeysWith: { first, _ in first })
    // The drawing at every keyframe's time, placed, once for all curves.
    let times = Set(tracks.values.flatMap { $0.keyframes.map(\.time) }).sorted()
    let frames = (fps * cycle).rounded()
    // A curve in a moving group is drawn in the group's coordinates, parented to it.
    let movement = LottieGroups(document: document, timeline: timeline, fps: fps, frames: frames, firstIndex: 1)
    var placed: [Double: [UUID: Document.CurveRecord]] = [:]
    for time in times {
      let frame = document.frameOfCorresponded(atLocalTime: time)
      let seen = frame.inDrawingCoordinates()
      placed[time] = Dictionary(zip(frame.curves, seen.curves).map { local, seen in (seen.id, movement.isMoving(local.group) ? local : seen) }, uniquingKeysWith: { first, _ in first })
    }
    let first = document.frameOfCorresponded(atLocalTime: 0)
    let still = zip(first.curves, first.inDrawingCoordinates().curves).map { local, seen in movement.isMoving(local.group) ? local : seen }
    func curveLayer(_ curve: Document.CurveRecord, index: Int, groups: inout LottieGroups) -> LottieJSON {
      let keyed = tracks[curve.id].flatMap { $0.keyframes.isEmpty ? nil : $0 }.map { track in
        Keyed(
          times: track.keyframes.map(\.time), easings: track.keyframes.map(\.easing), styleEasings: track.keyframes.map(\.easingOfStyle),
          curves: track.keyframes.map { placed[$0.time]?[curve.id] ?? curve }, fps: fps,
          bounce: timeline.flatMap { $0.repeat == .pingPong ? $0.duration : nil }
        )
      } ?? Keyed(times: [0], easings: [.linear], curves: [curve], fps: fps, bounce: nil)
      let name = "curve-\(curve.id.uuidString.lowercased())"
      guard groups.isMoving(curve.group), let group = curve.group else { return layer(keyed, name: name, index: index, frames: frames) }
      return layer(keyed, name: name, index: index, frames: frames, parent: groups.parent(of: group))
    }
    var assets: [LottieJSON] = []
    var all = composition(of: still, within: nil, document: document, timeline: timeline, fps: fps, frames: frames, assets: &assets, curveLayer: curveLayer)
    // The view moves everything: the layers at the top are parented to its null layer.
    if let view = LottieView.layer(of: timeline, canvas: document.canvas, fps: fps, frames: frames, index: all.count + 1) {
      all = LottieView.parented(all, to: all.count + 1) + [view]
    }
    return .object([
      ("v", .string(version)), ("fr", .number(fps)), ("ip", 0), ("op", .number(frames)),
      ("w", .number(document.canvas.width)), ("h", .number(document.canvas.height)), ("nm", "Curves"), ("ddd", 0),
      ("assets", .array(assets)), ("layers", .array(all)),
    ])
  }

  /// The layers of a composition: `curves` (in painting order) inside the fading group
  /// `within` (nil: the animation itself). Each run of curves in a fading group inside
  /// `within` is one precomposition layer, faded by that group's opacity, its layers an asset
  /// of their own (made the same way, so fading groups nest); the other curves are layers of
  /// their own (`curveLayer`), parented to null layers of this composition when they move.
  static func composition(
    of curves: [Document.CurveRecord], within: String?, document: Document, timeline: Timeline?, fps: Double, frames: Double,
    assets: inout [LottieJSON], curveLayer: (Document.CurveRecord, Int, inout LottieGroups) -> LottieJSON
  ) -> [LottieJSON] {
    let probe = LottieGroups(document: document, timeline: timeline, fps: fps, frames: frames, firstIndex: 1)
    var runs: [(fade: Group?, curves: [Document.CurveRecord])] = []
    for curve in curves {
      let fade = probe.outermostFading(curve.group, within: within)
      if let fade, let last = runs.last, last.fade?.id == fade.id {
        runs[runs.count - 1].curves.append(curve)
      } else {
        runs.append((fade, [curve]))
      }
    }
    var groups = LottieGroups(document: document, timeline: timeline, fps: fps, frames: frames, firstIndex: runs.count + 1)
    var layers: [LottieJSON] = []
    // Lottie stacks its first layer on top.
    for run in runs.reversed() {
      let index = layers.count + 1
      guard let fade = run.fade else {
        layers.append(curveLayer(run.curves[0], index, &groups))
        continue
      }
      let inner = composition(of: run.curves, within: fade.id, document: document, timeline: timeline, fps: fps, frames: frames, assets: &assets, curveLayer: curveLayer)
      let id = "group \(fade.id) \(assets.count + 1)"
      assets.append(.object([("id", .string(id)), ("nm", .string(fade.id)), ("layers", .array(inner))]))
      layers.append(precompositionLayer(id, name: "group \(fade.id)", index: index, opacity: groups.opacity(of: fade), canvas: document.canvas, frames: frames))
    }
    return layers + groups.layers
  }

  /// A layer drawing the asset `id` (a composition the canvas's size, in its coordinates),
  /// faded by `opacity`.
  static func precompositionLayer(_ id: String, name: String, index: Int, opacity: LottieJSON, canvas: Canvas, frames: Double) -> LottieJSON {
    let transform = LottieJSON.object([
      ("o", opacity), ("r", .object([("a", 0), ("k", 0)])), ("p", .object([("a", 0), ("k", [0, 0, 0])])),
      ("a", .object([("a", 0), ("k", [0, 0, 0])])), ("s", .object([("a", 0), ("k", [100, 100, 100])])),
    ])
    return .object([
      ("ddd", 0), ("ind", .number(Double(index))), ("ty", 0), ("nm", .string(name)), ("refId", .string(id)), ("sr", 1), ("ks", transform), ("ao", 0),
      ("w", .number(canvas.width.rounded(.up))), ("h", .number(canvas.height.rounded(.up))), ("ip", 0), ("op", .number(frames)), ("st", 0), ("bm", 0),
    ])
  }

  /// A shape layer of one curve, shown over the whole cycle; placed by the null layer
  /// `parent` (a moving group's) when given.
  static func layer(_ keyed: Keyed, name: String, index: Int, frames: Double, parent: Int? = nil) -> LottieJSON {
    let still = LottieJSON.object([
      ("o", static100), ("r", .object([("a", 0), ("k", 0)])), ("p", .object([("a", 0), ("k", [0, 0, 0])])),
      ("a", .object([("a", 0), ("k", [0, 0, 0])])), ("s", .object([("a", 0), ("k", [100, 100, 100])])),
    ])
    var members: [(String, LottieJSON)] = [("ddd", 0), ("ind", .number(Double(index))), ("ty", 4), ("nm", .string(name)), ("sr", 1), ("ks", still), ("ao", 0)]
    if let parent { members.append(("parent", .number(Double(parent)))) }
    return .object(members + [("shapes", [group(keyed, name: name)]), ("ip", 0), ("op", .number(frames)), ("st", 0), ("bm", 0)])
  }

  static let static100 = LottieJSON.object([("a", 0), ("k", 100)])
  /// How close, in document units, the cubics Lottie is given stay to segments of higher
  /// degree and to weighted ones (as SVG export's).
  static let cubicTolerance = 0.01

  /// The curve's group: its paths, then its stroke and fill (the later items are painted
  /// first, so a fill lies under its stroke unless the style paints the stroke first), then
  /// its transform, carrying the curve's opacity.
  static func group(_ keyed: Keyed, name: String) -> LottieJSON {
    let styles = keyed.curves.map { resolved($0.style) }
    let first = styles[0]
    var items: [LottieJSON] = []
    for subpath in keyed.curves[0].subpaths.indices {
      // A segment of degree 4 or more cut alike at every keyframe: as many vertices at each.
      let halvings = Document.SubpathRecord.commonCubicHalvings(keyed.curves.map { $0.subpaths[subpath] }, tolerance: cubicTolerance)
      let shapes = keyed.curves.map { shape($0.subpaths[subpath], halvings: halvings) }
      items.append(.object([("ty", "sh"), ("nm", .string("subpath \(subpath + 1)")), ("ks", keyed.property(shapes, wrap: true))]))
    }
    var paints: [LottieJSON] = []
    // The style's properties move as the style eases (`Keyframe.easingOfStyle`).
    if let fill = paintItem(styles.map { $0.fill }, opacities: styles.map { $0.fillOpacity ?? 1 }, keyed: keyed.styled, isStroke: false, style: first) {
      paints.append(fill)
    }
    if let stroke = paintItem(styles.map { $0.stroke }, opacities: styles.map { $0.strokeOpacity ?? 1 }, keyed: keyed.styled, isStroke: true, style: first) {
      paints.insert(stroke, at: first.paintsStrokeFirst == true ? paints.count : 0)
    }
    items += paints
    items.append(.object([
      ("ty", "tr"), ("p", .object([("a", 0), ("k", [0, 0])])), ("a", .object([("a", 0), ("k", [0, 0])])),
      ("s", .object([("a", 0), ("k", [100, 100])])), ("r", .object([("a", 0), ("k", 0)])),
      ("o", keyed.styled.property(styles.map { .number(100 * ($0.opacity ?? 1)) })),
      ("sk", .object([("a", 0), ("k", 0)])), ("sa", .object([("a", 0), ("k", 0)])),
    ]))
    return .object([("ty", "gr"), ("nm", .string(name)), ("it", .array(items))])
  }

  /// A fill (`fl`, `gf`) or stroke (`st`, `gs`) item, or nil when it paints nothing. Colours
  /// animate when the paint is a plain colour at every keyframe, a gradient when it is one
  /// like the first at every keyframe; otherwise the paint is the first keyframe's throughout.
  static func paintItem(_ paints: [CurveStyle.Paint?], opacities: [Double], keyed: Keyed, isStroke: Bool, style: CurveStyle) -> LottieJSON? {
    let opacity = ("o", keyed.property(opacities.map { .number(100 * $0) }))
    var members: [(String, LottieJSON)]
    switch paints[0] {
    case .color(let color)?:
      let colors = paints.map { paint -> LottieJSON in
        guard case .color(let own)? = paint else { return rgba(color) }
        return rgba(own)
      }
      members = [("ty", isStroke ? "st" : "fl"), ("c", keyed.property(colors)), opacity]
    case .gradient(let gradient)?:
      members = [("ty", isStroke ? "gs" : "gf")] + animatedGradientMembers(paints, keyed: keyed, first: gradient) + [opacity]
    default:
      return nil
    }
    if isStroke {
      let caps: [CurveStyle.LineCap: Double] = [.butt: 1, .round: 2, .square: 3]
      let joins: [CurveStyle.LineJoin: Double] = [.miter: 1, .round: 2, .bevel: 3]
      members += [
        ("w", keyed.property(keyed.curves.map { .number(resolved($0.style).strokeWidth ?? 1) })),
        ("lc", .number(caps[style.lineCap ?? .butt]!)), ("lj", .number(joins[style.lineJoin ?? .miter]!)), ("ml", .number(style.miterLimit ?? 4)),
      ]
      if let dashes = style.dashArray, !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 }), dashes.contains(where: { $0 > 0 }) {
        let repeated = dashes.count % 2 == 0 ? dashes : dashes + dashes
        var entries: [LottieJSON] = repeated.enumerated().map { index, length in
          .object([("n", .string(index % 2 == 0 ? "d" : "g")), ("nm", .string(index % 2 == 0 ? "dash" : "gap")), ("v", .object([("a", 0), ("k", .number(length))]))])
        }
        entries.append(.object([("n", "o"), ("nm", "offset"), ("v", .object([("a", 0), ("k", .number(style.dashOffset ?? 0))]))]))
        members.append(("d", .array(entries)))
      }
    } else {
      members.append(("r", style.fillRule == .evenOdd ? 2 : 1))
    }
    return .object(members)
  }

  /// A gradient's start and end points, placed where it lies on `curve`, and its stops:
  /// colours, then opacities.
  static func gradientMembers(_ gradient: Gradient, on curve: Document.CurveRecord) -> [(String, LottieJSON)] {
    var map = gradient.transform
    if gradient.units == .objectBoundingBox {
      let box = curve.bounds
      map = Affine(a: box.width, b: 0, c: 0, d: box.height, e: box.minX, f: box.minY) * map
    }
    func point(_ x: Double, _ y: Double) -> LottieJSON {
      let placed = map.apply(to: Point(x: x, y: y))
      return .object([("a", 0), ("k", [.number(placed.x), .number(placed.y)])])
    }
    var colors: [LottieJSON] = []
    for stop in gradient.stops {
      colors += [.number(stop.offset), .number(Double(stop.color.r) / 255), .number(Double(stop.color.g) / 255), .number(Double(stop.color.b) / 255)]
    }
    for stop in gradient.stops { colors += [.number(stop.offset), .number(stop.opacity)] }
    let stops: (String, LottieJSON) = ("g", .object([("p", .number(Double(gradient.stops.count))), ("k", .object([("a", 0), ("k", .array(colors))]))]))
    switch gradient.geometry {
    case let .linear(x1, y1, x2, y2):
      return [("t", 1), ("s", point(x1, y1)), ("e", point(x2, y2)), stops]
    case let .radial(cx, cy, r, fx, fy, _):
      // The focus as Lottie's highlight: its distance from the centre, as a share of the
      // radius (in percent), and its angle from the line to the end point (degrees).
      let length = hypot(fx - cx, fy - cy), highlight = r > 0 ? 100 * length / r : 0
      let angle = length > 0 ? atan2(fy - cy, fx - cx) * 180 / .pi : 0
      return [("t", 2), ("s", point(cx, cy)), ("e", point(cx + r, cy)), ("h", .object([("a", 0), ("k", .number(highlight))])), ("a", .object([("a", 0), ("k", .number(angle))])), stops]
    }
  }

  /// A gradient's members keyframed when the paint is a gradient like the first at every
  /// keyframe (`Gradient.interpolated`): its ends, highlight and stops; the first's otherwise.
  static func animatedGradientMembers(_ paints: [CurveStyle.Paint?], keyed: Keyed, first: Gradient) -> [(String, LottieJSON)] {
    let gradients = paints.compactMap { paint -> Gradient? in
      guard case .gradient(let gradient)? = paint, first.interpolated(to: gradient, 0) != nil else { return nil }
      return gradient
    }
    let still = gradientMembers(first, on: keyed.curves[0])
    guard gradients.count == paints.count, Set(gradients).count > 1 else { return still }
    let each = zip(gradients, keyed.curves).map { gradientMembers($0, on: $1) }
    /// The value a still property holds (`{"a": 0, "k": value}`).
    func value(_ property: LottieJSON) -> LottieJSON? {
      guard case .object(let members) = property, let k = members.first(where: { $0.0 == "k" }) else { return nil }
      return k.1
    }
    return still.indices.map { index in
      let (name, member) = still[index]
      switch name {
      case "t": return (name, member)
      case "g":
        // {"p": count, "k": {"a": 0, "k": colours}}: the colours keyed.
        let colours = each.map { $0[index].1 }.compactMap(value).compactMap(value)
        return (name, .object([("p", .number(Double(first.stops.count))), ("k", keyed.property(colours))]))
      default:
        return (name, keyed.property(each.map { value($0[index].1) ?? member }))
      }
    }
  }

  static func rgba(_ color: RGBColor) -> LottieJSON {
    [.number(Double(color.r) / 255), .number(Double(color.g) / 255), .number(Double(color.b) / 255), 1]
  }

  /// A style with every unset field as the editor draws it (`CurveStyle.unsetLook`), as SVG
  /// export writes it.
  static func resolved(_ style: CurveStyle) -> CurveStyle {
    let look = CurveStyle.unsetLook
    var result = style
    result.fill = style.fill ?? look.fill
    result.fillOpacity = style.fillOpacity ?? look.fillOpacity
    result.stroke = style.stroke ?? look.stroke
    result.strokeWidth = style.strokeWidth ?? look.strokeWidth
    result.strokeOpacity = style.strokeOpacity ?? look.strokeOpacity
    result.opacity = style.opacity ?? look.opacity
    result.lineCap = style.lineCap ?? look.lineCap
    result.lineJoin = style.lineJoin ?? look.lineJoin
    result.miterLimit = style.miterLimit ?? look.miterLimit
    return result
  }

  /// A subpath as a Lottie shape: its vertices (each segment's start, and an open subpath's
  /// end), each with its in and out tangents relative to it.
  static func shape(_ subpath: Document.SubpathRecord, halvings: [Int]? = nil) -> LottieJSON {
    var cubics: [[Point]] = []
    for (index, segment) in subpath.segments.enumerated() {
      switch segment.count {
      case 2: cubics.append([segment[0], segment[0], segment[1], segment[1]])
      case 3:
        let (p0, p1, p2) = (segment[0], segment[1], segment[2])
        cubics.append([p0, p0 + (p1 - p0) * (2.0 / 3), p2 + (p1 - p2) * (2.0 / 3), p2])
      case 4: cubics.append(segment)
      default:
        let curve = Bezier(segment)
        let parts = halvings.map { curve?.cubics(halvings: $0[index]) } ?? curve?.cubics(tolerance: cubicTolerance)
        cubics += (parts ?? []).map(\.controlPoints)
      }
    }
    guard !cubics.isEmpty else {
      let point = subpath.points.first.map { Point(x: $0.x, y: $0.y) } ?? Point(x: 0, y: 0)
      return .object([("c", .bool(false)), ("v", [pair(point)]), ("i", [[0, 0]]), ("o", [[0, 0]])])
    }
    var vertices = cubics.map { $0[0] }, ins = [Point(x: 0, y: 0)], outs: [Point] = []
    for (index, cubic) in cubics.enumerated() {
      outs.append(cubic[1] - cubic[0])
      if index + 1 < cubics.count { ins.append(cubic[2] - cubic[3]) }
    }
    if subpath.closed {
      ins[0] = cubics.last![2] - cubics.last![3]
    } else {
      vertices.append(cubics.last![3])
      ins.append(cubics.last![2] - cubics.last![3])
      outs.append(Point(x: 0, y: 0))
    }
    return .object([("c", .bool(subpath.closed)), ("v", .array(vertices.map(pair))), ("i", .array(ins.map(pair))), ("o", .array(outs.map(pair)))])
  }

  static func pair(_ point: Point) -> LottieJSON { [.number(point.x), .number(point.y)] }

  /// A curve at each of its track's keyframes, and how each keyframe eases on to the next.
  struct Keyed {
    var times: [Double]
    var easings: [Easing]
    /// How the style leaves each keyframe (`Keyframe.easingOfStyle`); nil: as `easings`.
    var styleEasings: [Easing]? = nil

    /// The keys as the style's properties move between them.
    var styled: Keyed {
      var keys = self
      if let styleEasings { keys.easings = styleEasings }
      return keys
    }
    var curves: [Document.CurveRecord]
    var fps: Double
    /// A bouncing timeline's duration: the keyframes are written there and back.
    var bounce: Double?

    /// A property whose value at each keyframe is `values`: still (`a: 0`) when they are
    /// all equal, else keyframed. Shapes are `wrap`ped in an array, as Lottie keys them.
    func property(_ values: [LottieJSON], wrap: Bool = false) -> LottieJSON {
      guard values.contains(where: { $0 != values[0] }) else { return .object([("a", 0), ("k", values[0])]) }
      var keys: [(time: Double, value: LottieJSON, easing: Easing)] = zip(times, zip(values, easings)).map { ($0, $1.0, $1.1) }
      if let duration = bounce {
        // Back again: each interval reversed in time, its easing turned half a turn; a held
        // interval shows its first value all the way back, so it jumps as it starts.
        var back: [(time: Double, value: LottieJSON, easing: Easing)] = []
        for index in keys.indices.dropLast().reversed() {
          let start = 2 * duration - keys[index + 1].time
          if keys[index].easing == .hold {
            back += [(start, keys[index + 1].value, .hold), (start + 1e-3 / fps, keys[index].value, .hold)]
          } else {
            back.append((start, keys[index + 1].value, keys[index].easing.reversed))
          }
        }
        back.append((2 * duration - keys[0].time, keys[0].value, .linear))
        // A last keyframe at the turn is the first of the way back.
        if let turn = back.first, abs(turn.time - keys[keys.count - 1].time) < 1e-9 {
          keys[keys.count - 1].easing = turn.easing
          back.removeFirst()
        }
        keys += back
      }
      let frames: [LottieJSON] = keys.enumerated().map { index, key in
        let value = wrap ? LottieJSON.array([key.value]) : (key.value.isArray ? key.value : [key.value])
        var members: [(String, LottieJSON)] = [("t", .number(key.time * fps)), ("s", value)]
        if index + 1 < keys.count {
          if let points = key.easing.controlPoints {
            members += [("o", .object([("x", [.number(points.x1)]), ("y", [.number(points.y1)])])), ("i", .object([("x", [.number(points.x2)]), ("y", [.number(points.y2)])]))]
          } else {
            members.append(("h", 1))
          }
        }
        return .object(members)
      }
      return .object([("a", 1), ("k", .array(frames))])
    }
  }
}

extension LottieJSON {
  var isArray: Bool {
    if case .array = self { return true }
    return false
  }
}
