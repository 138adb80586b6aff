import Composable
import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation
import Testing

@testable import CurveApp

/// Each analysis overlay, drawn headlessly and found where the geometry says it is. The curve
/// is an S (an inflection), at 100%, so screen points are document points.
@MainActor
struct AnalysisOverlayTests {
  let store: StoreOf<Editor>
  let session: EditorSession
  let frame: OffscreenFrame
  let curve: Bezier
  let t = 0.4

  init() throws {
    let positions = [Point(x: 120, y: 450), Point(x: 240, y: 120), Point(x: 560, y: 520), Point(x: 680, y: 450)]
    let scene = try OverlayScene(positions: positions, t: t)
    (store, session, frame, curve) = (scene.store, scene.session, scene.frame, scene.curve)
  }

  private func show(_ option: DisplayOptions.Flag) {
    store.send(.display(.toggle(option)))
    frame.draw(session)
  }

  private func distance(_ a: RGBA8, _ b: RGBA8) -> Int {
    abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
  }

  /// The pixel nearest in colour to `color` within two pixels of `point`: overlays are lines
  /// a pixel or two wide, anti-aliased.
  private func nearest(_ color: RGBA8, around point: Point) -> Int {
    var best = Int.max
    for dy in -2...2 {
      for dx in -2...2 {
        let x = Int(point.x.rounded()) + dx, y = Int(point.y.rounded()) + dy
        guard (0..<1100).contains(x), (0..<750).contains(y) else { continue }
        best = min(best, distance(frame.pixel(x: x, y: y), color))
      }
    }
    return best
  }

  /// Whether showing `option` moves the pixels around each of `points` toward `color`, by at
  /// least a third of the way there from what was drawn without it.
  private func showing(_ option: DisplayOptions.Flag, draws color: RGBA8, at points: [Point]) -> [Bool] {
    frame.draw(session)
    let before = points.map { nearest(color, around: $0) }
    show(option)
    return zip(points, before).map { point, before in
      let after = nearest(color, around: point)
      return after < 40 || after <= before * 2 / 3
    }
  }

  private func count(_ color: RGBA8, within tolerance: Int = 40) -> Int {
    var count = 0
    for y in stride(from: 0, to: 726, by: 2) {
      for x in stride(from: 0, to: 800, by: 2) where distance(frame.pixel(x: x, y: y), color) < tolerance { count += 1 }
    }
    return count
  }

  @Test func theTangentAndNormalStartAtThePointAtT() throws {
    frame.draw(session)
    #expect(count(Theme.Palette.tangent) == 0)
    show(.showsTangent)
    let point = curve.eval(t), tangent = try #require(curve.tangent(at: t)), normal = try #require(curve.normal(at: t))
    #expect(nearest(Theme.Palette.tangent, around: point + tangent * 50) < 60)
    #expect(nearest(Theme.Palette.normal, around: point + normal * 35) < 60)
  }

  @Test func theOsculatingCircleHasRadiusOneOverCurvature() throws {
    let circle = try #require(curve.osculatingCircle(at: t))
    #expect(abs(circle.radius - 1 / abs(try #require(curve.curvature(at: t)))) < 1e-9)
    // Points of the circle that lie on the page, away from the curve.
    let angles = stride(from: 0.0, to: 2 * Double.pi, by: Double.pi / 8)
    let around: [Point] = angles.map { angle in circle.centre + Point(x: cos(angle), y: sin(angle)) * circle.radius }
    let onCircle = around.filter { point in
      let onPage = point.x > 5 && point.x < 795 && point.y > 5 && point.y < 595
      return onPage && curve.nearest(to: point).distance > 10
    }
    #expect(onCircle.count >= 4)
    #expect(showing(.showsOsculatingCircle, draws: Theme.Palette.osculating, at: onCircle).allSatisfy { $0 })
  }

