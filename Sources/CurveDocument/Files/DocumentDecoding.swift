import CurveGeometry
import Foundation

/// Reading a document: a strict JSON reader for the curves (nearly all of a big document) and
/// `Decodable` for the small parts, then every check a document must pass before it replaces
/// the one open. Errors name where in the file they are.
extension Document {
  /// Reads and validates a document.
  public static func decode(_ data: Data) throws(DocumentError) -> Document {
    var document: Document
    do {
      document = try data.withUnsafeBytes { raw in try Document(json: raw.bindMemory(to: UInt8.self)) }
    } catch let error as DocumentError {
      throw error
    } catch {
      // A newer document is refused for its version, not for whatever else changed in it.
      if let version = data.withUnsafeBytes({ Self.version(in: $0.bindMemory(to: UInt8.self)) }), !readableVersions.contains(version) {
        throw .unsupportedVersion(version)
      }
      throw .malformed(describe(error))
    }
    guard readableVersions.contains(document.version) else { throw .unsupportedVersion(document.version) }
    try document.drawSplines()
    try document.validate()
    // Checked again where the curves are seen: a transform may take a point past the finite.
    if document.hasGroupTransforms { try document.inDrawingCoordinates().validate() }
    return document
  }

  /// The document in `json`: the curves through `JSONReader` (they are nearly all of a big
  /// document), the small parts through their `Decodable` conformances.
  private init(json: UnsafeBufferPointer<UInt8>) throws {
    var reader = JSONReader(json)
    var version: Int?, canvas: Canvas?, curves: [CurveRecord]?, animation: AnimationRecord?, display: DisplayOptions?
    var kept: [KeptElement]?, namespaces: [String: String]?, groups: [Group]?, timeline: Timeline?
    func decodePart<Part: Decodable>(_ type: Part.Type, _ key: String, _ reader: inout JSONReader) throws -> Part {
      let range = try reader.skipValue()
      do {
        return try JSONDecoder().decode(Part.self, from: Data(UnsafeBufferPointer(rebasing: json[range])))
      } catch {
        throw PartError(key: key, underlying: error)
      }
    }
    try reader.readObject { key, reader in
      switch key {
      case "version": version = try reader.readInteger()
      case "canvas": canvas = try decodePart(Canvas.self, key, &reader)
      case "curves": curves = try Self.readCurves(&reader)
      case "animation": animation = try decodePart(AnimationRecord.self, key, &reader)
      case "display": display = try decodePart(DisplayOptions.self, key, &reader)
      case "groups": groups = try Self.readGroups(&reader)
      case "kept": kept = try decodePart([KeptElement].self, key, &reader)
      case "namespaces": namespaces = try decodePart([String: String].self, key, &reader)
      case "timeline": timeline = try Self.readTimeline(&reader)
      default: try reader.skipValue()
      }
    }
    try reader.expectEnd()
    func required<Value>(_ value: Value?, _ key: String) throws -> Value {
      guard let value else { throw JSONReader.Failure(message: "missing \"\(key)\" at the top level", offset: 0) }
      return value
    }
    self.version = try required(version, "version")
    self.canvas = try required(canvas, "canvas")
    self.curves = try required(curves, "curves")
    self.animation = try required(animation, "animation")
    self.display = display ?? DisplayOptions()
    self.groups = groups ?? []
    self.kept = kept ?? []
    self.namespaces = namespaces ?? [:]
    self.timeline = timeline
  }

