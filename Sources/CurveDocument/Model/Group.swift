import CurveGeometry

/// A group of curves drawn as one layer, as SVG draws a `<g>` with an opacity, a clip or a
/// mask: its curves (and the groups inside it) are painted into the layer first, which is
/// then blended onto what is below through its opacity, clip and mask, exactly (two
/// overlapping curves at 50% show no darker overlap).
///
/// ```swift
/// let faded = Group(id: "layer1", label: "Layer 1", opacity: 0.5)
/// curve.group = "layer1"   // painted inside it
/// ```
///
/// Groups nest through `parent`, each with a `transform` from its own coordinates to its
/// parent's (see `Document.inDrawingCoordinates()` for where curves then are). A curve names its innermost group; the curves of a group
/// are the ones in painting order that name it or a group inside it, and a run of them that
/// another curve interrupts is drawn as a layer of its own. Clips and masks are in document
/// units, as their curves are.
public struct Group: Equatable, Sendable, Identifiable {
  /// Unique among the document's groups.
  public var id: String
  public var parent: String?
  /// What the drawing program called it (Inkscape's label, or the element's id).
  public var label: String?
  /// From the group's coordinates to its parent's (SVG's `transform` on a `<g>`).
  public var transform: Affine = .identity
  /// Within 0…1.
  public var opacity: Double
  public var clip: ClipPath?
  public var mask: Mask?
  /// Filter effects on the group's drawing, applied before its clip, mask and opacity.
  public var filter: Filter?
  /// How the layer's colours mix with what is below (CSS's `mix-blend-mode`: one of
  /// `blendModes`); nil for normal.
  public var blendMode: String?
  /// Whether `blendMode` mixes the colours in linear RGB: a filter's `feBlend` over SVG 1.1's
  /// `BackgroundImage`, whose colours mix as `color-interpolation-filters` says (linear RGB
  /// unless it says sRGB), where CSS's `mix-blend-mode` mixes them in sRGB.
  public var blendsInLinearRGB = false
  /// Whether blending inside stops at the group (CSS's `isolation: isolate`).
  public var isolated = false
  /// Not drawn, nor anything in it (SVG's `display:none`); still listed. Version 5.
  public var isHidden = false
  /// Neither it nor anything in it selectable on the canvas (`sodipodi:insensitive`). Version 5.
  public var isLocked = false
  /// A text shown as its glyphs, which are the group's curves (`TextObject`); nil for a
  /// group of curves. Only the editor holds these: a file holds the text.
  public var text: TextObject?

  /// The blend modes a group may have.
  public static let blendModes: Set<String> = [
    "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light", "soft-light",
    "difference", "exclusion", "hue", "saturation", "color", "luminosity",
  ]

  public init(
    id: String, parent: String? = nil, label: String? = nil, transform: Affine = .identity, opacity: Double = 1,
    clip: ClipPath? = nil, mask: Mask? = nil, filter: Filter? = nil
  ) {
    self.id = id
    self.parent = parent
    self.label = label
    self.transform = transform
    self.opacity = opacity
    self.clip = clip
    self.mask = mask
    self.filter = filter
  }

  /// Whether it changes how its curves look: a group that does not is only a name.
  public var isLayer: Bool {
    opacity < 1 || clip != nil || mask != nil || filter != nil || blendMode != nil || blendsInLinearRGB || isolated
  }

  /// The groups `group` is in, outermost first (itself last), looked up in `groups` by id; a
  /// parent named twice (a loop) ends the chain.
  public static func chain(of group: String?, in groups: [String: Group]) -> [Group] {
    var chain: [Group] = [], current = group, seen = Set<String>()
    while let id = current, let found = groups[id], seen.insert(id).inserted {
      chain.append(found)
      current = found.parent
    }
    return chain.reversed()
  }
}

/// The area a group's layer shows, as SVG's `clipPath` is: what its subpaths cover under
/// `rule`, anti-aliased at the edge.
public struct ClipPath: Equatable, Sendable {
  public var rule: CurveStyle.FillRule
  /// Closed or not, each is filled as if closed.
  public var subpaths: [Document.SubpathRecord]

