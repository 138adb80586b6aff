import CurveFeature

/// What a key does: an editor action, or something only the app shell can do. Keys never
/// depend on the editor's state: an action decides what it means (an arrow nudges the
/// selection, or steps t when nothing is selected).
enum ShortcutCommand: Equatable {
  case editor(Editor.Action)
  /// The command palette: every command with its keys, filtered as the user types.
  case commandPalette
  /// Shows a page of the panel (the objects panel, with its align buttons).
  case showPanel(PanelPage)
  /// Drops a tool's stroke or path, puts a drag back, else clears the selection.
  case escape
  case quit
}

/// Every keyboard shortcut, in the order the command palette lists them. The palette is made
/// from this table, so it cannot drift from what the keys do.
@MainActor
struct Shortcut {
  /// Each key of the row with the command it runs (the arrows each nudge their own way).
  var bindings: [(key: KeyChord, command: ShortcutCommand)]
  /// How the command palette writes the keys.
  var label: String
  var summary: String

  init(_ keys: [KeyChord], _ label: String, _ summary: String, _ command: ShortcutCommand) {
    self.bindings = keys.map { ($0, command) }
    self.label = label
    self.summary = summary
  }

  /// Alt+arrows: a screen pixel each way.
  init(pixelArrows label: String, _ summary: String) {
    let directions = [("left", -1.0, 0.0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1)]
    self.bindings = directions.map { key, dx, dy in
      (KeyChord(key, alt: true), .editor(.objects(.moveByPixels(dx: dx, dy: dy))))
    }
    self.label = label
    self.summary = summary
  }

  init(arrowsWithShift shift: Bool, _ label: String, _ summary: String) {
    let step = shift ? 10.0 : 1.0
    let directions = [("left", -step, 0.0), ("right", step, 0), ("up", 0, -step), ("down", 0, step)]
    self.bindings = directions.map { key, dx, dy in
      (KeyChord(key, shift: shift), .editor(.moving(.arrow(dx: dx, dy: dy))))
    }
    self.label = label
    self.summary = summary
  }

