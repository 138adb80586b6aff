import CurveGeometry
import Foundation
import SeededRandom
import Testing

@testable import CurveRaster

/// Strokes with every cap and join, as SVG strokes a path: stated pixels for each shape, and
/// random strokes against a supersampled reference built from SVG's definition of the shape.
struct StrokeStyleTests {
  static let black = RGBA8(r: 0, g: 0, b: 0)

  /// How dark each pixel of a white canvas is (0...255) after `draw` in black.
  static func darkness(width: Int = 40, height: Int = 40, _ draw: (RasterCanvas) -> Void) -> [Int] {
    RasterCanvasTests.darkness(RasterCanvasTests.canvas(width: width, height: height, draw))
  }

  static func stroked(
    _ points: [Point], closed: Bool = false, width: Double = 4, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
    canvasWidth: Int = 40, canvasHeight: Int = 40
  ) -> [Int] {
    darkness(width: canvasWidth, height: canvasHeight) {
      $0.stroke([Contour(points, isClosed: closed)], style: StrokeStyle(width: width, cap: cap, join: join, miterLimit: miterLimit), black)
    }
  }

  // MARK: Caps

  static let line = [Point(x: 10, y: 20), Point(x: 30, y: 20)]

  @Test func aButtCappedLineCoversExactlyItsLength() {
    // 4 px wide along y 20: rows 18...21, columns 10..<30, and nothing beyond.
    let darkness = Self.stroked(Self.line, cap: .butt)
    for y in 16..<24 {
      for x in 6..<34 {
        let inside = (18..<22).contains(y) && (10..<30).contains(x)
        #expect(darkness[y * 40 + x] == (inside ? 255 : 0), "(\(x), \(y))")
      }
    }
  }

  @Test func aSquareCapExtendsTheLineByHalfItsWidthEachSide() {
    let darkness = Self.stroked(Self.line, cap: .square)
    for y in 16..<24 {
      for x in 4..<36 {
        let inside = (18..<22).contains(y) && (8..<32).contains(x)
        #expect(darkness[y * 40 + x] == (inside ? 255 : 0), "(\(x), \(y))")
      }
    }
  }

  @Test func aRoundCapIsAHalfDisc() {
    let darkness = Self.stroked(Self.line, cap: .round)
    for y in 18..<22 {
      for x in 10..<30 { #expect(darkness[y * 40 + x] == 255, "(\(x), \(y))") }
    }
    // Left of x 10: half a disc of radius 2, π·2²/2 ≈ 6.283 pixels, less the chords' sagittas
    // (at most 1/40 px deep along the arc's length, 2π).
    var left = 0.0
    for y in 0..<40 {
      for x in 0..<10 { left += Double(darkness[y * 40 + x]) / 255 }
    }
    let halfDisc = 2 * Double.pi
    #expect(left > halfDisc - halfDisc * arcTolerance && left < halfDisc + 0.02, "\(left)")
  }

  // MARK: Joins

  /// Right along y 10, then down along x 30: the outer corner is (32, 8).
  static let corner = [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30)]

  @Test func aMiterJoinAtARightAngleReachesTheCorner() {
    let darkness = Self.stroked(Self.corner, join: .miter)
    #expect(darkness[8 * 40 + 31] == 255 && darkness[8 * 40 + 30] == 255 && darkness[9 * 40 + 31] == 255)
    #expect(darkness[8 * 40 + 32] == 0 && darkness[7 * 40 + 31] == 0)
    // The miter is 1/sin(45°) = √2 widths long: a limit of 1.5 allows it, 1.4 does not.
    #expect(Self.stroked(Self.corner, join: .miter, miterLimit: 1.5) == darkness)
    #expect(Self.stroked(Self.corner, join: .miter, miterLimit: 1.4) == Self.stroked(Self.corner, join: .bevel))
  }

  @Test func aBevelJoinCutsTheCornerFromOuterEdgeToOuterEdge() {
    // The bevel runs from (30, 8) to (32, 10): it halves pixels (30, 8) and (31, 9).
    let darkness = Self.stroked(Self.corner, join: .bevel)
    #expect(darkness[8 * 40 + 31] == 0)
    #expect(abs(darkness[8 * 40 + 30] - 128) <= 1 && abs(darkness[9 * 40 + 31] - 128) <= 1)
    #expect(darkness[8 * 40 + 29] == 255 && darkness[10 * 40 + 31] == 255)
  }

