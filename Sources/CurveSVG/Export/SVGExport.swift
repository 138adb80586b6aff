import CurveDocument
import CurveGeometry
import FoundationEssentials

/// A document as SVG: one `<path>` per curve, with its style, inside its groups' `<g>`s
/// (each with its transform, the curve in the group's coordinates);
/// gradients, patterns, clips, masks and filters as definitions (`PaintServerNames`,
/// `GroupElements`); what the document keeps undrawn written back in its place, the root
/// declaring its namespaces.
///
/// Each subpath is an `M…` run, a closed one ending with `Z`; lines, quadratics and cubics are
/// exact (`L`, `Q`, `C`); a segment of higher degree, which SVG cannot express, is written as
/// cubics within `tolerance` (`Bezier.cubics(tolerance:)`). The style's fields are written
/// as SVG's presentation attributes, only those set; a field left unset is written as the
/// editor draws it (`CurveStyle.unsetLook`: no fill, the blue 3-unit stroke with round caps and
/// joins) where SVG's default differs, and named in `SVGImport.unsetAttribute`, so an import
/// of the file gives back the same curves and the same styles.
///
/// Points given a colour or a size are drawn after the curves as circles, in one
/// `<g class="control-points">` (left out when no point is styled), in the handle's look:
/// a point with only a colour has the handle's radius, one with only a size the handle's fill.
/// `SVGImport` skips that class, so an exported drawing imports as exactly its curves.
public enum SVGExport {
  /// How the editor draws a point's handle, which a styled point keeps in the file.
  public struct PointLook: Sendable {
    public var outline: RGBColor
    public var fill: RGBColor
    /// For a point without a size of its own, in document units.
    public var radius: Double

    public init(outline: RGBColor, fill: RGBColor, radius: Double) {
      self.outline = outline
      self.fill = fill
      self.radius = radius
    }

    /// The editor's handle: a dark ring around white, 6 units across.
    public static let editorHandle = PointLook(outline: RGBColor(r: 55, g: 60, b: 72), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)
  }

  /// How far, in document units, the cubics written for a segment of degree 4 or more may be
  /// from it.
  static let tolerance = 0.01
  /// The styled points' outline, in document units: thin, as their fill is what was chosen.
  static let pointStrokeWidth = 1.0

