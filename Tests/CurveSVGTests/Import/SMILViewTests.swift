import CurveDocument
import CurveGeometry
@testable import CurveSVG
import Foundation
import Testing

/// The timeline's view as SMIL: the root's `viewBox`, its own the view at 0 s, animated by an
/// `<animate>`; read back as the view, over a canvas that is the root's viewport.
struct SMILViewTests {
  /// A 200 × 100 canvas whose view zooms from all of it (ease-in-out) to the 60 × 30 box at
  /// (10, 10) at 1 s, then holds, and jumps back at 2 s; looping.
  static func document() -> Document {
    var document = Document(canvas: Canvas(width: 200, height: 100), curves: [], animation: Document.AnimationRecord(AnimationSettings()))
    document.timeline = Timeline(duration: 2, view: [
      Timeline.ViewKeyframe(time: 0, box: Rect(minX: 0, minY: 0, maxX: 200, maxY: 100), easing: .easeInOut),
      Timeline.ViewKeyframe(time: 1, box: Rect(minX: 10, minY: 10, maxX: 70, maxY: 40), easing: .hold),
      Timeline.ViewKeyframe(time: 2, box: Rect(minX: 0, minY: 0, maxX: 200, maxY: 100)),
    ])
    return document
  }

  @Test func theViewIsTheRootsViewBoxAnimated() {
    let svg = SVGExport.svg(for: Self.document(), pointLook: SMILImportTests.look, animated: true)
    #expect(svg.contains(#"width="200" height="100" viewBox="0 0 200 100">"#), "the view at 0 s, for static renderers")
    #expect(svg.contains(#"<animate attributeName="viewBox" dur="2s" keyTimes="0;0.5;1;1" values="0 0 200 100;10 10 60 30;10 10 60 30;0 0 200 100" calcMode="spline" keySplines="0.42 0 0.58 1;0 0 1 1;0 0 1 1" repeatCount="indefinite"/>"#), "\(svg)")
    // Not animated, or a view that stands still: the canvas, without an <animate>.
    #expect(!SVGExport.svg(for: Self.document(), pointLook: SMILImportTests.look).contains("attributeName=\"viewBox\""))
    var still = Self.document()
    still.timeline!.view = [Timeline.ViewKeyframe(time: 0, box: Rect(minX: 10, minY: 10, maxX: 70, maxY: 40))]
    let text = SVGExport.svg(for: still, pointLook: SMILImportTests.look, animated: true)
    #expect(text.contains(#"viewBox="10 10 60 30">"#) && !text.contains("<animate"))
  }

  @Test func anExportedViewComesBackWithItsKeyframesOnItsCanvas() throws {
    let document = Self.document()
    let back = try SMILImportTests.imported(SVGExport.svg(for: document, pointLook: SMILImportTests.look, animated: true))
    #expect(back.repairs.isEmpty, "\(back.repairs)")
    #expect(back.document.canvas == document.canvas)
    #expect(back.document.timeline?.view == document.timeline?.view)
    #expect(back.document.timeline?.duration == 2 && back.document.timeline?.repeat == .loop)
  }

  /// Written by hand: the drawing stays in its own units on a canvas of the root's width and
  /// height; before the animation begins, the view is the root's own viewBox.
  @Test func aHandWrittenAnimatedViewBoxIsReadOverTheRootsViewport() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="100 50 200 100">
        <animate attributeName="viewBox" from="100 50 200 100" to="0,0,400,200" begin="1s" dur="2s" fill="freeze"/>
        <rect x="150" y="80" width="20" height="10" fill="red"/>
      </svg>
      """
    let (document, repairs) = try SMILImportTests.imported(svg)
    #expect(repairs.isEmpty, "\(repairs)")
    #expect(document.canvas == Canvas(width: 400, height: 200))
    #expect(document.curves[0].subpaths[0].points.map { Point(x: $0.x, y: $0.y) }.contains(Point(x: 150, y: 80)), "not moved by the viewBox")
    let view = try #require(document.timeline?.view)
    #expect(view.map(\.time) == [0, 1, 3])
    #expect(view.map(\.box) == [
      Rect(minX: 100, minY: 50, maxX: 300, maxY: 150), Rect(minX: 100, minY: 50, maxX: 300, maxY: 150), Rect(minX: 0, minY: 0, maxX: 400, maxY: 200),
    ])
    #expect(view.map(\.easing) == [.hold, .linear, .linear])
    #expect(document.timeline?.repeat == .once && document.timeline?.duration == 3)
  }

  /// Of the root's own animations only the viewBox's is read; another is kept and said so.
  /// A `<g>`'s `fill="freeze"` is its timing, not a paint to repair.
  @Test func theRootsOtherAnimationsAreKeptAndReported() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <animate attributeName="width" from="100" to="200" dur="2s" fill="freeze"/>
        <g><animate attributeName="opacity" from="1" to="0" dur="2s" fill="freeze"/><rect width="20" height="20"/></g>
      </svg>
      """
    let (document, repairs) = try SMILImportTests.imported(svg)
    #expect(repairs == [
      #"Not read: an <animate> of "width" on the root is not read (of the root, only its viewBox is); the drawing shows its value at 0 s there, and SVG export writes it back as it was"#,
    ])
    #expect(document.kept.map(\.name) == ["animate"] && document.kept[0].xml.contains(#"attributeName="width""#))
    #expect(document.timeline?.groupTracks.count == 1 && document.timeline?.view == [])
  }
}
