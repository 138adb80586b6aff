import CurveGeometry
import struct FoundationEssentials.UUID

/// What the selector picks, moves and stacks whole, as Inkscape's objects: a curve or a group.
/// The objects of a context (the drawing itself, or a group entered) are the curves and
/// groups directly inside it.
///
/// ```swift
/// let tree = ObjectTree(groups: document.groups)
/// tree.object(containing: curve.group, curve: curve.id, in: nil)   // .group("layer1")
/// ```
public enum DrawingObject: Hashable, Sendable {
  case curve(UUID)
  case group(String)

  /// How `curves replay --state` and `curves transform --ids` name it: the curve's id as the
  /// document writes it, or the group's.
  public var name: String {
    switch self {
    case let .curve(id): id.uuidString
    case let .group(id): id
    }
  }

  public var curveID: UUID? {
    if case let .curve(id) = self { id } else { nil }
  }

  public var groupID: String? {
    if case let .group(id) = self { id } else { nil }
  }
}

/// The nesting of a drawing's groups, for finding which object of a context a curve is part
/// of. Built once per question over many curves: a lookup walks one curve's chain of groups.
public struct ObjectTree: Sendable {
  public let groups: [String: Group]

  public init(groups: [Group]) {
    self.groups = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The object of `context` (nil: the drawing) that a curve painted in `group` is part of:
  /// the curve itself when it is directly in the context, else the context's group it is
  /// inside; nil when it is outside the context.
  public func object(containing group: String?, curve: UUID, in context: String?) -> DrawingObject? {
    guard let group else { return context == nil ? .curve(curve) : nil }
    if group == context { return .curve(curve) }
    // Walk up from the curve's group to the context; the last group passed is the object.
    var current: String? = group, below = group, seen = Set<String>()
    while let id = current, seen.insert(id).inserted {
      if id == context { return .group(below) }
      below = id
      current = groups[id]?.parent
      if current == nil, context == nil { return .group(id) }
    }
    return nil
  }

  /// Whether `group` is `ancestor` or inside it.
  public func isInside(_ group: String?, _ ancestor: String) -> Bool {
    var current = group, seen = Set<String>()
    while let id = current, seen.insert(id).inserted {
      if id == ancestor { return true }
      current = groups[id]?.parent
    }
    return false
  }

  /// Whether a curve painted in `group` is part of `object` (a curve is part of itself).
  public func contains(_ object: DrawingObject, curve: UUID, group: String?) -> Bool {
    switch object {
    case let .curve(id): id == curve
    case let .group(id): isInside(group, id)
    }
  }

  /// The groups (and their curves) `context` holds, in painting order, bottom first: the
  /// order of the first curve of each.
  public func objects(of curves: some Sequence<(id: UUID, group: String?)>, in context: String?) -> [DrawingObject] {
    var seen = Set<DrawingObject>(), objects: [DrawingObject] = []
    for curve in curves {
      guard let object = object(containing: curve.group, curve: curve.id, in: context), seen.insert(object).inserted else { continue }
      objects.append(object)
    }
    return objects
  }

  /// The groups not drawn: those hidden and every group inside one.
  public var hiddenGroups: Set<String> {
    guard groups.values.contains(where: \.isHidden) else { return [] }
    return Set(groups.keys.filter { id in Group.chain(of: id, in: groups).contains(where: \.isHidden) })
  }

  /// Whether a curve is drawn: neither it nor a group it is in hidden.
  public func isShown(hidden: Bool, group: String?, hiddenGroups: Set<String>) -> Bool {
    !hidden && !(group.map(hiddenGroups.contains) ?? false)
  }

  /// The transform from `group`'s parent's coordinates to the drawing's.
  public func parentTransform(of group: String) -> Affine {
    Group.chain(of: groups[group]?.parent, in: groups).reduce(Affine.identity) { $0 * $1.transform }
  }
}
