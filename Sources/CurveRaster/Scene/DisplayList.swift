import CurveGeometry

/// What a frame draws, in painting order, recorded before anything is rasterized, so the
/// `BandRenderer` can draw it band by band (each band's pixels and coverage stay in the
/// cache) and bands on several cores.
///
/// ```swift
/// var list = DisplayList()
/// list.fill(Rect(minX: 0, minY: 0, maxX: 640, maxY: 480), white)
/// list.stroke(polyline, width: 2.5, blue)
/// list.disc(centre: point, radius: 5, red)
/// BandRenderer.render(list, into: &image)
/// ```
///
/// Outlines are kept as `Float` points (8 bytes each), exact to a thousandth of a pixel
/// within 16,000 pixels of the origin; a shape reaching further is clipped, in `Double`, to
/// the area around the canvas first, so far-off coordinates cost no precision. Shapes with a
/// non-finite coordinate or size are dropped.
public struct DisplayList: Sendable {
  enum Command: Sendable {
    /// Sets the pixels (no blending).
    case clear(UInt32)
    case rect(Rect, RGBA8)
    /// Contours `contours` (indices into `contourEnds`), the first starting at `firstPoint`,
    /// filled by `rule` with the colour's red, green and blue at `alpha` (0...255, the
    /// colour's alpha times an opacity, unrounded).
    case path(firstPoint: Int, contours: Range<Int>, bounds: Rect, rule: FillRule, color: RGBA8, alpha: Float)
    /// A path as `path` has it, painted by `shaders[shader]` with its alpha times `alpha`/255.
    case shadedPath(firstPoint: Int, contours: Range<Int>, bounds: Rect, rule: FillRule, shader: Int, alpha: Float)
    case disc(centre: Point, radius: Double, RGBA8)
    /// Starts a layer: what follows is drawn into it, until `popLayer`; nothing it holds
    /// reaches beyond `bounds` (in pixels; nil: anywhere).
    case pushLayer(bounds: Rect?)
    /// Blends the top layer onto the one below (or the image) at `opacity` (0...1), where
    /// `clip` covers it, as `mask` lets it through (then the top layer is the mask's, the
    /// one below it the content's), mixed by `blendMode` in linear RGB when `inLinearRGB`.
    case popLayer(opacity: Float, clip: RecordedClip?, mask: LayerMask?, blendMode: BlendMode, inLinearRGB: Bool)
    /// Starts what `effects[effect]` of the matching `popFilter` filters: drawn whole, before
    /// the bands, since a blur reaches across them.
    case pushFilter
    case popFilter(effect: Int)
    case image(PixelBuffer, x: Int, y: Int)
  }

  var commands: [Command] = []
  /// Outline points, contour after contour.
  var points: [SIMD2<Float>] = []
  /// Where each contour's points end in `points`.
  private(set) var contourEnds: [Int] = []
  /// The gradients and images that `shadedPath` commands paint with.
  private(set) var shaders: [Shader] = []
  /// The filters that `popFilter` commands apply.
  private(set) var effects: [FilterEffect] = []
  /// Where outlines are kept exactly: the canvas, with room around it.
  let keptArea: Rect
  /// The contour being recorded, its bounds, and the bounds of the path so far.
  private var openContour: [Point] = []
  private var openBounds = Rect.empty
  private var pathBounds = Rect.empty
  /// A styled stroke's contour without repeated points, kept from one stroke to the next.
  private var strokePoints: [Point] = []
  /// What maps the outline being recorded to pixels: a stroke's pen transform, its
  /// translation dropped; nil for outlines in pixels already.
  private var outlineTransform: Affine?
  /// Where each layer begun and not yet ended starts in `commands`.
  private var layerStarts: [Int] = []

  /// Coordinates beyond this distance from the origin are clipped before being stored.
  static let exactRange = 16_000.0

  /// A list for a canvas of `width × height` pixels.
  public init(width: Int, height: Int) {
    keptArea = Rect(minX: -2, minY: -2, maxX: Double(width) + 2, maxY: Double(height) + 2)
  }

  public var isEmpty: Bool { commands.isEmpty }