  private static func readCurves(_ reader: inout JSONReader) throws -> [CurveRecord] {
    var curves: [CurveRecord] = []
    var pointCount = 0
    try reader.readArray { reader in
      // Refused as soon as a limit is passed, not after reading the rest.
      guard curves.count < maximumCurves else { throw DocumentError.tooManyCurves(maximumCurves + 1) }
      let path = ".curves[\(curves.count)]"
      var id: UUID?, points: [PointRecord]?, closed = false, subpaths: [SubpathRecord]?, style = CurveStyle(), group: String?
      var spline: Spline?
      func readPoints(_ reader: inout JSONReader, _ path: String) throws -> [PointRecord] {
        var list: [PointRecord] = []
        try reader.readArray { reader in
          pointCount += 1
          guard pointCount <= maximumPoints else { throw DocumentError.tooManyPoints(pointCount) }
          list.append(try readPoint(&reader, path + "[\(list.count)]"))
        }
        return list
      }
      try reader.readObject { key, reader in
        switch key {
        case "id": id = try readUUID(&reader, path + ".id")
        case "points": points = try readPoints(&reader, path + ".points")
        case "closed": closed = try reader.readBool()
        case "style": style = try readStyle(&reader, curve: curves.count + 1)
        case "group": group = try reader.readNullable { try $0.readString() }
        case "spline": spline = try readSpline(&reader, path + ".spline")
        case "subpaths":
          var list: [SubpathRecord] = []
          try reader.readArray { reader in
            let subpathPath = path + ".subpaths[\(list.count)]"
            var subpathPoints: [PointRecord]?, subpathClosed = false
            try reader.readObject { key, reader in
              switch key {
              case "points": subpathPoints = try readPoints(&reader, subpathPath + ".points")
              case "closed": subpathClosed = try reader.readBool()
              default: try reader.skipValue()
              }
            }
            guard let subpathPoints else { throw reader.failure("missing \"points\" at \(subpathPath)") }
            list.append(SubpathRecord(closed: subpathClosed, points: subpathPoints))
          }
          subpaths = list
        default: try reader.skipValue()
        }
      }
      guard let id else { throw reader.failure("missing \"id\" at \(path)") }
      if let subpaths {
        curves.append(CurveRecord(id: id, style: style, subpaths: subpaths, group: group, spline: spline))
      } else if let points {
        curves.append(CurveRecord(id: id, style: style, subpaths: [SubpathRecord(closed: closed, points: points)], group: group, spline: spline))
      } else if spline != nil {
        // The spline alone is enough: `decode` makes its subpath.
        curves.append(CurveRecord(id: id, style: style, subpaths: [], group: group, spline: spline))
      } else {
        throw reader.failure("missing \"subpaths\" at \(path)")
      }
    }
    return curves
  }

  /// A curve's `spline`: its degree, control points (x, y and an optional weight), knots
  /// (uniform when absent and closed, open uniform when absent and open); checked by `validate`.
  private static func readSpline(_ reader: inout JSONReader, _ path: String) throws -> Spline {
    var degree: Int?, closed = false, knots: [Double]?, points: [Point] = [], weights: [Double] = []
    try reader.readObject { key, reader in
      switch key {
      case "degree": degree = try reader.readInteger()
      case "closed": closed = try reader.readBool()
      case "knots":
        var list: [Double] = []
        try reader.readArray { reader in
          guard list.count <= Spline.maximumPoints + 2 * Spline.degrees.upperBound else { throw reader.failure("too many knots at \(path).knots") }
          list.append(try reader.readNumber())
        }
        knots = list
      case "points":
        try reader.readArray { reader in
          guard points.count < Spline.maximumPoints else { throw reader.failure("more than \(Spline.maximumPoints) control points at \(path).points") }
          var x: Double?, y: Double?, weight = 1.0
          try reader.readObject { key, reader in
            switch key {
            case "x": x = try reader.readNumber()
            case "y": y = try reader.readNumber()
            case "weight": weight = try reader.readNullable { try $0.readNumber() } ?? 1
            default: try reader.skipValue()
            }
          }
          guard let x, let y else { throw reader.failure("missing \"\(x == nil ? "x" : "y")\" at \(path).points[\(points.count)]") }
          points.append(Point(x: x, y: y))
          weights.append(weight)
        }
      default: try reader.skipValue()
      }
    }
    guard let degree else { throw reader.failure("missing \"degree\" at \(path)") }
    // A closed spline's knots are always uniform: any written are checked against them.
    let known = degree >= 1 && degree <= Spline.degrees.upperBound && points.count >= degree
    return Spline(degree: degree, points: points, weights: weights, knots: knots ?? (known ? nil : []), isClosed: closed)
  }

  /// `path` is only made for an error: a document has tens of thousands of points.
  private static func readPoint(_ reader: inout JSONReader, _ path: @autoclosure () -> String) throws -> PointRecord {
    var id: UUID?, x: Double?, y: Double?, color: String?, size: Double?, node: NodeType?, weight: Double?
    try reader.readObject { key, reader in
      switch key {
      case "id": id = try readUUID(&reader, path() + ".id")
      case "x": x = try reader.readNumber()
      case "y": y = try reader.readNumber()
      case "color": color = try reader.readNullable { try $0.readString() }
      case "size": size = try reader.readNullable { try $0.readNumber() }
      case "weight": weight = try reader.readNullable { try $0.readNumber() }
      case "node":
        let text = try reader.readString()
        guard let type = NodeType(rawValue: text) else {
          throw reader.failure("\"\(text)\" is not a node type (corner, smooth or symmetric) at \(path()).node")
        }
        node = type
      default: try reader.skipValue()
      }
    }
    guard let id, let x, let y else {
      let missing = id == nil ? "id" : x == nil ? "x" : "y"
      throw reader.failure("missing \"\(missing)\" at \(path())")
    }
    return PointRecord(id: id, x: x, y: y, color: color, size: size, node: node, weight: weight)
  }