  public init(rule: CurveStyle.FillRule = .nonZero, subpaths: [Document.SubpathRecord]) {
    self.rule = rule
    self.subpaths = subpaths
  }
}

/// How much of a group's layer shows at each point, as SVG's `mask` is: the luminance (or
/// the alpha) of its curves and then its images drawn, inside `region`.
public struct Mask: Equatable, Sendable {
  /// Luminance (SVG's default) or alpha.
  public var usesLuminance: Bool
  /// Nothing of the layer shows outside it (SVG's mask x, y, width and height).
  public var region: Rect?
  public var curves: [Document.CurveRecord]
  /// Pictures in the mask's content (SVG's `<image>` in a `<mask>`), drawn over its curves,
  /// placed in the document (`group` unused).
  public var images: [KeptImage] = []
  /// The mask on this mask (SVG's `mask` on a `<mask>`): its curves are masked by it before
  /// they mask the layer, so the two multiply.
  public var mask: Mask? {
    get { masks.first }
    set { masks = newValue.map { [$0] } ?? [] }
  }
  /// `mask`'s storage: a struct holds itself only through an array.
  private var masks: [Mask] = []
  /// The region as read and the map it was carried through since (`CarriedRegion`); not saved.
  public var carriedRegion: CarriedRegion?

  /// Equal as drawn and saved: where the region was carried from is not part of it.
  public static func == (lhs: Mask, rhs: Mask) -> Bool {
    lhs.usesLuminance == rhs.usesLuminance && lhs.region == rhs.region && lhs.curves == rhs.curves && lhs.images == rhs.images
      && lhs.masks == rhs.masks
  }

  public init(usesLuminance: Bool = true, region: Rect? = nil, curves: [Document.CurveRecord], images: [KeptImage] = [], mask: Mask? = nil) {
    self.usesLuminance = usesLuminance
    self.region = region
    self.curves = curves
    self.images = images
    self.mask = mask
  }

  /// Its curves and those of the masks on it.
  public var allCurves: [Document.CurveRecord] { curves + (mask?.allCurves ?? []) }
}

extension Group: Encodable {
  private enum CodingKeys: String, CodingKey { case id, parent, label, transform, opacity, clip, mask, filter, blendMode, blendsInLinearRGB, isolated, hidden, locked }

  /// `{"id": …, "parent": …, "label": …, "transform": [a, b, c, d, e, f], "opacity": …,
  /// "clip": …, "mask": …}`, only what is set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(parent, forKey: .parent)
    try container.encodeIfPresent(label, forKey: .label)
    if transform != .identity {
      try container.encode([transform.a, transform.b, transform.c, transform.d, transform.e, transform.f], forKey: .transform)
    }
    if opacity != 1 { try container.encode(opacity, forKey: .opacity) }
    try container.encodeIfPresent(clip, forKey: .clip)
    try container.encodeIfPresent(mask, forKey: .mask)
    try container.encodeIfPresent(filter, forKey: .filter)
    try container.encodeIfPresent(blendMode, forKey: .blendMode)
    if blendsInLinearRGB { try container.encode(true, forKey: .blendsInLinearRGB) }
    if isolated { try container.encode(true, forKey: .isolated) }
    if isHidden { try container.encode(true, forKey: .hidden) }
    if isLocked { try container.encode(true, forKey: .locked) }
  }
}

extension ClipPath: Encodable {
  private enum CodingKeys: String, CodingKey { case rule, subpaths }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rule.rawValue, forKey: .rule)
    try container.encode(subpaths, forKey: .subpaths)
  }
}

extension Mask: Encodable {
  private enum CodingKeys: String, CodingKey { case type, region, curves, images, mask }

  /// `{"type": "luminance" | "alpha", "region": [x, y, width, height], "curves": […],
  /// "images": […], "mask": {…}}`, the region, images and mask only when set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(usesLuminance ? "luminance" : "alpha", forKey: .type)
    if let region { try container.encode([region.minX, region.minY, region.width, region.height], forKey: .region) }
    try container.encode(curves, forKey: .curves)
    if !images.isEmpty { try container.encode(images, forKey: .images) }
    try container.encodeIfPresent(mask, forKey: .mask)
  }
}
