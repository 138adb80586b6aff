@testable import CurveApp
import CurveFeature
import Foundation
import Testing

/// The window's title: the document's name, `*` while unsaved.
@MainActor
struct WindowTitleTests {
  @Test func theTitleIsTheDocumentsNameMarkedWhileUnsaved() {
    let untitled = Editor.State(curves: [])
    #expect(EditorWindow.title(for: untitled) == "*Untitled — Curves")
    var opened = Editor.State(document: Document(untitled), url: URL(fileURLWithPath: "/tmp/arches.json"))
    #expect(EditorWindow.title(for: opened) == "arches.json — Curves")
    opened.drawing.markEdited()
    #expect(EditorWindow.title(for: opened) == "*arches.json — Curves")
  }
}
