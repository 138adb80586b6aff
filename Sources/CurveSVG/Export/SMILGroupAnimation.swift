import CurveDocument
import CurveGeometry

/// A group's keyframes as SMIL: an `<animate>` of its opacity on its `<g>`, and its
/// transform's parts on a `<g>` just inside it, one `<animateTransform>` a part, each added
/// to the one before (the first replacing that inner `<g>`'s own transform, which is the
/// parts at 0 s, so a renderer without SMIL shows the first frame):
///
/// ```xml
/// <g id="wheel" transform="matrix(1 0 0 1 20 0)">
///   <g transform="matrix(…)">
///     <animateTransform attributeName="transform" type="translate" values="50 50;50 50" …/>
///     <animateTransform attributeName="transform" type="rotate" values="0;360" additive="sum" …/>
///     <animateTransform attributeName="transform" type="translate" values="-50 -50;-50 -50" additive="sum" …/>
/// ```
///
/// The parts compose as `Timeline.TransformParts.matrix` does: translate (with the origin),
/// rotate, skewX, scale, then back from the origin; those that stay the identity throughout
/// are left out.
struct SMILGroupAnimation {
  /// The `<animate>` lines for the group's own `<g>`.
  var opacity: [String] = []
  /// The inner `<g>`'s transform at 0 s (nil when the transform does not animate).
  var innerTransform: Affine?
  /// The `<animateTransform>` lines inside the inner `<g>`.
  var transform: [String] = []

  init(group: Group, track: Timeline.GroupTrack, timeline: Timeline) {
    let entries = SMILAnimation.schedule(keys: track.keyframes.map { ($0.time, $0.easing) }, timeline: timeline)
    let values = entries.map { track.value(at: $0.moment, from: group) ?? (.identity, group.opacity) }
    let timing = SMILAnimation.timing(entries, timeline: timeline)
    let number = SVGExport.number
    func animate(_ element: String, _ type: String, _ texts: [String], additive: Bool) -> String {
      let kind = element == "animateTransform" ? #" type="\#(type)""# : ""
      let name = element == "animateTransform" ? "transform" : type
      return #"<\#(element) attributeName="\#(name)"\#(kind) \#(timing.begin) values="\#(texts.joined(separator: ";"))" \#(timing.end)\#(additive ? #" additive="sum""# : "")/>"#
    }
    let opacities = values.map { number($0.opacity) }
    if Set(opacities).count > 1 { opacity = [animate("animate", "opacity", opacities, additive: false)] }

    let parts = values.map(\.transform)
    guard Set(parts.map { [$0.translate.x, $0.translate.y, $0.rotate, $0.skewX, $0.scale.x, $0.scale.y, $0.origin.x, $0.origin.y] }).count > 1 else {
      // Still throughout: the parts are written into the inner `<g>` with nothing to play.
      if let still = parts.first, still != .identity { innerTransform = still.matrix }
      return
    }
    innerTransform = parts[0].matrix
    func pair(_ point: Point) -> String { "\(number(point.x)) \(number(point.y))" }
    let turns = parts.contains { $0.rotate != 0 || $0.skewX != 0 || $0.scale != Point(x: 1, y: 1) }
    let aboutOrigin = turns && parts.contains { $0.origin != .zero }
    var steps: [(type: String, texts: [String])] = []
    let moves = parts.map { aboutOrigin ? $0.translate + $0.origin : $0.translate }
    if moves.contains(where: { $0 != .zero }) { steps.append(("translate", moves.map(pair))) }
    if parts.contains(where: { $0.rotate != 0 }) { steps.append(("rotate", parts.map { number($0.rotate) })) }
    if parts.contains(where: { $0.skewX != 0 }) { steps.append(("skewX", parts.map { number($0.skewX) })) }
    if parts.contains(where: { $0.scale != Point(x: 1, y: 1) }) { steps.append(("scale", parts.map { pair($0.scale) })) }
    if aboutOrigin { steps.append(("translate", parts.map { pair(Point(x: -$0.origin.x, y: -$0.origin.y)) })) }
    transform = steps.enumerated().map { index, step in animate("animateTransform", step.type, step.texts, additive: index > 0) }
  }
}
