import Composable
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
/// A composition of child features, each in its own file: `Viewport` and `Playback` own
/// their part of the state; `Pointer`, `Editing`, `History`, `Clipboard` and `DocumentIO`
/// edit the document, so they reduce the editor's whole state (a child state holding a copy
/// of the curves would copy all of them on every drag step). A point moved by a feature (a
/// drag, a nudge, a slider) reaches its `PointFeature` as `movePoint` through its curve's
/// `CurveReducer`, run directly in the same pass; one sent to the editor goes through
/// `DocumentCurves`, the forEach over curves and points. `Autosave` saves a second after the
/// last edit.
public struct Editor: Reducer {
  public static let pointsPerCurve = 2...16

  public struct State: Equatable {
    public var curves: IdentifiedArrayOf<CurveReducer.State>
    public var display = DisplayOptions()
    public var animation: AnimationSettings
    /// The window's view of the canvas; never saved, never changes the document.
    public var viewport: Viewport.State
    /// The selected points, in the order they were selected.
    public var selection: OrderedSet<PointReference> = []
    public var hover: PointReference?
    public var drag: Drag?
    /// A rubber band being dragged out on empty canvas, in document units.
    public var rubberBand: RubberBand?
    /// A short message for the status line: why a command did nothing ("E: a curve has at most 16 points").
    public var notice: String?
    /// Where the pointer was at the last step of a middle-button pan, while it lasts.
    public var panAnchor: Point?
    /// The selection that a single click on empty canvas just cleared: the second click of a
    /// double-click inserts into its curve.
    public var clearedSelection: OrderedSet<PointReference> = []
    public var history = UndoHistory<IdentifiedArrayOf<CurveReducer.State>>()
    /// Where the document is saved, by Ctrl+S and by autosave; none means nothing is saved.
    public var documentURL: URL?
    /// Counts edits of the document (curves, animation settings, display options), so
    /// "is it saved?" and "is an autosave due?" cost O(1) whatever the document's size.
    public private(set) var revision = 0
    /// The revision that is on disk at `documentURL`; nil when none is.
    public var savedRevision: Int?
    /// The revision the pending (or last) autosave writes.
    public var autosaveRevision = 0
    /// A load or save error for the app to show; the document is left as it was.
    public var errorMessage: String?
    /// The file as this editor last read or wrote it: a save finding it otherwise (another
    /// program changed it) goes to `conflictURL` instead. Nil when not known.
    public var diskStamp: FileStamp?
    /// Where saves go once the file was found changed by another program, so neither version
    /// is lost; the banner names both files.
    public var conflictURL: URL?
    /// The document's file is open in another editor (which holds its lock): this one edits
    /// but never writes it, by Ctrl+S, autosave or on quitting.
    public var isReadOnly = false
    /// Where each point is, for hit testing; rebuilt after edits, on demand.
    public var pointIndex = PointIndex()

    /// A drag of the selection by one of its points (the pointer) or by an x/y slider. Plain
    /// values, so reading it at every step costs nothing; the curves before it, which hold
    /// every selected point's start, wait in `history.pending`.
    public struct Drag: Equatable, Sendable {
      public var point: PointReference
      /// Where the pointer grabbed the point, relative to its centre, in document units.
      public var grabOffset: Point
      public var start: Point
      /// The selected points' box when the drag began: how far the selection may move before a
      /// point would leave the canvas.
      public var bounds: Rect
      /// The document's revision when the drag began: it is an undo step if that changed.
      public var startRevision: Int
      /// A plain press on a point of a larger selection: released without moving, it selects
      /// just that point, as drawing programs do.
      public var selectsOnlyThePointIfNotMoved: Bool

      public init(
        point: PointReference, grabOffset: Point, start: Point, bounds: Rect? = nil, startRevision: Int,
        selectsOnlyThePointIfNotMoved: Bool = false
      ) {
        self.point = point
        self.grabOffset = grabOffset
        self.start = start
        self.bounds = bounds ?? Rect(minX: start.x, minY: start.y, maxX: start.x, maxY: start.y)
        self.startRevision = startRevision
        self.selectsOnlyThePointIfNotMoved = selectsOnlyThePointIfNotMoved
      }
    }

    /// A rubber band from `anchor` to `corner` (document units); `base` is what stays
    /// selected besides the points inside (the selection before, with Shift).
    public struct RubberBand: Equatable, Sendable {
      public var anchor: Point
      public var corner: Point
      public var base: OrderedSet<PointReference>

      public init(anchor: Point, corner: Point, base: OrderedSet<PointReference>) {
        self.anchor = anchor
        self.corner = corner
        self.base = base
      }

      public var rect: Rect {
        Rect(minX: min(anchor.x, corner.x), minY: min(anchor.y, corner.y), maxX: max(anchor.x, corner.x), maxY: max(anchor.y, corner.y))
      }
    }

    public init(
      curves: IdentifiedArrayOf<CurveReducer.State>,
      canvas: Canvas = Canvas(width: 800, height: 600),
      animation: AnimationSettings = AnimationSettings(),
      display: DisplayOptions = DisplayOptions()
    ) {
      self.curves = curves
      self.viewport = Viewport.State(canvas: canvas)
      self.animation = animation
      self.display = display
    }

