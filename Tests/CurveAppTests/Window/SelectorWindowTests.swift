import Composable
import CurveFeature
import CurveGeometry
import CurveSVG
import Foundation
import Testing

@testable import CurveApp

/// The selector in a real window under Xvfb, on Inkscape's tiger: Ctrl+click an eye (the curve
/// inside the tiger's groups), scale it by its box's corner handle, turn it with `]`, Ctrl+Shift+click
/// another part of the same group, group the two with Ctrl+G, raise the group with Home, take a
/// screenshot and save. The screenshot is kept in `.build/test-artifacts/selector-window.png`.
@MainActor
struct SelectorWindowTests {
  @Test(.timeLimit(.minutes(5)))
  func clickScaleTurnGroupAndRaiseInARealWindow() throws {
    let work = try makeTemporaryDirectory()
    let tiger = try InkscapeExamples.url("tiger.svgz")
    let document = try SVGImport.import(from: Data(contentsOf: tiger), baseURL: tiger).document
    try document.encoded().write(to: work.appendingPathComponent("doc.json"))
    // Where the window shows the drawing: the view it opens with.
    var state = Editor.State(document: document, url: nil)
    let area = Layout.offscreen(width: Layout.defaultWindowSize.width, height: Layout.defaultWindowSize.height).canvasArea
    state.viewport = Viewport.State(canvas: document.canvas, area: Size(width: area.width, height: area.height))
    func window(_ point: Point) -> (Int, Int) {
      let screen = state.viewport.screenPoint(atDocument: point)
      return (Int(screen.x.rounded()), Int(screen.y.rounded()))
    }
    let radius = state.viewport.documentLength(Selector.strokeReach)
    func centre(_ box: Rect) -> Point { Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2) }
    /// Where a click picks `curve` (the topmost painted there), when it is of a size a hand
    /// scales: a point of a 7 × 7 grid over its box.
    func pickable(_ curve: Curve.State) -> (box: Rect, click: Point)? {
      guard let box = state.box(of: [.curve(curve.id)]), (8...80).contains(max(box.width, box.height)) else { return nil }
      for i in 1...7 {
        for j in 1...7 {
          let point = Point(x: box.minX + box.width * Double(i) / 8, y: box.minY + box.height * Double(j) / 8)
          if state.object(at: point, radius: radius, curveItself: true) == .curve(curve.id) { return (box, point) }
        }
      }
      return nil
    }
    // The eye (a part in the eyes' green) if a click can reach it, else the first part that
    // can be, and another part of its group, away from it.
    let greens: [CurveStyle.Paint] = [.color(RGBColor(r: 0x99, g: 0xcc, b: 0x32)), .color(RGBColor(r: 0x66, g: 0x99, b: 0x00))]
    let candidates = state.drawing.curves.filter { $0.style.fill.map(greens.contains) == true } + state.drawing.curves.reversed()
    func partner(of curve: Curve.State, box: Rect) -> Curve.State? {
      state.drawing.curves.reversed().first { other in
        guard other.group == curve.group, other.id != curve.id, let (otherBox, _) = pickable(other) else { return false }
        return centre(otherBox).distance(to: centre(box)) > 80
      }
    }
    let (eyeCurve, other) = try #require(candidates.lazy.compactMap { curve -> (Curve.State, Curve.State)? in
      guard curve.group != nil, let (box, _) = pickable(curve), let other = partner(of: curve, box: box) else { return nil }
      return (curve, other)
    }.first)
    let (eyeBox, eyeClick) = try #require(pickable(eyeCurve))
    let group = try #require(eyeCurve.group)
    let otherClick = try #require(pickable(other)).click
    let (eyeX, eyeY) = window(eyeClick), (cornerX, cornerY) = window(Point(x: eyeBox.maxX, y: eyeBox.maxY))
    let (otherX, otherY) = window(otherClick)

    try XvfbEditor.run(XvfbEditor.script(#"""
      xdotool keydown ctrl
      sleep 0.2
      xdotool mousemove $((X + \#(eyeX))) $((CY + \#(eyeY))) click 1
      xdotool keyup ctrl
      # Past the double-click interval: a second press there would open the node tool.
      sleep 0.8
      xdotool mousemove $((X + \#(cornerX))) $((CY + \#(cornerY))) mousedown 1
      for i in $(seq 1 10); do xdotool mousemove $((X + \#(cornerX) + i * 2)) $((CY + \#(cornerY) + i * 2)); sleep 0.02; done
      xdotool mouseup 1
      sleep 0.8
      xdotool key --window "$window" bracketright
      sleep 0.3
      xdotool keydown ctrl keydown shift
      sleep 0.2
      xdotool mousemove $((X + \#(otherX))) $((CY + \#(otherY))) click 1
      xdotool keyup shift keyup ctrl
      sleep 0.3
      xdotool key --window "$window" ctrl+g
      sleep 0.3
      xdotool key --window "$window" Home
      sleep 0.3
      xdotool key --window "$window" ctrl+p
      sleep 0.5
      xdotool key --window "$window" ctrl+s
      sleep 0.5
      """#), in: work)

    let saved = try Document.decode(Data(contentsOf: work.appendingPathComponent("doc.json")))
    let made = try #require(saved.groups.first { $0.id == "group-1" }, "Ctrl+G made a group")
    #expect(made.parent == group, "inside the eye's own group, which the Ctrl+click entered")
    let inGroup = saved.curves.filter { $0.group == "group-1" }.map(\.id)
    #expect(Set(inGroup) == [eyeCurve.id, other.id])
    // Home: the new group is the top of the eye's group.
    let tree = ObjectTree(groups: saved.groups)
    let objects = tree.objects(of: saved.curves.map { ($0.id, $0.group) }, in: group)
    #expect(objects.last == .group("group-1"))
    // Scaled by the handle and turned by 15°: the eye is bigger and no longer where it was.
    let seen = saved.inDrawingCoordinates()
    let eyeNow = try #require(seen.curves.first { $0.id == eyeCurve.id })
    #expect(eyeNow.bounds.width > eyeCurve.bounds.width * 1.1, "\(eyeNow.bounds) against \(eyeCurve.bounds)")
    try #require(try XvfbEditor.keepScreenshot(from: work, as: "selector-window") != nil, "Ctrl+P saves doc-<time>.png beside the document")
  }
}
