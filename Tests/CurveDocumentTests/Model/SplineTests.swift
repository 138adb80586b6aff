import CurveDocument
import CurveGeometry
import Foundation
import SeededRandom
import Testing

/// A curve drawn as a B-spline: its exact Bézier subpath, its knot vectors and degree, and
/// what the document says of a spline that is not one.
struct SplineTests {
  private static func makeID() -> UUID { UUID() }

  @Test func theNumberedPointsOfTheBezierSubpathTraceTheSplineExactly() throws {
    var random = SplitMix64(seed: 71)
    var customKnots = 0
    for trial in 0..<120 {
      let degree = 1 + trial % 6, closed = trial % 3 == 0
      let count = degree + 1 + Int(random.next() % 6) + (closed ? 2 : 0)
      let points = (0..<count).map { _ in Point(x: Double(random.next() % 1000), y: Double(random.next() % 1000)) }
      let weights = trial % 2 == 0 ? nil : (0..<count).map { _ in 0.25 + Double(random.next() % 300) / 100 }
      var spline = Spline(degree: degree, points: points, weights: weights, isClosed: closed)
      if !closed, trial % 4 == 1 {
        // Random knots, some repeated: the curve breaks into fewer, or sharper, spans.
        var knots = (0..<(count + degree + 1)).map { _ in Double(random.next() % 8) }
        knots.sort()
        knots[degree] = min(knots[degree], 3)
        knots[count] = max(knots[count], 4)
        spline.knots = knots.sorted()
        // Knots that would break the curve are refused (`aSplineThatIsNotOneSaysWhy`).
        if spline.problem != nil { continue }
        customKnots += 1
      }
      try #require(spline.problem == nil, "trial \(trial): \(spline.problem ?? "")")
      let bSpline = try #require(spline.bSpline)
      let subpath = spline.subpath(makeID: Self.makeID)
      #expect(subpath.closed == closed)
      let segmentWeights = subpath.segmentWeights
      for (index, (segment, piece)) in zip(subpath.segments, spline.bezierSegments).enumerated() {
        #expect(segment.count == degree + 1)
        let weights = segmentWeights[index] ?? Array(repeating: 1, count: segment.count)
        let curve = try #require(RationalBezier(segment, weights: weights))
        for step in 0...8 {
          let t = Double(step) / 8
          let u = piece.span.lowerBound + (piece.span.upperBound - piece.span.lowerBound) * t
          #expect(curve.eval(t).distance(to: bSpline.eval(u)) < 1e-7, "trial \(trial), segment \(index), t = \(t)")
          #expect(spline.parameter(segment: index, t: t) == u)
        }
      }
    }
    #expect(customKnots >= 10)
  }

  @Test func aClosedSplineOfASquareIsTheUniformCubicSmoothAllRound() {
    let square = [Point(x: 0, y: 0), Point(x: 6, y: 0), Point(x: 6, y: 6), Point(x: 0, y: 6)]
    let spline = Spline.pen(square, closed: true)!
    #expect(spline.degree == 3 && spline.knots == Array(0...10).map(Double.init) && spline.knotKind == .uniform)
    let subpath = spline.subpath(makeID: Self.makeID)
    // Each piece starts at (P0 + 4P1 + P2)/6: one sixth in from the corner's neighbours.
    #expect(subpath.segments.map { $0[0] } == [Point(x: 5, y: 1), Point(x: 5, y: 5), Point(x: 1, y: 5), Point(x: 1, y: 1)])
    #expect(subpath.segments.map { $0[1] } == [Point(x: 6, y: 2), Point(x: 4, y: 6), Point(x: 0, y: 4), Point(x: 2, y: 0)])
    #expect(subpath.points.filter { $0.node != nil }.allSatisfy { $0.node == .smooth } && subpath.points.count == 12)
  }

