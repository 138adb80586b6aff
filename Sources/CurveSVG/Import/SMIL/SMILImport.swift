import CurveDocument
import CurveGeometry
import FoundationEssentials

/// SMIL animation read back as a timeline: each shape's `<animate>` children on `d`, `fill`,
/// `stroke`, `opacity`, `fill-opacity`, `stroke-opacity` and `stroke-width` become its track.
///
/// Each `<animate>` gives its values (`values`, or `from` and `to`) at its key times
/// (`keyTimes`, or evenly spread), over `dur` from `begin` (a time), played `linear`,
/// `discrete`, `paced` or `spline` (with `keySplines`); `repeatCount="indefinite"` loops the
/// timeline. A shape's keyframes fall at every key time of any of its animations, each holding
/// every animated value then; an interval takes its easing from the animations running
/// through it, each the part of its own interval there (`Easing.part`), the shape's `d` apart
/// from the style's attributes (`Keyframe.styleEasing`); linear where the style's attributes
/// disagree. Two equal key times (a jump) make the interval before them a `hold`. A file exported by `export-svg --animated`
/// comes back with its keyframes (an overshooting easing, which it cuts into pieces, as those
/// pieces; a bouncing timeline, which it writes there and back, as a bounce again: `timeline`).
/// A gradient's `<animate>`s (and its stops') move each shape it paints (`PaintAnimation`).
/// A `<g>`'s opacity and transforms become its group's track (`groupTrack`), and the root's
/// `<animate>` of its `viewBox` the timeline's view (`view(of:still:)`). What is not read
/// (`<animateMotion>`, `<set>`, a `begin` on an event, `by`) is reported as a repair and kept
/// verbatim, naming its target by href (`keptVerbatim`), so `export-svg` writes it back.
enum SMILImport {
  static let elementNames: Set<String> = ["animate", "animateTransform", "animateMotion", "animateColor", "set"]
  static let attributes: Set<String> = ["d", "fill", "stroke", "opacity", "fill-opacity", "stroke-opacity", "stroke-width"]
  /// The `<animateTransform>` types read, in the order `Timeline.TransformParts` composes them.
  static let transformTypes = ["translate", "rotate", "skewX", "scale"]
  /// The longest a timeline runs (`Document`'s limit): an animation ending later is not read.
  static let longest = 3600.0

  /// The root's `<animate>` of its `viewBox`, read, when it has one that can be: the
  /// timeline's view. Before it begins the view is the root's own `viewBox` (`still`).
  static func view(of root: SVGElement, still: Rect?) -> ViewAnimation? {
    guard let element = root.children.first(where: animatesViewBox),
      case let .success(animation) = Self.animation(element, readable: ["viewBox"])
    else { return nil }
    var keyframes: [Timeline.ViewKeyframe] = []
    if animation.begin > 0, let still { keyframes.append(Timeline.ViewKeyframe(time: 0, box: still, easing: .hold)) }
    for (index, (time, text)) in zip(animation.times, animation.values).enumerated() {
      let numbers = SVGNumbers.all(text) ?? []
      guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0 else { return nil }
      let box = Rect(minX: numbers[0], minY: numbers[1], maxX: numbers[0] + numbers[2], maxY: numbers[1] + numbers[3])
      let easing = index < animation.easings.count ? animation.easings[index] : .linear
      // Two equal key times are a jump: the interval before it holds, then the later box.
      if let last = keyframes.last, abs(last.time - time) < 1e-9 {
        keyframes[keyframes.count - 1].box = box
        keyframes[keyframes.count - 1].easing = easing
        if keyframes.count > 1 { keyframes[keyframes.count - 2].easing = .hold }
      } else {
        keyframes.append(Timeline.ViewKeyframe(time: time, box: box, easing: easing))
      }
    }
    return ViewAnimation(keyframes: keyframes, end: animation.begin + animation.duration, repeats: animation.repeats, element: element)
  }

  /// Whether `element` is an `<animate>` of a `viewBox`.
  static func animatesViewBox(_ element: SVGElement) -> Bool {
    element.name == "animate" && element.attributes["attributeName"]?.trimmingWhitespace() == "viewBox"
  }

  /// The root's animated `viewBox`, read (`view(of:still:)`).
  struct ViewAnimation {
    var keyframes: [Timeline.ViewKeyframe]
    var end: Double
    var repeats: Bool
    /// The `<animate>` it was read from.
    var element: SVGElement
  }