  /// Whether anything drawn inside `bounds`, or `reach` pixels beyond, can show on the canvas:
  /// a caller skips the work of a shape (flattening a curve zoomed far out of view) that
  /// cannot.
  public func mayShow(_ bounds: Rect, reach: Double) -> Bool {
    keptArea.intersects(bounds.insetBy(dx: -reach, dy: -reach))
  }

  /// Outline points recorded, a disc counting as the points of its circle: the work a
  /// render does, roughly.
  public var pointCount: Int { points.count + discCount * Self.pointsPerDisc }
  private var discCount = 0
  /// About the points of a handle's circle.
  static let pointsPerDisc = 32

  public mutating func removeAll() {
    discCount = 0
    commands.removeAll(keepingCapacity: true)
    points.removeAll(keepingCapacity: true)
    contourEnds.removeAll(keepingCapacity: true)
    shaders.removeAll(keepingCapacity: true)
    effects.removeAll(keepingCapacity: true)
    layerStarts.removeAll(keepingCapacity: true)
  }

  /// Sets every pixel (inside the renderer's clip) to `color`.
  public mutating func clear(_ color: RGBA8) {
    commands.append(.clear(color.argb))
  }

  /// Fills `rect`, with the partial coverage of the pixels its edges cross.
  public mutating func fill(_ rect: Rect, _ color: RGBA8) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite, color.a > 0,
      rect.minX < rect.maxX, rect.minY < rect.maxY
    else { return }
    commands.append(.rect(rect, color))
  }

  /// Strokes the lines through `polyline`, `width` pixels wide, with round joins and caps.
  /// One point (or all points the same) draws a dot `width` across.
  public mutating func stroke(_ polyline: [Point], width: Double, _ color: RGBA8) {
    guard width > 0, width.isFinite, color.a > 0, let first = polyline.first, polyline.allSatisfy(\.isFinite) else { return }
    var distinct: [Point] = [first]
    distinct.reserveCapacity(polyline.count)
    for point in polyline.dropFirst() where !Self.isSame(point, distinct[distinct.count - 1]) { distinct.append(point) }
    record(color) { $0.stroke(distinct, isClosed: false, Self.roundStroke(width: width)) }
  }

  public mutating func disc(centre: Point, radius: Double, _ color: RGBA8) {
    guard radius > 0, radius.isFinite, centre.isFinite, color.a > 0 else { return }
    if abs(centre.x) + radius < Self.exactRange, abs(centre.y) + radius < Self.exactRange {
      commands.append(.disc(centre: centre, radius: radius, color))
      discCount += 1
    } else {
      record(color) { $0.circle(centre: centre, radius: radius) }
    }
  }

  /// Fills the polygon through `points` (closed back to the first). Where it overlaps itself
  /// with opposite windings the parts cancel, as under the even-odd rule.
  public mutating func fillPolygon(_ polygon: [Point], _ color: RGBA8) {
    guard polygon.count > 2, color.a > 0, polygon.allSatisfy(\.isFinite) else { return }
    record(color) { $0.polygon(polygon) }
  }

  /// Fills the path made of `contours`, each closed back to its first point (as SVG fills an
  /// open subpath), by `rule`: a letter O, an icon with cut-outs. The colour's alpha is
  /// multiplied by `opacity` (clamped to 0...1: say a fill-opacity times the opacity of the
  /// groups around it) and the path blended source-over once, so where contours overlap it is
  /// no darker. Contours of fewer than three points add nothing; a path with a non-finite
  /// point, or a NaN opacity, is not drawn.
  public mutating func fill(_ contours: [[Point]], rule: FillRule, _ color: RGBA8, opacity: Double = 1) {
    guard let alpha = Self.alpha(color, opacity), contours.allSatisfy({ $0.allSatisfy(\.isFinite) }) else { return }
    record(color, alpha: alpha, rule: rule) { list in
      for contour in contours where contour.count > 2 { list.polygon(contour) }
    }
  }

  /// `fill(_:rule:_:opacity:)` of the contours' points; whether each is closed does not
  /// matter to a fill.
  public mutating func fill(_ contours: [Contour], rule: FillRule, _ color: RGBA8, opacity: Double = 1) {
    guard let alpha = Self.alpha(color, opacity), contours.allSatisfy({ $0.points.allSatisfy(\.isFinite) }) else { return }
    record(color, alpha: alpha, rule: rule) { list in
      for contour in contours where contour.points.count > 2 { list.polygon(contour.points) }
    }
  }

  /// Strokes `contours` by `style`, as SVG strokes a path's subpaths: an open contour gets
  /// `style.cap` at both ends and `style.join` at every inner point; a closed one (its last
  /// point joined back to its first; a repeated first point at the end is dropped) gets the
  /// join at every point, its first too, and no caps. A contour of one point (or all its
  /// points the same) is a zero-length subpath: with round caps a dot `style.width` across,
  /// with square caps a square that wide along x, with butt caps nothing. The whole stroke is
  /// filled non-zero and blended once, so where it overlaps itself or another of its
  /// contours nothing cancels and nothing is darker. The colour's alpha is multiplied by
  /// `opacity` (clamped to 0...1: a stroke-opacity times the groups' opacity). With a
  /// `style.transform`, the contours are in the pen's space and the outline is mapped to
  /// pixels. Not drawn: a width that is not positive and finite, a non-finite point or
  /// transform, a NaN opacity.
  public mutating func stroke(_ contours: [Contour], style: StrokeStyle, _ color: RGBA8, opacity: Double = 1) {
    guard style.width > 0, style.width.isFinite, let alpha = Self.alpha(color, opacity),
      contours.allSatisfy({ $0.points.allSatisfy(\.isFinite) })
    else { return }
    recordStroke(contours, style: style, color: color, alpha: alpha)
  }

  /// Records the outline of `contours` stroked by `style`, painted by `color` or `shader`.
  private mutating func recordStroke(
    _ contours: [Contour], style: StrokeStyle, color: RGBA8 = RGBA8(r: 0, g: 0, b: 0), shader: Shader? = nil, alpha: Float
  ) {
    if let transform = style.transform, !transform.isFinite { return }
    let geometry = StrokeGeometry(style)
    var distinct = strokePoints
    strokePoints = []
    outlineTransform = style.transform?.linearPart
    defer { outlineTransform = nil }
    record(color, shader: shader, alpha: alpha, rule: .nonZero) { list in
      for contour in contours {
        guard let first = contour.points.first else { continue }
        distinct.removeAll(keepingCapacity: true)
        distinct.append(first)
        for point in contour.points.dropFirst() where !Self.isSame(point, distinct[distinct.count - 1]) { distinct.append(point) }
        if contour.isClosed {
          while distinct.count > 1, Self.isSame(distinct[distinct.count - 1], first) { distinct.removeLast() }
        }
        list.stroke(distinct, isClosed: contour.isClosed, geometry)
      }
    }
    strokePoints = distinct
  }

  /// `fill(_:rule:_:opacity:)` painted by a gradient: each pixel the shader's colour, its
  /// alpha times `opacity`.
  public mutating func fill(_ contours: [Contour], rule: FillRule, _ shader: GradientShader, opacity: Double = 1) {
    fill(contours, rule: rule, Shader.gradient(shader), opacity: opacity)
  }

  /// `fill(_:rule:_:opacity:)` painted by a gradient or an image.
  public mutating func fill(_ contours: [Contour], rule: FillRule, _ shader: Shader, opacity: Double = 1) {
    guard let alpha = Self.alpha(RGBA8(r: 0, g: 0, b: 0), opacity), contours.allSatisfy({ $0.points.allSatisfy(\.isFinite) }) else { return }
    record(shader: shader, alpha: alpha, rule: rule) { list in
      for contour in contours where contour.points.count > 2 { list.polygon(contour.points) }
    }
  }

  /// `stroke(_:style:_:opacity:)` painted by a gradient.
  public mutating func stroke(_ contours: [Contour], style: StrokeStyle, _ shader: GradientShader, opacity: Double = 1) {
    stroke(contours, style: style, Shader.gradient(shader), opacity: opacity)
  }

  /// `stroke(_:style:_:opacity:)` painted by a gradient or an image.
  public mutating func stroke(_ contours: [Contour], style: StrokeStyle, _ shader: Shader, opacity: Double = 1) {
    guard style.width > 0, style.width.isFinite, let alpha = Self.alpha(RGBA8(r: 0, g: 0, b: 0), opacity),
      contours.allSatisfy({ $0.points.allSatisfy(\.isFinite) })
    else { return }
    recordStroke(contours, style: style, shader: shader, alpha: alpha)
  }

  /// Starts a layer (a group with an opacity, a clip or a mask): what is drawn until
  /// `endLayer` is drawn into it, then blended as one.
  public mutating func beginLayer() {
    layerStarts.append(commands.count)
    commands.append(.pushLayer(bounds: nil))
  }

  /// Starts a layer's mask: what is drawn until `endLayer` is the mask, whose luminance (or
  /// alpha) says how much of the layer begun before it shows.
  public mutating func beginMask() {
    commands.append(.pushLayer(bounds: nil))
  }

  /// Blends the layer begun last onto what is below it at `opacity`, inside `clip` (contours
  /// filled by their rule, anti-aliased; nil for no clip) and through `mask` (given when
  /// `beginMask` was called after the layer began), its colours mixed by `blendMode` (in
  /// linear RGB when `blendsInLinearRGB`: a filter's blend over the backdrop). Layers nest.
  public mutating func endLayer(
    opacity: Double, clip: (contours: [Contour], rule: FillRule)? = nil, mask: LayerMask? = nil, blendMode: BlendMode = .normal,
    blendsInLinearRGB: Bool = false
  ) {
    var recorded: RecordedClip?
    if let clip {
      let firstPoint = points.count, firstContour = contourEnds.count
      pathBounds = .empty
      for contour in clip.contours where contour.points.count > 2 && contour.points.allSatisfy(\.isFinite) { polygon(contour.points) }
      if !openContour.isEmpty { close() }
      // An empty clip shows nothing: a clip of no contours, which covers no pixel.
      recorded = RecordedClip(firstPoint: firstPoint, contours: firstContour..<contourEnds.count, bounds: pathBounds, rule: clip.rule)
    }
    let alpha = opacity.isNaN ? 0 : Float(min(max(opacity, 0), 1))
    // A layer without a mask holds only what its shapes cover: bands and pixels beyond them
    // neither clear it nor blend it (a see-through curve among thousands costs its own area).
    if let start = layerStarts.popLast(), start < commands.count, case .pushLayer(nil) = commands[start], mask == nil,
      let bounds = contentBounds(after: start) {
      commands[start] = .pushLayer(bounds: bounds)
    }
    commands.append(.popLayer(opacity: alpha, clip: recorded, mask: mask, blendMode: blendMode, inLinearRGB: blendsInLinearRGB))
  }

  /// The box around what the commands after `start` draw, in pixels; nil when one of them
  /// reaches further than its shape (a filter, an image, a clear).
  private func contentBounds(after start: Int) -> Rect? {
    var box = Rect.empty
    for command in commands[(start + 1)...] {
      switch command {
      case let .path(_, _, bounds, _, _, _), let .shadedPath(_, _, bounds, _, _, _): box.include(bounds)
      case let .rect(rect, _): box.include(rect)
      case let .disc(centre, radius, _):
        box.include(Rect(minX: centre.x - radius, minY: centre.y - radius, maxX: centre.x + radius, maxY: centre.y + radius))
      case .pushLayer, .popLayer: continue
      case .clear, .image, .pushFilter, .popFilter: return nil
      }
    }
    return box
  }

  /// Starts what a filter applies to: drawn until `endFilter`.
  public mutating func beginFilter() {
    commands.append(.pushFilter)
  }

  /// Draws what was drawn since `beginFilter` through `effect`.
  public mutating func endFilter(_ effect: FilterEffect) {
    effects.append(effect)
    commands.append(.popFilter(effect: effects.count - 1))
  }

  /// The unrounded alpha (0...255) of `color` at `opacity`, or nil when nothing would show.
  private static func alpha(_ color: RGBA8, _ opacity: Double) -> Float? {
    guard !opacity.isNaN else { return nil }
    let alpha = Float(Double(color.a) * min(max(opacity, 0), 1))
    return alpha > 0 ? alpha : nil
  }

  /// Draws `image` (straight alpha) with its top-left pixel at (`x`, `y`).
  public mutating func draw(_ image: PixelBuffer, atX x: Int, y: Int) {
    guard image.width > 0, image.height > 0 else { return }
    commands.append(.image(image, x: x, y: y))
  }

  /// Records the contours `outline` writes, through this list's `OutlineSink` side, as one
  /// filled path.
  private mutating func record(
    _ color: RGBA8 = RGBA8(r: 0, g: 0, b: 0), shader: Shader? = nil, alpha: Float? = nil, rule: FillRule = .nonZero,
    _ outline: (inout DisplayList) -> Void
  ) {
    let firstPoint = points.count, firstContour = contourEnds.count
    pathBounds = .empty
    outline(&self)
    if !openContour.isEmpty { close() }
    guard contourEnds.count > firstContour else { return }
    if let shader {
      shaders.append(shader)
      commands.append(
        .shadedPath(
          firstPoint: firstPoint, contours: firstContour..<contourEnds.count, bounds: pathBounds, rule: rule,
          shader: shaders.count - 1, alpha: alpha ?? 255
        )
      )
      return
    }
    commands.append(
      .path(
        firstPoint: firstPoint, contours: firstContour..<contourEnds.count, bounds: pathBounds, rule: rule, color: color,
        alpha: alpha ?? Float(color.a)
      )
    )
  }

  /// `polygon` clipped to `rect` (Sutherland–Hodgman). Every point inside `rect` keeps its
  /// winding number, so coverage there is unchanged; parts outside run along the border.
  static func clip(_ polygon: [Point], to rect: Rect) -> [Point] {
    var result = polygon
    let sides: [(Point) -> Double] = [{ $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y }]
    for inside in sides {
      let input = result
      result.removeAll(keepingCapacity: true)
      for index in input.indices {
        let a = input[index], b = input[(index + 1) % input.count]
        let da = inside(a), db = inside(b)
        if da >= 0 { result.append(a) }
        if (da >= 0) != (db >= 0) { result.append(a.lerp(to: b, da / (da - db))) }
      }
      guard !result.isEmpty else { return [] }
    }
    return result
  }

  /// Points closer than this (in pixels) are one point: a segment that short has no
  /// direction worth trusting.
  /// Round caps and joins, `width` across: the editor's own lines.
  private static func roundStroke(width: Double) -> StrokeGeometry {
    StrokeGeometry(StrokeStyle(width: width, cap: .round, join: .round))
  }

  private static func isSame(_ a: Point, _ b: Point) -> Bool {
    abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
  }
}

