import CurveGeometry

/// What a drawing element is as segments: `<path>`, `<polyline>`, `<polygon>`, `<line>`,
/// `<rect>`, `<circle>` and `<ellipse>`.
extension SVGDrawing {
  /// The segments of a basic shape or path, in its own user units.
  func shape(_ element: SVGElement, arcTolerance: Double) throws(SVGImportError) -> [Bezier] {
    let attributes = element.attributes
    // One more than may still be added, so a hostile path stops early and still trips the limit.
    let limit = Document.maximumCurves - curves.count + 1
    switch element.name {
    case "path":
      do throws(SVGPathError) {
        return try SVGPathData.segments(attributes["d"] ?? "", arcTolerance: arcTolerance, limit: limit)
      } catch {
        throw .badPathData(element: element.label, error)
      }
    case "polyline", "polygon":
      // SVG 1.1, 9.6–9.7: the same as a path of M and the points (and Z for a polygon). The
      // path grammar is the points grammar plus command letters; letters other than an
      // exponent's e are refused first.
      let points = attributes["points"] ?? ""
      let isLetter = { (byte: UInt8) in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) && byte | 0x20 != UInt8(ascii: "e")
      }
      if let letter = points.utf8.firstIndex(where: isLetter) {
        let offset = points.utf8.distance(from: points.utf8.startIndex, to: letter)
        throw .badPoints(element: element.label, SVGPathError(offset: offset, expected: "a number", found: "\"\(points[letter])\""))
      }
      guard !points.allSatisfy(\.isWhitespace) else { return [] }
      do throws(SVGPathError) {
        return try SVGPathData.segments("M" + points + (element.name == "polygon" ? "Z" : ""), limit: limit)
      } catch {
        // Back to offsets in `points`; the Z added after them is the end of the data.
        let offset = error.offset - 1
        let found = offset >= points.utf8.count ? "the end of the data" : error.found
        let located = SVGPathError(offset: min(offset, points.utf8.count), expected: error.expected, found: found)
        throw .badPoints(element: element.label, located)
      }
    case "line":
      return Bezier([
        Point(x: try length(element, "x1", \.width), y: try length(element, "y1", \.height)),
        Point(x: try length(element, "x2", \.width), y: try length(element, "y2", \.height)),
      ]).map { [$0] } ?? []
    case "rect":
      return try rectangle(element, arcTolerance: arcTolerance)
    case "circle":
      let radius = try nonNegative(element, "r", \.diagonal)
      return ellipse(center: Point(x: try length(element, "cx", \.width), y: try length(element, "cy", \.height)),
                     radiusX: radius, radiusY: radius, arcTolerance: arcTolerance)
    case "ellipse":
      // SVG 2's "auto" takes the other radius, as rect's rx and ry do.
      let radiusX = element.attributes["rx"] == "auto" ? nil : try optionalNonNegative(element, "rx", \.width)
      let radiusY = element.attributes["ry"] == "auto" ? nil : try optionalNonNegative(element, "ry", \.height)
      return ellipse(center: Point(x: try length(element, "cx", \.width), y: try length(element, "cy", \.height)),
                     radiusX: radiusX ?? radiusY ?? 0, radiusY: radiusY ?? radiusX ?? 0, arcTolerance: arcTolerance)
    default:
      return []  // an element Curves does not draw
    }
  }

  /// SVG 1.1, 9.2: four sides, and a quarter-ellipse at each corner when rx or ry is set (a
  /// missing one equals the other; each is at most half the side).
  private func rectangle(_ element: SVGElement, arcTolerance: Double) throws(SVGImportError) -> [Bezier] {
    let x = try length(element, "x", \.width), y = try length(element, "y", \.height)
    let width = try nonNegative(element, "width", \.width), height = try nonNegative(element, "height", \.height)
    guard width > 0, height > 0 else { return [] }
    let givenX = element.attributes["rx"] == "auto" ? nil : try optionalNonNegative(element, "rx", \.width)
    let givenY = element.attributes["ry"] == "auto" ? nil : try optionalNonNegative(element, "ry", \.height)
    let radiusX = min(givenX ?? givenY ?? 0, width / 2), radiusY = min(givenY ?? givenX ?? 0, height / 2)
    let rounded = radiusX > 0 && radiusY > 0
    let (rx, ry) = rounded ? (radiusX, radiusY) : (0, 0)
    // Clockwise on screen from the top edge's start, as a path would draw it.
    let corners: [(from: Point, to: Point)] = [
      (Point(x: x + width - rx, y: y), Point(x: x + width, y: y + ry)),
      (Point(x: x + width, y: y + height - ry), Point(x: x + width - rx, y: y + height)),
      (Point(x: x + rx, y: y + height), Point(x: x, y: y + height - ry)),
      (Point(x: x, y: y + ry), Point(x: x + rx, y: y)),
    ]
    var segments: [Bezier] = []
    var current = Point(x: x + rx, y: y)
    for corner in corners {
      if corner.from != current { segments.append(Bezier([current, corner.from])!) }
      if rounded {
        segments += EllipticalArc(from: corner.from, to: corner.to, radiusX: rx, radiusY: ry, largeArc: false, sweep: true)
          .beziers(tolerance: arcTolerance)
      }
      current = corner.to
    }
    return segments
  }

  /// Four quarter arcs from (cx + rx, cy), in the direction of increasing angle (SVG 2, 10.4).
  private func ellipse(center: Point, radiusX: Double, radiusY: Double, arcTolerance: Double) -> [Bezier] {
    guard radiusX > 0, radiusY > 0 else { return [] }
    let quadrants = [
      Point(x: center.x + radiusX, y: center.y), Point(x: center.x, y: center.y + radiusY),
      Point(x: center.x - radiusX, y: center.y), Point(x: center.x, y: center.y - radiusY),
    ]
    return (0..<4).flatMap { index in
      EllipticalArc(
        from: quadrants[index], to: quadrants[(index + 1) % 4], radiusX: radiusX, radiusY: radiusY, largeArc: false, sweep: true
      ).beziers(tolerance: arcTolerance)
    }
  }
}
