import CurveGeometry
/// Reading a curve's style with `JSONReader`: its paints (colours, gradients, patterns), each
/// field checked as it is read.
extension Document {
  /// A curve's `style`: each field optional, each checked here, naming the curve (1-based).
  static func readStyle(_ reader: inout JSONReader, curve: Int) throws -> CurveStyle {
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
      case "strokeTransform":
        var values: [Double] = []
        try reader.readArray { reader in values.append(try reader.readNumber()) }
        let pen = values.count == 4 ? Affine(a: values[0], b: values[1], c: values[2], d: values[3], e: 0, f: 0) : nil
        // A pen as the editor makes one: four finite numbers, determinant ±1.
        guard let pen, pen.isFinite, abs(abs(pen.a * pen.d - pen.b * pen.c) - 1) < 1e-6 else { throw invalid(key, "\(values)") }
        style.strokeTransform = CurveStyle.strokeTransform(for: pen)
      default: try reader.skipValue()
      }
    }
    return style
  }

  /// Six numbers, a b c d e f, as SVG's `matrix()`.
  static func readTransform(_ reader: inout JSONReader, of owner: String) throws -> Affine {
    var values: [Double] = []
    try reader.readArray { reader in values.append(try reader.readNumber()) }
    guard values.count == 6 else { throw reader.failure("\(owner)'s transform has six numbers, a b c d e f") }
    return Affine(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
  }

  /// A paint's gradient object, as `Gradient.encode(to:)` writes it; `isValid` is the
  /// caller's to check.
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
}
