import CurveGeometry
import FoundationEssentials

/// Reading a document's curves, their points and splines with `JSONReader`: nearly all of a
/// big document, so never through `Decodable`.
extension Document {
  static func readCurves(_ reader: inout JSONReader) throws -> [CurveRecord] {
    var curves: [CurveRecord] = []
    var pointCount = 0
    try reader.readArray { reader in
      // Refused as soon as a limit is passed, not after reading the rest.
      guard curves.count < maximumCurves else { throw DocumentError.tooManyCurves(maximumCurves + 1) }
      let path = ".curves[\(curves.count)]"
      var id: UUID?, points: [PointRecord]?, closed = false, subpaths: [SubpathRecord]?, style = CurveStyle(), group: String?
      var spline: Spline?, label: String?, isHidden = false, isLocked = false
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
        case "label": label = try reader.readNullable { try $0.readString() }
        case "hidden": isHidden = try reader.readBool()
        case "locked": isLocked = try reader.readBool()
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
      var curve: CurveRecord
      if let subpaths {
        curve = CurveRecord(id: id, style: style, subpaths: subpaths, group: group, spline: spline)
      } else if let points {
        curve = CurveRecord(id: id, style: style, subpaths: [SubpathRecord(closed: closed, points: points)], group: group, spline: spline)
      } else if spline != nil {
        // The spline alone is enough: `decode` makes its subpath.
        curve = CurveRecord(id: id, style: style, subpaths: [], group: group, spline: spline)
      } else {
        throw reader.failure("missing \"subpaths\" at \(path)")
      }
      curve.label = label
      curve.isHidden = isHidden
      curve.isLocked = isLocked
      curves.append(curve)
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

  /// An array of `{"closed": …, "points": […]}`.
  static func readSubpaths(_ reader: inout JSONReader, _ path: String) throws -> [SubpathRecord] {
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


  static func readUUID(_ reader: inout JSONReader, _ path: @autoclosure () -> String) throws -> UUID {
    if let id = reader.readCanonicalUUID() { return id }
    let text = try reader.readString()
    guard let id = UUID(uuidString: text) else { throw reader.failure("\"\(text)\" is not a UUID at \(path())") }
    return id
  }
}
