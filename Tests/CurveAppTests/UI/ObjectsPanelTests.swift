import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The panel's Objects page, driven as the window drives it: Ctrl+Shift+L shows it, a row's
/// eye hides its object, its lock locks it, a click selects it, a double-click renames it,
/// the opener shows a group's content.
@MainActor
struct ObjectsPanelTests {
  static let bottom = UUID(uuidString: "00000000-0000-0000-0000-000000000010")!, top = UUID(uuidString: "00000000-0000-0000-0000-000000000020")!

  /// A filled square of side 100 at `corner`.
  static func square(_ id: UUID, at corner: Point) -> Curve.State {
    let points = [corner, corner + Point(x: 100, y: 0), corner + Point(x: 100, y: 100), corner + Point(x: 0, y: 100)]
    return Document.curveState(Document.CurveRecord(
      id: id, style: CurveStyle(fill: .color(RGBColor(r: 200, g: 0, b: 0)), stroke: CurveStyle.Paint.none),
      subpaths: [Document.SubpathRecord(closed: true, points: points.map { Document.PointRecord(id: UUID(), x: $0.x, y: $0.y, node: .corner) })]
    ))
  }

  /// A drawing of two squares, the top one in a group "layer".
  static func session() -> EditorSession {
    var state = Editor.State(curves: [Self.square(bottom, at: Point(x: 100, y: 100)), Self.square(top, at: Point(x: 150, y: 150))])
    state.drawing.display.handles = .selected
    state.interaction.tool = .selector
    state.drawing.groups = [Group(id: "layer", label: "Layer 1")]
    state.drawing.curves[1].group = "layer"
    let store = Store(initialState: state) { Editor() }
    return EditorSession(store: store, layout: .offscreen(width: 1100, height: 750))
  }

  static func click(_ session: EditorSession, _ point: Point, clicks: Int = 1) {
    session.handle(.pointerDown(x: point.x, y: point.y, clicks: clicks))
    session.handle(.pointerUp(x: point.x, y: point.y))
  }

  @Test func theTreeListsTheTopmostFirstAndItsEyeLockAndLabelWork() throws {
    let session = Self.session()
    session.handle(.key(KeyChord("l", control: true, shift: true)))
    #expect(session.panelPage == .objects)
    #expect(session.objectRows.map(\.label) == ["Layer 1", "Curve 1"])
    let first = session.layout.frame(of: .objectRow(0)), second = session.layout.frame(of: .objectRow(1))
    // The opener shows the group's curve under it.
    let labelLeft = first.minX + 2 * (Layout.objectRowBox + 2) + 4
    Self.click(session, Point(x: labelLeft + 3, y: (first.minY + first.maxY) / 2))
    #expect(session.objectRows.map(\.label) == ["Layer 1", "Curve 2", "Curve 1"])
    #expect(session.objectRows.map(\.depth) == [0, 1, 0])
    // The eye of "Curve 1" (now the third row).
    let third = session.layout.frame(of: .objectRow(2))
    Self.click(session, Point(x: third.minX + 4, y: (third.minY + third.maxY) / 2))
    #expect(session.store.drawing.curves[0].isHidden)
    // The lock of the group.
    Self.click(session, Point(x: first.minX + Layout.objectRowBox + 8, y: (first.minY + first.maxY) / 2))
    #expect(session.store.drawing.groups[0].isLocked)
    // A click on a label selects its object, in its group.
    Self.click(session, Point(x: second.maxX - 20, y: (second.minY + second.maxY) / 2))
    #expect(session.store.interaction.selectedObjects == [.curve(Self.top)])
    #expect(session.store.interaction.context == "layer")
    // A double-click renames it: the text typed, Enter.
    session.handle(.pointerDown(x: second.maxX - 20, y: (second.minY + second.maxY) / 2, clicks: 2))
    session.handle(.pointerUp(x: second.maxX - 20, y: (second.minY + second.maxY) / 2))
    for _ in 0..<"Curve 2".count { session.handle(.key(KeyChord("backspace"))) }
    session.handle(.text("Sun"))
    session.handle(.key(KeyChord("h")))
    session.handle(.key(KeyChord("return")))
    #expect(session.store.drawing.curves[1].label == "Sun")
    #expect(session.store.drawing.curves[1].points[0].position == Point(x: 150, y: 150), "H went to the name, not a flip")
  }
}
