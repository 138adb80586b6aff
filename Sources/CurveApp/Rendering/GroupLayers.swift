import CurveFeature
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
struct GroupLayers {
  private let groups: [String: Group]
  let viewport: Viewport.State
  /// The layer groups open, outermost first.
  private(set) var open: [String] = []

  init(groups: [Group], viewport: Viewport.State) {
    self.groups = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.viewport = viewport
  }

  /// Whether there is any layer to open: most drawings have none, and cost nothing here.
  var isEmpty: Bool { !groups.values.contains(where: \.isLayer) }

  /// The layer groups `group` is in, outermost first (itself last, when it is one).
  func chain(of group: String?) -> [String] {
    var chain: [String] = []
    var current = group
    var seen = Set<String>()
    while let id = current, let found = groups[id], seen.insert(id).inserted {
      if found.isLayer { chain.append(id) }
      current = found.parent
    }
    return chain.reversed()
  }

  /// Makes the open layers those of `group`.
  mutating func enter(_ group: String?, into drawing: inout some ShapeDrawing) {
    guard !groups.isEmpty else { return }
    let target = chain(of: group)
    let shared = zip(open, target).prefix { $0 == $1 }.count
    while open.count > shared { close(open.removeLast(), into: &drawing) }
    for id in target[shared...] {
      drawing.beginLayer()
      open.append(id)
    }
  }

  /// Blends the layer of group `id`: its mask drawn first, then its clip and opacity.
  private func close(_ id: String, into drawing: inout some ShapeDrawing) {
    guard let group = groups[id] else { return }
    var mask: LayerMask?
    if let groupMask = group.mask {
      drawing.beginMask()
      for record in groupMask.curves {
        CurveLook(curve: Document.curveState(record), viewport: viewport).draw(into: &drawing)
      }
      let region = groupMask.region.map { rect in
        Rect(
          minX: viewport.screenPoint(atDocument: Point(x: rect.minX, y: rect.minY)).x * drawing.scale,
          minY: viewport.screenPoint(atDocument: Point(x: rect.minX, y: rect.minY)).y * drawing.scale,
          maxX: viewport.screenPoint(atDocument: Point(x: rect.maxX, y: rect.maxY)).x * drawing.scale,
          maxY: viewport.screenPoint(atDocument: Point(x: rect.maxX, y: rect.maxY)).y * drawing.scale
        )
      }
      mask = LayerMask(usesLuminance: groupMask.usesLuminance, region: region)
    }
    var clip: (contours: [Contour], rule: FillRule)?
    if let groupClip = group.clip {
      let chains = groupClip.subpaths.map { subpath in
        (segments: SVGExport.segments(of: subpath).compactMap { Bezier($0.map(viewport.screenPoint(atDocument:))) }, isClosed: true)
      }
      clip = (drawing.pixelContours(chains, tolerance: Theme.flatteningTolerance), groupClip.rule == .evenOdd ? .evenOdd : .nonZero)
    }
    drawing.endLayer(opacity: group.opacity, clip: clip, mask: mask)
  }
}
