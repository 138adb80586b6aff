import CurveDocument
import CurveGeometry
import FoundationEssentials

/// The third stage of SVG import: the resolved drawing (its shapes in document units, its
/// layer groups, what is kept undrawn, its animation elements) as the document's records,
/// with fresh ids, and the repairs as the user reads them.
extension SVGImport {
  /// The document `drawing` resolved on `canvas`, with `view` (an animated viewBox) as the
  /// timeline's view; `prefixes` are the file's namespace prefixes, for what is kept.
  static func convert(
    _ drawing: SVGDrawing, canvas: Canvas, view: SMILImport.ViewAnimation?, prefixes: [String: String], makeID: () -> UUID
  ) -> (document: Document, repairs: [String]) {
    // Laid out as the document holds a drawing: shapes in order, groups parents first.
    let flat = drawing.nodes.flattened()
    var namedPatterns: [(placeholder: Pattern, named: Pattern)] = []
    var exportedIDs = Set<UUID>()
    let curves = flat.shapes.map { shape in
      // A curve Curves exported comes back with its id, so what names it (a kept animation's
      // href) still does.
      let exported = shape.elementID.flatMap { $0.hasPrefix("curve-") ? UUID(uuidString: String($0.dropFirst(6))) : nil }
      let id = exported.flatMap { exportedIDs.insert($0).inserted ? $0 : nil } ?? makeID()
      var curve = Document.CurveRecord(
        id: id, style: namingPatternContent(shape.style, named: &namedPatterns, makeID: makeID),
        subpaths: (shape.grouped ?? shape.subpaths).map { record($0, makeID: makeID) }, group: shape.group
      )
      curve.label = shape.label
      curve.isLocked = shape.isLocked
      curve.isHidden = shape.isHidden
      // Saved by Curves with what `d` cannot say, and still drawn by its `d` (an animated
      // path's `d` is its frame at 0 s): as it was held.
      if let text = shape.curveData, let saved = CurvesCurveData.curve(from: text, canvas: canvas), saved.id == id,
        !shape.animations.isEmpty || CurvesCurveData.stillDraws(saved, curve) {
        curve.subpaths = saved.subpaths
        curve.spline = saved.spline
      }
      return curve
    }
    var repairs = drawing.repairs
    if drawing.repairCount > repairs.count {
      repairs.append("… and \(drawing.repairCount - repairs.count) more repairs like these")
    }
    var document = Document(canvas: canvas, curves: curves, animation: Document.AnimationRecord(AnimationSettings(mode: .smooth)))
    // A drawing is seen clean: editing marks only on the curves being edited.
    document.display.handles = .selected
    document.groups = flat.groups.map { group in
      Group(
        id: group.id, parent: group.parent, label: group.label, transform: group.transform, opacity: group.opacity,
        clip: group.clip.map { ClipPath(rule: $0.rule, subpaths: $0.subpaths.map { record($0, makeID: makeID) }) },
        mask: group.mask.map { documentMask($0, namedPatterns: &namedPatterns, makeID: makeID) },
        filter: group.filter
      )
    }
    for (index, group) in flat.groups.enumerated() {
      document.groups[index].blendMode = group.blendMode
      document.groups[index].blendsInLinearRGB = group.blendsInLinearRGB
      document.groups[index].isolated = group.isolated
      document.groups[index].isLocked = group.isLocked
      document.groups[index].isHidden = group.isHidden
    }
    document.kept = flat.kept.map { kept in
      KeptElement(
        name: kept.element.name, xml: kept.element.xml, before: kept.shapesBefore < curves.count ? curves[kept.shapesBefore].id : nil,
        image: kept.element.image, text: kept.element.text, group: kept.group
      )
    }
    // What the kept elements refer to, last (their indices are the write-back's).
    if let definitions = drawing.keptDefinitions(for: document.kept.map(\.xml)) {
      document.kept.append(KeptElement(name: "defs", xml: definitions, before: nil))
    }
    if !document.kept.isEmpty { document.namespaces = prefixes.filter { $0.key != "xml" } }
    var unread: [String] = []
    var keptAnimations: [KeptElement] = []
    // A moving gradient painted as it is at each keyframe, as the shape's own was painted.
    var painter = drawing
    document.timeline = SMILImport.timeline(
      shapes: flat.shapes, curves: curves, layers: flat.groups, groups: &document.groups, view: view,
      paints: { gradient, time in painter.gradientPaint(SMILImport.animated(gradient.element, at: time), shape: gradient.shape) }, makeID: makeID,
      reasons: &unread,
      kept: &keptAnimations
    )
    SMILImport.joinExportedInnerGroups(&document)
    for element in drawing.keptRootAnimations {
      let attribute = element.attributes["attributeName"].map { #" of "\#($0)""# } ?? ""
      unread.append("an <\(element.name)>\(attribute) on the root is not read (of the root, only its viewBox is)")
    }
    if !keptAnimations.isEmpty {
      document.kept += keptAnimations
      document.namespaces = prefixes.filter { $0.key != "xml" }
    }
    repairs += Set(unread).sorted().map { "Not read: \($0); the drawing shows its value at 0 s there, and SVG export writes it back as it was" }
    return (document, repairs)
  }

  /// A resolved mask as the document keeps it, with the masks on it.
  static func documentMask(
    _ mask: SVGMask, namedPatterns: inout [(placeholder: Pattern, named: Pattern)], makeID: () -> UUID
  ) -> Mask {
    let curves = mask.shapes.map { shape in
      Document.CurveRecord(
        id: makeID(), style: namingPatternContent(shape.style, named: &namedPatterns, makeID: makeID),
        subpaths: shape.subpaths.map { record($0, makeID: makeID) }
      )
    }
    let inner = mask.innerMasks.first.map { documentMask($0, namedPatterns: &namedPatterns, makeID: makeID) }
    return Mask(usesLuminance: mask.usesLuminance, region: mask.region, curves: curves, images: mask.images, mask: inner)
  }

  /// The id pattern content has until `namingPatternContent` names it.
  static let placeholderID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// `style` with the content of its patterns given fresh ids from `makeID`; a pattern met
  /// before (`named`) takes the ids it was given then, so equal patterns stay equal.
  static func namingPatternContent(_ style: CurveStyle, named: inout [(placeholder: Pattern, named: Pattern)], makeID: () -> UUID) -> CurveStyle {
    func name(_ paint: CurveStyle.Paint?) -> CurveStyle.Paint? {
      guard case let .pattern(pattern)? = paint else { return paint }
      if let done = named.first(where: { $0.placeholder == pattern }) { return .pattern(done.named) }
      var result = pattern
      result.curves = pattern.curves.map { curve in
        var curve = curve
        curve.id = makeID()
        curve.style = namingPatternContent(curve.style, named: &named, makeID: makeID)
        for subpath in curve.subpaths.indices {
          for point in curve.subpaths[subpath].points.indices { curve.subpaths[subpath].points[point].id = makeID() }
        }
        return curve
      }
      named.append((pattern, result))
      return .pattern(result)
    }
    var style = style
    style.fill = name(style.fill)
    style.stroke = name(style.stroke)
    return style
  }
}
