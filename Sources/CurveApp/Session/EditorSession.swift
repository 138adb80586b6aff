import Composable
import CurveFeature
import CurveGeometry
import Foundation

/// The app's side of the editor: turns input events into store actions and holds what only
/// the window needs (the layout, the slider being dragged, the palette's scroll). The window's
/// event loop and `curves replay` both make theirs with `start`, so they share every code
/// path, requests included: locks, exports and the save on quitting are the editor's actions.
///
/// ```swift
/// let session = EditorSession.start(state: state, layout: layout)
/// session.handle(.pointerDown(x: 120, y: 80, clicks: 1))
/// if session.handle(.key(KeyChord("q", control: true))) == .quit { await session.finishQuitting() }
/// ```
///
/// Pointer positions on the canvas go to the store as screen points (UI units, the window's
/// top-left at the origin); the editor's viewport, which knows where the canvas area is,
/// maps them into the document.
@MainActor
package final class EditorSession {
  /// What the session asks of the shell that runs it.
  package enum Request: Equatable {
    /// Stop taking input and exit once `quitting` has finished (the save on quitting).
    case quit
  }

  package let store: StoreOf<Editor>
  private(set) var layout: Layout
  /// The construction level the panel's level toggles set (1 is the first after the polygon).
  private(set) var chosenLevel = 1
  /// The panel's page: the editor's controls, the primer's figures, or the objects.
  var panelPage = PanelPage.edit
  /// The objects panel's first row shown (the wheel scrolls it), the groups opened in it,
  /// and the row being renamed with what is typed so far.
  var objectListFirstRow = 0
  var expandedGroups: Set<String> = []
  var renaming: ObjectRenaming?
  /// The object whose row was pressed in the tree: released over another row, it goes there.
  var pressedObjectRow: DrawingObject?
  /// The selection the tree last scrolled to, so it scrolls once for each new one.
  var lastListedSelection: DrawingObject?
  /// The slider the mouse is dragging, from button down to button up.
  private(set) var activeSlider: SliderKind?
  /// Buttons pressed on the canvas and not yet released: their moves and releases go to the
  /// editor wherever the pointer is, so a drag outside the canvas area still ends.
  private var canvasButtons: Set<PointerButton> = []
  /// Whether the last pointer position was over the canvas area (leaving it clears hover).
  private var isPointerOnCanvas = false
  /// What a press on the timeline strip drags until the button comes up.
  enum StripDrag: Equatable {
    case scrub
    case keyframe
    case easingHandle(second: Bool)
  }
  private(set) var stripDrag: StripDrag?
  /// The tool bar's button under the pointer: its tooltip shows.
  private(set) var hoveredToolbarItem: ToolbarItem?
  /// The modifier keys the last pointer event had: the editor hears when they change.
  private var modifiers: PointerModifiers = []
  /// The save on quitting, once asked for (and, for an SVG drawing, answered: `FileQuestion`).
  var quitting: StoreTask?
  /// The last save Ctrl+S asked for: it writes its file in the background, and quitting right
  /// after it must wait for it (a busy machine wrote the tiger after the editor had quit).
  /// Saves write one at a time and an older one never over a newer (`SaveOrder`), so the
  /// last one done is the document on disk.
  private var lastSave: StoreTask?
  /// The last export asked for, until it is written.
  var exporting: StoreTask?

  /// Waits for the last save asked for, then for the save on quitting: what the shell awaits
  /// before the process ends.
  func finishQuitting() async {
    await lastSave?.finish()
    await quitting?.finish()
  }

  /// The file the browser last chose, until it is opened, saved or imported.
  private(set) var choosingFile: StoreTask?
  /// The browser's first line shown: it scrolls only as far as the selection needs, so a
  /// click on a line never moves the list under the pointer.
  private(set) var browserFirstRow = 0
  /// The command palette's first line shown, kept so its selection is in view.
  var paletteFirstRow = 0
  /// Bumped when window-only state changes; with the store's version it tells the loop to draw.
  var viewVersion = 0

  /// Shows the store's document in a window or frame laid out as `layout`.
  package init(store: StoreOf<Editor>, layout: Layout) {
    self.store = store
    self.layout = layout
    sendCanvasArea()
  }

  /// A session on a new store of `state`, as the window and `curves replay` run it: exports
  /// drawn from this session's frame, the document's file locked (or opened read-only).
  static func start(
    state: Editor.State, layout: Layout, printsChanges: Bool = false,
    withDependencies prepare: @escaping (inout DependencyValues) -> Void = { _ in }
  ) -> EditorSession {
    let frames = SessionFrames()
    let store = Store(initialState: state) { Editor(printsChanges: printsChanges) } withDependencies: {
      $0.exporter = .rendering(frames)
      // Pasting or duplicating 10,000 curves makes 40,000 ids: none of them a system call.
      $0.uuid = UUIDGenerator { RandomUUIDs.shared() }
      prepare(&$0)
    }
    let session = EditorSession(store: store, layout: layout)
    frames.session = session
    store.send(.documents(.claimFile))
    store.send(.browser(.offerRecentFiles))
    return session
  }

  /// Changes whenever the next frame would differ from the last one drawn.
  var frameVersion: Int { store.version &+ viewVersion &* 1_000_003 }

  @discardableResult
  package func handle(_ event: InputEvent) -> Request? {
    defer {
      scrollBrowser()
      keepSelectionInObjectList()
    }
    // A file question, the dialogs, the file browser, then the menu bar take the keyboard
    // and the pointer while open.
    if store.state.file.question != nil, let handled = handleQuestion(event) { return handled }
    if store.state.palette != nil, let handled = handlePalette(event) { return handled }
    if store.state.exportDialog != nil, let handled = handleExportDialog(event) { return handled }
    if store.state.browser != nil, let handled = handleInBrowser(event) { return handled }
    if let handled = handleMenuBar(event) { return handled }
    if let handled = handleTextCursor(event) { return handled }
    if store.state.operation != nil, let handled = handleWhileOperating(event) { return handled }
    switch event {
    case let .pointerDown(x, y, clicks, button, modifiers):
      noteModifiers(modifiers)
      pointerDown(at: layout.unitPoint(x: x, y: y), clicks: clicks, button: button, modifiers: modifiers)
    case let .pointerMoved(x, y, _, modifiers):
      noteModifiers(modifiers)
      pointerMoved(to: layout.unitPoint(x: x, y: y))
    case let .pointerUp(x, y, button, _):
      // Not the release's modifiers: a key let go with the button must not change what the
      // drag made.
      pointerUp(at: layout.unitPoint(x: x, y: y), button: button)
    case let .wheel(x, y, notches):
      let point = layout.unitPoint(x: x, y: y)
      if layout.canvasArea.contains(point) { store.send(.viewport(.zoom(notches: notches, around: point))) }
      if panelPage == .objects, layout.objectListFrame.contains(point) { scrollObjects(by: notches) }
    case let .key(chord):
      if renaming != nil, typeIntoName(chord) { return nil }
      return key(chord)
    case let .text(text):
      if renaming != nil { typeIntoName(text) }
    case .wait:
      break
    case .close:
      return quit()
    case let .resize(width, height):
      let density = layout.pixelsPerUnit / layout.pointsPerUnit
      resize(windowPoints: (Double(width), Double(height)), pixels: (Double(width) * density, Double(height) * density))
    case let .drop(path):
      drop(path)
    }
    return nil
  }

  /// An event while the file browser is open: typing, its keys and clicks on its list go
  /// to it, and everything else but quitting, resizing and time passing is ignored. Nil
  /// when the event is handled as usual.
  private func handleInBrowser(_ event: InputEvent) -> Request?? {
    guard let browsing = store.state.browser else { return nil }
    switch event {
    case let .text(text):
      store.send(.browser(.type(text)))
    case let .key(chord):
      switch (chord.key, chord.control, chord.alt) {
      case ("return", false, false): choosingFile = store.send(.browser(.activate))
      case ("escape", false, false): store.send(.browser(.cancel))
      case ("backspace", false, false): store.send(.browser(.deleteBackward))
      case ("up", false, false): store.send(.browser(.moveSelection(by: -1)))
      case ("down", false, false): store.send(.browser(.moveSelection(by: 1)))
      case ("q", true, false): return .some(quit())
      default: break
      }
    case let .pointerDown(x, y, clicks, .left, _):
      let rows = browsing.rows
      guard let index = layout.browserRowIndex(at: layout.unitPoint(x: x, y: y), firstRow: browserFirstRow, count: rows.count) else { break }
      store.send(.browser(.select(index)))
      if clicks >= 2 { choosingFile = store.send(.browser(.activate)) }
    case .close, .resize, .wait, .drop:
      return nil
    case let .pointerUp(_, _, button, _) where canvasButtons.contains(button) || activeSlider != nil:
      // A press made before the browser opened (on the canvas or a slider) still ends.
      return nil
    case .pointerDown, .pointerMoved, .pointerUp, .wheel:
      break
    }
    return .some(nil)
  }

  /// Keeps the browser's selected line in view, moving the list no more than that needs.
  private func scrollBrowser() {
    guard let browsing = store.state.browser else {
      browserFirstRow = 0
      return
    }
    let count = browsing.rows.count, visible = layout.browserVisibleRows
    var first = browserFirstRow
    if let selection = browsing.selection {
      if selection < first { first = selection }
      if selection >= first + visible { first = selection - visible + 1 }
    }
    first = max(min(first, count - visible), 0)
    if first != browserFirstRow {
      browserFirstRow = first
      viewVersion &+= 1
    }
  }

  /// Tells the editor when Shift, Ctrl or Alt changed: a drag under way reads them.
  private func noteModifiers(_ held: PointerModifiers) {
    guard held != modifiers else { return }
    modifiers = held
    store.send(.pointer(.modifiersChanged(held)))
  }

  /// Saves what must be saved before the shell exits; nil while an SVG drawing's unsaved
  /// edits are being asked about (Save, Discard or Cancel).
  private func quit() -> Request? {
    guard quitting == nil else { return .quit }
    let task = store.send(.documents(.quit))
    guard store.state.file.question == nil else { return nil }
    quitting = task
    return .quit
  }

  /// A new window size: re-lays out the panel and shows the canvas in the new area. The
  /// document is not touched.
  func resize(windowPoints: (width: Double, height: Double), pixels: (width: Double, height: Double)) {
    layout = Layout(windowPoints: windowPoints, pixels: pixels, scale: layout.pointsPerUnit)
    viewVersion &+= 1
    sendCanvasArea()
  }

  /// A file dropped on the window; the task ends once it is opened or added.
  @discardableResult
  func drop(_ path: String) -> StoreTask {
    store.send(.documents(.drop(URL(fileURLWithPath: path))))
  }

  func slider(_ kind: SliderKind) -> SliderModel { SliderModel.model(for: kind, store: store) }
  func nodeButton(_ control: PanelControl) -> NodeButtonModel? { NodeButtonModel.model(for: control, state: store.state) }
  func toggle(_ kind: ToggleKind) -> ToggleModel { ToggleModel.model(for: kind, level: chosenLevel, state: store.state) }
  func primerToggle(_ kind: PrimerToggle) -> ToggleModel { ToggleModel.model(for: kind, state: store.state) }

  private func sendCanvasArea() {
    let area = layout.canvasArea
    store.send(.viewport(.place(area)))
  }

  private func pointerDown(at point: Point, clicks: Int, button: PointerButton, modifiers: PointerModifiers) {
    if store.file.errorMessage != nil, layout.errorBanner.contains(point) {
      store.send(.documents(.dismissError))
      return
    }
    if canvasButtons.isEmpty, Toolbar.contains(point, for: store.state, in: layout) {
      if button == .left, let item = Toolbar.item(at: point, for: store.state, in: layout) { store.send(item.action(store.state)) }
      return
    }
    if canvasButtons.isEmpty, let strip = TimelineStrip(state: store.state, layout: layout), strip.frame.contains(point) {
      if button == .left { pressStrip(strip, at: point) }
      return
    }
    if layout.canvasArea.contains(point) {
      canvasButtons.insert(button)
      store.send(.pointer(.down(point, button: button, clickCount: clicks, modifiers: modifiers)))
      return
    }
    guard button == .left, layout.panel.contains(point) else { return }
    switch layout.control(at: point, on: panelPage) {
    case let .page(page):
      panelPage = page
      viewVersion &+= 1
    case let .primerToggle(kind):
      store.send(primerToggle(kind).action)
    case let .slider(kind):
      activeSlider = kind
      viewVersion &+= 1
      if kind.dragsTheSelection { store.send(.moving(.grabSelection)) }
      if kind.editsStyle { store.send(.styling(.beginStyleEdit)) }
      if kind.editsObjects { store.send(.objects(.beginBoxEdit)) }
      setSlider(kind, at: point)
    case let .levelStep(step):
      chosenLevel = min(max(chosenLevel + step, 1), Editor.pointsPerCurve.upperBound - 2)
      viewVersion &+= 1
    case let .swatch(index):
      store.send(.styling(.setColor(RGBColor.palette.indices.contains(index) ? RGBColor.palette[index] : nil)))
    case .fill(PanelControl.gradientSwatch):
      store.send(.styling(.cyclePaintKind(.fill)))
    case .stroke(PanelControl.gradientSwatch):
      store.send(.styling(.cyclePaintKind(.stroke)))
    case let .fill(index):
      store.send(.styling(.pickPaint(.fill, PanelControl.paint(at: index))))
    case let .stroke(index):
      store.send(.styling(.pickPaint(.stroke, PanelControl.paint(at: index))))
    case .nodeType, .closeOpen:
      if let control = layout.control(at: point, on: panelPage), let model = nodeButton(control), model.isEnabled { store.send(model.action) }
    case .playPause:
      store.send(.animation(.togglePlaying))
    case let .toggle(kind):
      store.send(toggle(kind).action)
    case .objectToggle, .align, .alignAnchor, .distribute, .objectRow:
      pressObjectsPage(at: point, clicks: clicks, modifiers: modifiers)
    case nil:
      break
    }
  }

  private func pointerMoved(to point: Point) {
    if let slider = activeSlider {
      setSlider(slider, at: point)
      return
    }
    if let drag = stripDrag, let strip = TimelineStrip(state: store.state, layout: layout) {
      dragStrip(strip, drag, to: point)
      return
    }
    let hovered = canvasButtons.isEmpty && layout.hasChrome ? Toolbar.item(at: point, for: store.state, in: layout) : nil
    if hovered != hoveredToolbarItem {
      hoveredToolbarItem = hovered
      viewVersion &+= 1
    }
    let isOnCanvas = layout.canvasArea.contains(point) && (!canvasButtons.isEmpty || !Toolbar.contains(point, for: store.state, in: layout))
    defer { isPointerOnCanvas = isOnCanvas }
    if isOnCanvas || !canvasButtons.isEmpty {
      store.send(.pointer(.moved(point)))
    } else if isPointerOnCanvas {
      store.send(.pointer(.exited))
    }
  }

  private func pointerUp(at point: Point, button: PointerButton) {
    if button == .left, dropObjectRow(at: point) { return }
    if stripDrag != nil, button == .left {
      stripDrag = nil
      return
    }
    if let slider = activeSlider, button == .left {
      activeSlider = nil
      viewVersion &+= 1
      // Ends the slider's drag of the selection: one undo step.
      if slider.dragsTheSelection { store.send(.moving(.releaseSelection)) }
      if slider.editsStyle { store.send(.styling(.endStyleEdit)) }
      if slider.editsObjects { store.send(.objects(.endBoxEdit)) }
      return
    }
    guard canvasButtons.remove(button) != nil else { return }
    store.send(.pointer(.up(point, button: button)))
  }

  /// A press on the strip: the play button plays; a mark is picked and dragged; in the easing
  /// box a handle is dragged, or a click elsewhere there gives the next preset; anywhere
  /// else the cursor jumps there and is dragged.
  private func pressStrip(_ strip: TimelineStrip, at point: Point) {
    if strip.playButton.contains(point) {
      store.send(.keyframes(.togglePlaying))
    } else if strip.easingBox.contains(point) {
      guard let easing = store.state.selectedEasing else { return }
      if let (first, second) = strip.handles(of: easing), min(first.distance(to: point), second.distance(to: point)) <= 8 {
        stripDrag = .easingHandle(second: second.distance(to: point) < first.distance(to: point))
      } else {
        store.send(.keyframes(.cycleEasing))
      }
    } else if let mark = strip.mark(at: point) {
      store.send(.keyframes(.selectKeyframe(mark)))
      stripDrag = .keyframe
    } else {
      store.send(.keyframes(.selectKeyframe(nil)))
      store.send(.keyframes(.seek(to: strip.time(atX: point.x))))
      stripDrag = .scrub
    }
  }

  private func dragStrip(_ strip: TimelineStrip, _ drag: StripDrag, to point: Point) {
    switch drag {
    case .scrub: store.send(.keyframes(.seek(to: strip.time(atX: point.x))))
    case .keyframe: store.send(.keyframes(.moveSelectedKeyframe(to: strip.time(atX: point.x))))
    case let .easingHandle(second):
      store.send(.keyframes(.moveEasingHandle(second: second, to: strip.easingCoordinates(of: point))))
    }
  }

  private func setSlider(_ kind: SliderKind, at point: Point) {
    let track = layout.track(of: kind)
    slider(kind).set(fraction: (point.x - track.minX) / track.width)
  }

  private func key(_ chord: KeyChord) -> Request? {
    guard let command = Shortcut.command(for: chord) else { return nil }
    return run(command)
  }

  /// What a key, or the command palette, runs.
  func run(_ command: ShortcutCommand) -> Request? {
    switch command {
    case let .editor(action):
      let task = store.send(action)
      if case .exports = action { exporting = task }
      if case .documents(.saveOrSaveAs) = action { lastSave = task }

    case .commandPalette:
      paletteFirstRow = 0
      store.send(.palette(.present(Shortcut.paletteEntries)))
    case let .showPanel(page):
      panelPage = page
      viewVersion &+= 1
    case .escape:
      // Escape stops a path operation, then an export, under way before anything else.
      store.send(store.state.operation != nil ? .pathOperations(.cancel) : store.state.exporting != nil ? .exports(.cancel) : .tools(.escape))
    case .quit:
      return quit()
    }
    return nil
  }
}
