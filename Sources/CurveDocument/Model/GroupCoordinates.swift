import CurveGeometry
import struct FoundationEssentials.UUID

/// Where a group's curves are: in the group's own coordinates in the document, as SVG keeps
/// what a `<g transform>` holds; where they are seen, through the transforms of every group
/// they are in (innermost first), in the editor and the renderer, which select, drag,
/// restyle and draw them there without a transform of their own: they place a document
/// (`inDrawingCoordinates`), and the editor puts it back to save it (`inGroupCoordinates`).
/// SVG import reads everything in its group's coordinates, with the numbers the file gives.
/// A kept image is placed as its group's curves are; a kept element's XML holds its own
/// transform from its group.
///
/// A stroke's width and dashes scale by √|det| of the map (exact for moves, turns and even
/// scales), as SVG import bakes a transform; a filter's lengths by how far the map
/// stretches each axis; a region turned by the map becomes the box around it.
extension Document {
  /// Each group's map from its own coordinates to the drawing's: its parents' transforms,
  /// outermost first, then its own.
  public var groupTransforms: [String: Affine] {
    var transforms: [String: Affine] = [:]
    for group in groups {
      let parent = group.parent.flatMap { transforms[$0] } ?? .identity
      transforms[group.id] = parent * group.transform
    }
    return transforms
  }

  /// Whether any group has a transform: a document without one is the same in both spaces.
  public var hasGroupTransforms: Bool { groups.contains { $0.transform != .identity } }

  /// A document whose curves (and groups' clips, masks and filters) are where they are seen,
  /// put into their groups' own coordinates, as a file stores them. Nil when a group's
  /// transform cannot be undone.
  ///
  /// A moved point's coordinate within `noise` of the canvas's size of a shorter decimal is
  /// that decimal: a file opened and saved keeps its numbers (80, not 80.00000000000006).
  public func inGroupCoordinates() -> Document? {
    guard hasGroupTransforms else { return self }
    guard let inverses = inverseGroupTransforms else { return nil }
    var result = self
    result.place { inverses[$0] }
    let tolerance = Self.noise * max(1, canvas.width, canvas.height)
    for index in result.curves.indices where result.curves[index].group.flatMap({ inverses[$0] }).map({ $0 != .identity }) ?? false {
      result.curves[index].removeRoundingNoise(within: tolerance)
      result.curves[index].style.strokeWidth?.removeRoundingNoise(within: tolerance)
    }
    return result
  }

  /// What undoing a transform may leave in a coordinate, as a share of the drawing's size.
  public static let noise = 1e-14

  private var inverseGroupTransforms: [String: Affine]? {
    var inverses: [String: Affine] = [:]
    for (id, transform) in groupTransforms {
      guard let inverse = transform.inverted, inverse.isFinite else { return nil }
      inverses[id] = inverse
    }
    return inverses
  }

  /// The document as the editor and the renderer use it: everything where it is seen, each
  /// group's transform still given (and no longer applied).
  public func inDrawingCoordinates() -> Document {
    var result = self
    result.placeInDrawingCoordinates()
    return result
  }

  /// The same in place: a document held once (as `curves render` holds the one it read) is
  /// placed without a copy of its points, which was 0.65 MB of the tiger's 6.3 MB heap.
  public mutating func placeInDrawingCoordinates() {
    guard hasGroupTransforms else { return }
    let transforms = groupTransforms
    place { transforms[$0] }
  }

  /// Each curve (and its keyframes), kept image and kept text mapped by its group's `map`, and each
  /// group's clip, mask and filter by its own.
  private mutating func place(by map: (String) -> Affine?) {
    var curveTransforms: [UUID: Affine] = [:]
    for index in curves.indices {
      guard let group = curves[index].group, let transform = map(group), transform != .identity else { continue }
      curves[index].apply(transform)
      curveTransforms[curves[index].id] = transform
    }
    if !curveTransforms.isEmpty { timeline = timeline?.mappingTracks(curveTransforms) }
    for index in kept.indices {
      if let text = kept[index].text, let group = text.group, let transform = map(group), transform != .identity {
        kept[index].text?.curves = text.curves.map { $0.applying(transform) }
      }
      guard let image = kept[index].image, let group = image.group, let transform = map(group), transform != .identity else { continue }
      kept[index].image = image.applying(transform)
    }
    for index in groups.indices {
      guard let transform = map(groups[index].id), transform != .identity else { continue }
      groups[index].clip = groups[index].clip?.applying(transform)
      groups[index].mask = groups[index].mask?.applying(transform)
      groups[index].filter = groups[index].filter?.applying(transform)
    }
  }
}

