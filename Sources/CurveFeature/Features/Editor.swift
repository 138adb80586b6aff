import Composable
import CurveSVG
import CurveGeometry
import Foundation
import OrderedCollections

/// The editor: a document of curves seen through a viewport, edited with the pointer and
/// keyboard commands, animated, undoable, saved.
///
/// ```swift
/// let store = Store(initialState: Editor.State.makeDefault()) { Editor() }
/// store.send(.viewport(.resize(width: 800, height: 726)))
/// store.send(.pointer(.down(Point(x: 120, y: 450), button: .left, clickCount: 1, modifiers: [])))
/// store.send(.pointer(.moved(Point(x: 140, y: 460))))
/// store.send(.pointer(.up(Point(x: 140, y: 460), button: .left)))
/// ```
///
/// A composition of child features, each in its own file: `Viewport`, `Construction` and
/// `Display` own their part of the state; `Keyframes` plays and keys the timeline; `Pointer`, `Selection`, `Moving`, `CurveCommands`,
/// `Styling`, `History`, `Clipboard`, `Documents` and `Exports` edit or save the drawing, so
/// they reduce the editor's whole state (a child state holding a copy of the curves would copy
/// all of them on every drag step). A point moved by a feature (a drag, a nudge, a slider)
/// reaches its `ControlPoint` as `movePoint` through its `Curve` and `Subpath`, run directly
/// in the same pass; one sent to the editor goes through `DocumentCurves`, the forEach over
/// curves, subpaths and points. `Autosave` saves a second after the last edit.
public struct Editor: Reducer {
  public static let pointsPerCurve = Document.pointsPerCurve

  /// The editor's state in parts that change together: the drawing (what is saved), the view
  /// of it, the interaction under way, the drawing's file, and the undo history.
  public struct State: Equatable, Sendable {
    public var drawing: Drawing
    /// The window's view of the canvas; never saved, never changes the drawing.
    public var viewport: Viewport.State
    public var interaction = Interaction()
    public var file = FileStatus()
    public var history = UndoHistory<DrawingSnapshot>()
    /// The file browser, while Ctrl+O, Ctrl+Shift+S or Ctrl+I has it open.
    public var browser: FileBrowser.Browsing?
    /// The command palette, while `?` or Shift+F1 has it open.
    public var palette: CommandPalette.Palette?
    /// The menu bar, while a menu is dropped or Alt has focused it.
    public var menuBar: MenuBar.Bar?
    /// The export under way, in the background.
    public var exporting: Exports.Running?
    /// A path operation working off the reducer's thread; edits wait for it.
    public var operation: PathOperations.Running?
    /// The export dialog, while Ctrl+Shift+E has it open.
    public var exportDialog: ExportDialog.Dialog?
    /// What the export dialog last exported, for the document's next export.
    public var exportSettings = ExportSettings()
    /// Where the window is in the timeline, and how it plays it.
    public var playhead = Playhead()
    /// Where each point is, for hit testing: a cache of `drawing.curves`, rebuilt on demand
    /// after edits, and not part of what makes two states equal.
    var pointIndex = PointIndex()

    public init(
      curves: IdentifiedArrayOf<Curve.State>,
      canvas: Canvas = Canvas(width: 800, height: 600),
      animation: AnimationSettings = AnimationSettings(),
      display: DisplayOptions = DisplayOptions()
    ) {
      self.drawing = Drawing(curves: curves, animation: animation, display: display)
      self.viewport = Viewport.State(canvas: canvas)
    }