  @Test func theBoundingBoxTouchesTheCurveAtItsExtrema() {
    let box = curve.tightBounds()
    let sides = [Point(x: box.minX, y: (box.minY + box.maxY) / 2), Point(x: (box.minX + box.maxX) / 2, y: box.maxY)]
    let extrema = curve.extremaParameters().map { curve.eval($0) }
    #expect(!extrema.isEmpty)
    let drawn = showing(.showsBoundingBox, draws: Theme.Palette.boundingBox, at: sides + extrema)
    #expect(drawn.allSatisfy { $0 }, "\(zip(sides + extrema, drawn).map { "\($0.0): \($0.1)" })")
  }

  @Test func theAlignedBoxRunsAlongTheChordAndTouchesTheCurve() throws {
    // The chord runs from (120, 450) to (680, 450) here, level: the aligned box's sides along
    // it are at the curve's least and greatest y, its ends at x = 120 and 680 (the curve does
    // not reach past its ends along the chord), the same box as the axis-aligned one.
    let corners = curve.alignedBounds()
    let box = curve.tightBounds()
    #expect(zip(corners, [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)])
      .allSatisfy { $0.distance(to: $1) < 1e-9 })
    let middles = zip(corners, corners.dropFirst() + [corners[0]]).map { ($0 + $1) / 2 }
    let drawn = showing(.showsAlignedBounds, draws: Theme.Palette.alignedBounds, at: middles)
    #expect(drawn.allSatisfy { $0 }, "\(zip(middles, drawn).map { "\($0.0): \($0.1)" })")
  }

  @Test func aSlantedCurvesAlignedBoxIsSlantedWithItsChord() throws {
    // A quadratic from (200, 200) to (500, 500) whose handle is at (200, 500): the box runs
    // along the diagonal, 0 to 300√2, and reaches 75√2 across it, to (425, 575) and (125, 275).
    let positions = [Point(x: 200, y: 200), Point(x: 200, y: 500), Point(x: 500, y: 500)]
    let state = Editor.State(curves: [Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: positions.map {
      ControlPoint.State(id: UUID(), position: $0)
    }))])
    let store = Store(initialState: state) { Editor() }
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    let corner = Point(x: 425, y: 575), other = Point(x: 125, y: 275)
    let corners = try #require(Bezier(positions)).alignedBounds()
    #expect([corner, other].allSatisfy { expected in corners.contains { $0.distance(to: expected) < 1e-9 } }, "\(corners)")
    // Within a pixel of the point: the side is a line a pixel or two wide, anti-aliased.
    func green(at point: Point) -> Bool {
      (-1...1).contains { dy in
        (-1...1).contains { dx in distance(frame.pixel(x: Int(point.x) + dx, y: Int(point.y) + dy), Theme.Palette.alignedBounds) < 60 }
      }
    }
    let sides = [(corner + other) / 2, (Point(x: 500, y: 500) + corner) / 2]
    frame.draw(session)
    #expect(!sides.contains(where: green))
    store.send(.display(.toggle(.showsAlignedBounds)))
    frame.draw(session)
    #expect(sides.allSatisfy(green), "\(sides.map { frame.pixel(x: Int($0.x), y: Int($0.y)) })")
  }

  @Test func theProjectionJoinsThePointerToTheCurvesNearestPoint() {
    let pointer = Point(x: 400, y: 200), foot = curve.nearest(to: pointer).point
    store.send(.display(.toggle(.showsProjection)))
    store.send(.pointer(.moved(pointer)))
    frame.draw(session)
    #expect(nearest(Theme.Palette.projection, around: foot) < 60)
    #expect(nearest(Theme.Palette.projection, around: (pointer + foot) / 2) < 60)
    // Hidden again, none of it is drawn.
    store.send(.display(.toggle(.showsProjection)))
    frame.draw(session)
    #expect(nearest(Theme.Palette.projection, around: (pointer + foot) / 2) > 100)
  }

  @Test func theHodographIsDrawnBesideTheCurveFromItsOwnOrigin() throws {
    // An arch whose control points' differences are (50, −100), (100, 0), (50, 100): right
    // of its box (x 100 to 300), 40 apart, the hodograph's origin is at x = 340, level with
    // the middle of the box, and its control points are the differences from there.
    let positions = [Point(x: 100, y: 300), Point(x: 150, y: 200), Point(x: 250, y: 200), Point(x: 300, y: 300)]
    let state = Editor.State(curves: [Curve.State(id: UUID(), points: IdentifiedArray(uniqueElements: positions.map {
      ControlPoint.State(id: UUID(), position: $0)
    }))])
    let store = Store(initialState: state) { Editor() }
    let layout = Layout.offscreen(width: 1100, height: 750)
    let session = EditorSession.documentAligned(store: store, layout: layout)
    let frame = try OffscreenFrame(width: 1100, height: 750)
    let arch = try #require(Bezier(positions))
    let origin = AnalysisPainter.hodographOrigin(of: arch, in: layout.canvasArea), box = arch.tightBounds()
    #expect(abs(origin.x - 340) < 1e-9 && abs(origin.y - (box.minY + box.maxY) / 2) < 1e-9)
    let middle = origin + Point(x: 100, y: 0)
    func near(_ color: RGBA8, _ point: Point) -> Bool {
      (-2...2).contains { dy in (-2...2).contains { dx in distance(frame.pixel(x: Int(point.x) + dx, y: Int(point.y) + dy), color) < 60 } }
    }
    frame.draw(session)
    #expect(!near(Theme.Palette.hodograph, middle))
    store.send(.display(.toggle(.showsHodograph)))
    frame.draw(session)
    #expect(near(Theme.Palette.hodograph, middle) && near(Theme.Palette.hodograph, origin + Point(x: 50, y: -100)) && near(Theme.Palette.hodograph, origin))
    // The derivative at t = 0, B′(0) / 3 = (50, −100), from the origin: its middle in the tangent's colour.
    #expect(near(Theme.Palette.tangent, origin + Point(x: 25, y: -50)))
  }

  @Test func inflectionsAreMarkedOnTheCurve() {
    frame.draw(session)
    let without = count(Theme.Palette.inflection)
    show(.showsInflections)
    let inflections = curve.inflectionParameters()
    #expect(inflections.count == 1)
    for inflection in inflections {
      #expect(nearest(Theme.Palette.inflection, around: curve.eval(inflection)) < 60)
    }
    #expect(count(Theme.Palette.inflection) > without)
  }

  @Test func theCurvatureCombDrawsTeethOnTheCurvesConvexSide() throws {
    // A tooth (one of 65, at i/64) where the curve bends most: near its first end here.
    let t = 3.0 / 64
    let normal = try #require(curve.normal(at: t)), curvature = try #require(curve.curvature(at: t))
    let tip = curve.eval(t) - normal * (curvature > 0 ? 1 : -1) * 12
    #expect(showing(.showsCurvatureComb, draws: Theme.Palette.comb, at: [tip]) == [true])
  }

  @Test func theReadoutsAreTheSelectedCurvesAtT() throws {
    store.send(.selection(.selectNextPoint))
    let readout = try #require(CurveReadout(store.state))
    #expect(readout.point == curve.eval(t))
    #expect(abs(readout.lengthToT / readout.length - (curve.arcLength(from: 0, to: t) / curve.arcLength(from: 0, to: 1))) < 1e-9)
    store.send(.animation(.toggleArcLength))
    let constantSpeed = try #require(CurveReadout(store.state))
    #expect(abs(constantSpeed.lengthToT / constantSpeed.length - t) < 1e-4, "by arc length, t is the fraction of the length")
  }

  // MARK: Construction levels

  @Test func eachLevelCanBeHiddenCutToItsLastSegmentOrTraced() throws {
    store.send(.display(.cycleConstruction))
    #expect(store.drawing.display.construction == .allLevels)
    let levels = curve.deCasteljauLevels(at: t)
    // The middle of level 1's first segment: drawn, then hidden.
    let firstSegment = levels[1][0].lerp(to: levels[1][1], 0.5)
    frame.draw(session)
    #expect(nearest(Theme.levelColor(1), around: firstSegment) < 60)
    store.send(.display(.toggleLevel(1, .isShown)))
    frame.draw(session)
    #expect(nearest(Theme.levelColor(1), around: firstSegment) > 150)
    // Level 1 (three points) cut to its last segment: its first segment goes, its last stays.
    store.send(.display(.toggleLevel(1, .isShown)))
    store.send(.display(.toggleLevel(1, .showsOnlyLastSegment)))
    frame.draw(session)
    #expect(nearest(Theme.levelColor(1), around: firstSegment) > 150)
    #expect(nearest(Theme.levelColor(1), around: levels[1][1].lerp(to: levels[1][2], 0.5)) < 60)
    // Level 2's path: its first point sweeps the quadratic over control points 0...2.
    let path = try #require(Bezier(Array(curve.controlPoints[0...2])))
    let onPath = path.eval(t / 2)
    frame.draw(session)
    let before = nearest(Theme.levelColor(2), around: onPath)
    store.send(.display(.toggleLevel(2, .showsTrace)))
    frame.draw(session)
    #expect(nearest(Theme.levelColor(2), around: onPath) <= before * 2 / 3, "before \(before)")
  }

  @Test func levelColoursStayDistinctPastTheFirstFive() {
    let colours = (1...14).map(Theme.levelColor)
    for (index, colour) in colours.enumerated() {
      for other in colours[(index + 1)...] { #expect(distance(colour, other) >= 70, "\(colour) and \(other)") }
    }
  }

  @Test func thePanelsLevelRowSetsTheChosenLevel() {
    let layout = session.layout
    func click(_ control: PanelControl) {
      let frame = layout.frame(of: control)
      _ = session.handle(.pointerDown(x: (frame.minX + frame.maxX) / 2, y: (frame.minY + frame.maxY) / 2, clicks: 1))
      _ = session.handle(.pointerUp(x: (frame.minX + frame.maxX) / 2, y: (frame.minY + frame.maxY) / 2))
    }
    click(.levelStep(1))
    #expect(session.chosenLevel == 2)
    click(.toggle(.levelTrace))
    #expect(store.drawing.display.options(ofLevel: 2).showsTrace)
    #expect(!store.drawing.display.options(ofLevel: 1).showsTrace)
    click(.levelStep(-1))
    click(.levelStep(-1))
    #expect(session.chosenLevel == 1)
  }
}