  @Test func aRoundJoinIsADiscAroundTheJoint() {
    // The part of pixel (31, 8) within 2 of (30, 10) is ∫ from 1 to √3 of (√(4 − x²) − 1) dx
    // ≈ 0.315 (80/255); of pixel (30, 8), ∫ from 0 to 1 of the same ≈ 0.913 (233/255). The
    // arc's chords may cut up to 1/40 px inside it: up to about 5/255 less over a pixel.
    let darkness = Self.stroked(Self.corner, join: .round)
    #expect((75...81).contains(darkness[8 * 40 + 31]), "\(darkness[8 * 40 + 31])")
    #expect((228...234).contains(darkness[8 * 40 + 30]), "\(darkness[8 * 40 + 30])")
    #expect(darkness[8 * 40 + 32] == 0 && darkness[8 * 40 + 29] == 255 && darkness[9 * 40 + 32] == 0)
  }

  /// Right along y 40 to (50, 40), then back at 10° to the first segment: a miter would be
  /// 1/sin(5°) ≈ 11.5 widths long, its tip near (72.8, 42).
  static let sharp = [Point(x: 10, y: 40), Point(x: 50, y: 40), Point(x: 50 - 40 * cos(Double.pi / 18), y: 40 - 40 * sin(Double.pi / 18))]

  @Test func aMiterAtTenDegreesFallsBackToABevelUnderALimitOfFour() {
    let limited = Self.stroked(Self.sharp, join: .miter, miterLimit: 4, canvasWidth: 80, canvasHeight: 60)
    #expect(limited == Self.stroked(Self.sharp, join: .bevel, canvasWidth: 80, canvasHeight: 60))
    // A bevel stays within the half width of the joint: nothing right of x 52.
    for y in 30..<50 {
      for x in 53..<80 { #expect(limited[y * 80 + x] == 0, "(\(x), \(y))") }
    }
    // A limit of 12 lets the miter through: it covers y 39.7...42 at x 60.
    let mitered = Self.stroked(Self.sharp, join: .miter, miterLimit: 12, canvasWidth: 80, canvasHeight: 60)
    #expect(mitered[40 * 80 + 60] == 255 && mitered[41 * 80 + 60] == 255 && mitered[38 * 80 + 60] == 0)
    #expect(mitered[41 * 80 + 72] > 0 && mitered[41 * 80 + 74] == 0)
  }

  // MARK: Closed contours

  static let square = [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30), Point(x: 10, y: 30)]

