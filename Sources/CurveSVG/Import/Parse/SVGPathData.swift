import CurveGeometry
/// SVG path data (the `d` attribute) as Bézier segments, following the grammar of SVG 1.1,
/// section 8.3.9.
///
/// ```swift
/// let segments = try SVGPathData.segments("M10-20.5.5.5 h30 q5 5 10 0 t10 0 a5 5 0 01 10 0z")
/// segments.map(\.degree)   // [1, 1, 2, 2, 3, 3, 1]: "M10-20.5" then a line to (.5, .5), …
/// let path = SVGPathData.subpaths("M0 0 L10 0 L10 10 Z M20 20 L 30 x")
/// path.subpaths.map(\.isClosed)   // [true]: the second subpath's only command has an error
/// path.error?.offset              // 32: the "x" where a number belonged
/// ```
///
/// Guarantees:
/// - One `Bezier` a drawn segment, in the order drawn: 2 points for `M`'s implicit lines, `L`,
///   `H`, `V` and `Z`; 3 for `Q` and `T`; 4 for `C` and `S`; arcs become cubics within
///   `arcTolerance` (see `EllipticalArc`), a line when a radius is zero.
/// - `Z` adds the line back to the subpath's start only when the current point is elsewhere.
/// - Segments whose control points all coincide draw nothing and are left out.
/// - Every number read is finite: one too large for a `Double` is an error. (Coordinates that
///   relative commands add up past the largest `Double` are the caller's to check.)
/// - `segments` refuses anything outside the grammar with an `SVGPathError` naming the offset
///   and what belonged there; nothing partial is returned, unless `limit` cuts it short.
///   `subpaths` reads as SVG renders (SVG 1.1, F.2 and SVG 2, 9.5.4): everything before the
///   command in error, and the error. Empty (or all-whitespace) data has no segments.
/// - At most `limit` segments: parsing stops there, so a caller that refuses more than n
///   segments can pass n + 1 and never hold a hostile file's millions.
public enum SVGPathData {
  public static func segments(_ d: String, arcTolerance: Double = 0.01, limit: Int = .max) throws(SVGPathError) -> [Bezier] {
    let path = subpaths(d, arcTolerance: arcTolerance, limit: limit)
    if let error = path.error { throw error }
    return path.subpaths.flatMap(\.segments)
  }

  /// The path's subpaths as a renderer draws them: each `M…` run with at least one segment
  /// that draws something, closed where `Z` closes it, up to the first error in the data
  /// (returned too, or nil when there is none).
  ///
  /// A closed subpath's last segment ends at its start (`Z` adds the line back when needed).
  /// After `Z`, a drawing command without `M` starts a new subpath at the same point.
  public static func subpaths(
    _ d: String, arcTolerance: Double = 0.01, limit: Int = .max
  ) -> (subpaths: [SVGSubpath], error: SVGPathError?) {
    var parser = PathParser(scanner: SVGScanner(d), arcTolerance: arcTolerance, limit: limit)
    var failure: SVGPathError?
    do throws(SVGPathError) {
      try parser.run()
    } catch {
      failure = error
    }
    return (parser.drawnSubpaths, failure)
  }

  /// The numbers of a list such as `<polyline>`'s `points`: `SVGNumbers.list`.
  public static func numbers(_ text: String, limit: Int = .max) -> (numbers: [Double], error: SVGPathError?) {
    SVGNumbers.list(text, limit: limit)
  }

  /// The whole of `text` as one SVG number: `SVGNumbers.number`.
  public static func number(_ text: some StringProtocol) -> Double? {
    SVGNumbers.number(text)
  }
}

/// SVG attribute text (path data, a `transform` list, a `points` list) that does not follow its
/// grammar: where, and what was expected there.
///
/// `offset` counts characters from the start of the text, from 0. These grammars are ASCII, so
/// the first character outside it is already an error and the count is the same in bytes.
public struct SVGSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  public var offset: Int
  /// What the grammar allows at `offset`, as a phrase: "a number", "a path command".
  public var expected: String
  /// What is there instead, quoted, or "the end of the data".
  public var found: String

  public init(offset: Int, expected: String, found: String) {
    self.offset = offset
    self.expected = expected
    self.found = found
  }

  public var description: String { "at offset \(offset), expected \(expected) but found \(found)" }
}