/// A keyed view is outlined on the canvas: what the frame at the playhead shows, the view box
/// grown to the canvas's shape.
@MainActor
struct ViewFrameTests {
  @Test func theViewAtThePlayheadIsOutlined() throws {
    var state = Editor.State(curves: [])
    // The 800 × 600 canvas at 100%; the view at 0 s is the 200 × 100 box at (100, 100), which
    // the 800 × 600 frame shows grown to 200 × 150 about its centre (200, 150).
    state.drawing.timeline = Timeline(duration: 2, view: [Timeline.ViewKeyframe(time: 0, box: Rect(minX: 100, minY: 100, maxX: 300, maxY: 200))])
    let store = Store(initialState: state) { Editor() }
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    store.send(.viewport(.actualSize))
    frame.draw(session)
    let origin = store.state.viewport.screenPoint(atDocument: .zero)
    func isFrame(_ x: Double, _ y: Double) -> Bool {
      let pixel = frame.pixel(x: Int((origin.x + x).rounded()), y: Int((origin.y + y).rounded()))
      return Int(pixel.b) > Int(pixel.g) + 60 && Int(pixel.r) > Int(pixel.g) + 20
    }
    #expect(isFrame(200, 75) && isFrame(100, 150) && isFrame(200, 225) && isFrame(300, 150), "the grown box's four edges")
    #expect(!isFrame(200, 100) && !isFrame(200, 150), "not the box's own edge, nor inside")
    // Without a view track, nothing is outlined.
    store.send(.keyframes(.selectKeyframe(Playhead.Mark(viewAt: 0))))
    store.send(.keyframes(.delete))
    frame.draw(session)
    #expect(!isFrame(200, 75))
  }