  /// A curve's `style`: each field optional, each checked here, naming the curve (1-based).
  private static func readStyle(_ reader: inout JSONReader, curve: Int) throws -> CurveStyle {
    var style = CurveStyle()
    func invalid(_ field: String, _ value: String) -> DocumentError { .invalidStyle(curve: curve, field: field, value: value) }
    func paint(_ reader: inout JSONReader, _ field: String) throws -> CurveStyle.Paint {
      if reader.peek() == UInt8(ascii: "{") {
        switch try readPaintServer(&reader) {
        case let .gradient(gradient):
          guard gradient.isValid else { throw invalid(field, "(a gradient with a number out of range or no stops)") }
          return .gradient(gradient)
        case let .pattern(pattern):
          guard pattern.isValid else { throw invalid(field, "(a pattern whose tile is empty, or with a number out of range)") }
          return .pattern(pattern)
        default:
          throw invalid(field, "(an object that is not a gradient or a pattern)")
        }
      }
      let text = try reader.readString()
      if text == "none" { return .none }
      guard let color = RGBColor(hex: text) else { throw invalid(field, "\"\(text)\"") }
      return .color(color)
    }
    func fraction(_ reader: inout JSONReader, _ field: String) throws -> Double {
      let value = try reader.readNumber()
      guard CurveStyle.opacityRange.contains(value) else { throw invalid(field, "\(value)") }
      return value
    }
    func keyword<Value: RawRepresentable<String>>(_ reader: inout JSONReader, _ field: String, _: Value.Type) throws -> Value {
      let text = try reader.readString()
      guard let value = Value(rawValue: text) else { throw invalid(field, "\"\(text)\"") }
      return value
    }
    try reader.readObject { key, reader in
      switch key {
      case "fill": style.fill = try paint(&reader, key)
      case "stroke": style.stroke = try paint(&reader, key)
      case "fillRule": style.fillRule = try keyword(&reader, key, CurveStyle.FillRule.self)
      case "lineCap": style.lineCap = try keyword(&reader, key, CurveStyle.LineCap.self)
      case "lineJoin": style.lineJoin = try keyword(&reader, key, CurveStyle.LineJoin.self)
      case "fillOpacity": style.fillOpacity = try fraction(&reader, key)
      case "strokeOpacity": style.strokeOpacity = try fraction(&reader, key)
      case "opacity": style.opacity = try fraction(&reader, key)
      case "strokeWidth":
        let width = try reader.readNumber()
        guard CurveStyle.strokeWidthRange.contains(width) else { throw invalid(key, "\(width)") }
        style.strokeWidth = width
      case "miterLimit":
        let limit = try reader.readNumber()
        guard limit.isFinite, limit >= 1 else { throw invalid(key, "\(limit)") }
        style.miterLimit = limit
      case "dashArray":
        var dashes: [Double] = []
        try reader.readArray { reader in dashes.append(try reader.readNumber()) }
        guard dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw invalid(key, "\(dashes)") }
        style.dashArray = dashes
      case "paintOrder":
        let text = try reader.readString()
        guard text == "stroke" || text == "fill" else { throw invalid(key, "\"\(text)\"") }
        style.paintsStrokeFirst = text == "stroke" ? true : nil
      case "dashOffset":
        let offset = try reader.readNumber()
        guard offset.isFinite else { throw invalid(key, "\(offset)") }
        style.dashOffset = offset
      default: try reader.skipValue()
      }
    }
    return style
  }

  /// The top-level `groups`, as `Group.encode(to:)` writes them; `validate` checks them.
  private static func readGroups(_ reader: inout JSONReader) throws -> [Group] {
    var groups: [Group] = []
    try reader.readArray { reader in
      let path = ".groups[\(groups.count)]"
      var id: String?, parent: String?, label: String?, opacity = 1.0, clip: ClipPath?, mask: Mask?, filter: Filter?
      var transform = Affine.identity, blendMode: String?, isolated = false
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
        case "isolated": isolated = try reader.readBool()
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
      group.isolated = isolated
      groups.append(group)
    }
    return groups
  }

  /// An array of `{"closed": …, "points": […]}`.
  /// Masks on masks nest at most this deep: a hostile file cannot recurse without end.
  static let maximumMaskDepth = 16

  /// A group's mask, and the masks on it (`"mask"` inside a mask).
  private static func readMask(_ reader: inout JSONReader, _ path: String, depth: Int) throws -> Mask {
    guard depth < maximumMaskDepth else { throw reader.failure("masks nested deeper than \(maximumMaskDepth) at \(path)") }
    var usesLuminance = true, region: Rect?, curves: [CurveRecord] = [], inner: Mask?
    try reader.readObject { key, reader in
      switch key {
      case "type": usesLuminance = try reader.readString() != "alpha"
      case "region":
        var numbers: [Double] = []
        try reader.readArray { reader in numbers.append(try reader.readNumber()) }
        guard numbers.count == 4 else { throw reader.failure("a mask's region is x, y, width, height at \(path).region") }
        region = Rect(minX: numbers[0], minY: numbers[1], maxX: numbers[0] + numbers[2], maxY: numbers[1] + numbers[3])
      case "curves": curves = try readCurves(&reader)
      case "mask": inner = try readMask(&reader, path + ".mask", depth: depth + 1)
      default: try reader.skipValue()
      }
    }
    return Mask(usesLuminance: usesLuminance, region: region, curves: curves, mask: inner)
  }

  /// The timeline, read as the curves are (a keyframe holds a curve's subpaths and style).
  private static func readTimeline(_ reader: inout JSONReader) throws -> Timeline {
    var duration: Double?, fps = 30.0, repetition = AnimationSettings.Repetition.loop, tracks: [Timeline.Track] = []
    var groupTracks: [Timeline.GroupTrack] = [], view: [Timeline.ViewKeyframe] = []
    try reader.readObject { key, reader in
      switch key {
      case "duration": duration = try reader.readNumber()
      case "fps": fps = try reader.readNumber()
      case "repeat":
        let text = try reader.readString()
        guard let value = AnimationSettings.Repetition(rawValue: text) else { throw reader.failure("\"\(text)\" is not loop, pingPong or once at .timeline.repeat") }
        repetition = value
      case "tracks":
        try reader.readArray { reader in
          let path = ".timeline.tracks[\(tracks.count)]"
          var curve: UUID?, keyframes: [Timeline.Keyframe] = []
          try reader.readObject { key, reader in
            switch key {
            case "curve": curve = try readUUID(&reader, path + ".curve")
            case "keyframes":
              try reader.readArray { reader in
                keyframes.append(try readKeyframe(&reader, path + ".keyframes[\(keyframes.count)]"))
              }
            default: try reader.skipValue()
            }
          }
          guard let curve else { throw reader.failure("missing \"curve\" at \(path)") }
          tracks.append(Timeline.Track(curve: curve, keyframes: keyframes))
        }
      case "groupTracks":
        try reader.readArray { reader in groupTracks.append(try readGroupTrack(&reader, ".timeline.groupTracks[\(groupTracks.count)]")) }
      case "view":
        try reader.readArray { reader in view.append(try readViewKeyframe(&reader, ".timeline.view[\(view.count)]")) }
      default: try reader.skipValue()
      }
    }
    guard let duration else { throw reader.failure("missing \"duration\" at .timeline") }
    return Timeline(duration: duration, fps: fps, repeat: repetition, tracks: tracks, groupTracks: groupTracks, view: view)
  }

  /// `{"time": 0, "viewBox": [x, y, width, height], "easing": "ease"}`.
  private static func readViewKeyframe(_ reader: inout JSONReader, _ path: String) throws -> Timeline.ViewKeyframe {
    var time: Double?, box: Rect?, easing = Easing.linear
    try reader.readObject { key, reader in
      switch key {
      case "time": time = try reader.readNumber()
      case "viewBox":
        var values: [Double] = []
        try reader.readArray { reader in values.append(try reader.readNumber()) }
        guard values.count == 4 else { throw reader.failure("\(path).viewBox has four numbers: x, y, width and height") }
        box = Rect(minX: values[0], minY: values[1], maxX: values[0] + values[2], maxY: values[1] + values[3])
      case "easing": easing = try readEasing(&reader, path + ".easing")
      default: try reader.skipValue()
      }
    }
    guard let time else { throw reader.failure("missing \"time\" at \(path)") }
    guard let box else { throw reader.failure("missing \"viewBox\" at \(path)") }
    return Timeline.ViewKeyframe(time: time, box: box, easing: easing)
  }

  private static func readGroupTrack(_ reader: inout JSONReader, _ path: String) throws -> Timeline.GroupTrack {
    var group: String?, keyframes: [Timeline.GroupKeyframe] = []
    try reader.readObject { key, reader in
      switch key {
      case "group": group = try reader.readString()
      case "keyframes":
        try reader.readArray { reader in
          let keyPath = path + ".keyframes[\(keyframes.count)]"
          var time: Double?, transform: Timeline.TransformParts?, opacity: Double?, easing = Easing.linear
          try reader.readObject { key, reader in
            switch key {
            case "time": time = try reader.readNumber()
            case "transform": transform = try readTransformParts(&reader, keyPath + ".transform")
            case "opacity": opacity = try reader.readNumber()
            case "easing": easing = try readEasing(&reader, keyPath + ".easing")
            default: try reader.skipValue()
            }
          }
          guard let time else { throw reader.failure("missing \"time\" at \(keyPath)") }
          keyframes.append(Timeline.GroupKeyframe(time: time, transform: transform, opacity: opacity, easing: easing))
        }
      default: try reader.skipValue()
      }
    }
    guard let group else { throw reader.failure("missing \"group\" at \(path)") }
    return Timeline.GroupTrack(group: group, keyframes: keyframes)
  }

  /// `{"translate": [x, y], "rotate": 30, "skewX": 0, "scale": [sx, sy], "origin": [x, y]}`,
  /// each part optional.
  private static func readTransformParts(_ reader: inout JSONReader, _ path: String) throws -> Timeline.TransformParts {
    var parts = Timeline.TransformParts.identity
    func pair(_ reader: inout JSONReader, _ name: String) throws -> Point {
      var values: [Double] = []
      try reader.readArray { reader in values.append(try reader.readNumber()) }
      guard values.count == 2 else { throw reader.failure("\(path).\(name) has two numbers, x and y") }
      return Point(x: values[0], y: values[1])
    }
    try reader.readObject { key, reader in
      switch key {
      case "translate": parts.translate = try pair(&reader, key)
      case "rotate": parts.rotate = try reader.readNumber()
      case "skewX": parts.skewX = try reader.readNumber()
      case "scale": parts.scale = try pair(&reader, key)
      case "origin": parts.origin = try pair(&reader, key)
      default: try reader.skipValue()
      }
    }
    return parts
  }

  private static func readEasing(_ reader: inout JSONReader, _ path: String) throws -> Easing {
    let text = try reader.readString()
    guard let value = try? Easing(css: text) else { throw reader.failure("\(EasingError(text: text)) at \(path)") }
    return value
  }

  private static func readKeyframe(_ reader: inout JSONReader, _ path: String) throws -> Timeline.Keyframe {
    var time: Double?, subpaths: [SubpathRecord]?, style: CurveStyle?, easing = Easing.linear
    try reader.readObject { key, reader in
      switch key {
      case "time": time = try reader.readNumber()
      case "subpaths": subpaths = try readSubpaths(&reader, path + ".subpaths")
      case "style": style = try readStyle(&reader, curve: 0)
      case "easing": easing = try readEasing(&reader, path + ".easing")
      default: try reader.skipValue()
      }
    }
    guard let time else { throw reader.failure("missing \"time\" at \(path)") }
    return Timeline.Keyframe(time: time, subpaths: subpaths, style: style, easing: easing)
  }

  private static func readSubpaths(_ reader: inout JSONReader, _ path: String) throws -> [SubpathRecord] {
    var list: [SubpathRecord] = []
    try reader.readArray { reader in
      let subpathPath = path + "[\(list.count)]"
      var points: [PointRecord] = [], closed = false
      try reader.readObject { key, reader in
        switch key {
        case "points": try reader.readArray { reader in points.append(try readPoint(&reader, subpathPath + ".points[\(points.count)]")) }
        case "closed": closed = try reader.readBool()
        default: try reader.skipValue()
        }
      }
      list.append(SubpathRecord(closed: closed, points: points))
    }
    return list
  }

  /// A paint's gradient object, as `Gradient.encode(to:)` writes it; `isValid` is the
  /// caller's to check.
  /// Six numbers, a b c d e f, as SVG's `matrix()`.
  private static func readTransform(_ reader: inout JSONReader, of owner: String) throws -> Affine {
    var values: [Double] = []
    try reader.readArray { reader in values.append(try reader.readNumber()) }
    guard values.count == 6 else { throw reader.failure("\(owner)'s transform has six numbers, a b c d e f") }
    return Affine(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
  }

  /// A gradient's or a pattern's object, told apart by its `type` wherever that comes.
  private static func readPaintServer(_ reader: inout JSONReader) throws -> CurveStyle.Paint {
    var type: String?, numbers: [String: Double] = [:], id: String?, curves: [CurveRecord] = [], units = Gradient.Units.objectBoundingBox
    var transform = Affine.identity, spread = Gradient.Spread.pad, stops: [Gradient.Stop] = []
    func keyword<Value: RawRepresentable<String>>(_ reader: inout JSONReader, _: Value.Type) throws -> Value {
      let text = try reader.readString()
      guard let value = Value(rawValue: text) else { throw reader.failure("\"\(text)\" is not a gradient's \(Value.self)") }
      return value
    }
    try reader.readObject { key, reader in
      switch key {
      case "type": type = try reader.readString()
      case "x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "fr", "x", "y", "width", "height":
        numbers[key] = try reader.readNumber()
      case "curves": curves = try readCurves(&reader)
      case "id": id = try reader.readString()
      case "units": units = try keyword(&reader, Gradient.Units.self)
      case "spread": spread = try keyword(&reader, Gradient.Spread.self)
      case "transform": transform = try readTransform(&reader, of: "a gradient")
      case "stops":
        try reader.readArray { reader in
          var offset: Double?, color: RGBColor?, opacity = 1.0
          try reader.readObject { key, reader in
            switch key {
            case "offset": offset = try reader.readNumber()
            case "color":
              let text = try reader.readString()
              guard let value = RGBColor(hex: text) else { throw reader.failure("\"\(text)\" is not a stop's colour (#rrggbb)") }
              color = value
            case "opacity": opacity = try reader.readNumber()
            default: try reader.skipValue()
            }
          }
          guard let offset, let color else { throw reader.failure("a gradient's stop needs an offset and a colour") }
          stops.append(Gradient.Stop(offset: offset, color: color, opacity: opacity))
        }
      default: try reader.skipValue()
      }
    }
    let geometry: Gradient.Geometry
    switch type {
    case "linear":
      geometry = .linear(x1: numbers["x1"] ?? 0, y1: numbers["y1"] ?? 0, x2: numbers["x2"] ?? 1, y2: numbers["y2"] ?? 0)
    case "radial":
      let cx = numbers["cx"] ?? 0.5, cy = numbers["cy"] ?? 0.5
      geometry = .radial(cx: cx, cy: cy, r: numbers["r"] ?? 0.5, fx: numbers["fx"] ?? cx, fy: numbers["fy"] ?? cy, fr: numbers["fr"] ?? 0)
    case "pattern":
      guard let width = numbers["width"], let height = numbers["height"] else { throw reader.failure("a pattern needs a width and a height") }
      let x = numbers["x"] ?? 0, y = numbers["y"] ?? 0
      return .pattern(Pattern(id: id, tile: Rect(minX: x, minY: y, maxX: x + width, maxY: y + height), transform: transform, curves: curves))
    default:
      throw reader.failure("a paint's type is \"linear\", \"radial\" or \"pattern\"")
    }
    return .gradient(Gradient(id: id, geometry: geometry, units: units, transform: transform, spread: spread, stops: stops))
  }

  private static func readUUID(_ reader: inout JSONReader, _ path: @autoclosure () -> String) throws -> UUID {
    if let id = reader.readCanonicalUUID() { return id }
    let text = try reader.readString()
    guard let id = UUID(uuidString: text) else { throw reader.failure("\"\(text)\" is not a UUID at \(path())") }
    return id
  }

  /// The top-level "version" of `json`, when it is a readable whole number.
  private static func version(in json: UnsafeBufferPointer<UInt8>) -> Int? {
    var reader = JSONReader(json)
    var version: Int?
    try? reader.readObject { key, reader in
      if key == "version" { version = try reader.readInteger() } else { try reader.skipValue() }
    }
    return version
  }

  /// A small part of the document that its `Decodable` conformance refused.
  private struct PartError: Error {
    var key: String
    var underlying: any Error
  }

  /// Each spline's curve made its exact Bézier form, the points it had kept by id where as
  /// many (a file Curves saved), so what the file's subpath says cannot disagree with it.
  private mutating func drawSplines() throws(DocumentError) {
    var pointCount = curves.reduce(0) { $0 + $1.subpaths.reduce(0) { $0 + $1.points.count } }
    for index in curves.indices {
      guard let spline = curves[index].spline else { continue }
      if let problem = spline.problem { throw .invalidSpline(curve: index + 1, reason: problem) }
      let old = curves[index].subpaths
      let made = spline.subpath(reusing: old.count == 1 ? old[0].points.map(\.id) : [], makeID: { UUID() })
      pointCount += made.points.count - old.reduce(0) { $0 + $1.points.count }
      guard pointCount <= Self.maximumPoints else { throw .tooManyPoints(pointCount) }
      curves[index].subpaths = [made]
    }
  }

  private func validate() throws(DocumentError) {
    guard canvas.width.isFinite, canvas.height.isFinite, canvas.width > 0, canvas.height > 0,
      canvas.width <= 100_000, canvas.height <= 100_000
    else { throw .invalidCanvas(width: canvas.width, height: canvas.height) }
    if let duration = animation.duration, !(duration.isFinite && AnimationSettings.durationRange.contains(duration)) {
      throw .invalidDuration(duration)
    }
    guard curves.count <= Self.maximumCurves else { throw .tooManyCurves(curves.count) }
    try validateGroups()
    try validateTimeline()
    var ids = Set<UUID>()
    for (curveIndex, curve) in curves.enumerated() {
      guard ids.insert(curve.id).inserted else { throw .duplicateID(curve.id) }
      guard !curve.subpaths.isEmpty else { throw .wrongPointCount(curve: curveIndex + 1, count: 0) }
      // Points and subpaths are named as the user counts them; a curve of one subpath (every
      // version 1 curve) without naming the subpath.
      let named = curve.subpaths.count > 1
      for (subpathIndex, subpath) in curve.subpaths.enumerated() {
        let subpathNumber = named ? subpathIndex + 1 : nil
        try Self.validateSegments(of: subpath, curve: curveIndex + 1, subpath: subpathNumber)
        for (pointIndex, point) in subpath.points.enumerated() {
          let place = DocumentError.PointPlace(curve: curveIndex + 1, subpath: subpathNumber, point: pointIndex + 1)
          guard point.x.isFinite, point.y.isFinite else { throw .nonFiniteCoordinate(place) }
          guard ids.insert(point.id).inserted else { throw .duplicateID(point.id) }
          if let color = point.color, RGBColor(hex: color) == nil { throw .invalidColor(place, value: color) }
          if let size = point.size, !PointSize.range.contains(size) { throw .invalidSize(place, value: size) }
          if let weight = point.weight, !PointWeight.range.contains(weight) { throw .invalidWeight(place, value: weight) }
        }
      }
    }
  }

  /// The timeline runs a finite positive time at 1 to 120 frames a second; each track names
  /// a curve of the document (once), its keyframes lie within the timeline in strictly
  /// increasing time, and each keyframe's subpaths are subpaths as a curve's are (they may
  /// differ from the curve's: a morph), with finite coordinates.
  private func validateTimeline() throws(DocumentError) {
    guard let timeline else { return }
    guard timeline.duration.isFinite, timeline.duration > 0, timeline.duration <= 3600 else {
      throw .invalidTimeline("its duration is \(timeline.duration) s; it is more than 0 and at most an hour")
    }
    guard timeline.fps.isFinite, (1...120).contains(timeline.fps) else { throw .invalidTimeline("it runs at \(timeline.fps) frames a second; it is 1 to 120") }
    let numbers = Dictionary(curves.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    var tracked = Set<UUID>()
    for track in timeline.tracks {
      guard let index = numbers[track.curve] else { throw .invalidTimeline("a track animates \(track.curve), which is no curve of the document") }
      guard tracked.insert(track.curve).inserted else { throw .invalidTimeline("curve \(index + 1) has two tracks") }
      var previous = -Double.infinity
      for keyframe in track.keyframes {
        guard keyframe.time.isFinite, keyframe.time >= 0, keyframe.time <= timeline.duration else {
          throw .invalidTimeline("curve \(index + 1) has a keyframe at \(keyframe.time) s, outside 0 to \(timeline.duration) s")
        }
        guard keyframe.time > previous else { throw .invalidTimeline("curve \(index + 1)'s keyframes are not in order of time (at \(keyframe.time) s)") }
        previous = keyframe.time
        guard let subpaths = keyframe.subpaths else { continue }
        guard !subpaths.isEmpty else { throw .invalidTimeline("curve \(index + 1)'s keyframe at \(keyframe.time) s has no subpaths") }
        for (number, subpath) in subpaths.enumerated() {
          do {
            try Self.validateSegments(of: subpath, curve: index + 1, subpath: number + 1)
          } catch {
            throw .invalidTimeline("curve \(index + 1)'s keyframe at \(keyframe.time) s: \(error.description)")
          }
        }
        guard subpaths.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
          throw .invalidTimeline("curve \(index + 1)'s keyframe at \(keyframe.time) s has a coordinate that is not a finite number")
        }
      }
    }
    try validateGroupTracks(timeline)
    try validateView(timeline)
  }

  /// The view's keyframes lie within the timeline in strictly increasing time, each box
  /// finite with an area.
  private func validateView(_ timeline: Timeline) throws(DocumentError) {
    try Self.validateTimes(timeline.view.map(\.time), of: "the view", duration: timeline.duration)
    for keyframe in timeline.view {
      let box = keyframe.box
      guard [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite), box.width > 0, box.height > 0 else {
        throw .invalidTimeline("the view's keyframe at \(keyframe.time) s has a box that is not finite or has no area")
      }
    }
  }

  /// Each group track names a group of the document (once); its keyframes lie within the
  /// timeline in strictly increasing time, with finite parts and opacities within 0…1.
  private func validateGroupTracks(_ timeline: Timeline) throws(DocumentError) {
    let known = Set(groups.map(\.id))
    var tracked = Set<String>()
    for track in timeline.groupTracks {
      guard known.contains(track.group) else { throw .invalidTimeline("a track animates group \"\(track.group)\", which is no group of the document") }
      guard tracked.insert(track.group).inserted else { throw .invalidTimeline("group \"\(track.group)\" has two tracks") }
      try Self.validateTimes(track.keyframes.map(\.time), of: "group \"\(track.group)\"", duration: timeline.duration)
      for keyframe in track.keyframes {
        let place = "group \"\(track.group)\"'s keyframe at \(keyframe.time) s"
        guard keyframe.transform?.isFinite ?? true else { throw .invalidTimeline("\(place) has a transform number that is not finite") }
        if let opacity = keyframe.opacity, !(0...1).contains(opacity) { throw .invalidTimeline("\(place) has an opacity of \(opacity), not within 0 to 1") }
      }
    }
  }

  /// The keyframe times of `owner` ("the view", a group) lie within 0…`duration`, strictly
  /// increasing.
  private static func validateTimes(_ times: [Double], of owner: String, duration: Double) throws(DocumentError) {
    var previous = -Double.infinity
    for time in times {
      guard time.isFinite, time >= 0, time <= duration else { throw .invalidTimeline("\(owner)'s keyframe at \(time) s is outside 0 to \(duration) s") }
      guard time > previous else { throw .invalidTimeline("\(owner)'s keyframes are not in order of time (at \(time) s)") }
      previous = time
    }
  }

  /// Group ids are unique, each parent comes before its children, every group a curve
  /// names exists, opacities are within 0…1 and clips' points are finite.
  private func validateGroups() throws(DocumentError) {
    var known = Set<String>()
    for group in groups {
      guard known.insert(group.id).inserted else { throw .invalidGroup(id: group.id, reason: "its id is used by another group") }
      if let parent = group.parent, !known.contains(parent) || parent == group.id {
        throw .invalidGroup(id: group.id, reason: "its parent \(parent) is not a group before it")
      }
      guard CurveStyle.opacityRange.contains(group.opacity) else { throw .invalidGroup(id: group.id, reason: "its opacity is not within 0 to 1") }
      guard group.transform.isFinite, group.transform.inverted?.isFinite == true else {
        throw .invalidGroup(id: group.id, reason: "its transform flattens the group onto a line (or is not finite)")
      }
      if let filter = group.filter, !filter.isValid { throw .invalidGroup(id: group.id, reason: "its filter has a number out of range") }
      let clipPoints = group.clip?.subpaths.flatMap(\.points) ?? []
      let maskPoints = group.mask?.allCurves.flatMap(\.points) ?? []
      guard (clipPoints + maskPoints).allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
        throw .invalidGroup(id: group.id, reason: "its clip or mask has a coordinate that is not a finite number")
      }
    }
    for (index, curve) in curves.enumerated() {
      if let group = curve.group, !known.contains(group) { throw .invalidGroup(id: group, reason: "curve \(index + 1) is in it, but there is no such group") }
    }
  }

  /// Each segment of `subpath` has 2 to 16 points: at least two points, and at most 15
  /// between two nodes.
  private static func validateSegments(of subpath: SubpathRecord, curve: Int, subpath number: Int?) throws(DocumentError) {
    let points = subpath.points, range = Document.pointsPerSegment
    guard points.count >= range.lowerBound else {
      throw number.map { .subpathTooShort(curve: curve, subpath: $0, count: points.count) }
        ?? .wrongPointCount(curve: curve, count: points.count)
    }
    let interior = subpath.closed ? points.indices.dropFirst() : points.indices.dropFirst().dropLast()
    let starts = [0] + interior.filter { points[$0].node != nil }
    let ends = starts.dropFirst() + [subpath.closed ? points.count : points.count - 1]
    for (start, end) in zip(starts, ends) where end - start + 1 > range.upperBound {
      // A version 1 curve: one open segment, told as it always was.
      if number == nil, !subpath.closed, starts.count == 1 { throw .wrongPointCount(curve: curve, count: points.count) }
      throw .segmentTooLong(curve: curve, subpath: number ?? 1, count: end - start + 1)
    }
  }

  private static func describe(_ error: any Error, at prefix: String = "") -> String {
    switch error {
    case let error as PartError: return describe(error.underlying, at: prefix + "." + error.key)
    case let error as JSONReader.Failure: return error.description
    case let DecodingError.dataCorrupted(context): return "\(context.debugDescription) at \(path(context, prefix))"
    case let DecodingError.keyNotFound(key, context):
      return "missing \"\(key.stringValue)\" at \(path(context, prefix))"
    case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
      return "\(context.debugDescription) at \(path(context, prefix))"
    default: return "\(error)"
    }
  }

  private static func path(_ context: DecodingError.Context, _ prefix: String) -> String {
    let path = prefix + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return path.isEmpty ? "the top level" : path
  }
}

extension Document {
  /// Reads and decodes the document at `url`: the one place that turns a missing, unreadable,
  /// oversized or invalid file into the error a user is shown.
  ///
  /// ```swift
  /// let document = try Document.read(url)
  /// ```
  public static func read(_ url: URL, reading: (URL) throws -> Data = DiskFiles.read) throws(DocumentError) -> Document {
    let data: Data
    do {
      data = try reading(url)
    } catch let error as DocumentError {
      throw error
    } catch {
      let reason = FileManager.default.fileExists(atPath: url.path) ? "permission denied or not a file" : "no such file"
      throw .unreadable(path: url.path, reason: reason)
    }
    return try decode(data)
  }
}
