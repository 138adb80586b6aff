import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// `curves export-svg --animated`: a timeline as SMIL inside the curves' paths.
struct SMILAnimationTests {
  static let look = SVGExport.PointLook(outline: RGBColor(r: 0, g: 0, b: 0), fill: RGBColor(r: 255, g: 255, b: 255), radius: 6)
  static let curveID = UUID(uuidString: "00000000-0000-0000-0000-0000000000c1")!

  /// A unit-less square at `x`, 10 wide, its points' ids fixed.
  static func square(at x: Double) -> [Document.SubpathRecord] {
    let corners = [(x, 5.0), (x + 10, 5), (x + 10, 15), (x, 15)]
    return [Document.SubpathRecord(closed: true, points: corners.enumerated().map { index, corner in
      Document.PointRecord(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index + 1)")!, x: corner.0, y: corner.1, node: .corner)
    })]
  }

  static func document(_ keyframes: [Timeline.Keyframe], duration: Double = 2, repeat: AnimationSettings.Repetition = .loop) -> Document {
    let style = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)), stroke: CurveStyle.Paint.none)
    var document = Document(
      canvas: Canvas(width: 200, height: 20), curves: [Document.CurveRecord(id: curveID, style: style, subpaths: square(at: 0))],
      animation: Document.AnimationRecord(AnimationSettings())
    )
    document.timeline = Timeline(duration: duration, repeat: `repeat`, tracks: [Timeline.Track(curve: curveID, keyframes: keyframes)])
    return document
  }

  static func animates(_ svg: String) -> [String] {
    svg.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("<animate") }
  }

  @Test func aMoveWithAnEasingIsOneAnimateOnDWithItsKeySpline() {
    let svg = SVGExport.svg(for: Self.document([
      Timeline.Keyframe(time: 0, subpaths: Self.square(at: 0), easing: .easeInOut), Timeline.Keyframe(time: 2, subpaths: Self.square(at: 100)),
    ]), pointLook: Self.look, animated: true)
    #expect(Self.animates(svg) == [
      #"<animate attributeName="d" dur="2s" keyTimes="0;1" values="M 0 5 L 10 5 L 10 15 L 0 15 L 0 5 Z;M 100 5 L 110 5 L 110 15 L 100 15 L 100 5 Z" calcMode="spline" keySplines="0.42 0 0.58 1" repeatCount="indefinite"/>"#
    ])
    #expect(svg.contains(##"d="M 0 5 L 10 5 L 10 15 L 0 15 L 0 5 Z" fill="#ff0000""##), "the path's own attributes are 0 s")
    #expect(!SVGExport.svg(for: Self.document([]), pointLook: Self.look).contains("<animate"), "only with animated")
  }

  @Test func keysInsideTheCycleHoldTheValueBeforeTheFirstAndAfterTheLast() {
    let red = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0))), blue = CurveStyle(fill: .color(RGBColor(r: 0, g: 0, b: 255)))
    let svg = SVGExport.svg(for: Self.document([
      Timeline.Keyframe(time: 0.5, style: red), Timeline.Keyframe(time: 1.5, style: blue),
    ], repeat: .once), pointLook: Self.look, animated: true)
    #expect(Self.animates(svg) == [
      ##"<animate attributeName="fill" dur="2s" keyTimes="0;0.25;0.75;1" values="#ff0000;#ff0000;#0000ff;#0000ff" calcMode="spline" keySplines="0 0 1 1;0 0 1 1;0 0 1 1" fill="freeze"/>"##
    ])
  }

  @Test func holdKeepsTheValueThenJumpsAtTheNextKey() {
    let svg = SVGExport.svg(for: Self.document([
      Timeline.Keyframe(time: 0, subpaths: Self.square(at: 0), easing: .hold), Timeline.Keyframe(time: 1, subpaths: Self.square(at: 50)),
      Timeline.Keyframe(time: 2, subpaths: Self.square(at: 100)),
    ]), pointLook: Self.look, animated: true)
    let animate = try! #require(Self.animates(svg).first)
    #expect(animate.contains(#"keyTimes="0;0.5;0.5;1""#))
    #expect(animate.contains(#"values="M 0 5 L 10 5 L 10 15 L 0 15 L 0 5 Z;M 0 5 L 10 5 L 10 15 L 0 15 L 0 5 Z;M 50 5 "#))
  }

  /// SMIL's value at a time, played as a browser plays it: the stops' interval, its spline
  /// solved for the time's fraction, the value that share of the way between the stops.
  static func played(_ animation: SMILAnimation, at time: Double) -> Double {
    let stops = animation.stops
    let index = stops.lastIndex { $0.time <= time }!
    guard index + 1 < stops.count else { return stops[index].curve.subpaths[0].points[0].x }
    let from = stops[index], to = stops[index + 1]
    let spline = Easing.cubicBezier(x1: from.spline.x1, y1: from.spline.y1, x2: from.spline.x2, y2: from.spline.y2)
    let share = spline.progress(at: (time - from.time) / (to.time - from.time))
    let a = from.curve.subpaths[0].points[0].x, b = to.curve.subpaths[0].points[0].x
    return a + (b - a) * share
  }

  @Test func anOvershootIsCutWhereItTurnsIntoSplinesThatPlayItExactly() throws {
    let overshoot = Easing.cubicBezier(x1: 0.3, y1: -0.6, x2: 0.7, y2: 1.6)
    let document = Self.document([
      Timeline.Keyframe(time: 0, subpaths: Self.square(at: 0), easing: overshoot), Timeline.Keyframe(time: 2, subpaths: Self.square(at: 100)),
    ])
    let animation = SMILAnimation(curve: document.curves[0], track: document.timeline!.tracks[0], timeline: document.timeline!)
    #expect(animation.stops.count == 4, "three pieces: down below 0, up past 1, back to 1")
    for stop in animation.stops.dropLast() {
      #expect([stop.spline.x1, stop.spline.y1, stop.spline.x2, stop.spline.y2].allSatisfy { (0...1).contains($0) })
    }
    for step in 0...40 {
      let time = Double(step) / 20
      #expect(abs(Self.played(animation, at: time) - 100 * overshoot.progress(at: time / 2)) < 1e-6, "at \(time) s")
    }
    #expect(Self.played(animation, at: 0.2) < 0 && Self.played(animation, at: 1.8) > 100)
  }

  @Test func aBouncingTimelineIsWrittenThereAndBackWithItsSplinesReversed() {
    let svg = SVGExport.svg(for: Self.document([
      Timeline.Keyframe(time: 0, subpaths: Self.square(at: 0), easing: .easeIn), Timeline.Keyframe(time: 2, subpaths: Self.square(at: 100)),
    ], repeat: .pingPong), pointLook: Self.look, animated: true)
    let animate = Self.animates(svg).first ?? ""
    #expect(animate.contains(#"dur="4s" keyTimes="0;0.5;1""#))
    #expect(animate.contains(#"keySplines="0.42 0 1 1;0 0 0.58 1""#), "ease-in there, its mirror (ease-out) back")
    #expect(animate.hasSuffix(#"repeatCount="indefinite"/>"#))
  }
}

