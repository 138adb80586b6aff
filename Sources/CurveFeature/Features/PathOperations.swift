import Composable
import CurveDocument
import CurveGeometry
import Foundation
import OrderedCollections

/// Inkscape's Path menu on the selected curves (`PathOperation`): Ctrl++ union, Ctrl+-
/// difference, Ctrl+* intersection, Ctrl+^ exclusion, Ctrl+/ division, Ctrl+Alt+/ cut path;
/// Ctrl+) outset, Ctrl+( inset, Ctrl+Alt+C stroke to path, Ctrl+L simplify.
///
/// ```swift
/// Scope(state: \.self, action: \.pathOperations) { PathOperations() }
/// store.send(.pathOperations(.apply(.union)))
/// ```
///
/// The curves with a selected point are taken in painting order, the bottom one first; the
/// result takes the bottom curve's id, style and place in that order, is selected, and is one
/// undo step. The work runs off the reducer's thread (`State.operation`): meanwhile the window
/// pans, zooms and plays, edits wait, and Escape cancels it (nothing changes). An operation given a number of curves it cannot take, or more work than the
/// window can finish within memory (`meetingPairBudget`), says so in the notice and changes
/// nothing.
public struct PathOperations: Reducer {
  public typealias State = Editor.State

  @CasePathable
  public enum Action: Equatable, Sendable {
    case apply(PathOperation)
    /// Ctrl+) grows (outward) and Ctrl+( shrinks what each selected curve fills by
    /// `offsetStep` on screen, round at the corners.
    case offset(outward: Bool)
    /// Ctrl+Alt+C: each selected curve's stroke becomes a filled curve (`strokedToPath`).
    case strokeToPath
    /// Ctrl+L: each selected curve's subpaths refitted with fewer cubics, corners kept, within
    /// `CurveCommands.simplifyTolerance` on screen; pressed again with nothing else changed,
    /// within twice the last tolerance.
    case simplify
    /// The work done: what replaces the curves it took.
    case finished(Outcome)
    /// Escape while it runs: it stops and nothing changes.
    case cancel
  }

  /// An operation under way.
  public struct Running: Equatable, Sendable {
    /// "Union", "Inset".
    public var title: String
    /// The curves it takes.
    public var curves: Int

    public init(title: String, curves: Int) {
      self.title = title
      self.curves = curves
    }
  }

  /// What an operation made: for each curve it took (by id, in painting order), the curves
  /// in its place; and the notice that says so.
  public struct Outcome: Equatable, Sendable {
    public var replaced: [UUID]
    public var replacements: [[Curve.State]]
    public var notice: String
    /// A simplification's tolerance, which the next Ctrl+L doubles.
    public var simplifiedWithin: Double?
  }

  enum CancelID { case operation }

  /// The most pairs of segments whose boxes meet (`PathBoolean.meetingPairs`) a boolean may
  /// start from in the window, which must stay under 1 GB with the window's own 150–200 MB.
  /// Measured with `curves path union` on renderbench's random curves (release build, peak
  /// resident size): 100 curves, 12,493 pairs, 60 MB; 200, 46,600, 233 MB; 280, 92,681,
  /// 532 MB; 300, 107,431, 644 MB; 400, 195,067, 1.5 GB.
  public static let meetingPairBudget = 100_000

  /// How far, in screen units, Ctrl+) and Ctrl+( move an outline.
  public static let offsetStep = 2.0