  @Test func withOnionSkinTheViewsKeyframesEitherSideAreFramedInItsColours() throws {
    var state = Editor.State(curves: [])
    // At 100%: the view moves from the 200 × 150 box at (100, 100) at 0 s to the one at
    // (500, 300) at 2 s, both the canvas's shape, so each frame is its box.
    state.drawing.timeline = Timeline(duration: 2, view: [
      Timeline.ViewKeyframe(time: 0, box: Rect(minX: 100, minY: 100, maxX: 300, maxY: 250)),
      Timeline.ViewKeyframe(time: 2, box: Rect(minX: 500, minY: 300, maxX: 700, maxY: 450)),
    ])
    let store = Store(initialState: state) { Editor() }
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    // Seeking moves the window's view to the timeline's; then back to 100%.
    store.send(.keyframes(.seek(to: 1)))
    store.send(.viewport(.actualSize))
    let origin = store.state.viewport.screenPoint(atDocument: .zero)
    func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int) {
      let value = frame.pixel(x: Int((origin.x + x).rounded()), y: Int((origin.y + y).rounded()))
      return (Int(value.r), Int(value.g), Int(value.b))
    }
    frame.draw(session)
    let plain = (pixel(200, 100), pixel(600, 450))
    store.send(.keyframes(.toggleOnionSkin))
    frame.draw(session)
    // The top edge of the box at 0 s in red; the bottom edge of the one at 2 s in green.
    let red = pixel(200, 100), green = pixel(600, 450)
    #expect(red.r > red.g + 40 && red.r > red.b + 40, "\(red)")
    #expect(green.g > green.r + 30 && green.g > green.b + 30, "\(green)")
    #expect(plain.0.r < plain.0.g + 40 && plain.1.g < plain.1.r + 30, "without onion skin they are not framed: \(plain)")
  }
}

