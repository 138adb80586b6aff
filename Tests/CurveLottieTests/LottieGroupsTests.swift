import CurveDocument
import CurveGeometry
@testable import CurveLottie
import struct Foundation.UUID
import class Foundation.JSONSerialization
import Testing

/// Moving groups in Lottie: null layers carrying the groups' own transforms and their
/// keyframed parts, the curves parented to them in the group's coordinates.
struct LottieGroupsTests {
  /// The chain of parts' matrices, outermost first.
  static func composed(_ parts: [Timeline.TransformParts]) -> Affine {
    parts.reduce(Affine.identity) { $0 * $1.matrix }
  }

  static func close(_ a: Affine, _ b: Affine) -> Bool {
    zip([a.a, a.b, a.c, a.d, a.e, a.f], [b.a, b.b, b.c, b.d, b.e, b.f]).allSatisfy { abs($0 - $1) < 1e-9 }
  }

  @Test(arguments: [
    Affine(a: 1, b: 0, c: 0, d: 1, e: 10, f: 0),
    .rotate(degrees: 30) * .scale(x: 2, y: 0.5),
    .translate(x: 5, y: 7) * .rotate(degrees: -40) * .skewX(degrees: 25) * .scale(x: 1.5, y: -0.75),
    Affine(a: 0.3, b: 1.2, c: -0.8, d: 0.1, e: -4, f: 9),
  ])
  func aGroupsOwnTransformIsTurnsAndScalesWithoutASlant(transform: Affine) {
    let layers = LottieGroups.unslanted(transform)
    #expect(layers.allSatisfy { $0.skewX == 0 }, "\(layers)")
    #expect(Self.close(Self.composed(layers), transform), "\(Self.composed(layers)) against \(transform)")
    #expect(Self.close(LottieGroups.parts(of: transform).matrix, transform))
  }

  @Test func aMovingGroupsCurvesAreParentedToNullLayersThatTurn() throws {
    let id = LottieExportTests.curveID
    var document = LottieExportTests.document()
    document.curves[0].group = "wheel"
    document.groups = [Group(id: "wheel", transform: .translate(x: 20, y: 0), opacity: 0.8)]
    document.timeline = Timeline(duration: 2, fps: 25, groupTracks: [Timeline.GroupTrack(group: "wheel", keyframes: [
      Timeline.GroupKeyframe(time: 0, transform: Timeline.TransformParts(origin: Point(x: 15, y: 15)), opacity: 1, easing: .easeIn),
      Timeline.GroupKeyframe(time: 2, transform: Timeline.TransformParts(rotate: 360, origin: Point(x: 15, y: 15)), opacity: 0.5),
    ])])
    let json = try LottieExportTests.parsed(document)
    // The group fades, so it is a precomposition, faded as its track fades it (from 1 to 0.5,
    // standing for the group's own 0.8); its layers are the asset's.
    let top = try #require(json["layers"] as? [[String: Any]])
    #expect(top.map { $0["ty"] as? Double } == [0])
    let fading = try #require(((top[0]["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(fading.map { $0["s"] as? [Double] } == [[100], [50]])
    let asset = try #require((json["assets"] as? [[String: Any]])?.first { $0["id"] as? String == top[0]["refId"] as? String })
    let layers = try #require(asset["layers"] as? [[String: Any]])
    #expect(layers.map { $0["ty"] as? Double } == [4, 3, 3], "the curve, then the group's own transform and its keyframes")
    #expect(layers[0]["nm"] as? String == "curve-" + id.uuidString.lowercased())
    #expect(layers[0]["parent"] as? Double == layers[2]["ind"] as? Double)
    #expect(layers[2]["parent"] as? Double == layers[1]["ind"] as? Double)
    #expect(layers[1]["parent"] == nil)
    let own = try #require(layers[1]["ks"] as? [String: Any])
    #expect((own["p"] as? [String: Any])?["k"] as? [Double] == [20, 0, 0])
    let turning = try #require(layers[2]["ks"] as? [String: Any])
    let rotation = try #require((turning["r"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(rotation.map { $0["t"] as? Double } == [0, 50] && rotation.map { $0["s"] as? [Double] } == [[0], [360]])
    #expect((rotation[0]["o"] as? [String: Any])?["x"] as? [Double] == [0.42], "ease-in's tangents")
    #expect((turning["a"] as? [String: Any])?["k"] as? [Double] == [15, 15, 0])
    // The curve itself is not faded again, and is drawn in the group's coordinates: the square
    // at 0…30, not moved 20.
    #expect(((layers[0]["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? Double == 100)
    let items = try LottieExportTests.items(["layers": layers])
    let vertices = try #require((((items[0]["ks"] as? [String: Any])?["k"] as? [String: Any])?["v"]) as? [[Double]])
    #expect(vertices.first == [0, 0])
  }
}

