import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// Each animated attribute keeps its own timing, as browsers play it: a linear `stroke-width`
/// beside an eased `d` stays linear, and an eased attribute whose interval another attribute's
/// key cuts moves exactly as it did whole. The keyframes hold the shape's easing and, when
/// it differs, the style's (`Keyframe.styleEasing`); the animated SVG and Lottie exports
/// write each attribute with its own.
struct SMILAttributeTimingTests {
  /// A square whose right side moves from x 150 to 250 with ease-in-out over 2 s, keyed at
  /// 0, 1 and 2 s, and a stroke width from 2 to 10 `strokeTiming` over the same 2 s.
  static func drawing(strokeTiming: String) throws -> Document {
    let svg = #"""
      <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
        <path fill="#3465a4" stroke="#000000" stroke-width="2" d="M 50 50 L 150 50 L 150 150 L 50 150 Z">
          <animate attributeName="d" dur="2s" fill="freeze" calcMode="spline" keyTimes="0;0.5;1" keySplines="0.42 0 0.58 1;0.42 0 0.58 1"
            values="M 50 50 L 150 50 L 150 150 L 50 150 Z;M 50 50 L 200 50 L 200 150 L 50 150 Z;M 50 50 L 250 50 L 250 150 L 50 150 Z"/>
          <animate attributeName="stroke-width" dur="2s" fill="freeze" \#(strokeTiming) values="2;10"/>
        </path>
      </svg>
      """#
    return try SVGImport.import(from: Data(svg.utf8)).document
  }

  static func right(_ document: Document, at time: Double) -> Double { document.frame(at: time).curves[0].subpaths[0].points[1].x }
  static func width(_ document: Document, at time: Double) -> Double { document.frame(at: time).curves[0].style.strokeWidth ?? .nan }

  @Test func aLinearStrokeWidthBesideAnEasedPathStaysLinear() throws {
    let document = try Self.drawing(strokeTiming: #"calcMode="linear""#)
    let keys = try #require(document.timeline?.tracks.first?.keyframes)
    #expect(keys.map(\.time) == [0, 1, 2])
    #expect(keys[0].easing == .easeInOut && keys[0].styleEasing == .linear)
    for time in [0.25, 0.5, 0.8, 1.3, 1.75] {
      #expect(abs(Self.width(document, at: time) - (2 + 4 * time)) < 1e-9, "stroke-width at \(time) s")
      let local = time < 1 ? time : time - 1
      #expect(abs(Self.right(document, at: time) - ((time < 1 ? 150 : 200) + 50 * Easing.easeInOut.progress(at: local))) < 1e-9, "d at \(time) s")
    }
  }

  @Test func anEasedStrokeWidthCutByThePathsKeyMovesAsItDidWhole() throws {
    let document = try Self.drawing(strokeTiming: #"calcMode="spline" keyTimes="0;1" keySplines="0.42 0 1 1""#)
    for time in [0.2, 0.6, 1, 1.4, 1.9] {
      let expected = 2 + 8 * Easing.easeIn.progress(at: time / 2)
      #expect(abs(Self.width(document, at: time) - expected) < 1e-6, "stroke-width at \(time) s")
    }
  }

  @Test func theAnimatedSVGAndLottieWriteEachAttributeWithItsOwnTiming() throws {
    let document = try Self.drawing(strokeTiming: #"calcMode="linear""#)
    let svg = SVGExport.svg(for: document, pointLook: .editorHandle, animated: true)
    let again = try SVGImport.import(from: Data(svg.utf8)).document
    for time in [0.25, 0.5, 1.3, 1.75] {
      #expect(abs(Self.width(again, at: time) - Self.width(document, at: time)) < 1e-6, "stroke-width at \(time) s, exported and read back")
      #expect(abs(Self.right(again, at: time) - Self.right(document, at: time)) < 1e-6, "d at \(time) s, exported and read back")
    }
  }
}
