import CurveDocument
import CurveGeometry
import FoundationEssentials
import Glibc

/// Groups that move over time, as Lottie moves them: by parenting. Each group in the chain
/// of a moving group (one with a track, or inside one) is a null layer (`ty: 3`) carrying its
/// own transform, decomposed into Lottie's parts; a group with a track has a second null layer
/// inside that one, carrying its keyframed parts (`Timeline.TransformParts` are Lottie's:
/// position, anchor, rotation, skew, scale). The curves of a moving group are drawn in the
/// group's own coordinates, in layers parented to its innermost null layer, so the player
/// turns them exactly as `Document.frame(at:)` does. A null layer's opacity does not reach its
/// children in Lottie: a group that fades is a precomposition (`outermostFading`), and each
/// composition has null layers of its own.
struct LottieGroups {
  let document: Document
  let timeline: Timeline?
  let fps: Double
  let frames: Double
  private let groups: [String: Group]
  private let tracks: [String: Timeline.GroupTrack]
  /// The null layers written so far, and the index of each group's innermost one.
  private(set) var layers: [LottieJSON] = []
  private var innermost: [String: Int] = [:]
  private var nextIndex: Int

  init(document: Document, timeline: Timeline?, fps: Double, frames: Double, firstIndex: Int) {
    self.document = document
    self.timeline = timeline
    self.fps = fps
    self.frames = frames
    groups = Dictionary(document.groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    tracks = Dictionary((timeline?.groupTracks ?? []).filter { !$0.keyframes.isEmpty }.map { ($0.group, $0) }, uniquingKeysWith: { first, _ in first })
    nextIndex = firstIndex
  }

  /// The groups `group` is in, outermost first.
  private func chain(of group: String?) -> [Group] { Group.chain(of: group, in: groups) }

  /// Whether a curve in `group` moves with a group track (its group's or an outer one's).
  func isMoving(_ group: String?) -> Bool {
    !tracks.isEmpty && chain(of: group).contains { tracks[$0.id] != nil }
  }

  /// The index of the null layer a curve in `group` is parented to, writing the chain's null
  /// layers the first time.
  mutating func parent(of group: String) -> Int {
    var parent: Int?
    for member in chain(of: group) {
      if let known = innermost[member.id] {
        parent = known
        continue
      }
      for (step, parts) in Self.unslanted(member.transform).enumerated() {
        parent = nullLayer(name: "group \(member.id)" + (step > 0 ? " turn" : ""), transform: parts, parent: parent)
      }
      if let track = tracks[member.id] {
        let keyed = keyed(track, of: member)
        let parts = track.filledKeyframes(from: member).map { $0.transform ?? .identity }
        parent = nullLayer(name: "group \(member.id) keyframes", keyed: (keyed, parts), parent: parent)
      }
      innermost[member.id] = parent
    }
    return parent!
  }

  /// The outermost group `group` is in, inside `within` (all of them when nil), that fades:
  /// its opacity under 1, or keyed by its track. Lottie fades such a group's layers as one
  /// through a precomposition (`LottieExport.composition`), as a group layer blends.
  func outermostFading(_ group: String?, within: String?) -> Group? {
    var members = chain(of: group)[...]
    if let within, let at = members.firstIndex(where: { $0.id == within }) { members = members[(at + 1)...] }
    return members.first { $0.opacity < 1 || (tracks[$0.id]?.keyframes.contains { $0.opacity != nil } ?? false) }
  }

  /// The layer opacity (`ks.o`) of `group`'s precomposition: its own, still or keyframed with
  /// its track's easing.
  func opacity(of group: Group) -> LottieJSON {
    guard let track = tracks[group.id], track.keyframes.contains(where: { $0.opacity != nil }) else {
      return .object([("a", 0), ("k", .number(100 * group.opacity))])
    }
    let values = track.filledKeyframes(from: group).map { LottieJSON.number(100 * ($0.opacity ?? group.opacity)) }
    return keyed(track, of: group).property(values)
  }

  private func keyed(_ track: Timeline.GroupTrack, of group: Group) -> LottieExport.Keyed {
    LottieExport.Keyed(
      times: track.keyframes.map(\.time), easings: track.keyframes.map(\.easing), curves: [], fps: fps,
      bounce: timeline.flatMap { $0.repeat == .pingPong ? $0.duration : nil }
    )
  }

  private mutating func nullLayer(name: String, transform: Timeline.TransformParts, parent: Int?) -> Int {
    let still = LottieExport.Keyed(times: [0], easings: [.linear], curves: [], fps: fps, bounce: nil)
    return nullLayer(name: name, keyed: (still, [transform]), parent: parent)
  }

  /// A null layer whose transform takes `keyed.parts` at its keyframes.
  private mutating func nullLayer(name: String, keyed: (times: LottieExport.Keyed, parts: [Timeline.TransformParts]), parent: Int?) -> Int {
    let (times, parts) = keyed
    let index = nextIndex
    nextIndex += 1
    let transform = LottieJSON.object([
      ("o", LottieExport.static100),
      ("r", times.property(parts.map { .number($0.rotate) })),
      ("p", times.property(parts.map { [.number($0.translate.x + $0.origin.x), .number($0.translate.y + $0.origin.y), 0] })),
      ("a", times.property(parts.map { [.number($0.origin.x), .number($0.origin.y), 0] })),
      ("s", times.property(parts.map { [.number(100 * $0.scale.x), .number(100 * $0.scale.y), 100] })),
      // Lottie's skew slants the other way round from SVG's skewX.
      ("sk", times.property(parts.map { .number(-$0.skewX) })), ("sa", .object([("a", 0), ("k", 0)])),
    ])
    var members: [(String, LottieJSON)] = [("ddd", 0), ("ind", .number(Double(index))), ("ty", 3), ("nm", .string(name)), ("sr", 1), ("ks", transform), ("ao", 0)]
    if let parent { members.append(("parent", .number(Double(parent)))) }
    members += [("ip", 0), ("op", .number(frames)), ("st", 0), ("bm", 0)]
    layers.append(.object(members))
    return index
  }

  /// `transform` as one or two layers' parts without a slant, outermost first: players
  /// disagree on which way Lottie's skew slants (rlottie's is the mirror of lottie-web's and
  /// ThorVG's), but not on turns and scales. A slanted transform is a turn, a scale and a
  /// turn (its singular value decomposition); one without a slant is `parts(of:)`.
  static func unslanted(_ transform: Affine) -> [Timeline.TransformParts] {
    let plain = parts(of: transform)
    guard abs(plain.skewX) > 1e-9 else { return [plain] }
    let e = (transform.a + transform.d) / 2, f = (transform.a - transform.d) / 2
    let g = (transform.b + transform.c) / 2, h = (transform.b - transform.c) / 2
    let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
    let first = atan2(g, f), second = atan2(h, e)
    let outer = Timeline.TransformParts(
      translate: Point(x: transform.e, y: transform.f), rotate: (second + first) / 2 * 180 / Double.pi, scale: Point(x: q + r, y: q - r)
    )
    return [outer, Timeline.TransformParts(rotate: (second - first) / 2 * 180 / Double.pi)]
  }

  /// `transform` as the parts Lottie composes: rotate, skewX and scale from its 2×2 part
  /// (the first column gives the turn and the x scale), its translation as the position.
  static func parts(of transform: Affine) -> Timeline.TransformParts {
    let scaleX: Double = (transform.a * transform.a + transform.b * transform.b).squareRoot()
    guard scaleX > 0 else { return Timeline.TransformParts(translate: Point(x: transform.e, y: transform.f), scale: Point(x: 0, y: 0)) }
    let rotate: Double = atan2(transform.b, transform.a) * 180 / Double.pi
    // Turned back, the matrix is [sx k; 0 sy]: a slant k / sy and a y scale sy.
    let scaleY: Double = (transform.a * transform.d - transform.b * transform.c) / scaleX
    let shear: Double = (transform.a * transform.c + transform.b * transform.d) / scaleX
    let skewX: Double = scaleY == 0 ? 0 : atan(shear / scaleY) * 180 / Double.pi
    return Timeline.TransformParts(translate: Point(x: transform.e, y: transform.f), rotate: rotate, skewX: skewX, scale: Point(x: scaleX, y: scaleY))
  }
}