extension SMILAnimationTests {
  /// An opacity set at one keyframe only fades from (or to) 1, the unset value, as it plays.
  @Test func anOpacitySetOnOneSideFadesFromOne() {
    var faded = CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)))
    faded.opacity = 0.5
    let document = Self.document([
      Timeline.Keyframe(time: 0, style: CurveStyle(fill: .color(RGBColor(r: 255, g: 0, b: 0)))), Timeline.Keyframe(time: 2, style: faded),
    ])
    #expect(Self.animates(SVGExport.svg(for: document, pointLook: Self.look, animated: true)) == [
      #"<animate attributeName="opacity" dur="2s" keyTimes="0;1" values="1;0.5" calcMode="spline" keySplines="0 0 1 1" repeatCount="indefinite"/>"#
    ])
    #expect(document.frame(at: 1).curves[0].style.opacity == 0.75)
  }
}

extension SMILAnimationTests {
  /// A gradient that moves to one like it is the curve's own, defined before it, with its
  /// ends and stops animated; the path paints with it.
  @Test func aMovingGradientIsTheCurvesOwnWithItsStopsAnimated() {
    func gradient(_ end: RGBColor, x2: Double) -> CurveStyle {
      CurveStyle(fill: .gradient(Gradient(geometry: .linear(x1: 0, y1: 0, x2: x2, y2: 0), stops: [
        Gradient.Stop(offset: 0, color: RGBColor(r: 255, g: 0, b: 0)), Gradient.Stop(offset: 1, color: end),
      ])))
    }
    let document = Self.document([
      Timeline.Keyframe(time: 0, style: gradient(RGBColor(r: 255, g: 0, b: 0), x2: 1)),
      Timeline.Keyframe(time: 2, style: gradient(RGBColor(r: 0, g: 0, b: 255), x2: 0.5)),
    ])
    let svg = SVGExport.svg(for: document, pointLook: Self.look, animated: true)
    let id = "curve-" + document.curves[0].id.uuidString.lowercased() + "-fill"
    #expect(svg.contains(#"<linearGradient id="\#(id)" gradientUnits="objectBoundingBox" x1="0" y1="0" x2="1" y2="0">"#), "\(svg)")
    #expect(svg.contains(#"<animate attributeName="x2" dur="2s" keyTimes="0;1" values="1;0.5""#))
    #expect(svg.contains(##"<animate attributeName="stop-color" dur="2s" keyTimes="0;1" values="#ff0000;#0000ff""##))
    #expect(svg.contains(##"fill="url(#\##(id))""##))
    #expect(svg.components(separatedBy: #"<linearGradient"#).count == 2, "defined once: as the curve's own, not also as a still paint")
  }

