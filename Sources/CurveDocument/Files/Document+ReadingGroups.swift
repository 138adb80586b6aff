import CurveGeometry
import FoundationEssentials

/// Reading a document's groups with `JSONReader`: their clips, masks and filters.
extension Document {
  /// The top-level `groups`, as `Group.encode(to:)` writes them; `validate` checks them.
  static func readGroups(_ reader: inout JSONReader) throws -> [Group] {
    var groups: [Group] = []
    try reader.readArray { reader in
      let path = ".groups[\(groups.count)]"
      var id: String?, parent: String?, label: String?, opacity = 1.0, clip: ClipPath?, mask: Mask?, filter: Filter?
      var transform = Affine.identity, blendMode: String?, blendsInLinearRGB = false, isolated = false, isHidden = false, isLocked = false
      try reader.readObject { key, reader in
        switch key {
        case "id": id = try reader.readString()
        case "parent": parent = try reader.readNullable { try $0.readString() }
        case "label": label = try reader.readNullable { try $0.readString() }
        case "transform": transform = try readTransform(&reader, of: "a group")
        case "opacity": opacity = try reader.readNumber()
        case "clip":
          var rule = CurveStyle.FillRule.nonZero, subpaths: [SubpathRecord] = []
          try reader.readObject { key, reader in
            switch key {
            case "rule":
              let text = try reader.readString()
              guard let value = CurveStyle.FillRule(rawValue: text) else { throw reader.failure("\"\(text)\" is not a fill rule at \(path).clip.rule") }
              rule = value
            case "subpaths": subpaths = try readSubpaths(&reader, path + ".clip.subpaths")
            default: try reader.skipValue()
            }
          }
          clip = ClipPath(rule: rule, subpaths: subpaths)
        case "mask": mask = try readMask(&reader, path + ".mask", depth: 0)
        case "blendMode":
          let text = try reader.readString()
          guard Group.blendModes.contains(text) else { throw reader.failure("\"\(text)\" is not a blend mode at \(path).blendMode") }
          blendMode = text
        case "blendsInLinearRGB": blendsInLinearRGB = try reader.readBool()
        case "isolated": isolated = try reader.readBool()
        case "hidden": isHidden = try reader.readBool()
        case "locked": isLocked = try reader.readBool()
        case "filter":
          do {
            filter = try JSONDecoder().decode(Filter.self, from: try reader.readRaw())
          } catch let error as DecodingError {
            throw reader.failure("a filter that cannot be read at \(path).filter (\(describe(error)))")
          }
        default: try reader.skipValue()
        }
      }
      guard let id else { throw reader.failure("missing \"id\" at \(path)") }
      var group = Group(id: id, parent: parent, label: label, transform: transform, opacity: opacity, clip: clip, mask: mask, filter: filter)
      group.blendMode = blendMode
      group.blendsInLinearRGB = blendsInLinearRGB
      group.isolated = isolated
      group.isHidden = isHidden
      group.isLocked = isLocked
      groups.append(group)
    }
    return groups
  }

  /// Masks on masks nest at most this deep: a hostile file cannot recurse without end.
  public static let maximumMaskDepth = 16

  /// A group's mask, and the masks on it (`"mask"` inside a mask).
  private static func readMask(_ reader: inout JSONReader, _ path: String, depth: Int) throws -> Mask {
    guard depth < maximumMaskDepth else { throw reader.failure("masks nested deeper than \(maximumMaskDepth) at \(path)") }
    var usesLuminance = true, region: Rect?, curves: [CurveRecord] = [], images: [KeptImage] = [], inner: Mask?
    try reader.readObject { key, reader in
      switch key {
      case "type": usesLuminance = try reader.readString() != "alpha"
      case "region":
        var numbers: [Double] = []
        try reader.readArray { reader in numbers.append(try reader.readNumber()) }
        guard numbers.count == 4 else { throw reader.failure("a mask's region is x, y, width, height at \(path).region") }
        region = Rect(minX: numbers[0], minY: numbers[1], maxX: numbers[0] + numbers[2], maxY: numbers[1] + numbers[3])
      case "curves": curves = try readCurves(&reader)
      case "images":
        do {
          images = try JSONDecoder().decode([KeptImage].self, from: reader.readRaw())
        } catch let failure as JSONReader.Failure {
          throw failure
        } catch {
          throw reader.failure("a mask's images are not images at \(path).images: \(error)")
        }
      case "mask": inner = try readMask(&reader, path + ".mask", depth: depth + 1)
      default: try reader.skipValue()
      }
    }
    return Mask(usesLuminance: usesLuminance, region: region, curves: curves, images: images, mask: inner)
  }
}