extension LottieGroupsTests {
  /// Two overlapping squares in a group at 50%, inside a group at 80% with a third square:
  /// each fading group is a precomposition faded once, as the renderer blends a group's
  /// layer, so where the two squares overlap the lower one does not show through.
  @Test func aFadingGroupIsAPrecompositionFadedAsOne() throws {
    var document = LottieExportTests.document()
    let square = document.curves[0]
    func copy(_ id: UInt8, group: String) -> Document.CurveRecord {
      var curve = square
      curve.id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, id))
      curve.group = group
      return curve
    }
    document.curves = [copy(1, group: "inner"), copy(2, group: "inner"), copy(3, group: "outer")]
    document.groups = [Group(id: "outer", opacity: 0.8), Group(id: "inner", parent: "outer", opacity: 0.5)]
    let json = try LottieExportTests.parsed(document)
    let top = try #require(json["layers"] as? [[String: Any]])
    let assets = try #require(json["assets"] as? [[String: Any]])
    func asset(of layer: [String: Any]) throws -> [[String: Any]] {
      try #require(assets.first { $0["id"] as? String == layer["refId"] as? String }?["layers"] as? [[String: Any]])
    }
    func opacity(_ layer: [String: Any]) -> Double? { ((layer["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? Double }
    #expect(top.map { $0["ty"] as? Double } == [0] && opacity(top[0]) == 80, "the outer group, faded to 80%")
    #expect(top[0]["w"] as? Double == 200 && top[0]["h"] as? Double == 100)
    let outer = try asset(of: top[0])
    // Lottie's first layer is on top: the third square, then the inner group under it.
    #expect(outer.map { $0["ty"] as? Double } == [4, 0])
    #expect(opacity(outer[0]) == 100 && opacity(outer[1]) == 50)
    let inner = try asset(of: outer[1])
    #expect(inner.map { $0["ty"] as? Double } == [4, 4] && inner.allSatisfy { opacity($0) == 100 })
    #expect(inner.map { $0["nm"] as? String } == [2, 1].map { "curve-" + UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, $0)).uuidString.lowercased() })
  }

  /// A gradient fill that moves to one like it is keyframed: its stops' colours and its end.
  @Test func aMovingGradientIsKeyframed() throws {
    func style(_ end: RGBColor, x2: Double) -> CurveStyle {
      CurveStyle(fill: .gradient(Gradient(geometry: .linear(x1: 0, y1: 0, x2: x2, y2: 0), units: .userSpaceOnUse, stops: [
        Gradient.Stop(offset: 0, color: RGBColor(r: 255, g: 0, b: 0)), Gradient.Stop(offset: 1, color: end),
      ])), stroke: CurveStyle.Paint.none)
    }
    let document = LottieExportTests.document([
      Timeline.Keyframe(time: 0, style: style(RGBColor(r: 255, g: 0, b: 0), x2: 30)),
      Timeline.Keyframe(time: 2, style: style(RGBColor(r: 0, g: 0, b: 255), x2: 10)),
    ])
    let items = try LottieExportTests.items(LottieExportTests.parsed(document))
    let fill = try #require(items.first { $0["ty"] as? String == "gf" })
    let stops = try #require((fill["g"] as? [String: Any])?["k"] as? [String: Any])
    #expect(stops["a"] as? Double == 1)
    let values = try #require((stops["k"] as? [[String: Any]])?.map { $0["s"] as? [Double] })
    #expect(values == [[0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1], [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1]])
    let end = try #require((fill["e"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(end.map { $0["s"] as? [Double] } == [[30, 0], [10, 0]])
    #expect((fill["s"] as? [String: Any])?["a"] as? Double == 0, "the start stays")
  }
}

extension LottieGroupsTests {
  /// The view is a null layer every top layer is parented to: its anchor the box's centre, its
  /// position the canvas's, its scale what fits the box to the canvas, keyed at every frame.
  @Test func theViewScalesAndMovesEveryLayerThroughANullLayer() throws {
    var document = LottieExportTests.document()
    let canvas = document.canvas
    document.timeline = Timeline(duration: 1, fps: 4, view: [
      Timeline.ViewKeyframe(time: 0, box: Rect(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height)),
      Timeline.ViewKeyframe(time: 1, box: Rect(minX: 10, minY: 5, maxX: 10 + canvas.width / 4, maxY: 5 + canvas.height / 4)),
    ])
    let json = try LottieExportTests.parsed(document)
    let layers = try #require(json["layers"] as? [[String: Any]])
    #expect(layers.map { $0["ty"] as? Double } == [4, 3])
    #expect(layers[1]["nm"] as? String == "view" && layers[0]["parent"] as? Double == layers[1]["ind"] as? Double)
    let transform = try #require(layers[1]["ks"] as? [String: Any])
    #expect((transform["p"] as? [String: Any])?["k"] as? [Double] == [canvas.width / 2, canvas.height / 2, 0])
    let scale = try #require((transform["s"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(scale.map { $0["t"] as? Double } == [0, 1, 2, 3, 4], "a keyframe a frame")
    // Linear in the box's width, so 1 / (1 - 0.75 × share) in scale: 100, 133.3…, 200, 400 at the end.
    let values = scale.compactMap { ($0["s"] as? [Double])?.first }
    let expected = (0...4).map { 100 / (1 - 0.75 * Double($0) / 4) }
    #expect(zip(values, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(values)")
    let anchor = try #require((transform["a"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(anchor.last?["s"] as? [Double] == [10 + canvas.width / 8, 5 + canvas.height / 8, 0])
  }

  /// A segment of degree 5 whose shape differs between keyframes has as many vertices at
  /// each, as Lottie needs to move a shape.
  @Test func aHighDegreeSegmentHasAsManyVerticesAtEveryKeyframe() throws {
    func quintic(_ bulge: Double) -> [Document.SubpathRecord] {
      let points = (0...5).map { (index: Int) -> Document.PointRecord in
        let y: Double = index % 2 == 0 ? 10 : 10 + bulge
        let node: NodeType? = index == 0 || index == 5 ? .corner : nil
        return Document.PointRecord(id: UUID(), x: Double(index) * 30, y: y, node: node)
      }
      return [Document.SubpathRecord(closed: false, points: points)]
    }
    let document = LottieExportTests.document([Timeline.Keyframe(time: 0, subpaths: quintic(0.5)), Timeline.Keyframe(time: 2, subpaths: quintic(400))])
    let items = try LottieExportTests.items(try LottieExportTests.parsed(document))
    let keys = try #require((items[0]["ks"] as? [String: Any])?["k"] as? [[String: Any]])
    let counts = keys.compactMap { (($0["s"] as? [[String: Any]])?.first?["v"] as? [[Double]])?.count }
    #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] > 2, "\(counts)")
  }
}

