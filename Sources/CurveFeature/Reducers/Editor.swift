import Composable
import CurveGeometry
import Foundation

/// The editor: a document of curves, pointer and keyboard input, the slider panel, the
/// de Casteljau animation and undo.
///
/// ```swift
/// let store = Store(initialState: Editor.State()) { Editor() }
/// store.send(.pointerDown(Point(x: 120, y: 80), clickCount: 1))
/// store.send(.pointerMoved(Point(x: 140, y: 90)))
/// store.send(.pointerUp(Point(x: 140, y: 90)))
/// ```
///
/// Every change to the document goes through `movePoint` on one point (drags, nudges, the
/// x/y sliders) or through an edit action here; each edit is one undo step, and a whole drag
/// is one step too, recorded when the drag starts.
public struct Editor: Reducer {
  public static let pointsPerCurve = 2...16

  public struct State: Equatable {
    public var curves: IdentifiedArrayOf<CurveReducer.State>
    public var canvas: Canvas
    public var selection: PointReference?
    public var hover: PointReference?
    public var drag: Drag?
    public var animation: AnimationSettings
    public var display = DisplayOptions()
    public var history = UndoHistory<IdentifiedArrayOf<CurveReducer.State>>()
    /// Where the document is saved, by Ctrl+S and by autosave; none means nothing is saved.
    public var documentURL: URL?
    /// The curves as last saved or opened, to tell whether there are unsaved changes.
    public var savedCurves: IdentifiedArrayOf<CurveReducer.State>
    /// A load or save error for the app to show; the document is left as it was.
    public var errorMessage: String?

    /// A drag in progress: the point, where the pointer grabbed it relative to its centre,
    /// and where it started (a drag that ends there is not an edit).
    public struct Drag: Equatable, Sendable {
      public var point: PointReference
      public var grabOffset: Point
      public var start: Point

      public init(point: PointReference, grabOffset: Point, start: Point) {
        self.point = point
        self.grabOffset = grabOffset
        self.start = start
      }
    }

    public init(
      curves: IdentifiedArrayOf<CurveReducer.State>,
      canvas: Canvas = Canvas(width: 800, height: 600),
      animation: AnimationSettings = AnimationSettings()
    ) {
      self.curves = curves
      self.savedCurves = curves
      self.canvas = canvas
      self.animation = animation
    }

    /// The state of an opened document, saved (by Ctrl+S and autosave) to `url`.
    public init(document: Document, url: URL?) {
      self.init(curves: document.editorCurves, canvas: document.canvas, animation: document.animationSettings)
      self.documentURL = url
    }

    /// Whether the curves differ from the saved ones. Equal storage compares in O(1), so
    /// this is cheap for a render loop until something changes.
    public var hasUnsavedChanges: Bool { curves != savedCurves }

    /// The default document: one curve of four points, as in the original app.
    public static func makeDefault(canvas: Canvas = Canvas(width: 800, height: 600)) -> State {
      @Dependency(\.uuid) var uuid
      let positions = [(0.15, 0.75), (0.3, 0.2), (0.7, 0.2), (0.85, 0.75)]
      let curve = CurveReducer.State(id: uuid(), points: IdentifiedArray(uniqueElements: positions.map {
        PointFeature.State(id: uuid(), position: Point(x: $0.0 * canvas.width, y: $0.1 * canvas.height))
      }))
      return State(curves: [curve], canvas: canvas)
    }

    /// The selected point's state, if any.
    public var selectedPoint: PointFeature.State? { selection.flatMap { curves[$0] } }
  }

