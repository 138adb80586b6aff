import CurveDocument
import CurveGeometry
import CurveRaster

/// Opens and closes the layers of the groups curves are painted in, as a drawing is walked
/// in painting order: between two curves, the layers of the first's groups that the second
/// is not in are blended (innermost first, with their opacity, clip and mask), and the
/// layers of the second's groups are begun.
///
/// ```swift
/// var layers = GroupLayers(groups: drawing.groups, viewport: viewport)
/// for curve in curves {
///   layers.enter(curve.group, into: &drawing)
///   CurveLook(curve: curve, viewport: viewport).draw(into: &drawing)
/// }
/// layers.enter(nil, into: &drawing)   // closes what is open
/// ```
///
/// Only groups that change how their curves look (`Group.isLayer`) make layers.
package struct GroupLayers {
  private let groups: [String: Group]
  let viewport: DrawingView
  /// The layer groups open, outermost first.
  package private(set) var open: [String] = []

  package init(groups: [Group], viewport: DrawingView) {
    self.groups = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.viewport = viewport
  }

  /// Whether there is any layer to open: most drawings have none, and cost nothing here.
  package var isEmpty: Bool { !groups.values.contains(where: \.isLayer) }

  /// The layer groups `group` is in, outermost first (itself last, when it is one).
  package func chain(of group: String?) -> [String] { Group.chain(of: group, in: groups).filter(\.isLayer).map(\.id) }

  /// Makes the open layers those of `group`.
  package mutating func enter(_ group: String?, into drawing: inout some ShapeDrawing) {
    guard !groups.isEmpty else { return }
    let target = chain(of: group)
    let shared = zip(open, target).prefix { $0 == $1 }.count
    while open.count > shared { close(open.removeLast(), into: &drawing) }
    for id in target[shared...] {
      guard let group = groups[id] else { continue }
      if Self.needsBlend(group) { drawing.beginLayer() }
      if group.filter != nil { drawing.beginFilter() }
      open.append(id)
    }
  }

  /// Whether the group's layer is blended through more than plain source-over: a filter
  /// alone is drawn straight onto what is below.
  private static func needsBlend(_ group: Group) -> Bool {
    group.opacity < 1 || group.clip != nil || group.mask != nil || group.blendMode != nil || group.isolated
  }

  /// Blends the layer of group `id`: its mask drawn first, then its clip and opacity.
  private func close(_ id: String, into drawing: inout some ShapeDrawing) {
    guard let group = groups[id] else { return }
    if let filter = group.filter { drawing.endFilter(effect(filter, scale: drawing.scale)) }
    guard Self.needsBlend(group) else { return }
    var mask: LayerMask?
    if let groupMask = group.mask {
      drawing.beginMask()
      drawContent(of: groupMask, into: &drawing)
      mask = layerMask(groupMask, scale: drawing.scale)
    }
    var clip: (contours: [Contour], rule: FillRule)?
    if let groupClip = group.clip {
      let chains = groupClip.subpaths.map { subpath in
        (segments: subpath.segments.compactMap { Bezier($0.map(viewport.screenPoint(atDocument:))) }, isClosed: true)
      }
      clip = (drawing.pixelContours(chains, tolerance: DrawingLook.flatteningTolerance), groupClip.rule == .evenOdd ? .evenOdd : .nonZero)
    }
    drawing.endLayer(opacity: group.opacity, clip: clip, mask: mask, blendMode: group.blendMode.flatMap(BlendMode.init) ?? .normal)
  }

  /// A mask's curves, masked first by the mask on it (a layer of their own) when it has one.
  private func drawContent(of mask: Mask, into drawing: inout some ShapeDrawing) {
    let inner = mask.mask
    if inner != nil { drawing.beginLayer() }
    for record in mask.curves {
      CurveLook(curve: record, viewport: viewport, showsUnpaintedCurves: false).draw(into: &drawing)
    }
    guard let inner else { return }
    drawing.beginMask()
    drawContent(of: inner, into: &drawing)
    drawing.endLayer(opacity: 1, clip: nil, mask: layerMask(inner, scale: drawing.scale), blendMode: .normal)
  }

  /// How `mask` lets a layer through, its region in the pixels of a drawing of `scale`
  /// pixels a unit.
  private func layerMask(_ mask: Mask, scale: Double) -> LayerMask {
    let region = mask.region.map { rect in
      let corner = viewport.screenPoint(atDocument: Point(x: rect.minX, y: rect.minY)) * scale
      let opposite = viewport.screenPoint(atDocument: Point(x: rect.maxX, y: rect.maxY)) * scale
      return Rect(minX: corner.x, minY: corner.y, maxX: opposite.x, maxY: opposite.y)
    }
    return LayerMask(usesLuminance: mask.usesLuminance, region: region)
  }

  /// A filter in the pixels of a drawing of `scale` pixels a unit.
  private func effect(_ filter: Filter, scale: Double) -> FilterEffect {
    let k = viewport.zoom * scale
    let corner = viewport.screenPoint(atDocument: Point(x: filter.region.minX, y: filter.region.minY)) * scale
    let region = PixelRect(covering: Rect(minX: corner.x, minY: corner.y, maxX: corner.x + filter.region.width * k, maxY: corner.y + filter.region.height * k))
    func input(_ name: String?) -> FilterEffect.Input {
      switch name {
      case nil: .previous
      case "SourceGraphic"?: .sourceGraphic
      case "SourceAlpha"?: .sourceAlpha
      case let name?: .result(name)
      }
    }
    func color(_ rgb: RGBColor, _ opacity: Double) -> RGBA8 {
      RGBA8(r: rgb.r, g: rgb.g, b: rgb.b, a: UInt8((min(max(opacity, 0), 1) * 255).rounded()))
    }
    let steps = filter.primitives.map { primitive -> FilterEffect.Step in
      let operation: FilterEffect.Operation = switch primitive.operation {
      case let .gaussianBlur(x, y): .gaussianBlur(x: x * k, y: y * k)
      case let .offset(dx, dy): .offset(dx: dx * k, dy: dy * k)
      case let .flood(rgb, opacity): .flood(color(rgb, opacity))
      case let .composite(op, k1, k2, k3, k4): .composite(op, k1: k1, k2: k2, k3: k3, k4: k4)
      case let .merge(inputs): .merge(inputs.map(input))
      case let .blend(mode): .blend(mode)
      case let .colorMatrix(values): .colorMatrix(values)
      case let .dropShadow(dx, dy, x, y, rgb, opacity): .dropShadow(dx: dx * k, dy: dy * k, x: x * k, y: y * k, color(rgb, opacity))
      }
      let origin = viewport.screenPoint(atDocument: .zero) * scale
      let subregion = primitive.subregion.map { sides in
        FilterEffect.Subregion(
          x: sides.x.map { origin.x + $0 * k }, y: sides.y.map { origin.y + $0 * k }, width: sides.width.map { $0 * k }, height: sides.height.map { $0 * k }
        )
      }
      return FilterEffect.Step(
        operation, input: input(primitive.input), input2: input(primitive.input2), result: primitive.result, subregion: subregion
      )
    }
    return FilterEffect(region: region, steps: steps, usesLinearRGB: filter.usesLinearRGB)
  }
}