extension Timeline {
  /// Each curve's keyframes mapped as `transforms` maps the curve (their shapes, strokes and
  /// paints); the tracks of other curves as they are.
  public func mappingTracks(_ transforms: [UUID: Affine]) -> Timeline {
    var result = self
    result.tracks = tracks.map { track in
      guard let transform = transforms[track.curve] else { return track }
      var mapped = track
      for index in mapped.keyframes.indices {
        let key = mapped.keyframes[index]
        let placed = Document.CurveRecord(id: track.curve, style: key.style ?? CurveStyle(), subpaths: key.subpaths ?? []).applying(transform)
        if key.subpaths != nil { mapped.keyframes[index].subpaths = placed.subpaths }
        if key.style != nil { mapped.keyframes[index].style = placed.style }
      }
      return mapped
    }
    return result
  }
}

extension Affine {
  /// From a b c d e f; the identity unless there are six.
  public init(values: [Double]) {
    self = values.count == 6 ? Affine(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5]) : .identity
  }

  /// How much the map scales an area, as a length: what a stroke's width is multiplied by.
  var lengthScale: Double { abs(a * d - b * c).squareRoot() }
}

extension Document.SubpathRecord {
  /// Every point mapped; ids, nodes and point styles kept.
  public func applying(_ transform: Affine) -> Document.SubpathRecord {
    var result = self
    result.apply(transform)
    return result
  }

  /// The same in place.
  public mutating func apply(_ transform: Affine) {
    for index in points.indices {
      let moved = transform.apply(to: Point(x: points[index].x, y: points[index].y))
      points[index].x = moved.x
      points[index].y = moved.y
    }
  }
}

extension Document.CurveRecord {
  /// The curve as `transform` places it: its points, its stroke's width and dashes, and
  /// its paints.
  public func applying(_ transform: Affine) -> Document.CurveRecord {
    var result = self
    result.apply(transform)
    return result
  }

  /// The same in place: a record held once keeps its arrays.
  public mutating func apply(_ transform: Affine) {
    // Its box (its segments' extremes, costly for a glyph) only for a box-relative gradient,
    // and where it was.
    let boxRelative = [style.fill, style.stroke].contains { paint in
      if case let .gradient(gradient)? = paint { gradient.units == .objectBoundingBox } else { false }
    }
    let box = boxRelative ? bounds : .empty
    for index in subpaths.indices { subpaths[index].apply(transform) }
    // An affine map moves a B-spline's curve as it moves its control points.
    for index in 0..<(spline?.points.count ?? 0) {
      if let point = spline?.points[index] { spline?.points[index] = transform.apply(to: point) }
    }
    style = style.applying(transform, bounds: box)
  }

  /// Makes each coordinate the shortest decimal within `tolerance`
  /// (`Double.removeRoundingNoise(within:)`): what undoing a map should have given.
  public mutating func removeRoundingNoise(within tolerance: Double) {
    for subpath in subpaths.indices {
      for point in subpaths[subpath].points.indices {
        subpaths[subpath].points[point].x.removeRoundingNoise(within: tolerance)
        subpaths[subpath].points[point].y.removeRoundingNoise(within: tolerance)
      }
    }
  }

  /// The tight box of its segments: what a box-relative gradient spans (SVG's
  /// `objectBoundingBox`).
  public var bounds: Rect {
    var box = Rect.empty
    for subpath in subpaths {
      for curve in subpath.drawnBeziers { box.include(curve.bounds) }
    }
    return box
  }
}