  /// Read back, the moving gradient is the curve's keyframes' fills again (named by the id
  /// it was written under), and a second round writes and reads the same.
  @Test func aMovingGradientComesBackAsItsKeyframes() throws {
    func gradient(_ end: RGBColor, x2: Double, middle: Double) -> CurveStyle {
      CurveStyle(fill: .gradient(Gradient(geometry: .linear(x1: 0, y1: 0, x2: x2, y2: 0), units: .userSpaceOnUse, stops: [
        Gradient.Stop(offset: 0, color: RGBColor(r: 255, g: 0, b: 0)), Gradient.Stop(offset: middle, color: end, opacity: 0.5),
        Gradient.Stop(offset: 1, color: RGBColor(r: 0, g: 128, b: 0)),
      ])))
    }
    let first = gradient(RGBColor(r: 255, g: 0, b: 0), x2: 100, middle: 0.25), second = gradient(RGBColor(r: 0, g: 0, b: 255), x2: 40, middle: 0.75)
    let document = Self.document([
      Timeline.Keyframe(time: 0, style: first, easing: .easeOut), Timeline.Keyframe(time: 2, style: second),
    ])
    let svg = SVGExport.svg(for: document, pointLook: Self.look, animated: true)
    let back = try SVGImport.import(from: Data(svg.utf8))
    #expect(back.repairs.isEmpty, "\(back.repairs)")
    let keys = try #require(back.document.timeline?.tracks.first?.keyframes)
    #expect(keys.map(\.time) == [0, 2] && keys.map(\.easing) == [.easeOut, .linear])
    func unnamed(_ paint: CurveStyle.Paint?) -> CurveStyle.Paint? {
      guard case var .gradient(gradient)? = paint else { return paint }
      #expect(gradient.id == "curve-" + document.curves[0].id.uuidString.lowercased() + "-fill")
      gradient.id = nil
      return .gradient(gradient)
    }
    #expect(keys.map { unnamed($0.style?.fill) } == [first.fill, second.fill])
    let again = try SVGImport.import(from: Data(SVGExport.svg(for: back.document, pointLook: Self.look, animated: true).utf8))
    #expect(again.document.timeline == back.document.timeline)
  }

  /// A segment of degree 5 whose shape differs between keyframes is cut alike at each, so
  /// every `d` value has the same commands (SMIL jumps between unlike paths).
  @Test func aHighDegreeSegmentIsCutAlikeAtEveryKeyframe() throws {
    func quintic(_ bulge: Double) -> [Document.SubpathRecord] {
      let points = (0...5).map { (index: Int) -> Document.PointRecord in
        let y: Double = index % 2 == 0 ? 10 : 10 + bulge
        let node: NodeType? = index == 0 || index == 5 ? .corner : nil
        return Document.PointRecord(id: RandomUUIDs.shared(), x: Double(index) * 30, y: y, node: node)
      }
      return [Document.SubpathRecord(closed: false, points: points)]
    }
    let document = Self.document([Timeline.Keyframe(time: 0, subpaths: quintic(0.5)), Timeline.Keyframe(time: 2, subpaths: quintic(400))])
    let svg = SVGExport.svg(for: document, pointLook: Self.look, animated: true)
    let line = try #require(svg.split(separator: "\n").first { $0.contains(#"attributeName="d""#) })
    let values = try #require(line.firstRange(of: #"values=""#).map { line[$0.upperBound...].prefix { $0 != "\"" } })
    let commands = values.split(separator: ";").map { $0.filter(\.isLetter) }
    #expect(commands.count == 2 && commands[0] == commands[1] && commands[0].count > 2, "\(commands)")
  }
}