  static let all: [Shortcut] = [
    Shortcut([KeyChord("space")], "Space", "Play / pause the timeline (with none, the construction)", .editor(.keyframes(.togglePlaying))),
    Shortcut([KeyChord(",")], ",", "Previous keyframe", .editor(.keyframes(.previousKeyframe))),
    Shortcut([KeyChord(".")], ".", "Next keyframe", .editor(.keyframes(.nextKeyframe))),
    Shortcut([KeyChord("home", control: true)], "Ctrl+Home", "Timeline: to the start", .editor(.keyframes(.toStart))),
    Shortcut([KeyChord("end", control: true)], "Ctrl+End", "Timeline: to the end", .editor(.keyframes(.toEnd))),
    Shortcut([KeyChord("i")], "I", "Key the selected curves at the playhead", .editor(.keyframes(.addKeyframe))),
    Shortcut([KeyChord("i", alt: true)], "Alt+I", "Key the view (what the window shows) at the playhead", .editor(.keyframes(.addViewKeyframe))),
    Shortcut([KeyChord("i", shift: true)], "Shift+I", "Morph: the bottom of two selected curves becomes the top one", .editor(.keyframes(.morphSelection))),
    Shortcut([KeyChord("a", shift: true)], "Shift+A", "Auto-key: every edit keys its curves", .editor(.keyframes(.toggleAutoKey))),
    Shortcut([KeyChord("o")], "O", "Onion skin: the keyframes either side, faint", .editor(.keyframes(.toggleOnionSkin))),
    Shortcut([KeyChord("[", alt: true)], "Alt+[", "Morph: the selected subpath starts a node back at this keyframe", .editor(.keyframes(.moveSubpathStart(by: -1)))),
    Shortcut([KeyChord("]", alt: true)], "Alt+]", "Morph: the selected subpath starts a node on at this keyframe", .editor(.keyframes(.moveSubpathStart(by: 1)))),
    Shortcut([KeyChord("\\")], "\\", "Morph: the selected subpath runs the other way at this keyframe", .editor(.keyframes(.reverseSubpath))),
    Shortcut([KeyChord("m")], "M", "Smooth motion or steps", .editor(.animation(.toggleMode))),
    Shortcut([KeyChord("r", alt: true)], "Alt+R", "Repeat: loop, ping-pong, once", .editor(.animation(.cycleRepetition))),
    Shortcut([KeyChord("k")], "K", "Constant speed along the curve (arc length)", .editor(.animation(.toggleArcLength))),
    Shortcut(arrowsWithShift: false, "Arrows", "Move the objects by 2 (points by 1; nothing selected: step t with ← →)"),
    Shortcut(arrowsWithShift: true, "Shift+Arrows", "Move the objects by 20 (points by 10)"),
    Shortcut(pixelArrows: "Alt+Arrows", "Move the objects by one screen pixel"),
    Shortcut([KeyChord("tab")], "Tab", "Select the next object (node tool: point)", .editor(.selection(.selectNextPoint))),
    Shortcut([KeyChord("tab", shift: true)], "Shift+Tab", "Select the previous object", .editor(.objects(.selectNext(backwards: true)))),
    Shortcut([KeyChord("a", control: true)], "Ctrl+A", "Select every object (node tool: point)", .editor(.selection(.selectAll))),
    Shortcut([KeyChord("[")], "[", "Rotate the selection 15° counter-clockwise", .editor(.objects(.rotate(degrees: -ObjectCommands.rotationStep)))),
    Shortcut([KeyChord("]")], "]", "Rotate the selection 15° clockwise", .editor(.objects(.rotate(degrees: ObjectCommands.rotationStep)))),
    Shortcut([KeyChord("[", control: true)], "Ctrl+[", "Rotate the selection 90° counter-clockwise", .editor(.objects(.rotate(degrees: -90)))),
    Shortcut([KeyChord("]", control: true)], "Ctrl+]", "Rotate the selection 90° clockwise", .editor(.objects(.rotate(degrees: 90)))),
    Shortcut([KeyChord("<")], "<", "Scale the selection down by 2 units", .editor(.objects(.scale(larger: false, doubling: false)))),
    Shortcut([KeyChord(">")], ">", "Scale the selection up by 2 units", .editor(.objects(.scale(larger: true, doubling: false)))),
    Shortcut([KeyChord("<", control: true)], "Ctrl+<", "Halve the selection", .editor(.objects(.scale(larger: false, doubling: true)))),
    Shortcut([KeyChord(">", control: true)], "Ctrl+>", "Double the selection", .editor(.objects(.scale(larger: true, doubling: true)))),
    Shortcut([KeyChord("h")], "H", "Flip the selection horizontally", .editor(.objects(.flip(horizontally: true)))),
    Shortcut([KeyChord("v")], "V", "Flip the selection vertically", .editor(.objects(.flip(horizontally: false)))),
    Shortcut([KeyChord("g", control: true)], "Ctrl+G", "Group the selected objects", .editor(.arrange(.group))),
    Shortcut([KeyChord("g", control: true, shift: true)], "Ctrl+Shift+G", "Ungroup the selected groups", .editor(.arrange(.ungroup))),
    Shortcut([KeyChord("pageup")], "PgUp", "Raise the selection past the next object over it", .editor(.arrange(.raise))),
    Shortcut([KeyChord("pagedown")], "PgDn", "Lower the selection past the next object under it", .editor(.arrange(.lower))),
    Shortcut([KeyChord("home")], "Home", "Raise the selection to the top", .editor(.arrange(.raiseToTop))),
    Shortcut([KeyChord("end")], "End", "Lower the selection to the bottom", .editor(.arrange(.lowerToBottom))),
    Shortcut([KeyChord("backspace", control: true)], "Ctrl+Backspace", "Leave the group entered (double-click a group to enter it)", .editor(.objects(.leaveGroup))),
    Shortcut([KeyChord("%")], "%", "Snapping on / off", .editor(.objects(.toggleSnapping))),
    Shortcut(
      [KeyChord("l", control: true, shift: true), KeyChord("a", control: true, shift: true)], "Ctrl+Shift+L, Ctrl+Shift+A",
      "The objects panel: the tree, the selection's box, align and distribute", .showPanel(.objects)
    ),
    Shortcut([KeyChord("escape")], "Escape", "Deselect, put a drag back, drop a tool's stroke or path", .escape),
    Shortcut(
      [KeyChord("delete"), KeyChord("backspace")], "Delete", "Remove the picked keyframe, or the selected points (pen: its last node)",
      .editor(.keyframes(.delete))
    ),
    Shortcut(
      [KeyChord("delete", shift: true), KeyChord("backspace", shift: true)], "Shift+Delete", "Remove the curves of the selected points",
      .editor(.curveCommands(.deleteSelectedCurves))
    ),
    Shortcut([KeyChord("d", control: true)], "Ctrl+D", "Duplicate the selected curves", .editor(.curveCommands(.duplicateSelectedCurves))),
    Shortcut([KeyChord("c", control: true)], "Ctrl+C", "Copy the selected curves", .editor(.clipboard(.copy))),
    Shortcut([KeyChord("x", control: true)], "Ctrl+X", "Cut the selected curves", .editor(.clipboard(.cut))),
    Shortcut([KeyChord("v", control: true)], "Ctrl+V", "Paste curves", .editor(.clipboard(.paste))),
    Shortcut([KeyChord("s", alt: true)], "Alt+S", "Split the selected curves at t", .editor(.curveCommands(.splitSelectedCurves))),
    Shortcut([KeyChord("e", alt: true)], "Alt+E", "Raise the selected curves' degree", .editor(.curveCommands(.elevateSelectedCurves))),
    Shortcut(
      [KeyChord("e", shift: true, alt: true)], "Alt+Shift+E", "Lower the selected curves' degree (least squares)", .editor(.curveCommands(.lowerSelectedCurves))
    ),
    Shortcut([KeyChord("n", alt: true)], "Alt+N", "New curve at the centre of the view", .editor(.curveCommands(.addCurve))),
    Shortcut([KeyChord("b", alt: true)], "Alt+B", "Make the selected curves B-splines of their points", .editor(.splines(.makeSplines))),
    Shortcut([KeyChord("b", shift: true, alt: true)], "Alt+Shift+B", "B-splines to their exact Bézier segments", .editor(.splines(.convertToBezier))),
    Shortcut([KeyChord("u")], "U", "B-spline knots: uniform / open uniform", .editor(.splines(.toggleKnots))),
    Shortcut([KeyChord("=", alt: true)], "Alt+=", "Raise the selected B-splines' degree", .editor(.splines(.changeDegree(by: 1)))),
    Shortcut([KeyChord("-", alt: true)], "Alt+-", "Lower the selected B-splines' degree", .editor(.splines(.changeDegree(by: -1)))),
    Shortcut([KeyChord("g")], "G", "Show / hide the selected curves' gradient handles", .editor(.display(.toggle(.showsGradientHandles)))),
    Shortcut([KeyChord("h", shift: true)], "Shift+H", "Hodograph: the derivative's curve and control polygon, beside the curve", .editor(.display(.toggle(.showsHodograph)))),
    Shortcut([KeyChord("p", shift: true)], "Shift+P", "Projection: the curves' nearest point to the pointer, and how far", .editor(.display(.toggle(.showsProjection)))),
    Shortcut([KeyChord("g", shift: true)], "Shift+G", "Graphs: x, y, speed, curvature and length against t", .editor(.display(.toggle(.showsGraphs)))),
    Shortcut([KeyChord("f", shift: true)], "Shift+F", "Flattening: the chords drawn at the tolerance, beside Wang's count", .editor(.display(.toggle(.showsFlattening)))),
    Shortcut([KeyChord("x", shift: true)], "Shift+X", "The curve as a function: y at the x of the Primer slider", .editor(.display(.toggle(.showsFunction)))),
    Shortcut([KeyChord("r", shift: true)], "Shift+R", "Arcs: the curve as circular arcs within the error slider", .editor(.display(.toggle(.showsArcs)))),
    Shortcut([KeyChord("o", shift: true)], "Shift+O", "Graduated offset: both sides, from the start slider's distance to the end's", .editor(.display(.toggle(.showsGraduatedOffset)))),
    Shortcut([KeyChord("n", shift: true)], "Shift+N", "Canonical form: the cubic's map, its fourth point and its class", .editor(.display(.toggle(.showsCanonicalMap)))),
    Shortcut([KeyChord("c", shift: true)], "Shift+C", "Make the selected nodes corners", .editor(.nodes(.setType(.corner)))),
    Shortcut([KeyChord("s", shift: true)], "Shift+S", "Make the selected nodes smooth", .editor(.nodes(.setType(.smooth)))),
    Shortcut([KeyChord("y", shift: true)], "Shift+Y", "Make the selected nodes symmetric", .editor(.nodes(.setType(.symmetric)))),
    Shortcut([KeyChord("b", shift: true)], "Shift+B", "Break the path at the selected nodes", .editor(.nodes(.breakAtSelectedNodes))),
    Shortcut([KeyChord("j", shift: true)], "Shift+J", "Join the two selected end nodes", .editor(.nodes(.joinSelectedEnds))),
    Shortcut(
      [KeyChord("l", shift: true)], "Shift+L", "Close or open the selected subpaths", .editor(.nodes(.toggleClosedSelectedSubpaths))
    ),
    Shortcut([KeyChord("l", control: true)], "Ctrl+L", "Simplify the selected curves (again: more)", .editor(.curveCommands(.simplifySelectedCurves))),
    Shortcut([KeyChord("s"), KeyChord("f1")], "S, F1", "Selector: select, move, scale and rotate objects", .editor(.tools(.choose(.selector)))),
    Shortcut([KeyChord("n"), KeyChord("f2")], "N, F2", "Node tool: edit the nodes of the selected curves", .editor(.tools(.choose(.node)))),
    Shortcut([KeyChord("b"), KeyChord("f6", shift: true)], "B, Shift+F6", "Pen: click nodes, drag handles", .editor(.tools(.choose(.pen)))),
    Shortcut([KeyChord("return")], "Enter", "Finish the pen's path", .editor(.tools(.finishPath))),
    Shortcut([KeyChord("p"), KeyChord("f6")], "P, F6", "Pencil: draw freehand", .editor(.tools(.choose(.pencil)))),
    Shortcut([KeyChord("r"), KeyChord("f4")], "R, F4", "Rectangle (Ctrl: square)", .editor(.tools(.choose(.rectangle)))),
    Shortcut([KeyChord("e"), KeyChord("f5")], "E, F5", "Ellipse (Ctrl: circle)", .editor(.tools(.choose(.ellipse)))),
    Shortcut([KeyChord("*"), KeyChord("8", shift: true)], "*", "Star: drag from its centre (Ctrl: 15° steps)", .editor(.tools(.choose(.star)))),
    Shortcut([KeyChord("t"), KeyChord("f8")], "T, F8", "Text: click to type a text, or click a text to edit it", .editor(.tools(.choose(.text)))),
    Shortcut(
      [KeyChord("c", control: true, shift: true)], "Ctrl+Shift+C", "Object to Path: the selected texts become curves, one a glyph",
      .editor(.objects(.objectToPath))
    ),
    Shortcut([KeyChord("k", control: true)], "Ctrl+K", "Combine the selected curves into one", .editor(.curveCommands(.combineSelectedCurves))),
    Shortcut(
      [KeyChord("k", control: true, shift: true)], "Ctrl+Shift+K", "Break the selected curves apart, one per subpath",
      .editor(.curveCommands(.breakApartSelectedCurves))
    ),
    Shortcut([KeyChord("z", control: true)], "Ctrl+Z", "Undo", .editor(.history(.undo))),
    Shortcut(
      [KeyChord("z", control: true, shift: true), KeyChord("y", control: true)], "Ctrl+Shift+Z, Ctrl+Y", "Redo",
      .editor(.history(.redo))
    ),
    Shortcut([KeyChord("="), KeyChord("=", shift: true)], "+, =", "Zoom in", .editor(.viewport(.zoomIn))),
    Shortcut([KeyChord("-")], "-", "Zoom out", .editor(.viewport(.zoomOut))),
    Shortcut(
      [KeyChord("=", control: true, shift: true), KeyChord("=", control: true)], "Ctrl++", "Union of the selected curves",
      .editor(.pathOperations(.apply(.union)))
    ),
    Shortcut([KeyChord("-", control: true)], "Ctrl+-", "Difference: bottom minus top", .editor(.pathOperations(.apply(.difference)))),
    Shortcut(
      [KeyChord("*", control: true), KeyChord("*", control: true, shift: true), KeyChord("8", control: true, shift: true)], "Ctrl+*",
      "Intersection of the selected curves", .editor(.pathOperations(.apply(.intersection)))
    ),
    Shortcut(
      [KeyChord("^", control: true), KeyChord("^", control: true, shift: true), KeyChord("6", control: true, shift: true)], "Ctrl+^",
      "Exclusion: what one of the two fills", .editor(.pathOperations(.apply(.exclusion)))
    ),
    Shortcut([KeyChord("/", control: true)], "Ctrl+/", "Division: bottom cut by top", .editor(.pathOperations(.apply(.division)))),
    Shortcut(
      [KeyChord("/", control: true, alt: true)], "Ctrl+Alt+/", "Cut path: bottom's outline cut by top",
      .editor(.pathOperations(.apply(.cut)))
    ),
    Shortcut(
      [KeyChord(")", control: true), KeyChord(")", control: true, shift: true), KeyChord("0", control: true, shift: true)], "Ctrl+)",
      "Outset the selected curves by 2 px", .editor(.pathOperations(.offset(outward: true)))
    ),
    Shortcut(
      [KeyChord("(", control: true), KeyChord("(", control: true, shift: true), KeyChord("9", control: true, shift: true)], "Ctrl+(",
      "Inset the selected curves by 2 px", .editor(.pathOperations(.offset(outward: false)))
    ),
    Shortcut([KeyChord("c", control: true, alt: true)], "Ctrl+Alt+C", "Stroke to path", .editor(.pathOperations(.strokeToPath))),
    Shortcut([KeyChord("0", control: true)], "Ctrl+0", "Fit the canvas in the window", .editor(.viewport(.fit))),
    Shortcut([KeyChord("1", control: true)], "Ctrl+1", "Zoom to 100%", .editor(.viewport(.actualSize))),
    Shortcut([KeyChord("n", control: true)], "Ctrl+N", "New document (saves this one first)", .editor(.documents(.newDocument))),
    Shortcut([KeyChord("o", control: true)], "Ctrl+O", "Open a document or an SVG drawing", .editor(.browser(.present(.open)))),
    Shortcut([KeyChord("s", control: true)], "Ctrl+S", "Save (a new document: Save as)", .editor(.documents(.saveOrSaveAs))),
    Shortcut([KeyChord("s", control: true, shift: true)], "Ctrl+Shift+S", "Save as", .editor(.browser(.present(.saveAs)))),
    Shortcut([KeyChord("i", control: true)], "Ctrl+I", "Import an SVG drawing into this one", .editor(.browser(.present(.importSVG)))),
    Shortcut([KeyChord("e", control: true)], "Ctrl+E", "Export plain SVG beside the document (NAME-export.svg)", .editor(.exports(.export(.svg)))),
    Shortcut(
      [KeyChord("e", control: true, shift: true)], "Ctrl+Shift+E",
      "Export: PNG, SVG, animated SVG, GIF, APNG, WebM, MP4 or Lottie, in the background", .editor(.exportDialog(.present))
    ),
    Shortcut([KeyChord("p", control: true)], "Ctrl+P", "Save a PNG screenshot", .editor(.exports(.export(.png)))),
    Shortcut(
      [KeyChord("g", control: true, alt: true)], "Ctrl+Alt+G", "Export the timeline (or the construction) as a GIF", .editor(.exports(.export(.gif)))
    ),
    Shortcut(
      [KeyChord("?"), KeyChord("/", shift: true), KeyChord("f1", shift: true)], "?, Shift+F1",
      "Command palette: every command and its keys (type to filter, Enter runs)", .commandPalette
    ),
    Shortcut([KeyChord("q", control: true)], "Ctrl+Q", "Quit (saves first)", .quit),
  ]

