import CurveDocument
import CurveGeometry
@testable import CurveLottie
import Foundation
import Testing

/// `curves export-lottie`: shapes as Lottie vertices, keyframes with their easings.
struct LottieExportTests {
  static let curveID = UUID(uuidString: "00000000-0000-0000-0000-0000000000c1")!

  static func point(_ n: Int, _ x: Double, _ y: Double, node: NodeType? = .corner) -> Document.PointRecord {
    Document.PointRecord(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000\(10 + n)")!, x: x, y: y, node: node)
  }

  /// A closed subpath: a line from (0, 0) to (30, 0), a quadratic through (30, 30) to (0, 30),
  /// and the closing line back, shifted by `dx`.
  static func subpaths(dx: Double = 0) -> [Document.SubpathRecord] {
    [Document.SubpathRecord(closed: true, points: [
      point(1, dx, 0), point(2, dx + 30, 0), point(3, dx + 30, 30, node: nil), point(4, dx, 30),
    ])]
  }

  static func document(_ keyframes: [Timeline.Keyframe]? = nil, repeat: AnimationSettings.Repetition = .loop) -> Document {
    let style = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)), stroke: CurveStyle.Paint.none)
    var document = Document(
      canvas: Canvas(width: 200, height: 100), curves: [Document.CurveRecord(id: curveID, style: style, subpaths: subpaths())],
      animation: Document.AnimationRecord(AnimationSettings())
    )
    if let keyframes { document.timeline = Timeline(duration: 2, fps: 25, repeat: `repeat`, tracks: [Timeline.Track(curve: curveID, keyframes: keyframes)]) }
    return document
  }

  static func parsed(_ document: Document) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(LottieExport.json(for: document).utf8)) as? [String: Any])
  }

  static func items(_ json: [String: Any]) throws -> [[String: Any]] {
    let layer = try #require((json["layers"] as? [[String: Any]])?.first)
    let group = try #require((layer["shapes"] as? [[String: Any]])?.first)
    return try #require(group["it"] as? [[String: Any]])
  }

  @Test func aStillDrawingIsOneShapeLayerWithExactCubicTangents() throws {
    let json = try Self.parsed(Self.document())
    #expect(json["w"] as? Double == 200 && json["h"] as? Double == 100 && json["fr"] as? Double == 30)
    let items = try Self.items(json)
    #expect(items.map { $0["ty"] as? String } == ["sh", "fl", "tr"], "no stroke: stroke is none")
    let shape = try #require((items[0]["ks"] as? [String: Any])?["k"] as? [String: Any])
    #expect(shape["c"] as? Bool == true)
    #expect(shape["v"] as? [[Double]] == [[0, 0], [30, 0], [0, 30]])
    // The quadratic (30, 0) (30, 30) (0, 30) raised: handles 2/3 of the way to its control point.
    #expect(shape["o"] as? [[Double]] == [[0, 0], [0, 20], [0, 0]])
    #expect(shape["i"] as? [[Double]] == [[0, 0], [0, 0], [20, 0]])
    let fill = items[1]
    #expect((fill["c"] as? [String: Any])?["k"] as? [Double] == [1, 0, 0, 1])
    #expect(fill["r"] as? Double == 1)
  }

  @Test func keyframesCarryTheirTimeInFramesAndTheirEasingAsTangents() throws {
    let blue = CurveStyle(fill: .color(RGBColor(r: 0, g: 0, b: 255)), stroke: CurveStyle.Paint.none)
    let red = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)), stroke: CurveStyle.Paint.none)
    // The last keyframe leaves its style out: it is the one before's, blue.
    let json = try Self.parsed(Self.document([
      Timeline.Keyframe(time: 0, subpaths: Self.subpaths(), style: red, easing: .easeInOut),
      Timeline.Keyframe(time: 1, subpaths: Self.subpaths(dx: 100), style: blue, easing: .hold),
      Timeline.Keyframe(time: 2, subpaths: Self.subpaths(dx: 50)),
    ]))
    #expect(json["op"] as? Double == 50, "2 s at 25 frames a second")
    let items = try Self.items(json)
    let path = try #require(items[0]["ks"] as? [String: Any])
    #expect(path["a"] as? Double == 1)
    let keys = try #require(path["k"] as? [[String: Any]])
    #expect(keys.map { $0["t"] as? Double } == [0, 25, 50])
    #expect((keys[0]["o"] as? [String: [Double]]) == ["x": [0.42], "y": [0]] && (keys[0]["i"] as? [String: [Double]]) == ["x": [0.58], "y": [1]])
    #expect(keys[1]["h"] as? Double == 1, "hold")
    #expect(keys[2]["o"] == nil && keys[2]["h"] == nil, "the last key eases nowhere")
    let moved = try #require((keys[1]["s"] as? [[String: Any]])?.first)
    #expect(moved["v"] as? [[Double]] == [[100, 0], [130, 0], [100, 30]])
    let color = try #require(items[1]["c"] as? [String: Any])
    #expect(((color["k"] as? [[String: Any]])?.map { $0["s"] as? [Double] }) == [[1, 0, 0, 1], [0, 0, 1, 1], [0, 0, 1, 1]])
  }

  @Test func aStyleThatEasesApartFromTheShapeKeepsItsOwnTangents() throws {
    let blue = CurveStyle(fill: .color(RGBColor(r: 0, g: 0, b: 255)), stroke: CurveStyle.Paint.none)
    let red = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)), stroke: CurveStyle.Paint.none)
    let json = try Self.parsed(Self.document([
      Timeline.Keyframe(time: 0, subpaths: Self.subpaths(), style: red, easing: .easeInOut, styleEasing: .linear),
      Timeline.Keyframe(time: 2, subpaths: Self.subpaths(dx: 100), style: blue),
    ]))
    let items = try Self.items(json)
    let shape = try #require((items[0]["ks"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect((shape[0]["o"] as? [String: [Double]]) == ["x": [0.42], "y": [0]], "the shape eases in and out")
    let colour = try #require((items[1]["c"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect((colour[0]["o"] as? [String: [Double]]) == ["x": [0], "y": [0]] && (colour[0]["i"] as? [String: [Double]]) == ["x": [1], "y": [1]], "the fill is linear")
  }

  @Test func aTrackWithoutKeyframesIsAStillCurve() throws {
    let json = try Self.parsed(Self.document([]))
    let items = try Self.items(json)
    #expect((items[0]["ks"] as? [String: Any])?["a"] as? Double == 0)
  }

  @Test func aBouncingTimelineIsWrittenThereAndBack() throws {
    let json = try Self.parsed(Self.document([
      Timeline.Keyframe(time: 0, subpaths: Self.subpaths(), easing: .easeIn), Timeline.Keyframe(time: 2, subpaths: Self.subpaths(dx: 100)),
    ], repeat: .pingPong))
    #expect(json["op"] as? Double == 100)
    let keys = try #require((try Self.items(json)[0]["ks"] as? [String: Any])?["k"] as? [[String: Any]])
    #expect(keys.map { $0["t"] as? Double } == [0, 50, 100])
    #expect((keys[1]["o"] as? [String: [Double]]) == ["x": [0], "y": [0]] && (keys[1]["i"] as? [String: [Double]]) == ["x": [0.58], "y": [1]], "ease-in reversed is ease-out")
    #expect(((keys[2]["s"] as? [[String: Any]])?.first?["v"] as? [[Double]]) == [[0, 0], [30, 0], [0, 30]])
  }

  /// A text is written as its glyphs' curves: one shape layer a glyph, as Object to Path
  /// leaves them.
  @Test func aTextIsWrittenAsItsGlyphs() throws {
    var document = Self.document()
    let glyph = Document.CurveRecord(id: UUID(), style: CurveStyle(fill: .color(RGBColor(r: 0, g: 0, b: 0))), subpaths: Self.subpaths(dx: 50))
    document.kept = [KeptElement(name: "text", xml: "<text>I</text>", before: nil, text: KeptText(characters: "I", curves: [glyph], group: nil))]
    let json = try Self.parsed(document)
    #expect((json["layers"] as? [[String: Any]])?.count == 2, "the curve and the glyph")
    // A text nobody laid out (no font) writes nothing, and no error.
    document.kept[0].text = nil
    #expect((try Self.parsed(document)["layers"] as? [[String: Any]])?.count == 1)
  }
}
