import CurveDocument
import CurveFeature

/// One item of a menu: its title, the command it runs (the one its keys run, so a menu and
/// its key cannot disagree) and why it cannot run in a given state.
struct MenuEntry {
  var title: String
  /// Nil for the line between groups of items.
  var command: ShortcutCommand?
  /// Why the command cannot run now; nil when it can.
  var unavailable: @MainActor (Editor.State) -> String? = { _ in nil }

  static let separator = MenuEntry(title: "", command: nil)
}

/// The menu bar's menus, as Inkscape orders them: File, Edit, Object, Path, Text, View,
/// Animation, Help. Each item shows the keys the shortcut table gives its command; an item that cannot
/// run is greyed, with the reason.
@MainActor
enum MenuCatalog {
  static let menus: [(title: String, entries: [MenuEntry])] = [
    ("File", file), ("Edit", edit), ("Object", object), ("Path", path), ("Text", text), ("View", view), ("Animation", animation), ("Help", help),
  ]

  /// The titles alone, as the bar shows them while no menu is in use (every frame).
  static let titles = menus.map { MenuBar.Menu(title: $0.title, items: []) }

  /// The menus as the bar shows them in `state`.
  static func menus(for state: Editor.State) -> [MenuBar.Menu] {
    menus.map { menu in
      MenuBar.Menu(title: menu.title, items: menu.entries.map { entry in
        guard let command = entry.command else { return .separator }
        return MenuBar.Item(title: entry.title, keys: keys(of: command), disabledReason: reason(entry, command, state))
      })
    }
  }

  /// The command of item `item` of menu `menu`.
  static func command(menu: Int, item: Int) -> ShortcutCommand? {
    guard menus.indices.contains(menu), menus[menu].entries.indices.contains(item) else { return nil }
    return menus[menu].entries[item].command
  }

  /// The keys of `command` as the command palette writes them (the first of several), or
  /// empty when only the menu runs it.
  static func keys(of command: ShortcutCommand) -> String {
    guard let shortcut = Shortcut.all.first(where: { $0.bindings.contains { $0.command == command } }) else { return "" }
    return String(shortcut.label.split(separator: ",").first ?? "")
  }

  private static func reason(_ entry: MenuEntry, _ command: ShortcutCommand, _ state: Editor.State) -> String? {
    if let running = state.operation, !runsWhileOperating(command) {
      return "\(running.title) is still working; Escape cancels it."
    }
    return entry.unavailable(state)
  }

  /// Whether `command` only looks (a key the window takes while a path operation works).
  private static func runsWhileOperating(_ command: ShortcutCommand) -> Bool {
    if case .showPanel = command { return true }
    let chords = Shortcut.all.flatMap(\.bindings).filter { $0.command == command }.map(\.key)
    return !chords.isEmpty && chords.allSatisfy(EditorSession.keysWhileOperating.contains)
  }

  // MARK: Why an item cannot run

  private static func needsSelection(_ state: Editor.State) -> String? {
    state.selectedCurveIDs.isEmpty && state.interaction.selectedObjects.isEmpty ? "Nothing is selected: click an object first." : nil
  }

  private static func needsCurves(_ count: Int) -> @MainActor (Editor.State) -> String? {
    { state in state.selectedCurveIDs.count >= count ? nil : "Select \(count == 1 ? "a curve" : "\(count) or more curves") first." }
  }

  private static func needsText(_ state: Editor.State) -> String? {
    state.interaction.textCursor == nil && state.selectedTextGroups.isEmpty ? "No text is selected (curves are paths already)." : nil
  }

  private static func needsGroup(_ state: Editor.State) -> String? {
    state.interaction.selectedObjects.contains { if case .group = $0 { true } else { false } } ? nil : "No group is selected."
  }

  private static func needsTimeline(_ state: Editor.State) -> String? {
    state.drawing.timeline == nil ? "The drawing has no timeline yet: key something first (I)." : nil
  }

  private static func operation(_ operation: PathOperation) -> MenuEntry {
    // Inkscape's Path menu says "Cut Path".
    MenuEntry(title: operation == .cut ? "Cut Path" : operation.title, command: .editor(.pathOperations(.apply(operation)))) { state in
      operation.refusal(forCurveCount: state.selectedCurveIDs.count)
    }
  }

  // MARK: The menus