/// Onion skin follows a moving group: its curves outlined where the group's keyframes either
/// side of the playhead put them.
@MainActor
struct OnionSkinGroupTests {
  @Test func aMovingGroupsCurvesAreOutlinedWhereItsKeyframesPutThem() throws {
    // A 100-unit square at (100, 100) in group "g", which moves 300 right from 0 s to 2 s.
    let corners = [(100.0, 100.0), (200.0, 100.0), (200.0, 200.0), (100.0, 200.0)]
    let points = corners.map { ControlPoint.State(id: UUID(), position: Point(x: $0.0, y: $0.1), node: .corner) }
    var square = Curve.State(id: UUID(), subpaths: [Subpath.State(id: UUID(), isClosed: true, points: IdentifiedArray(uniqueElements: points))])
    square.group = "g"
    var state = Editor.State(curves: [square])
    state.drawing.groups = [Group(id: "g")]
    state.drawing.timeline = Timeline(duration: 2, groupTracks: [Timeline.GroupTrack(group: "g", keyframes: [
      Timeline.GroupKeyframe(time: 0, transform: .identity), Timeline.GroupKeyframe(time: 2, transform: Timeline.TransformParts(translate: Point(x: 300, y: 0))),
    ])])
    let store = Store(initialState: state) { Editor() }
    let session = EditorSession.documentAligned(store: store, layout: .offscreen(width: 1100, height: 750))
    let frame = try OffscreenFrame(width: 1100, height: 750)
    store.send(.viewport(.actualSize))
    store.send(.keyframes(.seek(to: 1)))
    store.send(.keyframes(.toggleOnionSkin))
    frame.draw(session)
    let origin = store.state.viewport.screenPoint(atDocument: .zero)
    func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int) {
      let value = frame.pixel(x: Int((origin.x + x).rounded()), y: Int((origin.y + y).rounded()))
      return (Int(value.r), Int(value.g), Int(value.b))
    }
    // At 1 s the square is shown 150 right (x 250 to 350); before it, at 0 s, in red at x 100;
    // after it, at 2 s, in green at x 400.
    let red = pixel(100, 150), green = pixel(400, 150)
    #expect(red.r > red.g + 40 && red.r > red.b + 40, "\(red)")
    #expect(green.g > green.r + 30 && green.g > green.b + 30, "\(green)")
  }
}