  @Test func thePensOpenSplineIsClampedStartingAndEndingOnItsClicks() {
    let clicks = [Point(x: 100, y: 100), Point(x: 200, y: 50), Point(x: 300, y: 150), Point(x: 350, y: 300)]
    let spline = Spline.pen(clicks, closed: false)!
    #expect(spline.knots == [0, 0, 0, 0, 1, 1, 1, 1] && spline.knotKind == .openUniform)
    // Four clicks and degree 3: one span, which is the Bézier curve of the clicks.
    #expect(spline.subpath(makeID: Self.makeID).segments == [clicks])
    // Two clicks make a line, three a quadratic.
    #expect(Spline.pen(Array(clicks.prefix(2)), closed: false)?.degree == 1)
    #expect(Spline.pen(Array(clicks.prefix(3)), closed: false)?.degree == 2)
    #expect(Spline.pen(Array(clicks.prefix(2)), closed: true) == nil)
    let five = Spline.pen(clicks + [Point(x: 400, y: 100)], closed: false)!
    let nodes = five.subpath(makeID: Self.makeID).points.compactMap(\.node)
    #expect(nodes == [.corner, .smooth, .corner], "a single inner knot is smooth at degree 3")
  }

  @Test func knotsAndDegreeChangeAsTheWindowAsks() throws {
    let points = (0..<6).map { Point(x: Double($0) * 10, y: Double($0 % 2) * 10) }
    let spline = Spline(degree: 3, points: points)
    #expect(spline.knotKind == .openUniform)
    #expect(spline.withKnots(.uniform).knots == Array(0...9).map(Double.init) && spline.withKnots(.uniform).knotKind == .uniform)
    #expect(spline.withDegree(2)?.knots == [0, 0, 0, 0.25, 0.5, 0.75, 1, 1, 1])
    #expect(spline.withDegree(5)?.degree == 5)
    #expect(spline.withDegree(6) == nil, "six points allow degree 5 at most")
    #expect(spline.withDegree(0) == nil)
    // A moved knot stays between its neighbours.
    let moved = spline.movingKnot(4, to: 0.9)
    #expect(moved.knots[4] == 0.6666666666666666, "stopped at knot 5")
    #expect(moved.knotKind == .custom)
    #expect(spline.movingKnot(4, to: 0.4).knots[4] == 0.4)
    #expect(spline.movingKnot(4, to: 0.4).withDegree(2)?.knotKind == .openUniform, "hand-moved knots become open uniform")
    // A closed spline's knots stay uniform.
    let closed = Spline(degree: 3, points: points, isClosed: true)
    #expect(closed.movingKnot(4, to: 3.5) == closed && closed.withKnots(.openUniform) == closed)
  }

  @Test func aSplineThatIsNotOneSaysWhy() {
    let points = (0..<4).map { Point(x: Double($0), y: 0) }
    #expect(Spline(degree: 3, points: points).problem == nil)
    #expect(Spline(degree: 0, points: points, knots: []).problem == "its degree 0 is not 1 to 15")
    #expect(Spline(degree: 4, points: points).problem == "a spline of degree 4 needs at least 5 control points, not 4")
    #expect(Spline(degree: 3, points: points, knots: [0, 0, 0, 0, 1, 1, 1]).problem == "it needs 8 knots (control points + degree + 1), not 7")
    #expect(Spline(degree: 3, points: points, knots: [0, 0, 0, 1, 0, 1, 1, 1]).problem == "its knots must be finite and never decrease")
    #expect(Spline(degree: 3, points: points, knots: [0, 0, 0, 0, 1, 1, 1, 2]).problem == nil)
    #expect(Spline(degree: 3, points: points, knots: [0, 1, 1, 1, 1, 1, 1, 2]).problem?.hasPrefix("its knots leave no span") == true)
    #expect(Spline(degree: 1, points: points, knots: [0, 0, 0.5, 0.5, 1, 1]).problem?.contains("breaks the curve") == true)
    #expect(Spline(degree: 2, points: points, weights: [1, 0, 1, 1]).problem == "a weight is not a number from 0.01 to 100.0")
    #expect(Spline(degree: 2, points: points, knots: Array(0...6).map(Double.init), isClosed: true).problem?.contains("uniform") == true)
  }