/// Path data that does not follow the SVG 1.1 path grammar.
public typealias SVGPathError = SVGSyntaxError

/// One `M…` run of path data: its segments (each starting where the one before ends, the
/// first at `start`), and whether `Z` closed it, in which case the last ends at `start`.
public struct SVGSubpath: Equatable, Sendable {
  public var start: Point
  public var segments: [Bezier]
  public var isClosed: Bool

  public init(start: Point, segments: [Bezier], isClosed: Bool = false) {
    self.start = start
    self.segments = segments
    self.isClosed = isClosed
  }
}

/// The state of one pass over path data: the current point, the subpath's start, and the
/// control points the smooth commands reflect.
private struct PathParser {
  var scanner: SVGScanner
  let arcTolerance: Double
  let limit: Int
  var subpaths: [SVGSubpath] = []
  /// Segments kept so far, in all subpaths, against `limit`.
  var count = 0
  /// Whether the next segment continues the last subpath: false after `Z` and at the start.
  var isSubpathOpen = false
  /// The subpaths whose drawing commands all go nowhere (`M 10 10 L 10 10`): kept as one
  /// segment of no length, whose round or square caps draw a dot (SVG 2, 13.5.1).
  var dots: Set<Int> = []
  var current = Point.zero
  var subpathStart = Point.zero
  /// The second control point of the previous command when it was C or S; S reflects it.
  var lastCubicControl: Point?
  /// The control point of the previous command when it was Q or T; T reflects it.
  var lastQuadraticControl: Point?

  init(scanner: SVGScanner, arcTolerance: Double, limit: Int) {
    self.scanner = scanner
    self.arcTolerance = arcTolerance
    self.limit = limit
  }

  mutating func run() throws(SVGPathError) {
    scanner.skipWhitespace()
    if scanner.isAtEnd { return }
    guard scanner.peek() == UInt8(ascii: "M") || scanner.peek() == UInt8(ascii: "m") else {
      throw scanner.error(expected: "a moveto command (M or m) to start the path")
    }
    while count < limit {
      scanner.skipWhitespace()
      guard let letter = scanner.peek() else { return }
      guard let command = Command(rawValue: letter) else {
        throw scanner.error(expected: "a path command (one of MLHVCSQTAZ, or lower case)")
      }
      scanner.advance()
      if command.isClose {
        close()
        continue
      }
      // A command's arguments may repeat without the letter; each repeat is a command of its
      // own for S and T's reflections. After M, the repeats are lines (SVG 1.1, 8.3.2).
      var repeated = command
      while count < limit {
        scanner.skipWhitespace()
        try arguments(of: repeated)
        repeated = repeated.repeatedAs
        let hadComma = scanner.skipCommaWhitespace()
        guard scanner.isAtNumberStart else {
          if hadComma { throw scanner.error(expected: "a number after the comma") }
          break
        }
      }
    }
  }

  private mutating func arguments(of command: Command) throws(SVGPathError) {
    let origin = command.isRelative ? current : .zero
    var cubicControl: Point?, quadraticControl: Point?
    switch command.rawValue | 0x20 {  // lower case: the kind of command, either case
    case UInt8(ascii: "m"):
      current = try pair() + origin
      subpathStart = current
      isSubpathOpen = false
    case UInt8(ascii: "l"):
      line(to: try pair() + origin)
    case UInt8(ascii: "h"):
      line(to: Point(x: try number() + origin.x, y: current.y))
    case UInt8(ascii: "v"):
      line(to: Point(x: current.x, y: try number() + origin.y))
    case UInt8(ascii: "c"):
      let control1 = try pair() + origin
      try separator()
      let control2 = try pair() + origin
      try separator()
      segment([current, control1, control2, try pair() + origin])
      cubicControl = control2
    case UInt8(ascii: "s"):
      // The first control point mirrors the previous C or S's second one through the current
      // point; after any other command it is the current point (SVG 1.1, 8.3.6).
      let control1 = lastCubicControl.map { current * 2 - $0 } ?? current
      let control2 = try pair() + origin
      try separator()
      segment([current, control1, control2, try pair() + origin])
      cubicControl = control2
    case UInt8(ascii: "q"):
      let control = try pair() + origin
      try separator()
      segment([current, control, try pair() + origin])
      quadraticControl = control
    case UInt8(ascii: "t"):
      let control = lastQuadraticControl.map { current * 2 - $0 } ?? current
      segment([current, control, try pair() + origin])
      quadraticControl = control
    default:
      try arc(origin: origin)
    }
    lastCubicControl = cubicControl
    lastQuadraticControl = quadraticControl
  }