    /// The state of an opened document, saved (by Ctrl+S and autosave) to `url`; the file
    /// there holds this document when `url` is given. Curves in transformed groups are
    /// edited where they are seen.
    public init(document: Document, url: URL?) {
      // A morph's keyframes are made to correspond once, here, so each frame only moves points.
      // Kept texts read from a saved document are laid out again (their glyphs are not saved).
      var document = document
      // Each drawn text becomes an object: a group of its glyphs (`TextObject`).
      SVGImport.layOutKeptTexts(in: &document)
      document = document.textsAsObjects().corresponded().inDrawingCoordinates()
      // The curve lab keeps its points on the page; a drawing is opened as it is, what lies
      // off the page included, as SVG has it.
      self.init(
        curves: document.editorCurves(clampedToCanvas: document.display.handles == .all), canvas: document.canvas,
        animation: document.animationSettings, display: document.display
      )
      drawing.groups = document.groups
      drawing.kept = document.kept
      drawing.namespaces = document.namespaces
      drawing.rootAttributes = document.rootAttributes
      // What a keyframe leaves out of a part that other keyframes animate is filled in now,
      // from the file's curve, as the curves shown will move (a part no keyframe has stays
      // left out: it does not move, and the file keeps its form).
      drawing.timeline = document.timeline.map { timeline in
        var filled = timeline
        let curves = Dictionary(document.curves.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        filled.tracks = timeline.tracks.map { track in
          guard let curve = curves[track.curve] else { return track }
          var track = track
          let animatesShape = track.keyframes.contains { $0.subpaths != nil }, animatesStyle = track.keyframes.contains { $0.style != nil }
          track.keyframes = track.filledKeyframes(from: curve).map { keyframe in
            var keyframe = keyframe
            if !animatesShape { keyframe.subpaths = nil }
            if !animatesStyle { keyframe.style = nil }
            return keyframe
          }
          return track
        }
        // Likewise a group's opacity: the groups shown fade, so their own is not kept.
        filled.groupTracks = timeline.groupTracks.map { track in
          guard let group = document.groups.first(where: { $0.id == track.group }), track.keyframes.contains(where: { $0.opacity != nil }) else { return track }
          var track = track
          track.keyframes = zip(track.keyframes, track.filledKeyframes(from: group)).map { own, complete in
            var keyframe = own
            keyframe.opacity = complete.opacity
            return keyframe
          }
          return track
        }
        return filled
      }
      show(time: 0)
      // A drawing opens in the selector, the curve lab in the node tool.
      interaction.tool = drawing.display.handles == .selected ? .selector : .node
      self.file = FileStatus(url: url, savedRevision: url == nil ? nil : drawing.revision)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.drawing == rhs.drawing && lhs.viewport == rhs.viewport && lhs.interaction == rhs.interaction
        && lhs.file == rhs.file && lhs.history == rhs.history && lhs.browser == rhs.browser && lhs.playhead == rhs.playhead
        && lhs.palette == rhs.palette && lhs.menuBar == rhs.menuBar && lhs.exporting == rhs.exporting
        && lhs.exportDialog == rhs.exportDialog && lhs.exportSettings == rhs.exportSettings && lhs.operation == rhs.operation
    }

    /// The document's page, in document units: fixed; the viewport only shows it.
    public var canvas: Canvas { viewport.canvas }

    /// Whether the drawing differs from the file at `file.url` (or has none).
    public var hasUnsavedChanges: Bool { file.savedRevision != drawing.revision }

    /// The default document: one curve of four points, as in the original app.
    public static func makeDefault(canvas: Canvas = Canvas(width: 800, height: 600)) -> State {
      @Dependency(\.uuid) var uuid
      let positions = [(0.15, 0.75), (0.3, 0.2), (0.7, 0.2), (0.85, 0.75)]
      let curve = Curve.State(id: uuid(), points: IdentifiedArray(uniqueElements: positions.map {
        ControlPoint.State(id: uuid(), position: Point(x: $0.0 * canvas.width, y: $0.1 * canvas.height))
      }))
      // New documents animate smoothly; files without a mode keep the original steps.
      return State(curves: [curve], canvas: canvas, animation: AnimationSettings(mode: .smooth))
    }

    /// The box around the selected points; nil when nothing is selected.
    public var selectionBounds: Rect? {
      let positions = interaction.selection.compactMap { drawing.curves[$0]?.position }
      return positions.isEmpty ? nil : Rect(enclosing: positions)
    }

    /// The curves commands act on, in document order: in the selector, those of the selected
    /// objects; elsewhere, those that have a selected point.
    public var selectedCurveIDs: OrderedSet<Curve.State.ID> {
      if interaction.tool == .selector { return OrderedSet(curveIDs(of: interaction.selectedObjects)) }
      // From the selection, not the document: a panel reads this every frame, and a
      // document may hold 10,000 curves.
      var indices = Set(interaction.selection.lazy.compactMap { drawing.curves.index(id: $0.curve) })
      if let point = interaction.splinePoint, let index = drawing.curves.index(id: point.curve) { indices.insert(index) }
      return OrderedSet(indices.sorted().map { drawing.curves[$0].id })
    }

    /// Keeps only selected (and hovered) points that still exist, after undo or a delete.
    public mutating func forgetMissingSelection() {
      if let cursor = interaction.textCursor, !drawing.groups.contains(where: { $0.id == cursor.group && $0.text != nil }) {
        interaction.textCursor = nil
      }
      interaction.forgetMissingPoints(of: drawing.curves)
      interaction.forgetMissingObjects(in: drawing)
      if let point = interaction.splinePoint, !(drawing.curves[id: point.curve]?.liveSpline?.points.indices.contains(point.index) ?? false) {
        interaction.splinePoint = nil
      }
    }

    /// Whether `count` more curves fit within `Document.maximumCurves`; if not, the notice
    /// says so and the command that asked does nothing.
    public mutating func hasRoom(forCurves count: Int) -> Bool {
      guard drawing.curves.count + count > Document.maximumCurves else { return true }
      interaction.notice = "A document holds at most \(Document.maximumCurves) curves."
      return false
    }

    /// Starts a drag of the selection grabbed by `point`: the curves now are the undo step's
    /// "before".
    mutating func beginDrag(_ drag: Drag) {
      interaction.gesture = .drag(drag)
      history.begin(undoSnapshot)
    }

    /// Ends the gesture under way, the one place that does: a drag that changed the drawing is
    /// one undo step; a rubber band or pan simply stops. Every other edit ends an open
    /// gesture first, so undo steps stay in the order they were made.
    public mutating func endGesture() {
      finishGesture(keepingTheMove: true)
    }

    /// Escape during a gesture: dragged points go back to where the drag found them.
    public mutating func cancelGesture() {
      finishGesture(keepingTheMove: false)
    }

    private mutating func finishGesture(keepingTheMove: Bool) {
      guard let gesture = interaction.gesture else { return }
      interaction.gesture = nil
      // A drag of points or a reshape of a segment is an undo step; a rubber band or pan is not.
      guard let startRevision = gesture.startRevision else { return }
      if drawing.revision != startRevision, keepingTheMove {
        history.commit()
      } else if drawing.revision != startRevision, let start = history.pending {
        restore(start)
        history.discard()
        drawing.markCurvesEdited()
      } else {
        history.discard()
        if case let .drag(drag) = gesture, drag.selectsOnlyThePointIfNotMoved { interaction.selection = [drag.point] }
      }
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case curves(IdentifiedActionOf<Curve>)
    case pointer(Pointer.Action)
    case selection(Selection.Action)
    case moving(Moving.Action)
    case curveCommands(CurveCommands.Action)
    case pathOperations(PathOperations.Action)
    case styling(Styling.Action)
    case nodes(NodeCommands.Action)
    case splines(SplineCommands.Action)
    case history(History.Action)
    case clipboard(Clipboard.Action)
    case animation(Construction.Action)
    case viewport(Viewport.Action)
    case display(Display.Action)
    case documents(Documents.Action)
    case exports(Exports.Action)
    case tools(Tools.Action)
    case browser(FileBrowser.Action)
    case palette(CommandPalette.Action)
    case menuBar(MenuBar.Action)
    case exportDialog(ExportDialog.Action)
    case keyframes(Keyframes.Action)
    case objects(ObjectCommands.Action)
    case arrange(Arrange.Action)
    case objectProperties(ObjectProperties.Action)
    case text(TextEditing.Action)
  }

  /// Prints every action and the state change it made (`curves --debug`).
  public var printsChanges: Bool

  public init(printsChanges: Bool = false) {
    self.printsChanges = printsChanges
  }

  public var body: some ReducerOf<Self> {
    KeyingEdits(base: CombineReducers {
      Reduce { state, action in
        // The display toggles and the animation's settings (the sliders, M, R and K) are saved
        // with the drawing: changing them is an edit.
        switch action {
        case .display, .animation(.binding), .animation(.toggleMode), .animation(.cycleRepetition), .animation(.toggleArcLength):
          state.drawing.markEdited()
        case .keyframes(.togglePlaying) where state.drawing.timeline == nil:
          // Space plays the construction when there is no timeline to play.
          return .send(.animation(.togglePlaying))
        case .keyframes(.delete) where state.playhead.selectedKey == nil:
          // The selector deletes whole objects.
          return .send(.curveCommands(state.interaction.tool == .selector ? .deleteSelectedCurves : .deleteSelectedPoints))
        case .curveCommands(.simplifySelectedCurves):
          // A large selection takes seconds to refit: off the reducer's thread, cancellable.
          return .send(.pathOperations(.simplify))
        case .documents(.saveOrSaveAs):
          // A document without a name of its own is named first, as every desktop editor does.
          return .send(state.file.url == nil || state.file.isAutosave ? .browser(.present(.saveAs)) : .documents(.save))
        case let .exportDialog(.delegate(.export(settings, url))):
          return .send(.exports(.exportAs(settings, url)))
        case let .browser(.delegate(.chose(url, purpose))):
          switch purpose {
          case .open: return .send(.documents(.openFile(url)))
          case .saveAs: return .send(.documents(.saveAs(url)))
          case .importSVG: return .send(.documents(.drop(url)))
          }
        default: break
        }
        return .none
      }
      Scope(state: \.viewport, action: \.viewport) { Viewport() }
      Scope(state: \.drawing.animation, action: \.animation) { Construction() }
      Scope(state: \.self, action: \.pointer) { Pointer() }
      Scope(state: \.self, action: \.selection) { Selection() }
      Scope(state: \.self, action: \.moving) { Moving() }
      Scope(state: \.self, action: \.curveCommands) { CurveCommands() }
      Scope(state: \.self, action: \.pathOperations) { PathOperations() }
      Scope(state: \.self, action: \.styling) { Styling() }
      Scope(state: \.self, action: \.nodes) { NodeCommands() }
      Scope(state: \.self, action: \.splines) { SplineCommands() }
      Scope(state: \.self, action: \.history) { History() }
      Scope(state: \.self, action: \.clipboard) { Clipboard() }
      Scope(state: \.drawing.display, action: \.display) { Display() }
      Scope(state: \.self, action: \.documents) { Documents() }
      Scope(state: \.self, action: \.exports) { Exports() }
      Scope(state: \.self, action: \.tools) { Tools() }
      Scope(state: \.self, action: \.browser) { FileBrowser() }
      Scope(state: \.self, action: \.palette) { CommandPalette() }
      Scope(state: \.self, action: \.menuBar) { MenuBar() }
      Scope(state: \.self, action: \.exportDialog) { ExportDialog() }
      Scope(state: \.self, action: \.keyframes) { Keyframes() }
      Scope(state: \.self, action: \.objects) { ObjectCommands() }
      Scope(state: \.self, action: \.arrange) { Arrange() }
      Scope(state: \.self, action: \.objectProperties) { ObjectProperties() }
      Scope(state: \.self, action: \.text) { TextEditing() }
      DocumentCurves()
      TextsOnPaths()
      Autosave()
    })
    ._printChanges(printsChanges ? .customDump : nil)
  }
}