  private static let file: [MenuEntry] = [
    MenuEntry(title: "New", command: .editor(.documents(.newDocument))),
    MenuEntry(title: "Open…", command: .editor(.browser(.present(.open)))),
    MenuEntry(title: "Open Recent…", command: .editor(.browser(.presentBuiltIn(.open)))),
    MenuEntry(title: "Import…", command: .editor(.browser(.present(.importSVG)))),
    .separator,
    MenuEntry(title: "Save", command: .editor(.documents(.saveOrSaveAs))),
    MenuEntry(title: "Save As…", command: .editor(.browser(.present(.saveAs)))),
    .separator,
    MenuEntry(title: "Export…", command: .editor(.exportDialog(.present))),
    MenuEntry(title: "Export Plain SVG", command: .editor(.exports(.export(.svg)))),
    MenuEntry(title: "Screenshot (PNG)", command: .editor(.exports(.export(.png)))),
    MenuEntry(title: "Export GIF", command: .editor(.exports(.export(.gif)))),
    .separator,
    MenuEntry(title: "Quit", command: .quit),
  ]

  private static let edit: [MenuEntry] = [
    MenuEntry(title: "Undo", command: .editor(.history(.undo))) { $0.history.canUndo ? nil : "Nothing to undo." },
    MenuEntry(title: "Redo", command: .editor(.history(.redo))) { $0.history.canRedo ? nil : "Nothing to redo." },
    .separator,
    MenuEntry(title: "Cut", command: .editor(.clipboard(.cut)), unavailable: needsSelection),
    MenuEntry(title: "Copy", command: .editor(.clipboard(.copy)), unavailable: needsSelection),
    MenuEntry(title: "Paste", command: .editor(.clipboard(.paste))),
    MenuEntry(title: "Duplicate", command: .editor(.curveCommands(.duplicateSelectedCurves)), unavailable: needsSelection),
    MenuEntry(title: "Delete", command: .editor(.curveCommands(.deleteSelectedCurves)), unavailable: needsSelection),
    .separator,
    MenuEntry(title: "Select All", command: .editor(.selection(.selectAll))),
    MenuEntry(title: "Deselect", command: .escape, unavailable: needsSelection),
    .separator,
    MenuEntry(title: "Command Palette…", command: .commandPalette),
  ]

  private static let object: [MenuEntry] = [
    MenuEntry(title: "Group", command: .editor(.arrange(.group)), unavailable: needsSelection),
    MenuEntry(title: "Ungroup", command: .editor(.arrange(.ungroup)), unavailable: needsGroup),
    MenuEntry(title: "Object to Path", command: .editor(.objects(.objectToPath)), unavailable: needsText),
    .separator,
    MenuEntry(title: "Raise", command: .editor(.arrange(.raise)), unavailable: needsSelection),
    MenuEntry(title: "Lower", command: .editor(.arrange(.lower)), unavailable: needsSelection),
    MenuEntry(title: "Raise to Top", command: .editor(.arrange(.raiseToTop)), unavailable: needsSelection),
    MenuEntry(title: "Lower to Bottom", command: .editor(.arrange(.lowerToBottom)), unavailable: needsSelection),
    .separator,
    MenuEntry(title: "Flip Horizontal", command: .editor(.objects(.flip(horizontally: true))), unavailable: needsSelection),
    MenuEntry(title: "Flip Vertical", command: .editor(.objects(.flip(horizontally: false))), unavailable: needsSelection),
    MenuEntry(title: "Rotate 90° Clockwise", command: .editor(.objects(.rotate(degrees: 90))), unavailable: needsSelection),
    MenuEntry(title: "Rotate 90° Counter-clockwise", command: .editor(.objects(.rotate(degrees: -90))), unavailable: needsSelection),
    .separator,
    MenuEntry(title: "Align and Distribute…", command: .showPanel(.objects)),
    MenuEntry(title: "Objects…", command: .showPanel(.objects)),
  ]

  private static let path: [MenuEntry] = PathOperation.allCases.map { operation($0) } + [
    .separator,
    MenuEntry(title: "Inset", command: .editor(.pathOperations(.offset(outward: false))), unavailable: needsCurves(1)),
    MenuEntry(title: "Outset", command: .editor(.pathOperations(.offset(outward: true))), unavailable: needsCurves(1)),
    MenuEntry(title: "Stroke to Path", command: .editor(.pathOperations(.strokeToPath)), unavailable: needsCurves(1)),
    MenuEntry(title: "Simplify", command: .editor(.curveCommands(.simplifySelectedCurves)), unavailable: needsCurves(1)),
    .separator,
    MenuEntry(title: "Combine", command: .editor(.curveCommands(.combineSelectedCurves)), unavailable: needsCurves(2)),
    MenuEntry(title: "Break Apart", command: .editor(.curveCommands(.breakApartSelectedCurves)), unavailable: needsCurves(1)),
  ]