  /// The timeline of `shapes`' animations (`curves` are the shapes as the document holds
  /// them) and of the root's `view`: a loop when any repeats indefinitely, else played once;
  /// nil when none animates. A loop whose every track runs there and back (as a bounce is
  /// exported) is a bounce of half its length.
  static func timeline(
    shapes: [SVGShape], curves: [Document.CurveRecord], layers: [SVGLayerGroup], groups: inout [Group], view: ViewAnimation? = nil,
    paints: @escaping (SVGShape.AnimatedGradient, Double) -> CurveStyle.Paint? = { _, _ in nil }, makeID: () -> UUID, reasons: inout [String],
    kept: inout [KeptElement]
  ) -> Timeline? {
    var tracks: [Timeline.Track] = [], groupTracks: [Timeline.GroupTrack] = [], end = view?.end ?? 0, repeats = view?.repeats ?? false
    for (shape, curve) in zip(shapes, curves) where !shape.animations.isEmpty || !shape.animatedGradients.isEmpty {
      var unread: [SVGElement] = []
      defer { kept += unread.map { keptVerbatim($0, target: "curve-" + curve.id.uuidString.lowercased()) } }
      let moving = shape.animatedGradients.map { gradient in
        PaintAnimation(property: gradient.property, animations: gradientAnimations(gradient.element, reasons: &reasons)) { time in paints(gradient, time) }
      }
      guard let found = track(of: curve, animations: shape.animations, paints: moving, placement: shape.placement, makeID: makeID, reasons: &reasons, unread: &unread)
      else { continue }
      tracks.append(found.track)
      end = max(end, found.end)
      repeats = repeats || found.repeats
    }
    for (layer, index) in zip(layers, groups.indices) where !layer.animations.isEmpty {
      var unread: [SVGElement] = []
      defer { kept += unread.map { keptVerbatim($0, target: groups[index].id) } }
      guard let found = groupTrack(of: &groups[index], layer: layer, reasons: &reasons, unread: &unread) else { continue }
      groupTracks.append(found.track)
      end = max(end, found.end)
      repeats = repeats || found.repeats
    }
    let viewKeyframes = view?.keyframes ?? []
    guard !tracks.isEmpty || !groupTracks.isEmpty || !viewKeyframes.isEmpty, end > 0 else { return nil }
    var timeline = Timeline(duration: end, repeat: repeats ? .loop : .once, tracks: tracks, groupTracks: groupTracks, view: viewKeyframes)
    if repeats, groupTracks.isEmpty, tracks.allSatisfy({ isThereAndBack($0, over: end) }), viewKeyframes.isEmpty || isThereAndBack(viewKeyframes, over: end) {
      timeline.duration = end / 2
      timeline.repeat = .pingPong
      timeline.tracks = tracks.map { track in
        var half = track
        half.keyframes = track.keyframes.filter { $0.time <= end / 2 + 1e-9 }
        return half
      }
      timeline.view = viewKeyframes.filter { $0.time <= end / 2 + 1e-9 }
    }
    return timeline
  }