  @CasePathable
  public enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case curves(IdentifiedActionOf<CurveReducer>)
    case pointerDown(Point, clickCount: Int)
    case pointerMoved(Point)
    case pointerUp(Point)
    /// Moves the selected point (the x and y sliders, the arrow keys).
    case moveSelectedPoint(to: Point)
    /// Starts a drag of the selected point without the pointer (an x or y slider): its moves
    /// are one undo step, ended by `pointerUp`.
    case grabSelectedPoint
    case nudgeSelectedPoint(dx: Double, dy: Double)
    case selectNextPoint
    case clearSelection
    case deleteSelectedPoint
    case addCurve
    case undo
    case redo
    case togglePlaying
    case stepAnimation(by: Int)
    case scrub(t: Double)
    case tick
    case resize(width: Double, height: Double)
    case open(URL)
    case opened(URL, Result<Document, DocumentError>)
    case save
    case saveFinished(Result<URL, DocumentError>)
    case dismissError
  }

  enum CancelID { case animation, autosave }

  /// Autosave runs this long after the last edit, as in the original app.
  public static let autosaveDelay = Duration.seconds(1)

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid
  @Dependency(\.fileSystem) var fileSystem

  /// Prints every action and the state change it made (`curves --debug`).
  public var printsChanges: Bool

  public init(printsChanges: Bool = false) {
    self.printsChanges = printsChanges
  }

  public var body: some ReducerOf<Self> {
    CombineReducers {
      BindingReducer()
      editing
        .forEach(\.curves, action: \.curves) { CurveReducer() }
    }
    ._printChanges(printsChanges ? .customDump : nil)
  }

  private var editing: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .binding(change):
        return reactToPanelChange(change, &state)

      case let .curves(.element(_, .points(.element(_, .movePoint)))):
        state.animation.step = 0
        return .none

      case .curves:
        return .none

      case let .pointerDown(position, clickCount):
        return pointerDown(at: position, clickCount: clickCount, &state)

      case let .pointerMoved(position):
        guard let drag = state.drag else {
          state.hover = state.curves.point(at: position)
          return .none
        }
        return move(drag.point, to: position - drag.grabOffset, &state)

      case .pointerUp:
        guard let drag = state.drag else { return .none }
        state.drag = nil
        if state.curves[drag.point]?.position == drag.start {
          state.history.discardLast()
          return .none
        }
        return autosave(state)

      case let .moveSelectedPoint(position):
        guard let selection = state.selection, state.curves[selection]?.position != state.canvas.clamp(position)
        else { return .none }
        // Within a drag, the snapshot was taken when it started, and pointerUp autosaves.
        guard state.drag?.point != selection else { return move(selection, to: position, &state) }
        state.history.record(state.curves)
        return move(selection, to: position, &state).merge(with: autosave(state))

      case .grabSelectedPoint:
        guard state.drag == nil, let selection = state.selection, let point = state.curves[selection] else { return .none }
        state.drag = State.Drag(point: selection, grabOffset: .zero, start: point.position)
        state.history.record(state.curves)
        return .none

      case let .nudgeSelectedPoint(dx, dy):
        guard let point = state.selectedPoint else { return .none }
        return .send(.moveSelectedPoint(to: point.position + Point(x: dx, y: dy)))

      case .selectNextPoint:
        let all = state.curves.allPointReferences
        guard !all.isEmpty else { return .none }
        let index = state.selection.flatMap { all.firstIndex(of: $0) }.map { ($0 + 1) % all.count } ?? 0
        state.selection = all[index]
        return .none

      case .clearSelection:
        state.selection = nil
        return .none

      case .deleteSelectedPoint:
        guard let selection = state.selection,
          let curve = state.curves[id: selection.curve],
          curve.points.count > Self.pointsPerCurve.lowerBound
        else { return .none }
        state.history.record(state.curves)
        state.curves[id: selection.curve]?.points.remove(id: selection.point)
        state.selection = nil
        state.animation.step = 0
        return autosave(state)

      case .addCurve:
        state.history.record(state.curves)
        let curve = newCurve(in: state.canvas, offset: Double(state.curves.count))
        state.curves.append(curve)
        state.selection = PointReference(curve: curve.id, point: curve.points[0].id)
        return autosave(state)

      case .undo:
        guard let previous = state.history.undo(from: state.curves) else { return .none }
        state.curves = previous
        forgetMissingPoints(&state)
        return autosave(state)

      case .redo:
        guard let next = state.history.redo(from: state.curves) else { return .none }
        state.curves = next
        forgetMissingPoints(&state)
        return autosave(state)

      case .togglePlaying:
        state.animation.isPlaying.toggle()
        return state.animation.isPlaying ? timer(state.animation.tickInterval) : .cancel(id: CancelID.animation)

      case let .stepAnimation(delta):
        let count = state.animation.totalSteps + 1
        state.animation.step = ((state.animation.step + delta) % count + count) % count
        return .none

      case let .scrub(t):
        guard t.isFinite else { return .none }
        state.animation.step = Int((min(max(t, 0), 1) * Double(state.animation.totalSteps)).rounded())
        return .none

      case .tick:
        state.animation.step = state.animation.step >= state.animation.totalSteps ? 0 : state.animation.step + 1
        return .none

      case let .resize(width, height):
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return .none }
        state.canvas = Canvas(width: width, height: height)
        for curveIndex in state.curves.indices {
          for pointIndex in state.curves[curveIndex].points.indices {
            let position = state.curves[curveIndex].points[pointIndex].position
            state.curves[curveIndex].points[pointIndex].position = state.canvas.clamp(position)
          }
        }
        return state.hasUnsavedChanges ? autosave(state) : .none

      case let .open(url):
        return .run { [fileSystem] send in
          let result: Result<Document, DocumentError>
          do {
            let data = try fileSystem.read(url)
            result = Result { () throws(DocumentError) in try Document.decode(data) }
          } catch {
            result = .failure(.unreadable(path: url.path, reason: error.localizedDescription))
          }
          await send(.opened(url, result))
        }

      case let .opened(url, .success(document)):
        state = State(document: document, url: url)
        return .cancel(id: CancelID.animation).merge(with: .cancel(id: CancelID.autosave))

      case let .opened(_, .failure(error)):
        state.errorMessage = error.description
        return .none

      case .save:
        guard let url = state.documentURL else { return .cancel(id: CancelID.autosave) }
        let data: Data
        do {
          data = try Document(state).encoded()
        } catch {
          state.errorMessage = DocumentError.unwritable(path: url.path, reason: "\(error)").description
          return .none
        }
        let curves = state.curves
        state.savedCurves = curves
        // A pending autosave would only write the same document again.
        return .merge(
          .cancel(id: CancelID.autosave),
          .run { [fileSystem] send in
            do {
              try fileSystem.writeAtomically(data, url)
              await send(.saveFinished(.success(url)))
            } catch {
              await send(.saveFinished(.failure(.unwritable(path: url.path, reason: error.localizedDescription))))
            }
          }
        )

      case .saveFinished(.success):
        state.errorMessage = nil
        return .none

      case let .saveFinished(.failure(error)):
        // The file on disk is the old one: mark the document as changed so it is saved again.
        state.savedCurves = []
        state.errorMessage = error.description
        return .none

      case .dismissError:
        state.errorMessage = nil
        return .none
      }
    }
  }

  private func pointerDown(at position: Point, clickCount: Int, _ state: inout State) -> Effect<Action> {
    if let hit = state.curves.point(at: position), let point = state.curves[hit] {
      state.selection = hit
      state.drag = State.Drag(point: hit, grabOffset: position - point.position, start: point.position)
      state.history.record(state.curves)
      return .none
    }
    guard clickCount >= 2 else {
      state.selection = nil
      return .none
    }
    guard let curveID = state.selection?.curve ?? state.curves.last?.id,
      let curve = state.curves[id: curveID], curve.points.count < Self.pointsPerCurve.upperBound
    else { return .none }
    state.history.record(state.curves)
    let point = PointFeature.State(id: uuid(), position: state.canvas.clamp(position))
    state.curves[id: curveID]?.points.insert(point, at: curve.points.insertionIndex(for: point.position))
    state.selection = PointReference(curve: curveID, point: point.id)
    state.animation.step = 0
    return .none
  }

  /// Moves a point by sending it `movePoint`, clamped to the canvas.
  private func move(_ reference: PointReference, to position: Point, _ state: inout State) -> Effect<Action> {
    .send(.curves(.element(
      id: reference.curve,
      action: .points(.element(id: reference.point, action: .movePoint(state.canvas.clamp(position))))
    )))
  }

  private func reactToPanelChange(_ change: BindingAction<State>, _ state: inout State) -> Effect<Action> {
    let range = AnimationSettings.stepRange, speeds = AnimationSettings.speedRange
    state.animation.totalSteps = min(max(state.animation.totalSteps, range.lowerBound), range.upperBound)
    state.animation.speed = min(max(state.animation.speed, speeds.lowerBound), speeds.upperBound)
    state.animation.step = min(state.animation.step, state.animation.totalSteps)
    if change.sets(\.animation.speed) && state.animation.isPlaying {
      return timer(state.animation.tickInterval)
    }
    return .none
  }

  /// Saves `autosaveDelay` after the last edit: each edit restarts the wait.
  private func autosave(_ state: State) -> Effect<Action> {
    guard state.documentURL != nil else { return .none }
    return .run { [clock] send in
      try await clock.sleep(for: Self.autosaveDelay)
      await send(.save)
    }
    .cancellable(id: CancelID.autosave, cancelInFlight: true)
  }

  private func timer(_ interval: Duration) -> Effect<Action> {
    .run { [clock] send in
      for await _ in clock.timer(interval: interval) {
        await send(.tick)
      }
    }
    .cancellable(id: CancelID.animation, cancelInFlight: true)
  }

  /// A four-point curve across the middle of the canvas, shifted down for each existing curve.
  private func newCurve(in canvas: Canvas, offset: Double) -> CurveReducer.State {
    let y = canvas.height * 0.5 + (offset * 24).truncatingRemainder(dividingBy: max(canvas.height * 0.4, 1))
    let xs = [0.15, 0.38, 0.62, 0.85].map { $0 * canvas.width }
    let ys = [y, y - canvas.height * 0.3, y - canvas.height * 0.3, y]
    return CurveReducer.State(
      id: uuid(),
      points: IdentifiedArray(uniqueElements: zip(xs, ys).map { x, y in
        PointFeature.State(id: uuid(), position: canvas.clamp(Point(x: x, y: y)))
      })
    )
  }

  private func forgetMissingPoints(_ state: inout State) {
    if let selection = state.selection, state.curves[selection] == nil { state.selection = nil }
    if let hover = state.hover, state.curves[hover] == nil { state.hover = nil }
    state.drag = nil
    state.animation.step = 0
  }
}
