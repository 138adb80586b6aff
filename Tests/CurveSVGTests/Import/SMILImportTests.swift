import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Animated SVG in: SMIL on a path read back as its curve's keyframes.
struct SMILImportTests {
  static let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)

  static func imported(_ svg: String) throws -> (document: Document, repairs: [String]) {
    try SVGImport.import(from: Data(svg.utf8))
  }

  static func xs(_ keyframe: Timeline.Keyframe) -> [Double] { keyframe.subpaths?.first?.points.map(\.x) ?? [] }

  @Test func aCurvesExportComesBackWithItsKeyframes() throws {
    let curve = UUID(uuidString: "00000000-0000-0000-0000-0000000000c1")!
    func square(_ x: Double) -> [Document.SubpathRecord] {
      [Document.SubpathRecord(closed: true, points: [(x, 0.0), (x + 10, 0), (x + 10, 10), (x, 10)].map {
        Document.PointRecord(id: RandomUUIDs.shared(), x: $0.0, y: $0.1, node: .corner)
      })]
    }
    let red = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)), stroke: .color(RGBColor(r: 0, g: 0, b: 0)), strokeWidth: 2, opacity: 1)
    var blue = red
    blue.fill = .color(RGBColor(r: 0, g: 0, b: 255))
    blue.strokeWidth = 6
    blue.opacity = 0.5
    var document = Document(canvas: Canvas(width: 200, height: 20), curves: [Document.CurveRecord(id: curve, style: red, subpaths: square(0))], animation: Document.AnimationRecord(AnimationSettings()))
    document.timeline = Timeline(duration: 3, repeat: .once, tracks: [Timeline.Track(curve: curve, keyframes: [
      Timeline.Keyframe(time: 0, subpaths: square(0), style: red, easing: .easeInOut),
      Timeline.Keyframe(time: 1, subpaths: square(100), style: blue, easing: .hold),
      Timeline.Keyframe(time: 2, subpaths: square(50), style: red, easing: .cubicBezier(x1: 0.2, y1: 0.3, x2: 0.7, y2: 0.9)),
      Timeline.Keyframe(time: 3, subpaths: square(0), style: blue),
    ])])
    let svg = SVGExport.svg(for: document, pointLook: Self.look, animated: true)
    let back = try Self.imported(svg)
    #expect(back.repairs.isEmpty, "\(back.repairs)")
    let timeline = try #require(back.document.timeline)
    #expect(timeline.duration == 3 && timeline.repeat == .once)
    let keys = timeline.tracks[0].keyframes
    #expect(keys.map(\.time) == [0, 1, 2, 3])
    #expect(keys.map(\.easing) == [.easeInOut, .hold, .cubicBezier(x1: 0.2, y1: 0.3, x2: 0.7, y2: 0.9), .linear])
    #expect(keys.map(Self.xs) == [[0, 10, 10, 0], [100, 110, 110, 100], [50, 60, 60, 50], [0, 10, 10, 0]])
    #expect(keys.map { $0.style?.fill } == [red.fill, blue.fill, red.fill, blue.fill])
    #expect(keys.map { $0.style?.strokeWidth } == [2, 6, 2, 6])
    #expect(keys.map { $0.style?.opacity } == [1, 0.5, 1, 0.5])
    // And it plays as the original does.
    for time in [0.5, 1.5, 2.25] {
      let a = document.frame(at: time).curves[0], b = back.document.frame(at: time).curves[0]
      #expect(zip(a.subpaths[0].points, b.subpaths[0].points).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }, "at \(time) s")
      #expect(a.style.fill == b.style.fill && a.style.opacity == b.style.opacity)
    }
  }

  @Test func handWrittenSMILIsReadWithItsTimingAndModes() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <path d="M 0 0 L 10 0" stroke="#000000" fill="none">
          <animate attributeName="d" from="M 0 0 L 10 0" to="M 0 50 L 10 50" begin="0.5s" dur="500ms" repeatCount="indefinite"/>
          <animate attributeName="stroke" values="red;lime;blue" dur="1s" calcMode="discrete"/>
          <animateTransform attributeName="transform" type="rotate" from="0" to="90" dur="1s"/>
          <animate attributeName="opacity" from="1" to="0" begin="click" dur="1s"/>
        </path>
      </svg>
      """
    let (document, repairs) = try Self.imported(svg)
    let timeline = try #require(document.timeline)
    #expect(timeline.repeat == .loop && timeline.duration == 1)
    let keys = timeline.tracks[0].keyframes
    // The path's keys at 0.5 s and 1 s; the stroke's at 0, 1/3 and 2/3 s (and its end).
    let times: [Double] = keys.map(\.time)
    let expectedTimes: [Double] = [0, 1.0 / 3, 0.5, 2.0 / 3, 1]
    #expect(times == expectedTimes)
    let ys: [[Double]] = keys.map { $0.subpaths?[0].points.map(\.y) ?? [] }
    // A third of the way down at 2/3 s, a third into the path's half second.
    let rounded: [[Double]] = ys.map { $0.map { ($0 * 1e6).rounded() / 1e6 } }
    let expectedYs: [[Double]] = [[0, 0], [0, 0], [0, 0], [16.666667, 16.666667], [50, 50]]
    #expect(rounded == expectedYs)
    let red: CurveStyle.Paint = .color(RGBColor(r: 255, g: 0, b: 0)), lime: CurveStyle.Paint = .color(RGBColor(r: 0, g: 255, b: 0))
    let blue: CurveStyle.Paint = .color(RGBColor(r: 0, g: 0, b: 255))
    let strokes: [CurveStyle.Paint?] = keys.map { $0.style?.stroke }
    #expect(strokes == [red, lime, lime, blue, blue])
    // The stroke holds each colour (discrete) while the path, from 0.5 s, moves linearly:
    // before 0.5 s only the stroke moves; after, each keeps its own timing.
    #expect(keys[0].easing == .hold && keys[1].easing == .hold && keys[0].styleEasing == nil)
    #expect(keys[2].easing == .linear && keys[2].styleEasing == .hold && keys[2].easingOfStyle == .hold)
    // The turn moves a group of the path's own.
    #expect(timeline.groupTracks.count == 1 && timeline.groupTracks[0].group == document.curves[0].group)
    #expect(timeline.groupTracks[0].keyframes.map { $0.transform?.rotate } == [0, 90])
    #expect(repairs.count == 1 && repairs[0].contains("beginning at \"click\""), "\(repairs)")
  }

  @Test func clockValuesAreReadAsSMILWritesThem() {
    let read: [Double?] = ["2s", "500ms", "1.5", "0.5min", "00:01.5", "01:02:03", "click", "indefinite"].map(SMILImport.clockValue)
    #expect(read == [2, 0.5, 1.5, 30, 1.5, 3723, nil, nil])
  }
}