  /// Mouse gestures, listed in the command palette below the keys (under Help).
  static let gestures: [(label: String, summary: String)] = [
    ("Click", "Select the object (Alt: the one under it; Ctrl: the curve in its group)"),
    ("Drag", "Move the selection (Ctrl: one axis; Shift: no snapping)"),
    ("Drag a box handle", "Scale (Ctrl: keep proportions; Shift: about the centre)"),
    ("Click the selection", "Rotate and skew handles (Ctrl: 15° steps)"),
    ("Shift+click", "Add or remove an object (node tool: a point)"),
    ("Drag on empty canvas", "Select the objects (node tool: points) in a rectangle (Shift adds)"),
    ("Drop a file", ".json opens it, .svg adds its curves"),
    ("Double-click", "Enter a group; on a curve, edit its nodes (node tool: insert a point)"),
    ("Wheel", "Zoom around the pointer"),
    ("Timeline strip", "Drag the cursor to scrub; drag a mark to retime it; click the easing box for the next preset"),
    ("Middle-drag", "Pan the view"),
  ]

  private static let byChord: [KeyChord: ShortcutCommand] = {
    var table: [KeyChord: ShortcutCommand] = [:]
    for shortcut in all {
      for binding in shortcut.bindings { table[binding.key] = binding.command }
    }
    return table
  }()

  static func command(for chord: KeyChord) -> ShortcutCommand? { byChord[chord] }

  /// The command palette's lines: every shortcut (run from the palette when all its keys do
  /// one thing; the arrows' rows, which nudge each their own way, are only listed), then the
  /// mouse gestures. Entry `i < all.count` is `all[i]`.
  static let paletteEntries: [CommandPalette.Entry] =
    all.map { shortcut in
      let commands = shortcut.bindings.map(\.command)
      let runs = commands.allSatisfy { $0 == commands[0] } && commands[0] != .commandPalette
      return CommandPalette.Entry(keys: shortcut.label, summary: shortcut.summary, isCommand: runs)
    } + gestures.map { CommandPalette.Entry(keys: $0.label, summary: $0.summary, isCommand: false) }

  /// The command palette's entry `index` runs this, if it runs anything.
  static func paletteCommand(_ index: Int) -> ShortcutCommand? {
    all.indices.contains(index) && paletteEntries[index].isCommand ? all[index].bindings[0].command : nil
  }
}