  private static let text: [MenuEntry] = [
    MenuEntry(title: "Text Tool", command: .editor(.tools(.choose(.text)))),
    MenuEntry(title: "Bold", command: .editor(.text(.toggleBold)), unavailable: needsText),
    MenuEntry(title: "Italic", command: .editor(.text(.toggleItalic)), unavailable: needsText),
    .separator,
    MenuEntry(title: "Put on Path", command: .editor(.text(.putOnPath))) { state in
      needsText(state) ?? (state.interaction.selectedObjects.contains { $0.curveID != nil } ? nil : "Select a curve too (Shift+click it).")
    },
    MenuEntry(title: "Remove from Path", command: .editor(.text(.removeFromPath))) { state in
      needsText(state) ?? (state.editedText?.path == nil ? "The text is not on a path." : nil)
    },
    .separator,
    MenuEntry(title: "Object to Path", command: .editor(.objects(.objectToPath)), unavailable: needsText),
  ]

  private static let view: [MenuEntry] = [
    MenuEntry(title: "Zoom In", command: .editor(.viewport(.zoomIn))),
    MenuEntry(title: "Zoom Out", command: .editor(.viewport(.zoomOut))),
    MenuEntry(title: "Fit Page", command: .editor(.viewport(.fit))),
    MenuEntry(title: "Zoom 100%", command: .editor(.viewport(.actualSize))),
    .separator,
    MenuEntry(title: "Edit Page", command: .showPanel(.edit)),
    MenuEntry(title: "Primer Page", command: .showPanel(.primer)),
    .separator,
    MenuEntry(title: "Gradient Handles", command: .editor(.display(.toggle(.showsGradientHandles)))),
    MenuEntry(title: "Hodograph", command: .editor(.display(.toggle(.showsHodograph)))),
    MenuEntry(title: "Projection", command: .editor(.display(.toggle(.showsProjection)))),
    MenuEntry(title: "Graphs", command: .editor(.display(.toggle(.showsGraphs)))),
    MenuEntry(title: "Flattening", command: .editor(.display(.toggle(.showsFlattening)))),
    MenuEntry(title: "Curve as a Function", command: .editor(.display(.toggle(.showsFunction)))),
    MenuEntry(title: "Arcs", command: .editor(.display(.toggle(.showsArcs)))),
    MenuEntry(title: "Graduated Offset", command: .editor(.display(.toggle(.showsGraduatedOffset)))),
    MenuEntry(title: "Canonical Form", command: .editor(.display(.toggle(.showsCanonicalMap)))),
  ]

  private static let animation: [MenuEntry] = [
    MenuEntry(title: "Play / Pause", command: .editor(.keyframes(.togglePlaying))),
    MenuEntry(title: "To Start", command: .editor(.keyframes(.toStart)), unavailable: needsTimeline),
    MenuEntry(title: "To End", command: .editor(.keyframes(.toEnd)), unavailable: needsTimeline),
    MenuEntry(title: "Previous Keyframe", command: .editor(.keyframes(.previousKeyframe)), unavailable: needsTimeline),
    MenuEntry(title: "Next Keyframe", command: .editor(.keyframes(.nextKeyframe)), unavailable: needsTimeline),
    .separator,
    MenuEntry(title: "Keyframe", command: .editor(.keyframes(.addKeyframe)), unavailable: needsCurves(1)),
    MenuEntry(title: "Keyframe the View", command: .editor(.keyframes(.addViewKeyframe))),
    MenuEntry(title: "Morph", command: .editor(.keyframes(.morphSelection))) { state in
      state.selectedCurveIDs.count == 2 ? nil : "Select two curves: the bottom one becomes the top one."
    },
    MenuEntry(title: "Delete Keyframe", command: .editor(.keyframes(.delete))) { state in
      state.playhead.selectedKey == nil ? "Pick a keyframe's mark on the timeline strip first." : nil
    },
    MenuEntry(title: "Easing: Next Preset", command: .editor(.keyframes(.cycleEasing))) { state in
      state.playhead.selectedKey == nil ? "Pick a keyframe's mark on the timeline strip first." : nil
    },
    .separator,
    MenuEntry(title: "Timeline: Auto-key", command: .editor(.keyframes(.toggleAutoKey))),
    MenuEntry(title: "Timeline: Onion Skin", command: .editor(.keyframes(.toggleOnionSkin))),
    MenuEntry(title: "Smooth or Steps", command: .editor(.animation(.toggleMode))),
    MenuEntry(title: "Repeat: Loop, Ping-pong, Once", command: .editor(.animation(.cycleRepetition))),
  ]

  private static let help: [MenuEntry] = [
    MenuEntry(title: "Commands and Keys…", command: .commandPalette),
  ]
}
