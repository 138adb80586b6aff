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
    group.opacity < 1 || group.clip != nil || group.mask != nil || group.blendMode != nil || group.blendsInLinearRGB || group.isolated
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
    } else if let corners = group.mask.flatMap(Self.turnedRegion) {
      let screen = corners.map(viewport.screenPoint(atDocument:))
      let sides = (0..<4).compactMap { Bezier([screen[$0], screen[($0 + 1) % 4]]) }
      clip = (drawing.pixelContours([(segments: sides, isClosed: true)], tolerance: DrawingLook.flatteningTolerance), .nonZero)
    }
    drawing.endLayer(
      opacity: group.opacity, clip: clip, mask: mask, blendMode: group.blendMode.flatMap(BlendMode.init) ?? .normal,
      blendsInLinearRGB: group.blendsInLinearRGB
    )
  }

  /// A mask's curves, masked first by the mask on it (a layer of their own) when it has one.
  private func drawContent(of mask: Mask, into drawing: inout some ShapeDrawing) {
    let inner = mask.mask
    if inner != nil { drawing.beginLayer() }
    for record in mask.curves {
      CurveLook(curve: record, viewport: viewport, showsUnpaintedCurves: false).draw(into: &drawing)
    }
    for image in mask.images { KeptImageLook(image: image, viewport: viewport).draw(into: &drawing) }
    guard let inner else { return }
    drawing.beginMask()
    drawContent(of: inner, into: &drawing)
    drawing.endLayer(opacity: 1, clip: nil, mask: layerMask(inner, scale: drawing.scale), blendMode: .normal, blendsInLinearRGB: false)
  }

  /// The corners, in the document, of a mask region its group's transform turned: clipped to
  /// as the group's clip, since the mask's own region is only the box around it. Nil for a
  /// region still a box (the mask's region does it).
  private static func turnedRegion(_ mask: Mask) -> [Point]? {
    guard let carried = mask.carriedRegion, carried.transform.b != 0 || carried.transform.c != 0 else { return nil }
    let region = carried.region
    return [Point(x: region.minX, y: region.minY), Point(x: region.maxX, y: region.minY),
            Point(x: region.maxX, y: region.maxY), Point(x: region.minX, y: region.maxY)].map(carried.transform.apply)
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
    let origin = viewport.screenPoint(atDocument: .zero) * scale
    let pixelToDocument = Affine(a: 1 / k, b: 0, c: 0, d: 1 / k, e: -origin.x / k, f: -origin.y / k)
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
      case let .componentTransfer(red, green, blue, alpha):
        .componentTransfer(red: red.pixelFunction, green: green.pixelFunction, blue: blue.pixelFunction, alpha: alpha.pixelFunction)
      case let .morphology(dilates, x, y): .morphology(Morphology(dilates: dilates, radiusX: x * k, radiusY: y * k))
      case let .turbulence(noise):
        .turbulence(turbulence(noise, primitive: primitive, filter: filter, pixelToDocument: pixelToDocument))
      case .tile: .tile
      case let .displacementMap(scale, xChannel, yChannel):
        .displacement(scale: scale * k, xChannel: Self.channels[xChannel] ?? 3, yChannel: Self.channels[yChannel] ?? 3)
      case let .image(image): .image(imagePixels(image, region: region, scale: scale), rect: region)
      case let .lighting(lighting):
        .lighting(pixelLighting(lighting, pixelsPerUnit: k, origin: origin))
      case let .convolveMatrix(matrix):
        .convolution(Convolution(
          columns: matrix.columns, rows: matrix.rows, kernel: matrix.kernel.map(Float.init), divisor: matrix.divisor.map(Float.init),
          bias: Float(matrix.bias), targetX: matrix.targetX, targetY: matrix.targetY,
          edgeMode: Convolution.EdgeMode(rawValue: matrix.edgeMode) ?? .duplicate, preservesAlpha: matrix.preservesAlpha
        ))
      }
      let subregion = primitive.subregion.map { sides in
        FilterEffect.Subregion(
          x: sides.x.map { origin.x + $0 * k }, y: sides.y.map { origin.y + $0 * k }, width: sides.width.map { $0 * k }, height: sides.height.map { $0 * k }
        )
      }
      return FilterEffect.Step(
        operation, input: input(primitive.input), input2: input(primitive.input2), result: primitive.result, subregion: subregion,
        usesLinearRGB: primitive.usesLinearRGB
      )
    }
    return FilterEffect(region: region, steps: steps, usesLinearRGB: filter.usesLinearRGB)
  }

  /// The most pixels an feImage is drawn with (a 4096 × 4096 square).
  static let maximumImagePixels = 4096 * 4096

  /// feDisplacementMap's channel names as the rasterizer's indexes.
  private static let channels = ["R": 0, "G": 1, "B": 2, "A": 3]

  /// An feImage's picture drawn apart, over the filter's region in the drawing's pixels.
  private func imagePixels(_ image: KeptImage, region: PixelRect, scale: Double) -> [UInt32] {
    // A region too big to hold (a filter zoomed far in) shows no image rather than none of
    // the machine's memory.
    guard region.width > 0, region.height > 0, region.width * region.height <= Self.maximumImagePixels else { return [] }
    let shifted = DrawingView(
      zoom: viewport.zoom * scale,
      origin: viewport.origin * scale - Point(x: Double(region.minX), y: Double(region.minY))
    )
    var recorder = ShapeRecorder(width: region.width, height: region.height, scale: 1)
    KeptImageLook(image: image, viewport: shifted).draw(into: &recorder)
    let canvas = RasterCanvas(width: region.width, height: region.height)
    canvas.draw([recorder.list])
    return canvas.image.pixels
  }

  /// Lighting with its light in the drawing's pixels (heights too), and its colour as the
  /// file's numbers: resvg lights in the filter's mixing space without converting it.
  private func pixelLighting(_ lighting: SurfaceLighting, pixelsPerUnit k: Double, origin: Point) -> Lighting {
    let light: Lighting.Light = switch lighting.light {
    case let .distant(azimuth, elevation): .distant(azimuth: azimuth, elevation: elevation)
    case let .point(x, y, z): .point(SIMD3(origin.x + x * k, origin.y + y * k, z * k))
    case let .spot(x, y, z, px, py, pz, exponent, angle):
      .spot(SIMD3(origin.x + x * k, origin.y + y * k, z * k), pointsAt: SIMD3(origin.x + px * k, origin.y + py * k, pz * k), exponent: exponent, coneAngle: angle)
    }
    let reflection: Lighting.Reflection = lighting.isSpecular
      ? .specular(constant: lighting.constant, exponent: lighting.specularExponent) : .diffuse(constant: lighting.constant)
    let color = SIMD3(Double(lighting.color.r), Double(lighting.color.g), Double(lighting.color.b)) / 255
    return Lighting(
      reflection: reflection, surfaceScale: lighting.surfaceScale, color: color, light: light, kernelUnit: lighting.kernelUnitLength.map { $0 * k } ?? 1
    )
  }

  /// The noise sampled from the drawing's pixels; its stitched tile the primitive's
  /// subregion (the filter's region on the sides it does not give), in the noise's space.
  private func turbulence(_ noise: Turbulence, primitive: FilterPrimitive, filter: Filter, pixelToDocument: Affine) -> TurbulenceNoise {
    let sides = primitive.subregion ?? FilterSubregion(), region = filter.region
    let x = sides.x ?? region.minX, y = sides.y ?? region.minY
    let tile = Rect(minX: x, minY: y, maxX: x + (sides.width ?? region.width), maxY: y + (sides.height ?? region.height))
    return TurbulenceNoise(
      baseFrequencyX: noise.baseFrequencyX, baseFrequencyY: noise.baseFrequencyY, octaves: noise.octaves, seed: noise.seed,
      isFractalNoise: noise.isFractalNoise, stitchTile: noise.stitchesTiles ? noise.space.boundingBox(of: tile) : nil,
      pixelToNoise: noise.space * pixelToDocument
    )
  }
}

extension ComponentFunction {
  /// The same function, for the rasterizer.
  var pixelFunction: TransferFunction {
    switch self {
    case .identity: .identity
    case let .table(values): .table(values.map(Float.init))
    case let .discrete(values): .discrete(values.map(Float.init))
    case let .linear(slope, intercept): .linear(slope: Float(slope), intercept: Float(intercept))
    case let .gamma(amplitude, exponent, offset): .gamma(amplitude: Float(amplitude), exponent: Float(exponent), offset: Float(offset))
    }
  }
}