  /// Whether `track` over `duration` runs back the way it came: its keyframes mirrored about
  /// the middle, with the same shapes and styles.
  static func isThereAndBack(_ track: Timeline.Track, over duration: Double) -> Bool {
    let keys = track.keyframes
    guard keys.count >= 3, keys.count % 2 == 1, !keys.contains(where: { $0.easing == .hold || $0.easingOfStyle == .hold }) else { return false }
    // Each interval on the way back eases as its partner there, played backwards.
    for index in 0..<(keys.count - 1) / 2 {
      let there = keys[index], back = keys[keys.count - 2 - index]
      if there.easing.reversed != back.easing || there.easingOfStyle.reversed != back.easingOfStyle { return false }
    }
    func places(_ key: Timeline.Keyframe) -> [[Double]]? { key.subpaths?.map { $0.points.flatMap { [$0.x, $0.y] } } }
    return zip(keys, keys.reversed()).allSatisfy { a, b in
      abs(a.time + b.time - duration) < 1e-6 && a.style == b.style
        && zip(places(a) ?? [], places(b) ?? []).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) < 1e-9 } }
    }
  }

  /// An animated group as `export-svg --animated` writes it made one group again: a `<g>`
  /// with its own transform and its opacity's `<animate>` holding only a plain `<g>` with the
  /// transform's `<animateTransform>`s (`SMILGroupAnimation`). The inner group's keyframes
  /// join the outer one's (same times and easings), its curves and groups move to the outer
  /// one, and it goes; any other pair of groups is left as the file has it.
  static func joinExportedInnerGroups(_ document: inout Document) {
    guard var timeline = document.timeline, !timeline.groupTracks.isEmpty else { return }
    for inner in document.groups {
      guard let outerID = inner.parent, let outer = document.groups.first(where: { $0.id == outerID }),
        inner.label == nil, inner.transform == .identity, !inner.isLayer,
        let innerTrack = timeline.groupTracks.firstIndex(where: { $0.group == inner.id }),
        timeline.groupTracks[innerTrack].keyframes.allSatisfy({ $0.opacity == nil && $0.transform != nil }),
        document.groups.allSatisfy({ $0.parent != outerID || $0.id == inner.id }),
        !document.curves.contains(where: { $0.group == outerID }), !document.kept.contains(where: { $0.group == outerID })
      else { continue }
      let keyframes = timeline.groupTracks[innerTrack].keyframes
      if let outerTrack = timeline.groupTracks.firstIndex(where: { $0.group == outer.id }) {
        let own = timeline.groupTracks[outerTrack].keyframes
        guard own.count == keyframes.count, zip(own, keyframes).allSatisfy({ $0.time == $1.time && $0.easing == $1.easing && $0.transform == nil }) else { continue }
        timeline.groupTracks[outerTrack].keyframes = zip(own, keyframes).map { opacity, parts in
          Timeline.GroupKeyframe(time: opacity.time, transform: parts.transform, opacity: opacity.opacity, easing: opacity.easing)
        }
        timeline.groupTracks.remove(at: innerTrack)
      } else {
        timeline.groupTracks[innerTrack].group = outer.id
      }
      for index in document.curves.indices where document.curves[index].group == inner.id { document.curves[index].group = outer.id }
      for index in document.groups.indices where document.groups[index].parent == inner.id { document.groups[index].parent = outer.id }
      for index in document.kept.indices where document.kept[index].group == inner.id { document.kept[index].group = outer.id }
      document.groups.removeAll { $0.id == inner.id }
    }
    document.timeline = timeline
  }

  /// Whether the view's keyframes over `duration` run back the way they came, as
  /// `isThereAndBack(_:over:)` asks of a track.
  static func isThereAndBack(_ keys: [Timeline.ViewKeyframe], over duration: Double) -> Bool {
    guard keys.count >= 3, keys.count % 2 == 1, !keys.contains(where: { $0.easing == .hold }) else { return false }
    for index in 0..<(keys.count - 1) / 2 where keys[index].easing.reversed != keys[keys.count - 2 - index].easing {
      return false
    }
    func numbers(_ box: Rect) -> [Double] { [box.minX, box.minY, box.width, box.height] }
    return zip(keys, keys.reversed()).allSatisfy { a, b in
      abs(a.time + b.time - duration) < 1e-6 && zip(numbers(a.box), numbers(b.box)).allSatisfy { abs($0 - $1) < 1e-9 }
    }
  }

  /// The attributes of a gradient and of its stops that are read when animated.
  static let gradientAttributes: Set<String> = ["x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "fr", "offset", "stop-color", "stop-opacity"]

  /// A paint of a shape that moves: a gradient whose attributes or stops have `<animate>`s
  /// (as `export-svg --animated` writes a gradient that moves), read, and how to paint the
  /// shape with it as it is at a time.
  struct PaintAnimation {
    /// "fill" or "stroke".
    var property: String
    var animations: [Animation]
    /// The shape's paint with the gradient as it is at a time.
    var paint: (Double) -> CurveStyle.Paint?
  }

  /// The `<animate>`s of `gradient` and of its stops, read; those that cannot be are said in
  /// `reasons`.
  static func gradientAnimations(_ gradient: SVGElement, reasons: inout [String]) -> [Animation] {
    let elements = gradient.children.filter { $0.name == "animate" } + gradient.children.filter { $0.name == "stop" }.flatMap { $0.children.filter { $0.name == "animate" } }
    return elements.compactMap { element in
      switch animation(element, readable: gradientAttributes) {
      case let .success(animation): return animation
      case let .failure(failure):
        reasons.append(failure.reason + " (in a gradient)")
        return nil
      }
    }
  }

  /// `gradient` with each animated attribute (its own and its stops') set to its value at
  /// `time`: a gradient element to paint with as it is then.
  static func animated(_ gradient: SVGElement, at time: Double) -> SVGElement {
    func settled(_ element: SVGElement) -> SVGElement {
      var copy = element
      for child in element.children where child.name == "animate" {
        guard case let .success(animation) = animation(child, readable: gradientAttributes) else { continue }
        copy.attributes[animation.attribute] = value(of: animation, at: time)
      }
      copy.children = element.children.map { $0.name == "stop" ? settled($0) : $0 }
      return copy
    }
    return settled(gradient)
  }

  /// A shape's track, with how long its animations run and whether one loops; nil when none
  /// of them could be read (`reasons` then says why, for each). `paints` are its gradients
  /// that move.
  static func track(
    of curve: Document.CurveRecord, animations elements: [SVGElement], paints: [PaintAnimation] = [], placement: Affine,
    makeID: () -> UUID, reasons: inout [String], unread: inout [SVGElement]
  ) -> (track: Timeline.Track, end: Double, repeats: Bool)? {
    var animations: [Animation] = []
    for element in elements {
      switch animation(element) {
      case let .success(animation) where animation.attribute.hasPrefix("transform:"):
        reasons.append("an <animateTransform> on a shape is not read (on a <g> it is)")
        unread.append(element)
      case let .success(animation): animations.append(discreteWhereIncompatible(animation))
      case let .failure(failure):
        reasons.append(failure.reason)
        unread.append(element)
      }
    }
    let paintAnimations = paints.flatMap(\.animations)
    guard !animations.isEmpty || !paintAnimations.isEmpty else { return nil }
    // Every key time, once; a jump (two equal key times) once, taking its later value.
    let times = Array(Set((animations + paintAnimations).flatMap(\.times))).sorted()
    let scale = abs(placement.a * placement.d - placement.b * placement.c).squareRoot()
    var keyframes: [Timeline.Keyframe] = []
    for time in times {
      var keyframe = Timeline.Keyframe(time: time)
      var style = curve.style
      for animation in animations {
        let value = self.value(of: animation, at: time)
        switch animation.attribute {
        case "d":
          let path = SVGPathData.subpaths(value, arcTolerance: SVGImport.arcTolerance).subpaths.map { subpath in
            SVGSubpath(start: placement.apply(to: subpath.start), segments: subpath.segments.map { $0.applying(placement) }, isClosed: subpath.isClosed)
          }
          if !path.isEmpty { keyframe.subpaths = path.map { SVGImport.record($0, makeID: makeID) } }
        case "fill", "stroke":
          let paint: CurveStyle.Paint? = value == "none" ? CurveStyle.Paint.none : SVGColor(value).map { .color($0.rgb) }
          if animation.attribute == "fill" { style.fill = paint ?? style.fill } else { style.stroke = paint ?? style.stroke }
        default:
          guard let number = SVGNumbers.number(value) else { continue }
          switch animation.attribute {
          case "opacity": style.opacity = min(max(number, 0), 1)
          case "fill-opacity": style.fillOpacity = min(max(number, 0), 1)
          case "stroke-opacity": style.strokeOpacity = min(max(number, 0), 1)
          default: style.strokeWidth = max(number, 0) * scale
          }
        }
      }
      for paint in paints {
        guard let value = paint.paint(time) else { continue }
        if paint.property == "fill" { style.fill = value } else { style.stroke = value }
      }
      let shapes = animations.filter { $0.attribute == "d" }, styles = animations.filter { $0.attribute != "d" } + paintAnimations
      if !styles.isEmpty { keyframe.style = style }
      // The shape and the style each ease as their own animations do (a linear stroke-width
      // beside an eased d stays linear).
      let shapeEasing = easing(from: time, in: shapes, times: times), styleEasing = easing(from: time, in: styles, times: times)
      keyframe.easing = shapeEasing ?? styleEasing ?? .linear
      keyframe.styleEasing = styleEasing == keyframe.easing ? nil : styleEasing
      keyframes.append(keyframe)
    }
    let all = animations + paintAnimations
    let end = all.map { $0.begin + $0.duration }.max()!
    return (Timeline.Track(curve: curve.id, keyframes: keyframes), end, all.contains(where: \.repeats))
  }

  /// A group's track from its `<animate>` of `opacity` and its `<animateTransform>`s, with
  /// how long they run and whether one loops; nil when none could be read. The transforms
  /// are read when their types come in the order `TransformParts` composes them (translate,
  /// rotate, skewX, scale; each once; a rotation about a centre only when it is the last),
  /// the first replacing the `<g>`'s own transform (`group` then keeps only what is outside
  /// it) or adding to it, the rest adding.
  static func groupTrack(
    of group: inout Group, layer: SVGLayerGroup, reasons: inout [String], unread: inout [SVGElement]
  ) -> (track: Timeline.GroupTrack, end: Double, repeats: Bool)? {
    var opacity: Animation?, transforms: [Animation] = [], transformElements: [SVGElement] = []
    for element in layer.animations {
      switch animation(element) {
      case let .success(animation) where animation.attribute == "opacity" && opacity == nil: opacity = animation
      case let .success(animation) where animation.attribute.hasPrefix("transform:"):
        transforms.append(animation)
        transformElements.append(element)
      case let .success(animation):
        reasons.append("an <\(element.name)> of \(animation.attribute) on a <g> is not read")
        unread.append(element)
      case let .failure(failure):
        reasons.append(failure.reason)
        unread.append(element)
      }
    }
    // A last translate after a turn, a slant or a scale is the way back from their origin
    // (as Curves writes one: `SMILGroupAnimation`).
    var back: Animation?
    if transforms.count >= 2, transforms.last!.attribute == "transform:translate", transforms.last!.additive,
      transforms.dropLast().contains(where: { ["transform:rotate", "transform:skewX", "transform:scale"].contains($0.attribute) }) {
      back = transforms.removeLast()
    }
    let types = transforms.map { String($0.attribute.dropFirst("transform:".count)) }
    let ranks = types.compactMap { transformTypes.firstIndex(of: $0) }
    let centred = transforms.contains { $0.attribute == "transform:rotate" && $0.values.contains { numbers($0).count >= 3 && numbers($0)[1...2] != [0, 0] } }
    if !transforms.isEmpty, !(zip(ranks, ranks.dropFirst()).allSatisfy { $0 < $1 }) || transforms.dropFirst().contains(where: { !$0.additive })
      || (centred && (types.last != "rotate" || back != nil)) {
      reasons.append("<animateTransform>s of \(types.joined(separator: ", ")) on a <g> are not read: Curves reads them in the order translate, rotate, skewX, scale, each adding to the one before")
      transforms = []
      back = nil
      unread += transformElements
    }
    let animations = (opacity.map { [$0] } ?? []) + transforms + (back.map { [$0] } ?? [])
    guard !animations.isEmpty else { return nil }
    if let first = transforms.first, !first.additive { group.transform = layer.outside }
    let times = Array(Set(animations.flatMap(\.times))).sorted()
    let keyframes = times.map { time in
      var keyframe = Timeline.GroupKeyframe(time: time)
      if let opacity, let number = SVGNumbers.number(value(of: opacity, at: time)) { keyframe.opacity = min(max(number, 0), 1) }
      if !transforms.isEmpty {
        var parts = Timeline.TransformParts.identity
        for animation in transforms {
          let values = numbers(value(of: animation, at: time))
          switch animation.attribute {
          case "transform:translate": parts.translate = Point(x: values.first ?? 0, y: values.count > 1 ? values[1] : 0)
          case "transform:rotate":
            parts.rotate = values.first ?? 0
            if values.count >= 3 { parts.origin = Point(x: values[1], y: values[2]) }
          case "transform:skewX": parts.skewX = values.first ?? 0
          default: parts.scale = Point(x: values.first ?? 1, y: values.count > 1 ? values[1] : values.first ?? 1)
          }
        }
        if let back {
          let values = numbers(value(of: back, at: time))
          parts.origin = Point(x: -(values.first ?? 0), y: -(values.count > 1 ? values[1] : 0))
          parts.translate = parts.translate - parts.origin
        }
        keyframe.transform = parts.isFinite ? parts : nil
      }
      keyframe.easing = easing(from: time, in: animations, times: times) ?? .linear
      return keyframe
    }
    let end = animations.map { $0.begin + $0.duration }.max()!
    return (Timeline.GroupTrack(group: group.id, keyframes: keyframes), end, animations.contains(where: \.repeats))
  }

  /// An animation element Curves does not read, kept as it was with an href to what it
  /// animated (the curve's or the group's id as `export-svg` writes it), so the export plays it.
  static func keptVerbatim(_ element: SVGElement, target: String) -> KeptElement {
    KeptElement(name: element.qualifiedName, xml: element.xml(replacingAttributes: ["href": nil, "xlink:href": "#" + target]), before: nil)
  }
}