    /// The state of an opened document, saved (by Ctrl+S and autosave) to `url`; the file
    /// there holds this document when `url` is given.
    public init(document: Document, url: URL?) {
      self.init(curves: document.editorCurves, canvas: document.canvas, animation: document.animationSettings, display: document.display)
      self.documentURL = url
      self.savedRevision = url == nil ? nil : revision
    }

    /// The document's page, in document units: fixed; the viewport only shows it.
    public var canvas: Canvas { viewport.canvas }

    /// Whether the document differs from the file at `documentURL` (or has none).
    public var hasUnsavedChanges: Bool { savedRevision != revision }

    /// Records an edit of the document.
    public mutating func markEdited() { revision &+= 1 }

    /// Records an edit of the curves: their construction starts again from t = 0.
    public mutating func markCurvesEdited() {
      markEdited()
      animation.rewind()
    }

    /// The default document: one curve of four points, as in the original app.
    public static func makeDefault(canvas: Canvas = Canvas(width: 800, height: 600)) -> State {
      @Dependency(\.uuid) var uuid
      let positions = [(0.15, 0.75), (0.3, 0.2), (0.7, 0.2), (0.85, 0.75)]
      let curve = CurveReducer.State(id: uuid(), points: IdentifiedArray(uniqueElements: positions.map {
        PointFeature.State(id: uuid(), position: Point(x: $0.0 * canvas.width, y: $0.1 * canvas.height))
      }))
      // New documents animate smoothly; files without a mode keep the original steps.
      return State(curves: [curve], canvas: canvas, animation: AnimationSettings(mode: .smooth))
    }

    /// The box around the selected points; nil when nothing is selected.
    public var selectionBounds: Rect? {
      let positions = selection.compactMap { curves[$0]?.position }
      return positions.isEmpty ? nil : Rect(enclosing: positions)
    }

    /// The curves that have a selected point, in document order.
    public var selectedCurveIDs: OrderedSet<CurveReducer.State.ID> {
      let ids = Set(selection.map(\.curve))
      return OrderedSet(curves.ids.filter(ids.contains))
    }

    /// Keeps only selected (and hovered) points that still exist, after undo or a delete.
    public mutating func forgetMissingSelection() {
      selection = selection.filter { curves[$0] != nil }
      clearedSelection = clearedSelection.filter { curves[$0] != nil }
      if let hover, curves[hover] == nil { self.hover = nil }
    }

    /// Whether `count` more curves fit within `Document.maximumCurves`; if not, the notice
    /// says so and the command that asked does nothing.
    public mutating func hasRoom(forCurves count: Int) -> Bool {
      guard curves.count + count > Document.maximumCurves else { return true }
      notice = "A document holds at most \(Document.maximumCurves) curves."
      return false
    }

    /// Ends a drag of the selection (by the pointer or a panel slider): one undo step if it
    /// changed the document. Every other edit ends an open drag first, so undo steps stay in
    /// the order they were made.
    public mutating func endDrag() {
      finishDrag(keepingTheMove: true)
    }

    /// Escape during a drag: the points go back to where the drag found them.
    public mutating func cancelDrag() {
      finishDrag(keepingTheMove: false)
    }

    private mutating func finishDrag(keepingTheMove: Bool) {
      guard let drag else { return }
      self.drag = nil
      if revision != drag.startRevision, keepingTheMove {
        history.commit()
      } else if revision != drag.startRevision, let start = history.pending {
        curves = start
        history.discard()
        markCurvesEdited()
      } else {
        history.discard()
        if drag.selectsOnlyThePointIfNotMoved { selection = [drag.point] }
      }
    }
  }

  @CasePathable
  public enum Action: Equatable, BindableAction {
    /// The display toggles.
    case binding(BindingAction<State>)
    case curves(IdentifiedActionOf<CurveReducer>)
    case pointer(Pointer.Action)
    case editing(Editing.Action)
    case history(History.Action)
    case clipboard(Clipboard.Action)
    case playback(Playback.Action)
    case viewport(Viewport.Action)
    case file(DocumentIO.Action)
  }

  /// Prints every action and the state change it made (`curves --debug`).
  public var printsChanges: Bool

  public init(printsChanges: Bool = false) {
    self.printsChanges = printsChanges
  }

  public var body: some ReducerOf<Self> {
    CombineReducers {
      BindingReducer()
      Reduce { state, action in
        // The display toggles and the steps and speed sliders change what is saved.
        switch action {
        case .binding, .playback(.binding): state.markEdited()
        default: break
        }
        return .none
      }
      Scope(state: \.viewport, action: \.viewport) { Viewport() }
      Scope(state: \.animation, action: \.playback) { Playback() }
      Scope(state: \.self, action: \.pointer) { Pointer() }
      Scope(state: \.self, action: \.editing) { Editing() }
      Scope(state: \.self, action: \.history) { History() }
      Scope(state: \.self, action: \.clipboard) { Clipboard() }
      Scope(state: \.self, action: \.file) { DocumentIO() }
      DocumentCurves()
      Autosave()
    }
    ._printChanges(printsChanges ? .customDump : nil)
  }
}