extension CurveStyle {
  /// The style of a curve (whose box was `bounds`) that `transform` has moved: its stroke's
  /// width and dashes scaled by √|det| (Inkscape's "scale stroke width"), its pen stretched by
  /// what is left (a skew, an uneven scale), its paints moved with it ("transform gradients").
  public func applying(_ transform: Affine, bounds: Rect) -> CurveStyle {
    var result = self
    let scale = transform.lengthScale
    // An unstyled curve keeps the editor's look; one painting no stroke needs no pen.
    if !isEditorDefault, stroke != CurveStyle.Paint.none || strokeTransform != nil {
      result.strokeTransform = CurveStyle.strokeTransform(for: transform * (strokeTransform ?? .identity))
    }
    result.strokeWidth = strokeWidth.map { $0 * scale }
    result.dashArray = dashArray.map { $0.map { $0 * scale } }
    result.dashOffset = dashOffset.map { $0 * scale }
    result.fill = fill.map { $0.applying(transform, bounds: bounds) }
    result.stroke = stroke.map { $0.applying(transform, bounds: bounds) }
    return result
  }
}

extension CurveStyle.Paint {
  /// The paint as it lies on a curve (whose box was `bounds`) that `transform` has moved.
  /// A box-relative gradient stays one while the map keeps boxes boxes; otherwise it is
  /// pinned where it was, in user space, as SVG import does.
  func applying(_ transform: Affine, bounds: Rect) -> CurveStyle.Paint {
    switch self {
    case .none, .color: return self
    case var .pattern(pattern):
      pattern.transform = transform * pattern.transform
      return .pattern(pattern)
    case var .gradient(gradient):
      switch gradient.units {
      case .userSpaceOnUse:
        gradient.transform = transform * gradient.transform
      case .objectBoundingBox:
        guard !transform.keepsBoxes, let placed = gradient.documentTransform(bounds: bounds) else { break }
        gradient.units = .userSpaceOnUse
        gradient.transform = transform * placed
      }
      return .gradient(gradient)
    }
  }
}

extension KeptImage {
  /// The picture placed by `transform` after its own map.
  public func applying(_ transform: Affine) -> KeptImage {
    var result = self
    let t = transform * Affine(values: self.transform)
    result.transform = [t.a, t.b, t.c, t.d, t.e, t.f]
    return result
  }
}

extension ClipPath {
  public func applying(_ transform: Affine) -> ClipPath {
    ClipPath(rule: rule, subpaths: subpaths.map { $0.applying(transform) })
  }
}

extension Mask {
  /// Its curves, its region (the box around it, when the map turns it) and the mask on it.
  public func applying(_ transform: Affine) -> Mask {
    var result = Mask(
      usesLuminance: usesLuminance, region: nil, curves: curves.map { $0.applying(transform) }, images: images.map { $0.applying(transform) },
      mask: mask?.applying(transform)
    )
    if let region { (result.region, result.carriedRegion) = CarriedRegion.carry(region, carriedRegion, by: transform) }
    return result
  }
}

/// A turned group's mask or filter region: the box around it where it is seen, and what it was
/// where it was read with the map between, so that the map back gives the region read rather
/// than the box around the box (which grew at every round trip, and changed a file saved with
/// no edit).
public struct CarriedRegion: Equatable, Sendable {
  public var region: Rect
  public var transform: Affine

  /// `region` (carried so far as `carried` says) carried on by `transform`: the box around
  /// it, and where it came from; the region read itself when the maps undo each other.
  static func carry(_ region: Rect, _ carried: CarriedRegion?, by transform: Affine) -> (Rect, CarriedRegion?) {
    let origin = carried ?? CarriedRegion(region: region, transform: .identity)
    let total = transform * origin.transform
    if isIdentity(total, size: max(origin.region.width, origin.region.height, 1)) { return (origin.region, nil) }
    return (total.boundingBox(of: origin.region), CarriedRegion(region: origin.region, transform: total))
  }

