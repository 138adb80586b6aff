import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Animated groups in and out: `<animateTransform>` and `<animate>` of `opacity` on a `<g>`
/// read as the group's track, and a group track written as them.
struct SMILGroupImportTests {
  static let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)

  /// A spinner as icon sets draw one: a group turning about its middle forever.
  static let spinner = #"""
    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <g id="spinner" transform="translate(10 0)">
        <animateTransform attributeName="transform" type="rotate" from="0 50 50" to="360 50 50" dur="2s" repeatCount="indefinite"/>
        <animate attributeName="opacity" values="1;0.5;1" dur="2s" repeatCount="indefinite"/>
        <rect x="45" y="10" width="10" height="20" fill="#336699"/>
      </g>
    </svg>
    """#

  @Test func aTurningGroupIsReadAsATrackThatTurns() throws {
    let (document, repairs) = try SVGImport.import(from: Data(Self.spinner.utf8))
    #expect(repairs.isEmpty, "\(repairs)")
    let timeline = try #require(document.timeline)
    #expect(timeline.duration == 2 && timeline.repeat == .loop && timeline.tracks.isEmpty)
    let track = try #require(timeline.groupTracks.first)
    #expect(track.group == "spinner")
    #expect(track.keyframes.map(\.time) == [0, 1, 2])
    #expect(track.keyframes.map { $0.transform?.rotate } == [0, 180, 360])
    #expect(track.keyframes.allSatisfy { $0.transform?.origin == Point(x: 50, y: 50) && $0.transform?.translate == .zero })
    #expect(track.keyframes.map(\.opacity) == [1, 0.5, 1])
    // The animation replaces the `<g>`'s own transform (SMIL's default): the group keeps none.
    #expect(document.groups[0].transform == .identity)
    // At 0.5 s a quarter turn: the rectangle's top middle (50, 10) is at (90, 50).
    let frame = document.frame(at: 0.5)
    let top = frame.groupTransforms["spinner"]!.apply(to: Point(x: 50, y: 10))
    #expect(abs(top.x - 90) < 1e-9 && abs(top.y - 50) < 1e-9, "\(top)")
    #expect(abs(frame.groups[0].opacity - 0.75) < 1e-12)
  }

  /// A loading spinner as icon sets draw it: a path turning by an `<animateTransform>` of its
  /// own, drawn in a group of its own that the animation turns.
  @Test func aTurningShapeIsDrawnInAGroupOfItsOwnThatTurns() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <path id="arc" d="M 50 10 L 90 10" stroke="#000" fill="none" transform="translate(5 0)">
          <animateTransform attributeName="transform" type="rotate" from="0 50 50" to="360 50 50" dur="1s" repeatCount="indefinite"/>
          <animate attributeName="stroke-width" values="1;3;1" dur="1s" repeatCount="indefinite"/>
        </path>
      </svg>
      """#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(repairs.isEmpty, "\(repairs)")
    #expect(document.groups.map(\.id) == ["arc"] && document.curves[0].group == "arc")
    #expect(document.groups[0].transform == .identity, "the rotation replaces the path's own translate")
    let timeline = try #require(document.timeline)
    #expect(timeline.groupTracks.map(\.group) == ["arc"] && timeline.tracks.count == 1, "the turn on the group, the width on the curve")
    #expect(timeline.groupTracks[0].keyframes.map { $0.transform?.rotate } == [0, 360])
    // A quarter turn about (50, 50): the path's start (50, 10) is at (90, 50).
    let frame = document.frame(at: 0.25).inDrawingCoordinates()
    let start = frame.curves[0].subpaths[0].points[0]
    #expect(abs(start.x - 90) < 1e-9 && abs(start.y - 50) < 1e-9, "\(start)")
  }

  @Test func anAddedTransformKeepsTheGroupsOwn() throws {
    let svg = Self.spinner.replacingOccurrences(of: #"dur="2s" repeatCount"#, with: #"dur="2s" additive="sum" repeatCount"#)
    let (document, _) = try SVGImport.import(from: Data(svg.utf8))
    #expect(document.groups[0].transform == .translate(x: 10, y: 0))
    let top = document.frame(at: 0.5).groupTransforms["spinner"]!.apply(to: Point(x: 50, y: 10))
    #expect(abs(top.x - 100) < 1e-9 && abs(top.y - 50) < 1e-9, "\(top)")
  }

  /// A scale then a move is a scale about an origin (`SMILGroupAnimation` writes the way
  /// back from one so); a scale then a turn is no order Curves composes.
  @Test func transformsOutOfCurvesOrderAreReportedNotRead() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <g id="g"><animateTransform attributeName="transform" type="scale" from="1" to="2" dur="1s"/>
          <animateTransform attributeName="transform" type="rotate" from="0" to="90" dur="1s" additive="sum"/>
          <rect width="10" height="10"/></g>
      </svg>
      """#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(document.timeline == nil)
    #expect(repairs.contains { $0.contains("<animateTransform>s of scale, rotate on a <g> are not read") }, "\(repairs)")
  }

  @Test func aScaleThenAMoveIsReadAsAScaleAboutAnOrigin() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <g id="g"><animateTransform attributeName="transform" type="scale" from="1" to="3" dur="1s"/>
          <animateTransform attributeName="transform" type="translate" from="0 0" to="10 0" dur="1s" additive="sum"/>
          <rect width="10" height="10"/></g>
      </svg>
      """#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(repairs.isEmpty, "\(repairs)")
    // At 0.5 s: scale(2) translate(5 0), so (10, 10) is at (30, 20).
    let point = document.frame(at: 0.5).groupTransforms["g"]!.apply(to: Point(x: 10, y: 10))
    #expect(abs(point.x - 30) < 1e-9 && abs(point.y - 20) < 1e-9, "\(point)")
  }

  @Test func aGroupTrackIsWrittenAsSMILAndComesBackWithItsKeyframes() throws {
    let (document, _) = try SVGImport.import(from: Data(Self.spinner.utf8))
    var eased = document
    eased.timeline!.groupTracks[0].keyframes[0].easing = .easeInOut
    let svg = SVGExport.svg(for: eased, pointLook: Self.look, animated: true)
    // The group's own transform stays on its `<g>`; the parts at 0 s on one inside it, which
    // the animations replace and add to.
    #expect(svg.contains(#"<animate attributeName="opacity" dur="2s" keyTimes="0;0.5;1" values="1;0.5;1" calcMode="spline" keySplines="0.42 0 0.58 1;0 0 1 1" repeatCount="indefinite"/>"#), "\(svg)")
    #expect(svg.contains(#"<animateTransform attributeName="transform" type="translate" dur="2s" keyTimes="0;0.5;1" values="50 50;50 50;50 50""#))
    #expect(svg.contains(#"type="rotate" dur="2s" keyTimes="0;0.5;1" values="0;180;360" calcMode="spline" keySplines="0.42 0 0.58 1;0 0 1 1" repeatCount="indefinite" additive="sum"/>"#))
    #expect(svg.contains(#"type="translate" dur="2s" keyTimes="0;0.5;1" values="-50 -50;-50 -50;-50 -50""#))
    let back = try SVGImport.import(from: Data(svg.utf8))
    #expect(back.repairs.isEmpty, "\(back.repairs)")
    // The `<g>` inside, which carries the parts, joins its group again: one group, one track.
    let tracks = try #require(back.document.timeline?.groupTracks)
    #expect(back.document.groups.map(\.id) == ["spinner"] && back.document.curves.map(\.group) == ["spinner"])
    #expect(tracks == eased.timeline?.groupTracks)
    #expect(back.document.groups[0].transform == eased.groups[0].transform)
    // Both draw the same at every time.
    for time in stride(from: 0.0, through: 2, by: 0.25) {
      let a = eased.frame(at: time).inDrawingCoordinates().curves[0].subpaths[0].points
      let b = back.document.frame(at: time).inDrawingCoordinates().curves[0].subpaths[0].points
      #expect(zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 }, "at \(time) s")
    }
  }

  /// What Curves does not play (here an `<animateMotion>`) is kept as it was, naming its curve
  /// by href, so the export still plays it, and a second round keeps it too.
  @Test func anAnimationNotReadIsKeptAndWrittenBackNamingItsCurve() throws {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <rect width="10" height="10"><animateMotion path="M 0 0 L 50 0" dur="2s" repeatCount="indefinite"/></rect>
      </svg>
      """#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(repairs == ["Not read: an <animateMotion> is not read; the drawing shows its value at 0 s there, and SVG export writes it back as it was"])
    let id = "curve-" + document.curves[0].id.uuidString.lowercased()
    #expect(document.kept.map(\.name) == ["animateMotion"])
    let written = SVGExport.svg(for: document, pointLook: Self.look, animated: true)
    #expect(written.contains(##"<animateMotion dur="2s" path="M 0 0 L 50 0" repeatCount="indefinite" xlink:href="#\##(id)"/>"##), "\(written)")
    #expect(written.contains(#"xmlns:xlink="http://www.w3.org/1999/xlink""#))
    let again = try SVGImport.import(from: Data(written.utf8))
    #expect(again.document.curves[0].id == document.curves[0].id, "an exported curve keeps its id")
    #expect(again.document.kept.map(\.name) == ["animateMotion"])
    #expect(again.document.kept[0].xml.contains(##"xlink:href="#\##(id)""##))
  }
}