/// The list records outlines itself: points in `Double` until each contour closes, then
/// stored as `Float`, clipped first if the contour reaches beyond `exactRange`.
extension DisplayList: OutlineSink {
  mutating func move(to point: Point) {
    if !openContour.isEmpty { close() }
    line(to: point)
  }

  mutating func line(to point: Point) {
    let point = outlineTransform?.apply(to: point) ?? point
    openContour.append(point)
    openBounds.include(point)
  }

  mutating func close() {
    defer {
      openContour.removeAll(keepingCapacity: true)
      openBounds = .empty
    }
    guard openContour.count > 2 else { return }
    let far = Self.exactRange
    if openBounds.minX > -far, openBounds.minY > -far, openBounds.maxX < far, openBounds.maxY < far {
      for point in openContour { points.append(SIMD2(Float(point.x), Float(point.y))) }
    } else {
      // A contour whose box holds the canvas can still lie wholly outside it (an L around a
      // corner); clipped to nothing, it is no contour: the renderer reads every contour's
      // last point.
      let clipped = Self.clip(openContour, to: keptArea)
      guard clipped.count > 2 else { return }
      for point in clipped { points.append(SIMD2(Float(point.x), Float(point.y))) }
    }
    pathBounds.include(openBounds)
    contourEnds.append(points.count)
  }
}