  /// The document as SVG; with `animated`, its timeline too, as SMIL inside the curves'
  /// paths (`SMILAnimation`), the paths' own attributes being the drawing at 0 s, so a
  /// renderer without SMIL shows the first frame.
  ///
  /// With `settings`, what only Curves knows goes into the file too, in its namespace: its
  /// settings (`CurvesSettings`) and each curve as it holds it (`CurvesCurveData`): a drawing
  /// saved as Curves's own file; without, the export is plain SVG.
  public static func svg(for document: Document, pointLook: PointLook, animated: Bool = false, settings: Bool = false) -> String {
    // What Curves holds, before an animated export takes the frame at 0 s for the paths.
    let held = document, heldCurves = Dictionary(document.curves.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let timeline = animated ? document.timeline.flatMap { $0.duration > 0 ? $0 : nil } : nil
    // A morph's keyframes made to correspond: SMIL interpolates `d` only between like paths.
    let source = timeline == nil ? document : document.corresponded()
    let tracks = Dictionary((timeline == nil ? [] : source.timeline?.tracks ?? []).map { ($0.curve, $0) }, uniquingKeysWith: { first, _ in first })
    var document = timeline == nil ? document : source.frame(at: 0)
    // A group's keyframed parts go on a `<g>` inside its own, which keeps its own transform.
    var groupAnimations: [String: SMILGroupAnimation] = [:]
    for track in timeline == nil ? [] : source.timeline?.groupTracks ?? [] {
      guard let timeline, let index = source.groups.firstIndex(where: { $0.id == track.group }), !track.keyframes.isEmpty else { continue }
      groupAnimations[track.group] = SMILGroupAnimation(group: source.groups[index], track: track, timeline: timeline)
      document.groups[index].transform = source.groups[index].transform
    }
    let width = number(document.canvas.width), height = number(document.canvas.height)
    // The view keyed by the timeline is the root's viewBox: at 0 s as its own, then animated.
    let viewBox = timeline.flatMap { $0.viewBox(atLocalTime: 0) }.map(boxText) ?? "0 0 \(width) \(height)"
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg"\#(namespaceDeclarations(document))\#(settings ? #" xmlns:curves="\#(CurvesSettings.namespace)""# : "")\#(rootAttributes(document, width: width, height: height, viewBox: viewBox))>"#,
    ]
    if settings {
      lines.append("  " + CurvesSettings.element(for: document))
      if let element = CurvesSettings.timelineElement(for: held) { lines.append("  " + element) }
    }
    if let timeline, let animation = SMILAnimation.viewBoxElement(of: timeline) { lines.append("  " + animation) }
    let curveIDs = Set(document.curves.map(\.id))
    var keptBefore: [UUID: [KeptElement]] = [:], keptAtEnd: [KeptElement] = []
    for kept in document.kept {
      if let id = kept.before, curveIDs.contains(id) { keptBefore[id, default: []].append(kept) } else { keptAtEnd.append(kept) }
    }
    let maskCurves = document.groups.flatMap { $0.mask?.allCurves ?? [] }
    let animations = Dictionary(
      document.curves.compactMap { curve in timeline.flatMap { timeline in tracks[curve.id].map { (curve.id, SMILAnimation(curve: curve, track: $0, timeline: timeline)) } } },
      uniquingKeysWith: { first, _ in first })
    // A gradient that moves is defined as the curve's own (below), not among the still ones.
    let stillPaints = document.curves.map { curve in
      var still = curve
      if let animation = animations[curve.id] {
        if animation.gradientDefinition(\.fill, id: "") != nil { still.style.fill = nil }
        if animation.gradientDefinition(\.stroke, id: "") != nil { still.style.stroke = nil }
        // Its keyframes' `d` are where it is seen: written without a pen of its own (`path`).
        still.style.strokeTransform = nil
      }
      return still
    }
    // The ids the kept elements (and their definitions) define are theirs.
    let keptIDs = Set(document.kept.flatMap { KeptReferences.definedIDs(in: $0.xml) })
    let paints = PaintServerNames(stillPaints + maskCurves, reserving: keptIDs)
    lines += paints.definitions()
    var groups = GroupElements(document.groups, animations: groupAnimations, marksUnlabelled: settings)
    lines += groups.definitions { curve in path(curve, paints: paints) }
    for curve in document.curves {
      for kept in keptBefore[curve.id, default: []] { lines += groups.enter(kept.group) + ["  " + kept.xml] }
      lines += groups.enter(curve.group)
      let animation = animations[curve.id]
      // A gradient that moves is the curve's own, defined just before it.
      var painted: [String: String] = [:]
      for (name, paint) in [("fill", { (style: CurveStyle) in style.fill }), ("stroke", { (style: CurveStyle) in style.stroke })] {
        let id = "curve-\(curve.id.uuidString.lowercased())-\(name)"
        guard let definition = animation?.gradientDefinition(paint, id: id) else { continue }
        lines += ["  <defs>"] + definition + ["  </defs>"]
        painted[name] = "url(#\(id))"
      }
      lines.append("  " + path(curve, paints: paints, animations: animation?.elements() ?? [], painted: painted, held: settings ? heldCurves[curve.id] ?? curve : nil))
    }
    for kept in keptAtEnd { lines += groups.enter(kept.group) + ["  " + kept.xml] }
    lines += groups.enter(nil)
    lines += styledPoints(document, look: pointLook)
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `x y width height`, as a `viewBox` is written.
  static func boxText(_ box: Rect) -> String {
    [box.minX, box.minY, box.width, box.height].map(number).joined(separator: " ")
  }

  /// A curve's `<path>`, with its style (`painted` as `styleAttributes` takes it); with its id
  /// unless it is not `named`; with `animations` (SMIL elements) inside it, a line each; with
  /// `held`, the curve as Curves holds it (`CurvesCurveData`; an animated path's `d` is its
  /// frame at 0 s).
  static func path(
    _ curve: Document.CurveRecord, paints: PaintServerNames, named: Bool = true, animations: [String] = [], painted: [String: String] = [:],
    held: Document.CurveRecord? = nil
  ) -> String {
    // A stretched pen is the path's transform, the path in the pen's space; an animated path's
    // keyframes are where it is seen, so it keeps a round pen.
    let pen = animations.isEmpty ? penSpace(curve) : nil
    let written = pen?.curve ?? curve
    let data = written.subpaths.map(pathData).joined(separator: " ")
    let id = named ? #"id="curve-\#(curve.id.uuidString.lowercased())" "# : ""
    let object = objectAttributes(label: curve.label, isHidden: curve.isHidden, isLocked: curve.isLocked)
    let heldData = held.map(CurvesCurveData.attribute) ?? ""
    let transform = pen.map { PaintServerNames.transformAttribute("transform", $0.pen) } ?? ""
    let style = styleAttributes(written.style, paints: paints, painted: painted)
    let opening = #"<path \#(id)\#(object)d="\#(data)"\#(transform)\#(style)\#(heldData)"#
    guard !animations.isEmpty else { return opening + "/>" }
    return ([opening + ">"] + animations.map { "    " + $0 } + ["  </path>"]).joined(separator: "\n")
  }

  /// A curve whose pen is stretched (`CurveStyle.strokeTransform`) as SVG writes it: its
  /// points, paints and widths in the pen's space, under the pen as the path's transform, so
  /// a renderer strokes it as Curves does; nil for a round pen.
  static func penSpace(_ curve: Document.CurveRecord) -> (curve: Document.CurveRecord, pen: Affine)? {
    guard let pen = curve.style.strokeTransform, let inverse = pen.inverted else { return nil }
    var placed = curve.applying(inverse)
    // The pen keeps areas: the width and dashes as they are, not times √|det| of its rounding.
    (placed.style.strokeTransform, placed.style.strokeWidth) = (nil, curve.style.strokeWidth)
    (placed.style.dashArray, placed.style.dashOffset) = (curve.style.dashArray, curve.style.dashOffset)
    // 18, not 18.000000000000004: the numbers a file's own coordinates were.
    let box = curve.bounds
    placed.removeRoundingNoise(within: Document.noise * max(1, abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY)))
    return (placed, pen)
  }