  @Test func anAffineMapMovesTheSplineWithItsCurve() {
    let spline = Spline(degree: 2, points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
    let record = Document.CurveRecord(id: UUID(), subpaths: [spline.subpath(makeID: Self.makeID)], spline: spline)
    let moved = record.applying(Affine(a: 2, b: 0, c: 0, d: 2, e: 5, f: 0))
    #expect(moved.spline?.points == [Point(x: 5, y: 0), Point(x: 25, y: 0), Point(x: 25, y: 20)])
    #expect(moved.spline?.subpath(makeID: Self.makeID).segments == moved.subpaths[0].segments)
  }

  @Test func aDocumentKeepsTheSplineAndMakesItsSubpathFromIt() throws {
    let spline = Spline(degree: 2, points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], weights: [1, 2, 1, 1])
    let record = Document.CurveRecord(id: UUID(), subpaths: [spline.subpath(makeID: Self.makeID)], spline: spline)
    let document = Document(canvas: Canvas(width: 20, height: 20), curves: [record], animation: Document.AnimationRecord(AnimationSettings()))
    let json = String(decoding: try document.encoded(), as: UTF8.self)
    #expect(json.contains("\"spline\"") && json.contains("\"knots\""))
    let decoded = try Document.decode(Data(json.utf8))
    #expect(decoded.curves[0].spline == spline)
    #expect(decoded.curves[0].subpaths == record.subpaths, "the same points, ids kept")
    // A file may give the spline alone, or a subpath that says otherwise: the spline wins.
    let alone = json.replacingOccurrences(of: #""subpaths""#, with: #""ignored""#)
    let made = try Document.decode(Data(alone.utf8)).curves[0]
    #expect(made.subpaths.map(\.segments) == record.subpaths.map(\.segments))
    // A closed spline is written without its knots, which are uniform.
    var closed = record
    closed.spline = Spline(degree: 3, points: spline.points, isClosed: true)
    var closedDocument = document
    closedDocument.curves = [closed]
    let closedJSON = String(decoding: try closedDocument.encoded(), as: UTF8.self)
    #expect(!closedJSON.contains("\"knots\"") && closedJSON.contains("\"closed\" : true"))
    #expect(try Document.decode(Data(closedJSON.utf8)).curves[0].subpaths[0].closed)
  }

  @Test func aDocumentRefusesASplineThatIsNotOneNamingTheCurve() throws {
    let json = #"{"version": 4, "canvas": {"width": 10, "height": 10}, "animation": {"totalSteps": 10, "speed": 50},"#
      + #""curves": [{"id": "8C7D5C3E-2B4E-4C55-9E7B-1D2E3F405162", "spline": {"degree": 3, "points": [{"x": 0, "y": 0}, {"x": 1, "y": 1}]}}]}"#
    #expect(throws: DocumentError.invalidSpline(curve: 1, reason: "a spline of degree 3 needs at least 4 control points, not 2")) {
      try Document.decode(Data(json.utf8))
    }
    let message = DocumentError.invalidSpline(curve: 1, reason: "x").description
    #expect(message == "Curve 1's spline is not valid: x. Fix it in the file, or remove \"spline\" to keep the curve as its Bézier segments.")
  }

  @Test func aKnotInsertedKeepsTheCurveAndAPointRemovedKeepsTheKnotsKind() throws {
    var random = SplitMix64(seed: 73)
    let points = (0..<6).map { _ in Point(x: Double(random.next() % 500), y: Double(random.next() % 500)) }
    let spline = Spline(degree: 3, points: points, weights: [1, 2, 1, 0.5, 1, 1])
    let inserted = try #require(spline.insertingKnot(0.4))
    #expect(inserted.points.count == 7 && inserted.knots == [0, 0, 0, 0, 1.0 / 3, 0.4, 2.0 / 3, 1, 1, 1, 1])
    let before = try #require(spline.bSpline), after = try #require(inserted.bSpline)
    for step in 0...40 { #expect(before.eval(Double(step) / 40).distance(to: after.eval(Double(step) / 40)) < 1e-9) }
    #expect(spline.insertingKnot(0) == nil && spline.insertingKnot(1) == nil, "only inside the domain")
    #expect(Spline(degree: 3, points: points, isClosed: true).insertingKnot(4.5) == nil, "a closed spline's knots stay uniform")
    let removed = try #require(spline.removingPoint(2))
    #expect(removed.points == [points[0], points[1], points[3], points[4], points[5]] && removed.weights == [1, 2, 0.5, 1, 1])
    #expect(removed.knotKind == .openUniform)
    #expect(Spline(degree: 3, points: Array(points.prefix(4))).removingPoint(0) == nil, "a cubic keeps four points")
  }
}
