import CurveDocument
import CurveGeometry

/// A document's groups as SVG: each a `<g>` around its curves (opened and closed as the
/// curves are written in painting order), with its opacity, and its clip and mask as
/// `<clipPath>` and `<mask>` definitions in the group's own coordinates (`ID-clip`, `ID-mask`);
/// its transform as a `matrix`; with `animations`, its keyframes as SMIL (`SMILGroupAnimation`).
///
/// ```swift
/// var groups = GroupElements(document.groups)
/// lines += groups.definitions { SVGExport.path($0, paints: names) }
/// for curve in document.curves { lines += groups.enter(curve.group); lines.append(path(curve)) }
/// lines += groups.enter(nil)   // closes what is open
/// ```
struct GroupElements {
  private let groups: [String: Group]
  private let ordered: [Group]
  /// The groups open, outermost first.
  private var open: [String] = []
  /// The animated groups' SMIL, by id.
  private let animations: [String: SMILGroupAnimation]
  /// Curves's own file: a group without a label says so (`curves:unlabelled`), else a reader
  /// takes its id for its label.
  private let marksUnlabelled: Bool

  init(_ groups: [Group], animations: [String: SMILGroupAnimation] = [:], marksUnlabelled: Bool = false) {
    ordered = groups
    self.animations = animations
    self.marksUnlabelled = marksUnlabelled
    self.groups = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The `<clipPath>` and `<mask>` elements of every group, in a `<defs>`; a mask's curves
  /// written by `path`.
  func definitions(path: (Document.CurveRecord) -> String) -> [String] {
    var lines: [String] = []
    for group in ordered {
      if let clip = group.clip {
        let data = clip.subpaths.map(SVGExport.pathData).joined(separator: " ")
        lines.append(#"    <clipPath id="\#(SVGExport.escaped(group.id))-clip" clipPathUnits="userSpaceOnUse">"#)
        lines.append(#"      <path d="\#(data)" clip-rule="\#(clip.rule.rawValue)"/>"#)
        lines.append("    </clipPath>")
      }
      if let mask = group.mask { lines += Self.maskElements(mask, id: group.id + "-mask", path: path) }
      if let filter = group.filter { lines += Self.filterElement(filter, id: group.id + "-filter") }
      if Self.blendsOverBackground(group) {
        lines.append(#"    <filter id="\#(SVGExport.escaped(group.id))-blend">"#)
        lines.append(#"      <feBlend mode="\#(group.blendMode ?? "normal")" in2="BackgroundImage"/>"#)
        lines.append("    </filter>")
      }
    }
    return lines.isEmpty ? [] : ["  <defs>"] + lines + ["  </defs>"]
  }

  /// Whether the group's blend is written as the filter it was read from, one `feBlend` over
  /// SVG 1.1's `BackgroundImage` (`ID-blend`): `mix-blend-mode` cannot say that its colours
  /// mix in linear RGB, and librsvg draws the filter so.
  private static func blendsOverBackground(_ group: Group) -> Bool { group.blendsInLinearRGB && group.filter == nil }

  /// A `<mask>` named `id`, and the masks on it, each its own `<mask>` (`ID-mask`,
  /// `ID-mask-mask`…) that the one it is on names in its `mask` attribute.
  private static func maskElements(_ mask: Mask, id: String, path: (Document.CurveRecord) -> String) -> [String] {
    var attributes = #"id="\#(SVGExport.escaped(id))" maskUnits="userSpaceOnUse""#
    if let region = mask.region {
      let number = SVGExport.number
      attributes += #" x="\#(number(region.minX))" y="\#(number(region.minY))" width="\#(number(region.width))" height="\#(number(region.height))""#
    }
    if !mask.usesLuminance { attributes += #" style="mask-type:alpha""# }
    if mask.mask != nil { attributes += #" mask="url(#\#(SVGExport.escaped(id))-mask)""# }
    let own = ["    <mask \(attributes)>"] + mask.curves.map { "      " + path($0) } + mask.images.map { "      " + imageElement($0) } + ["    </mask>"]
    return own + (mask.mask.map { maskElements($0, id: id + "-mask", path: path) } ?? [])
  }

  /// `feDiffuseLighting` or `feSpecularLighting` around its light.
  private static func lightingElements(_ lighting: SurfaceLighting, links: String) -> [String] {
    let number = SVGExport.number
    let name = lighting.isSpecular ? "feSpecularLighting" : "feDiffuseLighting"
    let constants = lighting.isSpecular
      ? #"specularConstant="\#(number(lighting.constant))" specularExponent="\#(number(lighting.specularExponent))""#
      : #"diffuseConstant="\#(number(lighting.constant))""#
    let light = switch lighting.light {
    case let .distant(azimuth, elevation): #"<feDistantLight azimuth="\#(number(azimuth))" elevation="\#(number(elevation))"/>"#
    case let .point(x, y, z): #"<fePointLight x="\#(number(x))" y="\#(number(y))" z="\#(number(z))"/>"#
    case let .spot(x, y, z, px, py, pz, exponent, angle):
      #"<feSpotLight x="\#(number(x))" y="\#(number(y))" z="\#(number(z))" pointsAtX="\#(number(px))" pointsAtY="\#(number(py))""#
        + #" pointsAtZ="\#(number(pz))" specularExponent="\#(number(exponent))""#
        + (angle.map { #" limitingConeAngle="\#(number($0))""# } ?? "") + "/>"
    }
    return [
      #"      <\#(name)\#(links) surfaceScale="\#(number(lighting.surfaceScale))" \#(constants) lighting-color="\#(lighting.color.hex)""#
        + (lighting.kernelUnitLength.map { #" kernelUnitLength="\#(number($0))""# } ?? "") + ">",
      "        " + light,
      "      </\(name)>",
    ]
  }

  /// An `<image>` of a mask's content, placed by its map.
  private static func imageElement(_ image: KeptImage) -> String {
    let number = SVGExport.number
    var attributes = #"x="\#(number(image.x))" y="\#(number(image.y))""#
    if let width = image.width { attributes += #" width="\#(number(width))""# }
    if let height = image.height { attributes += #" height="\#(number(height))""# }
    let t = Affine(values: image.transform)
    if t != .identity { attributes += #" transform="matrix(\#([t.a, t.b, t.c, t.d, t.e, t.f].map(number).joined(separator: " ")))""# }
    if let fit = image.preserveAspectRatio { attributes += #" preserveAspectRatio="\#(SVGExport.escaped(fit))""# }
    if image.opacity != 1 { attributes += #" opacity="\#(number(image.opacity))""# }
    return #"<image \#(attributes) href="\#(SVGExport.escaped(image.href))"/>"#
  }

  /// `feImage` with its picture's viewport as its subregion, in document units (the box
  /// around it, when its map turns it).
  private static func feImageElement(_ image: KeptImage, links: String) -> String {
    let number = SVGExport.number
    let viewport = Affine(values: image.transform).boundingBox(
      of: Rect(minX: image.x, minY: image.y, maxX: image.x + (image.width ?? 0), maxY: image.y + (image.height ?? 0))
    )
    let fit = image.preserveAspectRatio.map { #" preserveAspectRatio="\#(SVGExport.escaped($0))""# } ?? ""
    // The sides the primitive's links give stand; the picture's viewport gives the others.
    var place = ""
    for (name, value) in [("x", viewport.minX), ("y", viewport.minY), ("width", viewport.width), ("height", viewport.height)]
    where !links.contains(" \(name)=") {
      place += #" \#(name)="\#(number(value))""#
    }
    return #"      <feImage\#(links)\#(place) href="\#(SVGExport.escaped(image.href))"\#(fit)/>"#
  }

  /// A `feFuncX`'s type and numbers.
  private static func transferAttributes(_ function: ComponentFunction) -> String {
    let number = SVGExport.number
    return switch function {
    case .identity: #"type="identity""#
    case let .table(values): #"type="table" tableValues="\#(values.map(number).joined(separator: " "))""#
    case let .discrete(values): #"type="discrete" tableValues="\#(values.map(number).joined(separator: " "))""#
    case let .linear(slope, intercept): #"type="linear" slope="\#(number(slope))" intercept="\#(number(intercept))""#
    case let .gamma(amplitude, exponent, offset):
      #"type="gamma" amplitude="\#(number(amplitude))" exponent="\#(number(exponent))" offset="\#(number(offset))""#
    }
  }

  /// A `<filter>` in document units (`filterUnits` and `primitiveUnits` both user space).
  static func filterElement(_ filter: Filter, id: String) -> [String] {
    let number = SVGExport.number, region = filter.region
    // Moved noise is made beyond the region (see `turbulenceElements`), so the region written
    // holds it too, and every other primitive keeps to the region it had.
    let movedNoise = filter.primitives.compactMap { movedNoiseSubregion($0, region: region) }
    let written = movedNoise.reduce(region) { $0.union($1) }
    var lines = [
      #"    <filter id="\#(SVGExport.escaped(id))" filterUnits="userSpaceOnUse" x="\#(number(written.minX))" y="\#(number(written.minY))""#
        + #" width="\#(number(written.width))" height="\#(number(written.height))""#
        + (filter.usesLinearRGB ? "" : #" color-interpolation-filters="sRGB""#) + ">",
    ]
    let primitives = namingShadowInputs(filter.primitives, filterID: id)
    for (index, primitive) in primitives.enumerated() {
      // Where it draws and in which colours, then what it reads and the name it gives.
      var place = ""
      if let linear = primitive.usesLinearRGB { place += #" color-interpolation-filters="\#(linear ? "linearRGB" : "sRGB")""# }
      if !movedNoise.isEmpty {
        let sides = subregion(of: primitive, in: region)
        place += #" x="\#(number(sides.minX))" y="\#(number(sides.minY))" width="\#(number(sides.width))" height="\#(number(sides.height))""#
      } else if let sides = primitive.subregion {
        for (name, value) in [("x", sides.x), ("y", sides.y), ("width", sides.width), ("height", sides.height)] {
          if let value { place += #" \#(name)="\#(number(value))""# }
        }
      }
      var links = ""
      if let input = primitive.input { links += #" in="\#(SVGExport.escaped(input))""# }
      if let input = primitive.input2 { links += #" in2="\#(SVGExport.escaped(input))""# }
      if let result = primitive.result { links += #" result="\#(SVGExport.escaped(result))""# }
      links += place
      switch primitive.operation {
      case let .gaussianBlur(x, y):
        lines.append(#"      <feGaussianBlur\#(links) stdDeviation="\#(number(x)) \#(number(y))"/>"#)
      case let .offset(dx, dy):
        lines.append(#"      <feOffset\#(links) dx="\#(number(dx))" dy="\#(number(dy))"/>"#)
      case let .flood(color, opacity):
        lines.append(#"      <feFlood\#(links) flood-color="\#(color.hex)" flood-opacity="\#(number(opacity))"/>"#)
      case let .composite(op, k1, k2, k3, k4):
        let ks = op == "arithmetic" ? #" k1="\#(number(k1))" k2="\#(number(k2))" k3="\#(number(k3))" k4="\#(number(k4))""# : ""
        lines.append(#"      <feComposite\#(links) operator="\#(SVGExport.escaped(op))"\#(ks)/>"#)
      case let .merge(inputs):
        lines.append("      <feMerge\(links)>")
        lines += inputs.map { input in input.map { #"        <feMergeNode in="\#(SVGExport.escaped($0))"/>"# } ?? "        <feMergeNode/>" }
        lines.append("      </feMerge>")
      case let .blend(mode):
        lines.append(#"      <feBlend\#(links) mode="\#(SVGExport.escaped(mode))"/>"#)
      case let .colorMatrix(values):
        lines.append(#"      <feColorMatrix\#(links) type="matrix" values="\#(values.map(number).joined(separator: " "))"/>"#)
      case let .dropShadow(dx, dy, x, y, color, opacity):
        // SVG 1.1's primitives, as Filter Effects 1 defines feDropShadow by them: librsvg 2.54
        // (GNOME's renderer) draws nothing for a filter with feDropShadow in it.
        let input = SVGExport.escaped(primitive.input ?? (index == 0 ? "SourceGraphic" : primitives[index - 1].result ?? "SourceGraphic"))
        let step = SVGExport.escaped("\(id)-shadow\(index)")
        let moved = #"in="\#(x == 0 && y == 0 ? input : step + "-blur")" dx="\#(number(dx))" dy="\#(number(dy))""#
        if x != 0 || y != 0 {
          lines.append(#"      <feGaussianBlur in="\#(input)" stdDeviation="\#(number(x)) \#(number(y))" result="\#(step)-blur"\#(place)/>"#)
        }
        lines += [
          #"      <feOffset \#(moved) result="\#(step)-offset"\#(place)/>"#,
          #"      <feFlood flood-color="\#(color.hex)" flood-opacity="\#(number(opacity))"\#(place)/>"#,
          #"      <feComposite in2="\#(step)-offset" operator="in"\#(place)/>"#,
          "      <feMerge\(primitive.result.map { #" result="\#(SVGExport.escaped($0))""# } ?? "")\(place)>",
          "        <feMergeNode/>", #"        <feMergeNode in="\#(input)"/>"#, "      </feMerge>",
        ]
      case let .componentTransfer(red, green, blue, alpha):
        lines.append("      <feComponentTransfer\(links)>")
        for (name, function) in [("feFuncR", red), ("feFuncG", green), ("feFuncB", blue), ("feFuncA", alpha)] where function != .identity {
          lines.append("        <\(name) \(transferAttributes(function))/>")
        }
        lines.append("      </feComponentTransfer>")
      case let .morphology(dilates, x, y):
        lines.append(#"      <feMorphology\#(links) operator="\#(dilates ? "dilate" : "erode")" radius="\#(number(x)) \#(number(y))"/>"#)
      case let .convolveMatrix(matrix):
        var attributes = #" order="\#(matrix.columns) \#(matrix.rows)" kernelMatrix="\#(matrix.kernel.map(number).joined(separator: " "))""#
        if let divisor = matrix.divisor { attributes += #" divisor="\#(number(divisor))""# }
        if matrix.bias != 0 { attributes += #" bias="\#(number(matrix.bias))""# }
        attributes += #" targetX="\#(matrix.targetX)" targetY="\#(matrix.targetY)" edgeMode="\#(SVGExport.escaped(matrix.edgeMode))""#
        if matrix.preservesAlpha { attributes += #" preserveAlpha="true""# }
        lines.append("      <feConvolveMatrix\(links)\(attributes)/>")
      case let .lighting(lighting):
        lines += lightingElements(lighting, links: links)
      case .tile:
        lines.append("      <feTile\(links)/>")
      case let .displacementMap(scale, xChannel, yChannel):
        lines.append(
          #"      <feDisplacementMap\#(links) scale="\#(number(scale))" xChannelSelector="\#(SVGExport.escaped(xChannel))""#
            + #" yChannelSelector="\#(SVGExport.escaped(yChannel))"/>"#
        )
      case let .image(image):
        lines.append(feImageElement(image, links: links))
      case let .turbulence(noise):
        lines += turbulenceElements(noise, primitive: primitive, region: region, links: links, noiseName: "\(id)-noise\(index)")
      }
    }
    // Moved noise last: what it leaves is cut back to the region it had.
    if let last = primitives.last, movedNoiseSubregion(last, region: region) != nil {
      let sides = subregion(of: last, in: region)
      lines.append(#"      <feMerge x="\#(number(sides.minX))" y="\#(number(sides.minY))" width="\#(number(sides.width))" height="\#(number(sides.height))"><feMergeNode/></feMerge>"#)
    }
    lines.append("    </filter>")
    return lines
  }

  /// The document's point p has the noise at `space(p)` = scale · (p + shift): the shift,
  /// when the space moves and only scales (nil otherwise).
  private static func noiseShift(_ space: Affine) -> (x: Double, y: Double)? {
    guard space.b == 0, space.c == 0, space.a != 0, space.d != 0 else { return nil }
    let x = space.e / space.a, y = space.f / space.d
    guard x.isFinite, y.isFinite, abs(x) > 1e-9 || abs(y) > 1e-9 else { return nil }
    return (x, y)
  }

  /// Where the primitive draws: its subregion, sides it leaves out the filter's `region`'s.
  private static func subregion(of primitive: FilterPrimitive, in region: Rect) -> Rect {
    let sides = primitive.subregion
    let x = sides?.x ?? region.minX, y = sides?.y ?? region.minY
    return Rect(minX: x, minY: y, maxX: x + (sides?.width ?? region.width), maxY: y + (sides?.height ?? region.height))
  }

  /// Where moved noise is made (`turbulenceElements`), for a turbulence whose space moves.
  private static func movedNoiseSubregion(_ primitive: FilterPrimitive, region: Rect) -> Rect? {
    guard case let .turbulence(noise) = primitive.operation, let shift = noiseShift(noise.space) else { return nil }
    let box = subregion(of: primitive, in: region)
    return Rect(minX: box.minX + shift.x, minY: box.minY + shift.y, maxX: box.maxX + shift.x, maxY: box.maxY + shift.y)
  }

  /// `feTurbulence` with its frequencies in the document's units: exact while its space only
  /// scales (a turn of it is not written). Where the space also moves, the noise is made
  /// that far the other way (in the region written, which holds it; a subregion of its own
  /// moved so) and an `feOffset` brings it back into place, so librsvg, resvg and browsers
  /// draw the very noise the element was drawn with.
  private static func turbulenceElements(
    _ noise: Turbulence, primitive: FilterPrimitive, region: Rect, links: String, noiseName: String
  ) -> [String] {
    let number = SVGExport.number, space = noise.space
    let scaleX = (space.a * space.a + space.b * space.b).squareRoot(), scaleY = (space.c * space.c + space.d * space.d).squareRoot()
    let parameters = #" baseFrequency="\#(number(noise.baseFrequencyX * scaleX)) \#(number(noise.baseFrequencyY * scaleY))""#
      + #" numOctaves="\#(noise.octaves)" seed="\#(noise.seed)" type="\#(noise.isFractalNoise ? "fractalNoise" : "turbulence")""#
      + (noise.stitchesTiles ? #" stitchTiles="stitch""# : "")
    guard let shift = noiseShift(space), let made = movedNoiseSubregion(primitive, region: region) else {
      return ["      <feTurbulence\(links)\(parameters)/>"]
    }
    func place(_ box: Rect) -> String {
      #" x="\#(number(box.minX))" y="\#(number(box.minY))" width="\#(number(box.width))" height="\#(number(box.height))""#
    }
    let colors = primitive.usesLinearRGB.map { #" color-interpolation-filters="\#($0 ? "linearRGB" : "sRGB")""# } ?? ""
    let result = primitive.result.map { #" result="\#(SVGExport.escaped($0))""# } ?? ""
    let name = SVGExport.escaped(noiseName)
    // Without a subregion of its own, the noise fills the region written, which holds where
    // it is made, and the offset keeps to the same: librsvg moves an feOffset's own subregion
    // by its offset as well.
    let own = primitive.subregion != nil
    return [
      #"      <feTurbulence result="\#(name)"\#(colors)\#(own ? place(made) : "")\#(parameters)/>"#,
      #"      <feOffset in="\#(name)"\#(result)\#(colors)\#(own ? place(subregion(of: primitive, in: region)) : "")"#
        + #" dx="\#(number(-shift.x))" dy="\#(number(-shift.y))"/>"#,
    ]
  }

  /// `primitives` with a name given to each one a drop shadow reads as the previous result,
  /// as the drop shadow is written in several primitives that read it by name.
  private static func namingShadowInputs(_ primitives: [FilterPrimitive], filterID: String) -> [FilterPrimitive] {
    var named = primitives
    for index in named.indices.dropFirst() where named[index - 1].result == nil && named[index].input == nil {
      guard case .dropShadow = named[index].operation else { continue }
      named[index - 1].result = "\(filterID)-input\(index)"
    }
    return named
  }

  /// The groups `group` is in, outermost first.
  private func chain(of group: String?) -> [String] { Group.chain(of: group, in: groups).map(\.id) }

  /// The lines that close the open groups `group` is not in and open those it is in.
  mutating func enter(_ group: String?) -> [String] {
    let target = chain(of: group)
    let shared = zip(open, target).prefix { $0 == $1 }.count
    var lines: [String] = []
    while open.count > shared {
      let closed = open.removeLast()
      lines.append("  </g>")
      if animations[closed]?.innerTransform != nil { lines.append("  </g>") }
    }
    for id in target[shared...] {
      guard let group = groups[id] else { continue }
      var attributes = #"id="\#(SVGExport.escaped(id))" "# + SVGExport.objectAttributes(label: group.label, isHidden: group.isHidden, isLocked: group.isLocked)
      attributes.removeLast()
      if marksUnlabelled, group.label == nil { attributes += #" \#(SVGLayerGroup.unlabelledAttribute)="true""# }
      if group.transform != .identity {
        let t = group.transform
        attributes += #" transform="matrix(\#([t.a, t.b, t.c, t.d, t.e, t.f].map(SVGExport.number).joined(separator: " ")))""#
      }
      if group.opacity != 1 { attributes += #" opacity="\#(SVGExport.number(group.opacity))""# }
      if group.clip != nil { attributes += #" clip-path="url(#\#(SVGExport.escaped(id))-clip)""# }
      if group.mask != nil { attributes += #" mask="url(#\#(SVGExport.escaped(id))-mask)""# }
      if group.filter != nil { attributes += #" filter="url(#\#(SVGExport.escaped(id))-filter)""# }
      if Self.blendsOverBackground(group) { attributes += #" filter="url(#\#(SVGExport.escaped(id))-blend)""# }
      var style: [String] = []
      if let mode = group.blendMode, !Self.blendsOverBackground(group) { style.append("mix-blend-mode:\(mode)") }
      if group.isolated { style.append("isolation:isolate") }
      if !style.isEmpty { attributes += #" style="\#(style.joined(separator: ";"))""# }
      lines.append("  <g \(attributes)>")
      if let animation = animations[id] {
        lines += animation.opacity.map { "    " + $0 }
        if let t = animation.innerTransform {
          let matrix = [t.a, t.b, t.c, t.d, t.e, t.f].map(SVGExport.number).joined(separator: " ")
          lines.append(t == .identity ? "  <g>" : #"  <g transform="matrix(\#(matrix))">"#)
          lines += animation.transform.map { "    " + $0 }
        }
      }
      open.append(id)
    }
    return lines
  }
}