  @Test func aClosedStrokeHasNoCapsAndAJoinAtEveryCornerItsFirstToo() {
    let darkness = Self.stroked(Self.square, closed: true, join: .miter)
    for y in 0..<40 {
      for x in 0..<40 {
        let inside = (8..<32).contains(x) && (8..<32).contains(y) && !((12..<28).contains(x) && (12..<28).contains(y))
        #expect(darkness[y * 40 + x] == (inside ? 255 : 0), "(\(x), \(y))")
      }
    }
    // Caps change nothing, and a repeated first point at the end is the same contour.
    #expect(Self.stroked(Self.square, closed: true, cap: .square, join: .miter) == darkness)
    #expect(Self.stroked(Self.square, closed: true, cap: .round, join: .miter) == darkness)
    #expect(Self.stroked(Self.square + [Self.square[0]], closed: true, join: .miter) == darkness)
    // Bevelled, all four corners alike, the first point's (8, 8) too: each bevel leaves the
    // corner pixel out, halves the two beside it and keeps the one inside.
    let bevelled = Self.stroked(Self.square, closed: true, join: .bevel)
    for (x, y) in [(8, 8), (31, 8), (31, 31), (8, 31)] { #expect(bevelled[y * 40 + x] == 0, "(\(x), \(y))") }
    for (x, y) in [(9, 8), (8, 9), (30, 8), (31, 9), (31, 30), (30, 31), (8, 30), (9, 31)] {
      #expect(abs(bevelled[y * 40 + x] - 128) <= 1, "(\(x), \(y))")
    }
    for (x, y) in [(9, 9), (30, 9), (30, 30), (9, 30)] { #expect(bevelled[y * 40 + x] == 255, "(\(x), \(y))") }
    // The same points as an open contour back to the start have two butt ends there, no join.
    let open = Self.stroked(Self.square + [Self.square[0]], join: .miter)
    #expect(open[8 * 40 + 8] == 0 && open[8 * 40 + 31] == 255)
  }

  @Test func aClosedContourOfTwoPointsGoesThereAndBack() {
    // Its joins are U-turns: round, a half disc at each end; mitered, a bevel, flat.
    let round = Self.stroked(Self.line, closed: true, join: .round)
    let roundCapped = Self.stroked(Self.line, cap: .round, join: .round)
    #expect(zip(round, roundCapped).allSatisfy { abs($0 - $1) <= 1 })
    let mitered = Self.stroked(Self.line, closed: true, join: .miter, miterLimit: 100)
    #expect(zip(mitered, Self.stroked(Self.line, cap: .butt)).allSatisfy { abs($0 - $1) <= 1 })
  }

  // MARK: Overlaps and dots

  @Test func aStrokeCrossingItselfOrItsOtherContoursDoesNotCancel() {
    // A figure of eight, closed: its two loops wind opposite ways, and cross at (20, 20).
    let eight = [Point(x: 10, y: 10), Point(x: 30, y: 30), Point(x: 30, y: 10), Point(x: 10, y: 30)]
    for join in LineJoin.allCases {
      let darkness = Self.stroked(eight, closed: true, join: join)
      for (x, y) in [(19, 19), (20, 20), (19, 20), (20, 19)] { #expect(darkness[y * 40 + x] == 255, "\(join) (\(x), \(y))") }
    }
    // Two contours drawn opposite ways, at half opacity: blended once, the crossing no darker.
    let cross = Self.darkness {
      $0.stroke(
        [Contour([Point(x: 5, y: 20), Point(x: 35, y: 20)]), Contour([Point(x: 20, y: 35), Point(x: 20, y: 5)])],
        style: StrokeStyle(width: 4), Self.black, opacity: 0.5)
    }
    #expect(abs(cross[20 * 40 + 10] - 128) <= 1 && cross[20 * 40 + 20] == cross[20 * 40 + 10] && cross[10 * 40 + 20] == cross[20 * 40 + 10])
  }

  @Test func aContourOfOnePointIsADotASquareOrNothing() {
    let point = [Point(x: 20.5, y: 20.5), Point(x: 20.5, y: 20.5)]
    // Round: a disc 3 across, π·1.5² ≈ 7.07 pixels, less the chords' sagittas (at most 1/40
    // px deep along its circumference, 3π).
    let disc = Self.stroked(point, width: 3, cap: .round)
    let area = Double(disc.reduce(0, +)) / 255
    #expect(area > 2.25 * .pi - 3 * .pi * arcTolerance && area < 2.25 * .pi + 0.02, "\(area)")
    // Square: 3 across, along x: pixels 19...21 both ways.
    let square = Self.stroked(point, width: 3, cap: .square)
    for y in 17..<24 {
      for x in 17..<24 { #expect(square[y * 40 + x] == ((19..<22).contains(x) && (19..<22).contains(y) ? 255 : 0), "(\(x), \(y))") }
    }
    #expect(Self.stroked(point, closed: true, width: 3, cap: .square) == square)
    // Butt: nothing; and a dot among other contours adds to them rather than cancelling.
    var list = DisplayList(width: 40, height: 40)
    list.stroke([Contour(point)], style: StrokeStyle(width: 3, cap: .butt), Self.black)
    #expect(list.isEmpty)
    let both = Self.darkness {
      $0.stroke([Contour(Self.line), Contour([Point(x: 20, y: 20)])], style: StrokeStyle(width: 4, cap: .round), Self.black)
    }
    #expect(both[19 * 40 + 20] == 255 && both[20 * 40 + 19] == 255)
  }

  @Test func strokesThatCannotDrawAreNotRecorded() {
    var list = DisplayList(width: 40, height: 40)
    for width in [0, -2, .nan, .infinity] {
      list.stroke([Contour(Self.line)], style: StrokeStyle(width: width), Self.black)
    }
    list.stroke([Contour(Self.line + [Point(x: .nan, y: 3)])], style: StrokeStyle(width: 2), Self.black)
    list.stroke([Contour(Self.line)], style: StrokeStyle(width: 2), Self.black, opacity: .nan)
    list.stroke([Contour(Self.line)], style: StrokeStyle(width: 2), Self.black, opacity: 0)
    list.stroke([Contour(Self.line)], style: StrokeStyle(width: 2), RGBA8(r: 0, g: 0, b: 0, a: 0))
    list.stroke([], style: StrokeStyle(width: 2), Self.black)
    list.stroke([Contour([]), Contour([], isClosed: true)], style: StrokeStyle(width: 2), Self.black)
    #expect(list.isEmpty && list.points.isEmpty)
  }

  @Test func aStretchedPenStrokesInItsOwnSpaceAndMapsTheOutline() {
    // In the pen's space a band 4 wide from (5, 10) to (15, 10); the pen doubles x and halves
    // y (its translation is ignored): columns 10..<30, rows 4..<6 in pixels, where a round
    // pen of the same width would cover rows 3..<7 of the mapped line.
    let pen = Affine(a: 2, b: 0, c: 0, d: 0.5, e: 7, f: 7)
    let darkness = Self.darkness {
      $0.stroke([Contour([Point(x: 5, y: 10), Point(x: 15, y: 10)])], style: StrokeStyle(width: 4, transform: pen), Self.black)
    }
    for y in 0..<12 {
      for x in 6..<34 {
        let inside = (4..<6).contains(y) && (10..<30).contains(x)
        #expect(darkness[y * 40 + x] == (inside ? 255 : 0), "(\(x), \(y))")
      }
    }
    // A pen that is not finite draws nothing.
    var list = DisplayList(width: 40, height: 40)
    list.stroke([Contour(Self.line)], style: StrokeStyle(width: 2, transform: Affine(a: .nan, b: 0, c: 0, d: 1, e: 0, f: 0)), Self.black)
    #expect(list.isEmpty)
  }

  @Test func aMiterLimitBelowOneIsOne() {
    // Every join but a straight one bevels; a NaN limit is the same.
    let bevelled = Self.stroked(Self.corner, join: .bevel)
    #expect(Self.stroked(Self.corner, join: .miter, miterLimit: 0.5) == bevelled)
    #expect(Self.stroked(Self.corner, join: .miter, miterLimit: .nan) == bevelled)
  }

  // MARK: Against a reference

  /// A disc of the stroke's width, or the half of it facing `facing` (a round cap).
  struct Disc {
    var centre: Point
    var facing: Point?
  }

  /// The convex pieces and discs whose union is the stroke of `points` (distinct) by `style`,
  /// as SVG 2 defines a stroke's shape: a rectangle per segment, a join's shape on the
  /// outside of each turn, a cap at each open end.
  static func pieces(_ points: [Point], closed: Bool, style: StrokeStyle) -> (polygons: [[Point]], discs: [Disc]) {
    let h = style.width / 2
    var polygons: [[Point]] = [], discs: [Disc] = []
    let count = points.count
    let segments = closed ? count : count - 1
    func direction(_ index: Int) -> Point { (points[(index + 1) % count] - points[index]).normalized }
    for index in 0..<segments {
      let a = points[index], b = points[(index + 1) % count], n = direction(index).perpendicular * h
      polygons.append([a + n, b + n, b - n, a - n])
    }
    let joints = closed ? Array(0..<count) : Array(1..<(count - 1))
    for joint in joints {
      let p = points[joint], d = direction((joint - 1 + count) % count), e = direction(joint)
      let turn = d.cross(e), cosine = d.dot(e)
      guard turn != 0 else { continue }
      let side = turn < 0 ? 1.0 : -1.0
      let a = p + d.perpendicular * (side * h), b = p + e.perpendicular * (side * h)
      switch style.join {
      case .round: discs.append(Disc(centre: p))
      case .miter where 1 / ((1 + cosine) / 2).squareRoot() <= style.miterLimit:
        polygons.append([p, a, p + (d.perpendicular + e.perpendicular) * (side * h / (1 + cosine)), b])
      case .miter, .bevel: polygons.append([p, a, b])
      }
    }
    if !closed {
      for (end, d) in [(points[0], -direction(0)), (points[count - 1], direction(count - 2))] {
        switch style.cap {
        case .butt: break
        case .round: discs.append(Disc(centre: end, facing: d))
        case .square:
          let n = d.perpendicular * h, ahead = d * h
          polygons.append([end + n, end + n + ahead, end - n + ahead, end - n])
        }
      }
    }
    return (polygons, discs)
  }

  static func isInside(_ point: Point, convex polygon: [Point]) -> Bool {
    var positive = false, negative = false
    for index in polygon.indices {
      let a = polygon[index], b = polygon[(index + 1) % polygon.count]
      let side = (b - a).cross(point - a)
      if side > 0 { positive = true }
      if side < 0 { negative = true }
    }
    return !(positive && negative)
  }

  /// The fraction of each pixel's 16×16 samples inside the union of `pieces`.
  static func supersampled(_ pieces: (polygons: [[Point]], discs: [Disc]), radius: Double, width: Int, height: Int) -> [Float] {
    var result = [Float](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = Rect(minX: Double(x), minY: Double(y), maxX: Double(x + 1), maxY: Double(y + 1))
        let polygons = pieces.polygons.filter { Rect(enclosing: $0).intersects(pixel) }
        let discs = pieces.discs.filter {
          let centre = $0.centre
          return centre.x + radius >= pixel.minX && centre.x - radius <= pixel.maxX && centre.y + radius >= pixel.minY && centre.y - radius <= pixel.maxY
        }
        guard !polygons.isEmpty || !discs.isEmpty else { continue }
        var inside = 0
        for sy in 0..<16 {
          for sx in 0..<16 {
            let sample = Point(x: Double(x) + (Double(sx) + 0.5) / 16, y: Double(y) + (Double(sy) + 0.5) / 16)
            let inDisc = discs.contains { disc in
              disc.centre.distance(to: sample) <= radius && (disc.facing.map { (sample - disc.centre).dot($0) >= 0 } ?? true)
            }
            if inDisc || polygons.contains(where: { isInside(sample, convex: $0) }) {
              inside += 1
            }
          }
        }
        result[y * width + x] = Float(inside) / 256
      }
    }
    return result
  }

  @Test(arguments: LineCap.allCases, LineJoin.allCases)
  func randomStrokesMatchTheSupersampledReference(cap: LineCap, join: LineJoin) {
    var random = SplitMix64(seed: 26)
    var errors: [Float] = [], worstShortfall: Float = 0
    for closed in [false, true] {
      for _ in 0..<3 {
        let points = (0..<5).map { _ in Point(x: Double.random(in: 6...26, using: &random), y: Double.random(in: 6...26, using: &random)) }
        let style = StrokeStyle(width: Double.random(in: 1.5...5, using: &random), cap: cap, join: join, miterLimit: 4)
        let ours = Self.darkness(width: 32, height: 32) { $0.stroke([Contour(points, isClosed: closed)], style: style, Self.black) }
          .map { Float($0) / 255 }
        let reference = Self.supersampled(Self.pieces(points, closed: closed, style: style), radius: style.width / 2, width: 32, height: 32)
        errors += zip(ours, reference).map { abs($0 - $1) }
        worstShortfall = max(worstShortfall, zip(ours, reference).map { $1 - $0 }.max()!)

      }
    }
    // Every piece winds the same way, so ours covers at least the union: no pixel is short
    // but by the reference's own sampling error and an arc's chords (measured: at most
    // 7.3/255). Where pieces overlap along the edge of the stroke (an inner join, the stroke
    // crossing itself), their areas in that pixel add and it is somewhat darker (measured:
    // 97.2% to 97.9% of pixels within 2/255, a mean of 0.55/255 to 0.74/255).
    #expect(worstShortfall <= 0.04, "\(worstShortfall)")
    let withinTwo = errors.filter { $0 <= 2.0 / 255 }.count
    #expect(Double(withinTwo) / Double(errors.count) > 0.96, "\(withinTwo) of \(errors.count)")
    #expect(errors.reduce(0, +) / Float(errors.count) < 1.5 / 255, "\(errors.reduce(0, +) / Float(errors.count) * 255)/255")
  }

  /// A flattened curve turns a little at every chord (here an arc of short chords, open and
  /// closed): each join is one point of the outline on either side, and the stroke still
  /// matches the reference as closely as the random strokes do.
  @Test(arguments: LineJoin.allCases)
  func aFlattenedCurveHasOnePointAJoinASideAndMatchesTheReference(join: LineJoin) {
    let chords = 40
    let points = (0..<chords).map { index in
      let angle = Double(index) / Double(chords) * 1.6 * .pi  // chords of 1.26 px turning by 0.126 rad
      return Point(x: 16 + 10 * cos(angle), y: 16 + 10 * sin(angle))
    }
    for closed in [false, true] {
      let style = StrokeStyle(width: 2.5, cap: .butt, join: join)
      var list = DisplayList(width: 32, height: 32)
      list.stroke([Contour(points, isClosed: closed)], style: style, Self.black)
      // Open: each side's start, its joins and its end, and the cap; closed: each ring's joins,
      // the two either end of the long closing chord sharp (an arc's few points, or three
      // through the joint inside).
      #expect(list.pointCount <= 2 * chords + (closed ? 12 : 2), "\(list.pointCount) points")
      let ours = Self.darkness(width: 32, height: 32) { $0.stroke([Contour(points, isClosed: closed)], style: style, Self.black) }
        .map { Float($0) / 255 }
      let reference = Self.supersampled(Self.pieces(points, closed: closed, style: style), radius: style.width / 2, width: 32, height: 32)
      let errors = zip(ours, reference).map { abs($0 - $1) }
      #expect(zip(ours, reference).map { $1 - $0 }.max()! <= 0.04)
      #expect(errors.reduce(0, +) / Float(errors.count) < 1.5 / 255, "\(errors.reduce(0, +) / Float(errors.count) * 255)/255")
    }
  }
}
