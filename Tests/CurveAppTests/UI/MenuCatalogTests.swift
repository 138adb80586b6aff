import Composable
import CurveDocument
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@testable import CurveApp

/// The menu bar's menus: every command the issue names is in its menu, each item shows the
/// keys its command has in the shortcut table, and an item that cannot run says why.
@MainActor
struct MenuCatalogTests {
  static let sample = Editor.State(document: try! Document.decode(Data(sampleDocumentJSON.utf8)), url: nil)

  private func titles(_ menu: String, in state: Editor.State = sample) -> [String] {
    MenuCatalog.menus(for: state).first { $0.title == menu }?.items.filter { !$0.isSeparator }.map(\.title) ?? []
  }

  private func item(_ menu: String, _ title: String, in state: Editor.State = sample) -> MenuBar.Item? {
    MenuCatalog.menus(for: state).first { $0.title == menu }?.items.first { $0.title == title }
  }

  @Test func theMenusAreInkscapesInItsOrder() {
    #expect(MenuCatalog.menus(for: Self.sample).map(\.title) == ["File", "Edit", "Object", "Path", "Text", "View", "Animation", "Help"])
    #expect(titles("File").starts(with: ["New", "Open…", "Open Recent…", "Import…", "Save", "Save As…", "Export…"]))
    #expect(titles("File").last == "Quit")
    #expect(titles("Edit") == ["Undo", "Redo", "Cut", "Copy", "Paste", "Duplicate", "Delete", "Select All", "Deselect", "Command Palette…"])
    for name in ["Group", "Ungroup", "Object to Path", "Raise", "Lower", "Raise to Top", "Lower to Bottom", "Flip Horizontal", "Flip Vertical", "Align and Distribute…", "Objects…"] {
      #expect(titles("Object").contains(name), "Object ▸ \(name)")
    }
    #expect(titles("Path") == [
      "Union", "Difference", "Intersection", "Exclusion", "Division", "Cut Path", "Inset", "Outset", "Stroke to Path", "Simplify", "Combine", "Break Apart",
    ])
    for name in ["Zoom In", "Zoom Out", "Fit Page", "Primer Page", "Hodograph"] { #expect(titles("View").contains(name), "View ▸ \(name)") }
    for name in ["Play / Pause", "Keyframe", "Easing: Next Preset", "Timeline: Onion Skin"] { #expect(titles("Animation").contains(name), "Animation ▸ \(name)") }
    #expect(titles("Text") == ["Text Tool", "Bold", "Italic", "Put on Path", "Remove from Path", "Object to Path"])
    #expect(titles("Help") == ["Commands and Keys…"])
  }

  @Test func eachItemShowsTheKeysItsCommandHas() {
    #expect(item("File", "Save")?.keys == "Ctrl+S")
    #expect(item("File", "Save As…")?.keys == "Ctrl+Shift+S")
    #expect(item("File", "Export…")?.keys == "Ctrl+Shift+E")
    #expect(item("Edit", "Redo")?.keys == "Ctrl+Shift+Z")
    #expect(item("Path", "Union")?.keys == "Ctrl++")
    #expect(item("Object", "Raise to Top")?.keys == "Home")
    #expect(item("Object", "Objects…")?.keys == "Ctrl+Shift+L")
    #expect(item("View", "Primer Page")?.keys == "", "only the menu and the panel's tab show it")
    // Every item whose command has keys runs what those keys run.
    for (menu, entries) in MenuCatalog.menus.map({ ($0.title, $0.entries) }) {
      for entry in entries {
        guard let command = entry.command, let keys = item(menu, entry.title)?.keys, !keys.isEmpty else { continue }
        let shortcut = Shortcut.all.first { $0.label.hasPrefix(keys) && $0.bindings.contains { $0.command == command } }
        #expect(shortcut != nil, "\(menu) ▸ \(entry.title): \(keys)")
      }
    }
  }

  @Test func anItemThatCannotRunSaysWhy() {
    var state = Self.sample
    #expect(item("Edit", "Undo", in: state)?.disabledReason == "Nothing to undo.")
    #expect(item("Edit", "Copy", in: state)?.disabledReason == "Nothing is selected: click an object first.")
    #expect(item("Path", "Union", in: state)?.disabledReason == PathOperation.union.refusal(forCurveCount: 0))
    #expect(item("Animation", "Next Keyframe", in: state)?.disabledReason == "The drawing has no timeline yet: key something first (I).")
    #expect(item("Edit", "Paste", in: state)?.isEnabled == true)
    state.interaction.tool = .selector
    state.interaction.selectedObjects = [.curve(state.drawing.curves[0].id)]
    #expect(item("Edit", "Copy", in: state)?.isEnabled == true)
    #expect(item("Object", "Ungroup", in: state)?.disabledReason == "No group is selected.")
    #expect(item("Path", "Union", in: state)?.disabledReason == PathOperation.union.refusal(forCurveCount: 1))
    #expect(item("Path", "Break Apart", in: state)?.isEnabled == true)
    // While a path operation works, only what looks (zoom, play) and quitting run.
    state.operation = PathOperations.Running(title: "Union", curves: 2)
    #expect(item("Edit", "Copy", in: state)?.disabledReason == "Union is still working; Escape cancels it.")
    #expect(item("View", "Zoom In", in: state)?.isEnabled == true)
    #expect(item("File", "Quit", in: state)?.isEnabled == true)
  }

  @Test func titlesSitSideBySideAndMenusStayInTheWindow() {
    let menus = MenuCatalog.menus(for: Self.sample)
    for layout in LayoutTests.layouts {
      for index in menus.indices {
        let title = layout.menuTitleFrame(index, of: menus)
        #expect(title.minY == 0 && title.maxY == Layout.menuBarHeight)
        if index > 0 { #expect(title.minX == layout.menuTitleFrame(index - 1, of: menus).maxX) }
        #expect(layout.menuTitle(at: Point(x: (title.minX + title.maxX) / 2, y: 12), of: menus) == index)
        let box = layout.menuBox(index, of: menus)
        #expect(box.minX >= 0 && box.maxX <= layout.width && box.maxY <= layout.height, "\(menus[index].title) at \(layout.width)x\(layout.height)")
        let last = menus[index].items.count - 1
        #expect(layout.menuItemFrame(last, inMenu: index, of: menus).maxY == box.maxY - Layout.menuInset)
      }
    }
  }
}