  /// Whether `transform` is the identity but for rounding, for a region of `size`.
  static func isIdentity(_ transform: Affine, size: Double) -> Bool {
    abs(transform.a - 1) < 1e-12 && abs(transform.b) < 1e-12 && abs(transform.c) < 1e-12 && abs(transform.d - 1) < 1e-12
      && abs(transform.e) < 1e-12 * size && abs(transform.f) < 1e-12 * size
  }
}

extension Filter {
  /// Its region, and each primitive's lengths taken through the map (`FilterLengths`);
  /// always from the filter as read (`origin`), so a map and its inverse give it back exactly
  /// (a slant's stretches do not undo each other, nor boxes around turned boxes).
  public func applying(_ transform: Affine) -> Filter {
    let origin = self.origin ?? (self, .identity)
    let total = transform * origin.transform
    if CarriedRegion.isIdentity(total, size: max(origin.filter.region.width, origin.filter.region.height, 1)) { return origin.filter }
    var result = origin.filter.mapped(by: total)
    result.origin = (origin.filter, total)
    return result
  }

  /// Its region, and each primitive's lengths taken through `transform` (`FilterLengths`).
  private func mapped(by transform: Affine) -> Filter {
    let lengths = FilterLengths(transform: transform)
    var result = self
    result.region = transform.boundingBox(of: region)
    for index in result.primitives.indices {
      let primitive = primitives[index]
      switch primitive.operation {
      case let .gaussianBlur(x, y):
        let deviations = lengths.deviations(x, y)
        result.primitives[index].operation = .gaussianBlur(deviationX: deviations.x, deviationY: deviations.y)
      case let .offset(dx, dy):
        let offset = lengths.offset(dx, dy)
        result.primitives[index].operation = .offset(dx: offset.dx, dy: offset.dy)
      case let .dropShadow(dx, dy, x, y, color, opacity):
        let offset = lengths.offset(dx, dy), deviations = lengths.deviations(x, y)
        result.primitives[index].operation = .dropShadow(
          dx: offset.dx, dy: offset.dy, deviationX: deviations.x, deviationY: deviations.y, color: color, opacity: opacity
        )
      case let .displacementMap(scale, xChannel, yChannel):
        result.primitives[index].operation = .displacementMap(scale: lengths.length(scale), xChannel: xChannel, yChannel: yChannel)
      case let .morphology(dilates, x, y):
        let radii = lengths.radii(x, y)
        result.primitives[index].operation = .morphology(dilates: dilates, radiusX: radii.x, radiusY: radii.y)
      case var .turbulence(noise):
        // The noise stays where it was drawn: a point moved by the map is read where it was.
        if let inverse = transform.inverted { noise.space = noise.space * inverse }
        result.primitives[index].operation = .turbulence(noise)
      case let .lighting(lighting):
        result.primitives[index].operation = .lighting(lighting.applying(transform))
      case let .image(image):
        result.primitives[index].operation = .image(image.applying(transform))
      case .flood, .composite, .merge, .blend, .colorMatrix, .componentTransfer, .convolveMatrix, .tile:
        break
      }
      if let subregion = primitive.subregion {
        result.primitives[index].subregion = subregion.applying(transform)
      }
    }
    return result
  }
}

extension FilterSubregion {
  /// The sides given, mapped as a box's; all of them dropped (the filter's region is used)
  /// when the map turns or flips the box.
  func applying(_ transform: Affine) -> FilterSubregion? {
    guard transform.keepsBoxes else { return nil }
    return FilterSubregion(
      x: x.map { transform.a * $0 + transform.e }, y: y.map { transform.d * $0 + transform.f },
      width: width.map { transform.a * $0 }, height: height.map { transform.d * $0 }
    )
  }
}

extension Double {
  /// Makes the number the decimal with the fewest digits after the point within
  /// `tolerance` of it: what undoing a transform in floating point should have given (80,
  /// not 80.00000000000006). Unchanged when there is none.
  public mutating func removeRoundingNoise(within tolerance: Double) {
    guard isFinite, tolerance > 0 else { return }
    var scale = 1.0
    for _ in 0...15 {
      let rounded = (self * scale).rounded() / scale
      if abs(rounded - self) <= tolerance {
        self = rounded
        return
      }
      scale *= 10
    }
  }
}