  /// `inkscape:label="…" display="none" sodipodi:insensitive="true" `: an object's label,
  /// and whether it is hidden or locked, as Inkscape writes them (and import reads them).
  static func objectAttributes(label: String?, isHidden: Bool, isLocked: Bool) -> String {
    (label.map { #"inkscape:label="\#(escaped($0))" "# } ?? "") + (isHidden ? #"display="none" "# : "")
      + (isLocked ? #"sodipodi:insensitive="true" "# : "")
  }

  static let inkscapeNamespace = "http://www.inkscape.org/namespaces/inkscape"
  static let sodipodiNamespace = "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"

  /// ` xmlns:inkscape="…" …`: the namespaces the kept elements use, xlink, which SVG 1.1
  /// readers need for an image's or a link's href, and Inkscape's and Sodipodi's for
  /// objects' labels and locks.
  static func namespaceDeclarations(_ document: Document) -> String {
    let labels = document.curves.contains { $0.label != nil } || document.groups.contains { $0.label != nil }
    let locks = document.curves.contains(where: \.isLocked) || document.groups.contains(where: \.isLocked)
    let rootPrefixes = keptRootAttributeNames(document).compactMap(prefix).filter { $0 != "xml" }
    guard !document.kept.isEmpty || labels || locks || !rootPrefixes.isEmpty else { return "" }
    var namespaces = document.kept.isEmpty ? [:] : document.namespaces
    for prefix in rootPrefixes { namespaces[prefix] = document.namespaces[prefix] }
    if !document.kept.isEmpty { namespaces["xlink"] = namespaces["xlink"] ?? "http://www.w3.org/1999/xlink" }
    if labels { namespaces["inkscape"] = namespaces["inkscape"] ?? inkscapeNamespace }
    if locks { namespaces["sodipodi"] = namespaces["sodipodi"] ?? sodipodiNamespace }
    return namespaces.keys.sorted().map { #" xmlns:\#($0)="\#(escaped(namespaces[$0]!))""# }.joined()
  }

  /// The root's ` id="…" width="…" height="…" viewBox="…"` and the rest of its kept
  /// attributes (`Document.rootAttributes`): its size as the file had it where that still
  /// shows the canvas unstretched (`Document.rootSize`), else the canvas's `width` and `height`.
  static func rootAttributes(_ document: Document, width: String, height: String, viewBox: String) -> String {
    let kept = keptRootAttributeNames(document)
    func attribute(_ name: String, _ value: String) -> String { #" \#(name)="\#(escaped(value))""# }
    var text = kept.contains("id") ? attribute("id", document.rootAttributes["id"]!) : ""
    if let size = document.rootSize {
      text += (size.width.map { attribute("width", $0) } ?? "") + (size.height.map { attribute("height", $0) } ?? "")
    } else {
      text += attribute("width", width) + attribute("height", height)
    }
    text += attribute("viewBox", viewBox)
    for name in kept where !["id", "width", "height"].contains(name) { text += attribute(name, document.rootAttributes[name]!) }
    return text
  }

  /// The kept root attributes that can be written back, sorted: names of XML's form, a
  /// prefixed one only with its namespace known (`xml`, or in `Document.namespaces`), and
  /// none that the export writes itself.
  static func keptRootAttributeNames(_ document: Document) -> [String] {
    document.rootAttributes.keys.sorted().filter { name in
      let parts = name.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count <= 2, parts.allSatisfy(isXMLName) else { return false }
      guard parts.count == 2 else { return Document.keptUnprefixedRootAttributes.contains(name) }
      let prefix = String(parts[0])
      return prefix == "xml" || (prefix != "xmlns" && prefix != "curves" && document.namespaces[prefix] != nil)
    }
  }

  /// The prefix of a qualified name (`inkscape` of `inkscape:version`), nil for none.
  private static func prefix(_ name: String) -> String? {
    name.contains(":") ? String(name.prefix { $0 != ":" }) : nil
  }

  /// Whether `part` is a name XML allows without a colon (letters, digits, `_`, `-` and `.`,
  /// not starting with a digit, `-` or `.`).
  private static func isXMLName(_ part: Substring) -> Bool {
    guard let first = part.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
    return part.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
  }

  /// ` fill="…" stroke="…" …`: the fields set, then, for the unset ones, the editor's look
  /// where SVG's default differs, and the list of the unset ones.
  /// `painted` gives the fill's or the stroke's value where it is not the style's paint's
  /// (an animated gradient of the curve's own).
  static func styleAttributes(_ style: CurveStyle, paints: PaintServerNames = PaintServerNames([]), painted: [String: String] = [:]) -> String {
    let style = withDegenerateGradientsAsColours(style)
    let look = CurveStyle.unsetLook
    // Each field: its SVG name, its value as written when set, the editor's look when unset
    // (nil where SVG's default is that look already).
    let fields: [(name: String, value: String?, unset: String?)] = [
      ("fill", painted["fill"] ?? style.fill.map(paints.paint), look.fill?.text),
      ("fill-rule", style.fillRule?.rawValue, nil),
      ("fill-opacity", style.fillOpacity.map(number), nil),
      ("stroke", painted["stroke"] ?? style.stroke.map(paints.paint), look.stroke?.text),
      ("stroke-width", style.strokeWidth.map(number), look.strokeWidth.map(number)),
      ("stroke-opacity", style.strokeOpacity.map(number), nil),
      ("stroke-linecap", style.lineCap?.rawValue, look.lineCap?.rawValue),
      ("stroke-linejoin", style.lineJoin?.rawValue, look.lineJoin?.rawValue),
      ("stroke-miterlimit", style.miterLimit.map(number), nil),
      ("opacity", style.opacity.map(number), nil),
    ]
    var text = ""
    if let dashes = style.dashArray, !dashes.isEmpty {
      text += #" stroke-dasharray="\#(dashes.map(number).joined(separator: " "))""#
      if let offset = style.dashOffset, offset != 0 { text += #" stroke-dashoffset="\#(number(offset))""# }
    }
    if style.paintsStrokeFirst == true { text += #" paint-order="stroke""# }
    for field in fields {
      if let value = field.value ?? field.unset { text += #" \#(field.name)="\#(value)""# }
    }
    let unset = fields.filter { $0.value == nil }.map(\.name)
    if !unset.isEmpty { text += #" \#(SVGImport.unsetAttribute)="\#(unset.joined(separator: " "))""# }
    return text
  }

  /// `style` with a radial gradient of no radius written as what it paints, its last stop's
  /// colour and opacity (SVG 1.1, 13.2.3), as resvg and browsers draw it: librsvg paints no part
  /// of such a gradient, so the file would lose the colour there.
  static func withDegenerateGradientsAsColours(_ style: CurveStyle) -> CurveStyle {
    func solid(_ paint: CurveStyle.Paint?, _ opacity: Double?) -> (CurveStyle.Paint, Double)? {
      guard case let .gradient(gradient)? = paint, case let .radial(_, _, radius, _, _, _) = gradient.geometry,
        radius <= 0, let last = gradient.stops.last
      else { return nil }
      return (.color(last.color), (opacity ?? 1) * last.opacity)
    }
    var result = style
    if let (paint, opacity) = solid(style.fill, style.fillOpacity) { (result.fill, result.fillOpacity) = (paint, opacity) }
    if let (paint, opacity) = solid(style.stroke, style.strokeOpacity) { (result.stroke, result.strokeOpacity) = (paint, opacity) }
    return result
  }

  /// A circle for every point with a colour or a size, inside one group; nothing when none has.
  /// Colours are read as `RGBColor(hex:)` and sizes clamped, so a document that did not pass
  /// `decode` cannot put anything but `#rrggbb` and a number into the file.
  static func styledPoints(_ document: Document, look: PointLook) -> [String] {
    let outline = look.outline.hex, outlineWidth = number(pointStrokeWidth)
    let circles = document.curves.flatMap(\.points).compactMap { point -> String? in
      let color = point.color.flatMap(RGBColor.init(hex:)), size = point.size.flatMap(PointSize.clamped)
      guard color != nil || size != nil else { return nil }
      let radius = size.map { $0 / 2 } ?? look.radius
      let fill = color?.hex ?? look.fill.hex
      return #"    <circle class="control-point" cx="\#(number(point.x))" cy="\#(number(point.y))" r="\#(number(radius))" fill="\#(fill)" stroke="\#(outline)" stroke-width="\#(outlineWidth)"/>"#
    }
    guard !circles.isEmpty else { return [] }
    return [#"  <g class="control-points">"#] + circles + ["  </g>"]
  }

  /// One subpath as path data: `M` and its first point, each segment as `L`, `Q` or `C`
  /// (cubics within `tolerance` for higher degrees), and `Z` when it is closed. A closed
  /// subpath's last segment is written to its first point, then `Z`.
  static func pathData(_ subpath: Document.SubpathRecord) -> String {
    pathData(subpath, halvings: nil)
  }

  /// The same, `halvings` (when given) cutting each segment of degree 4 or more alike into
  /// 2^that cubics (one number a segment: `Document.SubpathRecord.commonCubicHalvings`), so the subpath at every keyframe
  /// has the same commands, which SMIL needs to move `d`.
  static func pathData(_ subpath: Document.SubpathRecord, halvings: [Int]?) -> String {
    let points = subpath.points.map { Point(x: $0.x, y: $0.y) }
    guard let first = points.first else { return "" }
    var parts = ["M \(pair(first))"]
    let weights = subpath.points.contains { $0.weight != nil } ? subpath.segmentWeights : []
    for (index, segment) in subpath.segments.enumerated() {
      // A rational segment (its points weighted): cubics within `tolerance`.
      if weights.indices.contains(index), let weights = weights[index], let rational = RationalBezier(segment, weights: weights) {
        for cubic in rational.cubics(tolerance: tolerance) {
          let control = cubic.controlPoints
          parts.append("C \(pair(control[1])) \(pair(control[2])) \(pair(control[3]))")
        }
        continue
      }
      switch segment.count {
      case 2: parts.append("L \(pair(segment[1]))")
      case 3: parts.append("Q \(pair(segment[1])) \(pair(segment[2]))")
      case 4: parts.append("C \(pair(segment[1])) \(pair(segment[2])) \(pair(segment[3]))")
      default:
        let curve = Bezier(segment)
        let cubics = halvings.map { curve?.cubics(halvings: $0[index]) } ?? curve?.cubics(tolerance: tolerance)
        for cubic in cubics ?? [] {
          let control = cubic.controlPoints
          parts.append("C \(pair(control[1])) \(pair(control[2])) \(pair(control[3]))")
        }
      }
    }
    if subpath.closed { parts.append("Z") }
    return parts.joined(separator: " ")
  }

  /// The path data of one open subpath of `points`: a version 1 curve.
  static func pathData(_ points: [Point]) -> String {
    pathData(Document.SubpathRecord(points: points.map { Document.PointRecord(id: RandomUUIDs.shared(), x: $0.x, y: $0.y) }))
  }

  /// `text` as an attribute's value: `&`, `<`, `"` and `'` escaped.
  static func escaped(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
      .replacing("\"", with: "&quot;").replacing("'", with: "&apos;")
  }

  private static func pair(_ point: Point) -> String { "\(number(point.x)) \(number(point.y))" }

  /// A number as an attribute's value: `DecimalText.plain`, the shortest plain decimal.
  public static func number(_ value: Double) -> String { DecimalText.plain(value) }
}
