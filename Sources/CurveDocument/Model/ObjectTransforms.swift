import CurveGeometry
import struct FoundationEssentials.UUID

/// Moving, scaling, turning and flipping whole objects, the one way the selector and
/// `curves transform` both do it, on a drawing where it is seen (`inDrawingCoordinates()`):
/// a curve's points are moved in place (its stroke's width and dashes scaled by √|det|, its
/// gradient and pattern moved with it, as Inkscape's defaults "scale stroke width" and
/// "transform gradients"); a group's own transform is composed with the move, so what it
/// holds stays as it is in its coordinates and the group written to SVG gains one
/// `transform`.
///
/// ```swift
/// let turn = Affine.objectTransform(rotation: 90, about: box.center)
/// let turned = document.inDrawingCoordinates().transforming([.group("wheel")], by: turn)
/// ```
extension Affine {
  /// What `curves transform` and the selector's keys give: scale first, then turn
  /// (`rotation` in degrees, SVG's `rotate()`: clockwise on screen), both about `about`, then
  /// move by `translation`.
  public static func objectTransform(
    scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translation: Point = .zero, about: Point = .zero
  ) -> Affine {
    let scale = translate(x: about.x, y: about.y) * scale(x: scaleX, y: scaleY) * translate(x: -about.x, y: -about.y)
    return translate(x: translation.x, y: translation.y) * rotate(degrees: rotation, around: about) * scale
  }
}

extension Group {
  /// The group once what it draws has moved by `transform` (drawing coordinates): its own
  /// transform composed with the move as seen from its parent (whose map to the drawing is
  /// `parentTransform`), its clip, mask and filter (where they are seen) moved.
  public func moved(by transform: Affine, parentTransform: Affine) -> Group {
    var result = self
    if let inverse = parentTransform.inverted, inverse.isFinite {
      result.transform = inverse * transform * parentTransform * self.transform
    }
    result.movingEffects(by: transform)
    return result
  }

  /// Its clip, mask and filter (held where they are seen) moved by `transform`: a group
  /// inside a moved one keeps its own transform and moves with its parent.
  public mutating func movingEffects(by transform: Affine) {
    clip = clip?.applying(transform)
    mask = mask?.applying(transform)
    filter = filter?.applying(transform)
  }
}

extension ObjectTree {
  /// `groups` once the groups `moved` (and everything inside them) have moved by
  /// `transform`, where they are seen.
  public func moving(_ moved: Set<String>, in groups: [Group], by transform: Affine) -> [Group] {
    guard !moved.isEmpty else { return groups }
    var result = groups
    for index in result.indices {
      let group = result[index]
      if moved.contains(group.id) {
        result[index] = group.moved(by: transform, parentTransform: parentTransform(of: group.id))
      } else if moved.contains(where: { isInside(group.parent, $0) }) {
        result[index].movingEffects(by: transform)
      }
    }
    return result
  }

  /// `kept` once the groups `moved` have moved by `transform`: the images kept in them move too.
  public func moving(_ moved: Set<String>, in kept: [KeptElement], by transform: Affine) -> [KeptElement] {
    guard !moved.isEmpty else { return kept }
    var result = kept
    for index in result.indices {
      guard let image = result[index].image, let group = image.group, moved.contains(where: { isInside(group, $0) }) else { continue }
      let placed = transform * Affine(values: image.transform)
      result[index].image?.transform = [placed.a, placed.b, placed.c, placed.d, placed.e, placed.f]
    }
    return result
  }
}

extension Document {
  /// The document (in drawing coordinates) with each of `objects` moved by `transform`: its
  /// curves and their keyframes, its groups and the images kept in them.
  public func transforming(_ objects: Set<DrawingObject>, by transform: Affine) -> Document {
    guard transform != .identity, !objects.isEmpty else { return self }
    let tree = ObjectTree(groups: groups)
    let movedGroups = Set(objects.compactMap(\.groupID))
    var result = self
    var curveTransforms: [UUID: Affine] = [:]
    for index in result.curves.indices {
      let curve = result.curves[index]
      guard objects.contains(.curve(curve.id)) || movedGroups.contains(where: { tree.isInside(curve.group, $0) }) else { continue }
      result.curves[index] = curve.applying(transform)
      curveTransforms[curve.id] = transform
    }
    if !curveTransforms.isEmpty { result.timeline = result.timeline?.mappingTracks(curveTransforms) }
    result.groups = tree.moving(movedGroups, in: groups, by: transform)
    result.kept = tree.moving(movedGroups, in: kept, by: transform)
    return result
  }

  /// The objects `names` picks out (`DrawingObject.name`, case aside for a curve's id, or a
  /// curve's label: an imported element's id); every top-level object when `names` is
  /// empty. Throws the first name that is none of them.
  public func objects(named names: [String]) throws(UnknownObjectName) -> Set<DrawingObject> {
    let tree = ObjectTree(groups: groups)
    guard !names.isEmpty else { return Set(tree.objects(of: curves.lazy.map { ($0.id, $0.group) }, in: nil)) }
    var found = Set<DrawingObject>()
    for name in names {
      if groups.contains(where: { $0.id == name }) {
        found.insert(.group(name))
      } else if let id = UUID(uuidString: name), curves.contains(where: { $0.id == id }) {
        found.insert(.curve(id))
      } else if let curve = curves.first(where: { $0.label == name }) {
        found.insert(.curve(curve.id))
      } else {
        throw UnknownObjectName(name: name)
      }
    }
    return found
  }

  /// The box around the curves of `objects`, where they are seen: their geometry, or their
  /// painted extent with `visual` (each stroke's half width added).
  public func bounds(of objects: Set<DrawingObject>, visual: Bool = false) -> Rect {
    let tree = ObjectTree(groups: groups)
    var box = Rect.empty
    for curve in curves where !curve.isHidden && objects.contains(where: { tree.contains($0, curve: curve.id, group: curve.group) }) {
      let half = visual ? curve.style.paintedStrokeWidth / 2 : 0
      box.include(curve.bounds.insetBy(dx: -half, dy: -half))
    }
    return box
  }
}

extension CurveStyle {
  /// The width its stroke is painted at, the unset look's where unset; 0 without a stroke.
  public var paintedStrokeWidth: Double {
    guard let paint = stroke ?? CurveStyle.unsetLook.stroke, paint != .none else { return 0 }
    return strokeWidth ?? CurveStyle.unstyledStrokeWidth
  }
}

/// A name given to `curves transform --ids` that no curve or group of the drawing has.
public struct UnknownObjectName: Error, Equatable, CustomStringConvertible {
  public var name: String
  public var description: String { "no curve or group named '\(name)' in the drawing" }
}
