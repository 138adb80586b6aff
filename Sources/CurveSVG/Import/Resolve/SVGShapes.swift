import CurveDocument
import CurveGeometry

/// What a drawing element is as subpaths: `<path>`, `<polyline>`, `<polygon>`, `<line>`,
/// `<rect>`, `<circle>` and `<ellipse>`.
extension SVGDrawing {
  /// The subpaths of a basic shape or path, in its own user units; errors in its attributes
  /// repaired as SVG says (and reported).
  mutating func shape(_ element: SVGElement, arcTolerance: Double, fontSize: Double) -> [SVGSubpath] {
    let attributes = element.attributes
    // One more than may still be added, so a hostile path stops early and still trips the limit.
    let limit = Document.maximumPoints - pointCount + 1
    switch element.name {
    case "path":
      let path = SVGPathData.subpaths(attributes["d"] ?? "", arcTolerance: arcTolerance, limit: limit)
      if let error = path.error {
        repair(element, "its path data has an error \(error.description), so it is drawn up to the command before it")
      }
      return path.subpaths
    case "polyline", "polygon":
      return polygon(element, isClosed: element.name == "polygon", limit: limit)
    case "line":
      let start = Point(x: length(element, "x1", .width, fontSize: fontSize), y: length(element, "y1", .height, fontSize: fontSize))
      let end = Point(x: length(element, "x2", .width, fontSize: fontSize), y: length(element, "y2", .height, fontSize: fontSize))
      return start == end ? [] : [SVGSubpath(start: start, segments: [Bezier([start, end])!])]
    case "rect":
      return rectangle(element, arcTolerance: arcTolerance, fontSize: fontSize)
    case "circle":
      guard case let .value(radius) = size(element, "r", .diagonal, fontSize: fontSize) else { return [] }
      let center = Point(x: length(element, "cx", .width, fontSize: fontSize), y: length(element, "cy", .height, fontSize: fontSize))
      return ellipse(center: center, radiusX: radius, radiusY: radius, arcTolerance: arcTolerance)
    case "ellipse":
      // SVG 2's "auto" takes the other radius, as rect's rx and ry do; a negative radius is
      // ignored, as SVG 2 says, which makes it auto.
      let radiusX = radius(element, "rx", .width, fontSize: fontSize), radiusY = radius(element, "ry", .height, fontSize: fontSize)
      let center = Point(x: length(element, "cx", .width, fontSize: fontSize), y: length(element, "cy", .height, fontSize: fontSize))
      return ellipse(center: center, radiusX: radiusX ?? radiusY ?? 0, radiusY: radiusY ?? radiusX ?? 0, arcTolerance: arcTolerance)
    default:
      return []  // an element Curves does not draw
    }
  }

  /// The size attribute of a rect, circle or ellipse that leaves it out because its unit is
  /// one librsvg and resvg do not read (a rect 30vw wide): they draw nothing there, and Curves
  /// keeps the element as written, so the export gives it back. Nil when it is drawn.
  static func sizeInUnreadUnit(of element: SVGElement) -> String? {
    let sizes: [String] =
      switch element.name {
      case "rect": ["width", "height"]
      case "circle": ["r"]
      case "ellipse": ["rx", "ry"]
      default: []
      }
    let unread = sizes.first { element.attributes[$0].map(Lengths.isInUnreadUnit) == true }
    // An ellipse is drawn with one radius read: the other is auto.
    if element.name == "ellipse", sizes.contains(where: { element.attributes[$0].map(Lengths.isInUnreadUnit) == false }) { return nil }
    return unread
  }

  /// SVG 1.1, 9.6–9.7, and SVG 2, 10.6: the points as a path of M and lines (and Z for a
  /// polygon), up to the first error; an odd number of coordinates drops the last one.
  private mutating func polygon(_ element: SVGElement, isClosed: Bool, limit: Int) -> [SVGSubpath] {
    let list = SVGNumbers.list(element.attributes["points"] ?? "", limit: 2 * limit)
    let points = stride(from: 0, to: list.numbers.count - 1, by: 2).map { Point(x: list.numbers[$0], y: list.numbers[$0 + 1]) }
    if let error = list.error {
      repair(element, "its points list has an error \(error.description), so it is drawn up to the pair before it")
    } else if list.numbers.count % 2 == 1 {
      repair(element, "its points list has an odd number of coordinates; the last one is left out")
    }
    guard let first = points.first else { return [] }
    var segments: [Bezier] = []
    for (from, to) in zip(points, points.dropFirst()) where from != to { segments.append(Bezier([from, to])!) }
    if isClosed, let last = points.last, last != first { segments.append(Bezier([last, first])!) }
    guard !segments.isEmpty else { return [] }
    return [SVGSubpath(start: first, segments: segments, isClosed: isClosed)]
  }

  /// An rx or ry: nil for auto (missing, "auto", not a length, or negative; the last two
  /// reported).
  private mutating func radius(_ element: SVGElement, _ name: String, _ axis: PercentageBasis.Axis, fontSize: Double) -> Double? {
    guard element.attributes[name]?.trimmingSVGSpace() != "auto",
      let value = optionalLength(element, name, axis, fontSize: fontSize)
    else { return nil }
    guard value >= 0 else {
      repair(element, "\(name)=\"\(SVGImportError.quoted(element.attributes[name] ?? ""))\" is negative, so it is ignored (auto)")
      return nil
    }
    return value
  }

  /// SVG 1.1, 9.2: four sides, and a quarter-ellipse at each corner when rx or ry is set (a
  /// missing one equals the other; each is at most half the side). One closed subpath.
  private mutating func rectangle(_ element: SVGElement, arcTolerance: Double, fontSize: Double) -> [SVGSubpath] {
    let x = length(element, "x", .width, fontSize: fontSize), y = length(element, "y", .height, fontSize: fontSize)
    guard case let .value(width) = size(element, "width", .width, fontSize: fontSize),
      case let .value(height) = size(element, "height", .height, fontSize: fontSize),
      width > 0, height > 0
    else { return [] }
    let givenX = radius(element, "rx", .width, fontSize: fontSize), givenY = radius(element, "ry", .height, fontSize: fontSize)
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
    let start = Point(x: x + rx, y: y)
    var current = start
    for corner in corners {
      if corner.from != current { segments.append(Bezier([current, corner.from])!) }
      if rounded {
        segments += EllipticalArc(from: corner.from, to: corner.to, radiusX: rx, radiusY: ry, largeArc: false, sweep: true)
          .beziers(tolerance: arcTolerance)
      }
      current = corner.to
    }
    return [SVGSubpath(start: start, segments: segments, isClosed: true)]
  }

  /// Four quarter arcs from (cx + rx, cy), in the direction of increasing angle (SVG 2, 10.4):
  /// one closed subpath.
  private func ellipse(center: Point, radiusX: Double, radiusY: Double, arcTolerance: Double) -> [SVGSubpath] {
    guard radiusX > 0, radiusY > 0 else { return [] }
    let quadrants = [
      Point(x: center.x + radiusX, y: center.y), Point(x: center.x, y: center.y + radiusY),
      Point(x: center.x - radiusX, y: center.y), Point(x: center.x, y: center.y - radiusY),
    ]
    let segments = (0..<4).flatMap { index in
      EllipticalArc(
        from: quadrants[index], to: quadrants[(index + 1) % 4], radiusX: radiusX, radiusY: radiusY, largeArc: false, sweep: true
      ).beziers(tolerance: arcTolerance)
    }
    return [SVGSubpath(start: quadrants[0], segments: segments, isClosed: true)]
  }
}