  /// `rx ry x-axis-rotation large-arc-flag sweep-flag x y`.
  private mutating func arc(origin: Point) throws(SVGPathError) {
    let radiusX = try number()
    try separator()
    let radiusY = try number()
    try separator()
    let rotation = try number()
    try separator()
    let largeArc = try flag()
    try separator()
    let sweep = try flag()
    try separator()
    let end = try pair() + origin
    let arc = EllipticalArc(
      from: current, to: end, radiusX: radiusX, radiusY: radiusY, rotation: rotation, largeArc: largeArc, sweep: sweep
    )
    for piece in arc.beziers(tolerance: arcTolerance) {
      segment(piece.controlPoints)
    }
    current = end
  }

  private mutating func close() {
    line(to: subpathStart)
    if isSubpathOpen { subpaths[subpaths.count - 1].isClosed = true }
    isSubpathOpen = false
    lastCubicControl = nil
    lastQuadraticControl = nil
  }

  private mutating func line(to point: Point) {
    segment([current, point])
  }

  /// Appends the segment unless it is a single point, and moves to its end. A subpath of
  /// single points alone is noted (`dots`).
  private mutating func segment(_ points: [Point]) {
    if count < limit {
      let goesSomewhere = points.contains { $0 != points[0] }
      if !isSubpathOpen {
        subpaths.append(SVGSubpath(start: points[0], segments: []))
        isSubpathOpen = true
        if !goesSomewhere { dots.insert(subpaths.count - 1) }
      }
      if goesSomewhere {
        subpaths[subpaths.count - 1].segments.append(Bezier(points)!)
        count += 1
      }
    }
    current = points[points.count - 1]
  }

  /// The subpaths drawn: those with segments, and each open dot as one segment of no length
  /// (a closed one, `M 10 10 Z`, has no ends to cap).
  var drawnSubpaths: [SVGSubpath] {
    subpaths.indices.compactMap { index in
      var subpath = subpaths[index]
      if subpath.segments.isEmpty {
        guard dots.contains(index), !subpath.isClosed else { return nil }
        subpath.segments = [Bezier([subpath.start, subpath.start])!]
      }
      return subpath
    }
  }

  private mutating func pair() throws(SVGPathError) -> Point {
    let x = try number()
    try separator()
    return Point(x: x, y: try number())
  }

  private mutating func separator() throws(SVGPathError) {
    _ = scanner.skipCommaWhitespace()
  }

  private mutating func number() throws(SVGPathError) -> Double {
    let start = scanner.offset
    guard let value = scanner.number() else { throw scanner.error(expected: "a number") }
    guard value.isFinite else {
      throw SVGPathError(offset: start, expected: "a number a Double can hold", found: "\"\(scanner.text(from: start))\"")
    }
    return value
  }

  /// A flag is one character, "0" or "1", so "a1 1 0 00 1 1" has both flags in "00".
  private mutating func flag() throws(SVGPathError) -> Bool {
    switch scanner.peek() {
    case UInt8(ascii: "0"): scanner.advance(); return false
    case UInt8(ascii: "1"): scanner.advance(); return true
    default: throw scanner.error(expected: "a flag, 0 or 1")
    }
  }
}

/// A command letter.
private struct Command {
  let rawValue: UInt8

  init?(rawValue: UInt8) {
    guard Array("MmLlHhVvCcSsQqTtAaZz".utf8).contains(rawValue) else { return nil }
    self.rawValue = rawValue
  }

  var isRelative: Bool { rawValue >= UInt8(ascii: "a") }
  var isClose: Bool { rawValue | 0x20 == UInt8(ascii: "z") }

  /// The command that further argument groups mean: lines after a moveto, else itself.
  var repeatedAs: Command {
    switch rawValue {
    case UInt8(ascii: "M"): Command(rawValue: UInt8(ascii: "L"))!
    case UInt8(ascii: "m"): Command(rawValue: UInt8(ascii: "l"))!
    default: self
    }
  }
}
