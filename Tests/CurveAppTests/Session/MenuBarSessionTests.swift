import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The menu bar through replayed input, as in the window: a click on a title drops its menu,
/// a click on an item runs it; Alt alone focuses the bar, the arrows and Enter run an item;
/// any other key leaves the bar and does what it always does.
@MainActor
struct MenuBarSessionTests {
  let replay: Replay

  init() throws {
    replay = Replay(state: Editor.State(document: try Document.decode(Data(sampleDocumentJSON.utf8)), url: nil))
  }

  private var store: StoreOf<Editor> { replay.store }
  private var layout: Layout { replay.session.layout }
  private var menus: [MenuBar.Menu] { MenuCatalog.menus(for: store.state) }

  private func centre(_ rect: Rect) -> Point { Point(x: (rect.minX + rect.maxX) / 2, y: (rect.minY + rect.maxY) / 2) }

  private func click(_ point: Point) -> [InputEvent] {
    [.pointerDown(x: point.x, y: point.y, clicks: 1), .pointerUp(x: point.x, y: point.y)]
  }

  private func menu(_ title: String) -> Int { menus.firstIndex { $0.title == title }! }
  private func item(_ title: String, of menu: String) -> Int { menus[self.menu(menu)].items.firstIndex { $0.title == title }! }

  @Test func clickingATitleThenAnItemRunsItsCommand() async {
    let object = menu("Object")
    await replay.play(click(centre(layout.menuTitleFrame(object, of: menus))))
    #expect(store.menuBar?.openMenu?.title == "Object")
    #expect(EditorStateReport(store.state).menu == "Object")
    // Hovering another title drops its menu instead; hovering an item highlights it.
    let file = menu("File")
    let fileTitle = centre(layout.menuTitleFrame(file, of: menus))
    await replay.play([.pointerMoved(x: fileTitle.x, y: fileTitle.y)])
    #expect(store.menuBar?.openMenu?.title == "File")
    let saveAs = centre(layout.menuItemFrame(item("Save As…", of: "File"), inMenu: file, of: menus))
    await replay.play([.pointerMoved(x: saveAs.x, y: saveAs.y)])
    #expect(EditorStateReport(store.state).menuItem == "Save As…")
    await replay.play(click(saveAs))
    #expect(store.menuBar == nil)
    #expect(store.browser?.purpose == .saveAs, "File ▸ Save As… opens the file browser as Ctrl+Shift+S does")
  }

  @Test func aClickOnADisabledItemRunsNothingAndAClickOutsideCloses() async {
    let edit = menu("Edit")
    await replay.play(click(centre(layout.menuTitleFrame(edit, of: menus))))
    await replay.play(click(centre(layout.menuItemFrame(item("Undo", of: "Edit"), inMenu: edit, of: menus))))
    #expect(store.menuBar?.item == item("Undo", of: "Edit"), "still open, Undo highlighted with its reason")
    let revision = store.drawing.revision
    await replay.play(click(Point(x: 600, y: 600)))
    #expect(store.menuBar == nil)
    #expect(store.interaction.selection.isEmpty && store.drawing.revision == revision, "the click that closed the menu did nothing else")
  }

  @Test func altFocusesTheBarAndTheKeysWalkToAnItem() async {
    await replay.play([.key(KeyChord.altTap)])
    #expect(store.menuBar?.isOpen == false && EditorStateReport(store.state).menu == "File")
    await replay.play([.key(KeyChord("right")), .key(KeyChord("right")), .key(KeyChord("down"))])
    #expect(EditorStateReport(store.state).menu == "Object" && EditorStateReport(store.state).menuItem == "Group")
    await replay.play([.key(KeyChord("escape"))])
    #expect(store.menuBar?.isOpen == false)
    await replay.play([.key(KeyChord("escape"))])
    #expect(store.menuBar == nil)
    // The selector, every object selected, then Object ▸ Flip Vertical by the keys.
    await replay.play([.key(KeyChord("s")), .key(KeyChord("a", control: true)), .key(KeyChord.altTap), .key(KeyChord("right")), .key(KeyChord("right")), .key(KeyChord("down"))])
    let flip = item("Flip Vertical", of: "Object")
    while store.menuBar?.item != flip { await replay.play([.key(KeyChord("down"))]) }
    let before = store.drawing.curves[0].points.map(\.position)
    await replay.play([.key(KeyChord("return"))])
    #expect(store.menuBar == nil)
    // What V does to the same selection.
    let byKey = try! Self().replay
    await byKey.play([.key(KeyChord("s")), .key(KeyChord("a", control: true)), .key(KeyChord("v"))])
    #expect(store.drawing.curves[0].points.map(\.position) == byKey.store.drawing.curves[0].points.map(\.position))
    #expect(store.drawing.curves[0].points.map(\.position) != before)
  }

  @Test func anotherKeyLeavesTheBarAndDoesWhatItDoes() async {
    await replay.play([.key(KeyChord.altTap), .key(KeyChord("n", alt: true))])
    #expect(store.menuBar == nil)
    #expect(store.drawing.curves.count == 2, "Alt+N is its shortcut, never a menu mnemonic")
    await replay.play([.key(KeyChord.altTap), .key(KeyChord.altTap)])
    #expect(store.menuBar == nil, "Alt again lets the bar go")
  }
}
