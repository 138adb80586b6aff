import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The menu bar in a real window under Xvfb: with every object selected, Alt pressed and
/// released alone focuses the bar and the keys run Object ▸ Flip Vertical; a click on the
/// Object title and one on Flip Horizontal run that; Ctrl+Q saves. The saved curves are
/// those V then H make of the same selection.
@MainActor
struct MenuBarWindowTests {
  static func script() -> String {
    let layout = Layout.offscreen(width: Layout.defaultWindowSize.width, height: Layout.defaultWindowSize.height)
    let menus = MenuCatalog.menus(for: Editor.State(curves: []))
    let object = menus.firstIndex { $0.title == "Object" }!
    let flip = menus[object].items.firstIndex { $0.title == "Flip Horizontal" }!
    func centre(_ rect: Rect) -> (x: Int, y: Int) { (Int((rect.minX + rect.maxX) / 2), Int((rect.minY + rect.maxY) / 2)) }
    let title = centre(layout.menuTitleFrame(object, of: menus)), item = centre(layout.menuItemFrame(flip, inMenu: object, of: menus))
    // From the first item, the Downs to Flip Vertical (separators are passed over).
    let downs = menus[object].items.prefix(flip + 2).dropFirst().filter { !$0.isSeparator }.count
    return XvfbEditor.script(#"""
      xdotool key s
      xdotool key ctrl+a
      sleep 0.2
      xdotool key alt
      sleep 0.2
      xdotool key Right Right Down
      for i in $(seq 1 \#(downs)); do xdotool key Down; done
      sleep 0.2
      xdotool key Return
      sleep 0.3
      xdotool mousemove $((X + \#(title.x))) $((Y + \#(title.y))) click 1
      sleep 0.3
      xdotool mousemove $((X + \#(item.x))) $((Y + \#(item.y))) click 1
      sleep 0.3
      """#)
  }

  @Test(.timeLimit(.minutes(5)))
  func aMenuRunsItsCommandFromTheKeysAndFromTheMouse() async throws {
    let work = try makeTemporaryDirectory()
    let document = work.appendingPathComponent("doc.json")
    try FileManager.default.copyItem(at: PathEditingReplayTests.fixture, to: document)
    try XvfbEditor.run(Self.script(), in: work)

    let expected = Replay(state: Editor.State(document: try Document.decode(Data(contentsOf: PathEditingReplayTests.fixture)), url: nil))
    await expected.play([.key(KeyChord("s")), .key(KeyChord("a", control: true)), .key(KeyChord("v")), .key(KeyChord("h"))])
    let flipped = try PathEditingReplayTests.curves(in: Document(expected.store.state).encoded())
    let saved = try PathEditingReplayTests.curves(in: Data(contentsOf: document))
    let positions = { (curves: [PathEditingReplayTests.SavedCurve]) in curves.flatMap(\.subpaths).flatMap(\.points).map(\.position) }
    let original = try PathEditingReplayTests.curves(in: Data(contentsOf: PathEditingReplayTests.fixture))
    #expect(positions(saved) != positions(original), "the menus changed the drawing")
    #expect(positions(saved) == positions(flipped), "Object ▸ Flip Vertical by the keys, Flip Horizontal by the mouse")
  }
}
