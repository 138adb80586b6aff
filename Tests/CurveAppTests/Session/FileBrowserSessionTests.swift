import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The drawn browser in a session: the list scrolls only as the selection needs, so the line
/// under the pointer is the line a double click opens.
@MainActor
struct FileBrowserSessionTests {
  @Test func aDoubleClickOpensTheLineUnderThePointerAfterScrolling() throws {
    let folder = LockIsolated(Dictionary(uniqueKeysWithValues: (0..<40).map {
      (URL(fileURLWithPath: String(format: "/docs/drawing-%02d.json", $0)), Data("{}".utf8))
    }))
    var state = Editor.State(curves: [])
    state.file.url = URL(fileURLWithPath: "/docs/drawing-00.json")
    let store = Store(initialState: state) { Editor() } withDependencies: {
      $0.fileSystem = .inMemory(folder)
      $0.documentLock = .inMemory()
      $0.recentFiles = .inMemory(LockIsolated([]))
      $0.continuousClock = TestClock()
    }
    let layout = Layout.offscreen(width: 1100, height: 750)
    let session = EditorSession(store: store, layout: layout)
    session.handle(.key(KeyChord("o", control: true)))
    for _ in 0..<30 { session.handle(.key(KeyChord("down"))) }
    #expect(store.state.browser?.selection == 29)
    let first = session.browserFirstRow
    #expect(first == 30 - layout.browserVisibleRows, "scrolled just enough: \(first)")
    // The top line shown, clicked twice.
    let top = layout.browserRow(slot: 0)
    let centre = Point(x: (top.minX + top.maxX) / 2, y: (top.minY + top.maxY) / 2)
    session.handle(.pointerDown(x: centre.x, y: centre.y, clicks: 1))
    #expect(store.state.browser?.selection == first && session.browserFirstRow == first, "the list did not move")
    let expected = store.state.browser?.rows[first].url
    session.handle(.pointerDown(x: centre.x, y: centre.y, clicks: 2))
    #expect(store.state.browser == nil)
    #expect(expected?.lastPathComponent == String(format: "drawing-%02d.json", first - 1), "after the .. line")
  }
}