  @Dependency(\.uuid) var uuid

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .finished, .cancel: break
    default:
      state.interaction.notice = nil
      state.endGesture()
      if let running = state.operation {
        state.interaction.notice = "\(running.title) is still working; Escape cancels it."
        return .none
      }
    }
    switch action {
    case let .apply(operation):
      return apply(operation, &state)
    case let .offset(outward):
      let distance = state.viewport.documentLength(Self.offsetStep) * (outward ? 1 : -1)
      return replaceEach(&state, verb: outward ? "Outset" : "Inset") { curve, makeID in
        curve.offset(by: distance, join: .round, makeID: makeID).map { [$0] } ?? []
      }
    case .strokeToPath:
      let width = state.viewport.documentLength(CurveStyle.unstyledStrokeWidth)
      return replaceEach(&state, verb: "Stroke to path") { curve, makeID in curve.strokedToPath(unstyledWidth: width, makeID: makeID) }
    case .simplify:
      return simplify(&state)
    case let .finished(outcome):
      state.operation = nil
      place(outcome, &state)
      return .none
    case .cancel:
      guard let running = state.operation else { return .none }
      state.operation = nil
      state.interaction.notice = "\(running.title) was cancelled; nothing changed."
      return .cancel(id: CancelID.operation)
    }
  }

  /// Each curve with a selected point replaced, in its place, by what `change` makes of it;
  /// the new curves selected; one undo step.
  private func replaceEach(
    _ state: inout State, verb: String, notice: String? = nil, simplifiedWithin: Double? = nil,
    _ change: @escaping @Sendable (Document.CurveRecord, () -> UUID) -> [Document.CurveRecord]
  ) -> Effect<Action> {
    let selected = Set(state.selectedCurveIDs)
    let curves = state.drawing.curves.filter { selected.contains($0.id) }
    guard !curves.isEmpty else {
      state.interaction.notice = "\(verb): select a point of each curve first."
      return .none
    }
    let records = curves.map(Document.CurveRecord.init)
    state.operation = Running(title: verb, curves: records.count)
    return run { [uuid] in
      let results = records.map { change($0, { uuid() }).map(Document.curveState) }
      let count = results.reduce(0) { $0 + $1.count }
      return Outcome(
        replaced: records.map(\.id), replacements: results, notice: notice ?? "\(verb): \(count) curve\(count == 1 ? "" : "s").",
        simplifiedWithin: simplifiedWithin
      )
    }
  }

  /// Ctrl+L: `replaceEach` with the curve fitter, its tolerance doubled when pressed again.
  private func simplify(_ state: inout State) -> Effect<Action> {
    guard !state.selectedCurveIDs.isEmpty else {
      state.interaction.notice = "Ctrl+L simplifies the selected curves: select a point of each."
      return .none
    }
    var tolerance = state.viewport.documentLength(CurveCommands.simplifyTolerance)
    if let last = state.interaction.lastSimplification, last.revision == state.drawing.revision { tolerance = last.tolerance * 2 }
    let fitter = CurveFitter(tolerance: tolerance)
    let units = tolerance < 10 ? String(format: "%.2g", tolerance) : String(format: "%.0f", tolerance)
    return replaceEach(&state, verb: "Simplify", notice: "Simplified within \(units) units; Ctrl+L again simplifies more.", simplifiedWithin: tolerance) {
      curve, makeID in
      var simplified = curve
      simplified.subpaths = curve.subpaths.map { $0.simplified(by: fitter, makeID: makeID) }
      return [simplified]
    }
  }

  /// "2.3 million", "100,000", "950".
  public static func about(_ count: Int) -> String {
    if count >= 1_000_000 { return String(format: "%.1f million", Double(count) / 1_000_000) }
    let thousands = count / 1000, rest = count % 1000
    return thousands == 0 ? "\(rest)" : "\(thousands),\(String(format: "%03d", rest))"
  }

  private func apply(_ operation: PathOperation, _ state: inout State) -> Effect<Action> {
    let selected = Set(state.selectedCurveIDs)
    let indices = state.drawing.curves.indices.filter { selected.contains(state.drawing.curves[$0].id) }
    if let refusal = operation.refusal(forCurveCount: indices.count) {
      state.interaction.notice = refusal
      return .none
    }
    let records = indices.map { Document.CurveRecord(state.drawing.curves[$0]) }
    let work = PathBoolean.meetingPairs(of: records.map(\.filledShape), limit: Self.meetingPairBudget)
    guard work.count <= Self.meetingPairBudget else {
      state.interaction.notice = "\(operation.title): these \(Self.about(indices.count)) curves' segments meet about \(Self.about(work.count)) times, "
        + "more than the \(Self.about(Self.meetingPairBudget)) the window can work through within 1 GB; select fewer."
      return .none
    }
    state.operation = Running(title: operation.title, curves: records.count)
    return run { [uuid] in
      let results = operation.apply(to: records, makeID: { uuid() }).map(Document.curveState)
      let notice = switch results.count {
      case 0: "\(operation.title): nothing is left."
      case 1: "\(operation.title) of \(records.count) curves."
      default: "\(operation.title): \(results.count) curves."
      }
      // The result in the bottom curve's place; the others go.
      return Outcome(replaced: records.map(\.id), replacements: [results] + Array(repeating: [], count: records.count - 1), notice: notice)
    }
  }

  /// `work` off the reducer's thread (`State.operation` says what runs meanwhile).
  private func run(_ work: @escaping @Sendable () -> Outcome) -> Effect<Action> {
    .run { send in
      let outcome = work()
      try Task.checkCancellation()
      await send(.finished(outcome))
    }
    .cancellable(id: CancelID.operation, cancelInFlight: true)
  }

  /// The outcome in the drawing as one undo step, its new curves selected; nothing if a
  /// curve it took is gone or the drawing has no room for what it made.
  private func place(_ outcome: Outcome, _ state: inout State) {
    let indices = outcome.replaced.compactMap { state.drawing.curves.index(id: $0) }
    guard indices.count == outcome.replaced.count else {
      state.interaction.notice = "The curves it took have changed; nothing was replaced."
      return
    }
    let made = outcome.replacements.joined().count
    guard state.hasRoom(forCurves: made - indices.count) else { return }
    state.history.record(state.undoSnapshot)
    for (index, replacement) in zip(indices, outcome.replacements).sorted(by: { $0.0 > $1.0 }) {
      state.drawing.curves.remove(at: index)
      for (offset, curve) in replacement.enumerated() { state.drawing.curves.insert(curve, at: index + offset) }
    }
    state.forgetMissingSelection()
    state.select(made: Array(outcome.replacements.joined()))
    state.drawing.markCurvesEdited()
    state.interaction.notice = outcome.notice
    if let tolerance = outcome.simplifiedWithin {
      state.interaction.lastSimplification = Simplification(revision: state.drawing.revision, tolerance: tolerance)
    }
  }
}
