// Over 400 lines on purpose: one type whose send, receive, assertions and exhaustivity share
// private bookkeeping (the received-action queue, in-flight effects, the expected state); split,
// that state would have to be shared across files. TCA's own TestStore is larger still.
import Foundation
@_spi(Internals) import CasePaths
import Synchronization

/// A store for tests that asserts, by default, on every state change, every action effects
/// send back, and every effect still running at the end.
///
/// ```swift
/// @Reducer
/// struct Stopwatch {
///   struct State: Equatable { var isRunning = false; var seconds = 0 }
///   enum Action { case start, tick, stop }
///   enum CancelID { case timer }
///   @Dependency(\.continuousClock) var clock
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .start:
///         state.isRunning = true
///         return .run { send in
///           for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
///         }
///         .cancellable(id: CancelID.timer)
///       case .tick:
///         state.seconds += 1
///         return .none
///       case .stop:
///         state.isRunning = false
///         return .cancel(id: CancelID.timer)
///       }
///     }
///   }
/// }
///
/// let clock = TestClock()
/// let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() } withDependencies: {
///   $0.continuousClock = clock
/// }
/// await store.send(.start) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(\.tick) { $0.seconds = 1 }
/// await store.send(.stop) { $0.isRunning = false }
/// ```
///
/// Failures go through IssueReporting, so they fail the current XCTest or Swift Testing
/// test, with a CustomDump diff of expected and actual state.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as of the last asserted action.
  public private(set) var state: State
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait by default.
  public var timeout: Duration
  /// The dependencies the reducer and new effects see; change them mid-test if needed.
  public var dependencies: DependencyValues {
    get { core.dependencies! }
    set { core.dependencies = newValue }
  }

  private let core: StoreCore<State, Action>
  private var receivedActions: [(action: Action, state: State)] = []
  /// Running effects `skipInFlightEffects` told the store not to wait for.
  private var skippedEffects: Set<Int> = []
  /// The state right after the action sent from the test, before the actions its `.send`
  /// effects queued.
  private var stateAfterSend: State
  private let location: SourceLocation
  /// Set once the feature has dismissed itself from its root (`dismiss()` outside any
  /// presentation), as in TCA: its effects are over and sending to it is an error.
  public private(set) var isDismissed = false
  private let originalUseMainSerialExecutor = uncheckedUseMainSerialExecutor

  /// Whether tasks run one at a time on the main thread (ConcurrencyExtras' main serial
  /// executor), which makes effects' interleavings reproducible.
  ///
  /// A test store under XCTest turns it on, as TCA's does, and restores the previous setting
  /// when released. Under Swift Testing it is left as it is: the executor is process-wide and
  /// Swift Testing runs tests in parallel, so one test's store would serialize every other
  /// test's tasks. Composable's test store does not need it: it waits for effects to start.
  public var useMainSerialExecutor: Bool {
    get { uncheckedUseMainSerialExecutor }
    set { uncheckedUseMainSerialExecutor = newValue }
  }

  public init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let dismissal = LockIsolated<(@Sendable () async -> Void)?>(nil)
    let dependencies = withDependencies {
      $0.dismiss = DismissEffect(dismissRoot: { await dismissal.value?() })
      prepareDependencies(&$0)
    } operation: {
      DependencyValues._current
    }
    let initialState = withDependencies { $0 = dependencies } operation: { initialState() }
    self.state = initialState
    self.stateAfterSend = initialState
    self.timeout = timeout
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.core = withDependencies({ $0 = dependencies }) {
      StoreCore(initialState: initialState, reducer: reducer(), dependencies: dependencies)
    }
    core.didReduce = { [unowned self] action, origin in
      switch origin {
      case .outside: stateAfterSend = core.state
      case .effect: receivedActions.append((action, core.state))
      }
    }
    dismissal.setValue { [weak self] in await self?.dismissFromRoot() }
    if TestContext.current == .xcTest { useMainSerialExecutor = true }
  }

  /// What `dismiss()` at the root does: the feature is over, so its effects are cancelled
  /// (none is left for the test to wait for) and later sends fail.
  private func dismissFromRoot() {
    isDismissed = true
    core.cancelAll()
  }

  // Not an isolated deinit: that would run as a separate job, outside the test's task-local
  // context, and its failures would be attached to no test. A test store is usually released
  // on the main actor, where the test runs; a nonisolated async XCTest (as TCA's own tests are
  // written) releases it on a pool thread, and the check then runs on the main queue, which
  // XCTest's run loop serves while the test waits.
  deinit {
    if isOnMainActor() {
      MainActor.assumeIsolated { checkAtRelease() }
    } else {
      DispatchQueue.main.sync { MainActor.assumeIsolated { checkAtRelease() } }
    }
  }

  private func checkAtRelease() {
    if exhaustivity == .on {
      if !receivedActions.isEmpty {
        reportIssue(
          """
          The store received \(receivedActions.count) unexpected \
          action\(receivedActions.count == 1 ? "" : "s"):

          \(describe(receivedActions.map(\.action)))
          Assert them with "receive", or skip them with "skipReceivedActions".
          """,
          location
        )
      }
      if !unskippedEffects.isEmpty {
        reportInFlightEffects(
          "effects are still running at the end of the test", location
        )
      }
    }
    core.cancelAll()
    uncheckedUseMainSerialExecutor = originalUseMainSerialExecutor
  }

  /// Sends `action` and asserts how it changed the state: `assert` turns the state before
  /// the action into the expected state after it.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      reportIssue("Can't send action to dismissed test store.", location)
      return TestStoreTask(rawValue: nil, timeout: timeout)
    }
    if !receivedActions.isEmpty {
      if exhaustivity == .on {
        reportIssue(
          """
          Must handle \(receivedActions.count) received \
          action\(receivedActions.count == 1 ? "" : "s") before sending an action:

          \(describe(receivedActions.map(\.action)))
          """,
          location
        )
      }
      skipReceived()
    }
    let tasks = core.send(action, origin: .outside)
    expectState(stateAfterSend, from: state, toMatch: updateStateToExpectedResult, location)
    state = stateAfterSend
    await waitForEffectsToStart()
    return TestStoreTask(rawValue: StoreTask(tasks: tasks).rawValue, timeout: timeout)
  }

  /// Asserts that the next action an effect sent is in `actionCase`, and how it changed
  /// the state.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    await receive(
      matching: { $0[case: actionCase] != nil },
      notReceived: { "Expected to receive an action matching case path, but didn't get one." },
      unexpected: { dump($0) },
      timeout: timeout, assert: updateStateToExpectedResult,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that the next action an effect sent satisfies `isMatching`, and how it changed
  /// the state: for actions that are not `Equatable`.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: isMatching,
      notReceived: { "Expected to receive an action matching predicate, but didn't get one." },
      unexpected: { dump($0) },
      timeout: timeout, assert: updateStateToExpectedResult,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts what the state is now, without sending anything: in non-exhaustive mode only the
  /// fields the assertion sets are compared.
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    expectState(state, from: state, toMatch: updateStateToExpectedResult, location, requiringChange: false)
  }

  /// Asserts that the next action an effect sent equals `expectedAction`, and how it changed
  /// the state.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expectedAction },
      notReceived: { "Expected to receive the following action, but didn't:\n\n\(dump(expectedAction))" },
      unexpected: { received in
        diff(expectedAction, received, format: .proportional)
          .map { "\(indented($0, by: 4))\n\n(Expected: −, Received: +)" } ?? dump(received)
      },
      timeout: timeout, assert: updateStateToExpectedResult,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits until every effect has finished; fails if some are still running after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    guard await wait(until: { unskippedEffects.isEmpty }, timeout: timeout) else {
      reportInFlightEffects("effects are still running after \(timeout)", location)
      return
    }
  }

  /// Accepts every action received so far without asserting on them.
  public func skipReceivedActions(strict: Bool = true) async {
    await Task.megaYield()
    if strict && receivedActions.isEmpty {
      reportIssue("There were no received actions to skip.", location)
    }
    skipReceived()
  }

  /// Stops asserting on the effects running now: they go on, and the actions they send are
  /// still received, but the test no longer has to wait for them to finish (as in TCA).
  public func skipInFlightEffects(strict: Bool = true) async {
    await Task.megaYield()
    let running = unskippedEffects
    if strict && running.isEmpty {
      reportIssue("There were no in-flight effects to skip.", location)
    }
    skippedEffects.formUnion(running)
  }

  /// The effects still running that the test has not skipped.
  private var unskippedEffects: Set<Int> { Set(core.running.keys).subtracting(skippedEffects) }

  /// Waits while effects that could send it run, then takes the next received action (in
  /// non-exhaustive mode, the next one that matches, skipping the others) and checks it. The
  /// messages are TCA's, so TCA's own tests can compare them.
  private func receive(
    matching isMatch: (Action) -> Bool,
    notReceived: () -> String,
    unexpected: (Action) -> String,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    _ location: SourceLocation
  ) async {
    let timeout = timeout ?? self.timeout
    func hasCandidate() -> Bool {
      exhaustivity == .on ? !receivedActions.isEmpty : receivedActions.contains { isMatch($0.action) }
    }
    let settled = await wait(until: { hasCandidate() || core.running.isEmpty }, timeout: timeout)
    guard settled else {
      reportIssue(
        """
        Expected to receive \(exhaustivity == .on ? "an action" : "a matching action"), but \
        received none after \(timeout).

        There are effects in-flight. If the effect that delivers this action waits on a clock, \
        advance the test clock, or give this assertion a longer "timeout".
        """,
        location
      )
      return
    }
    guard hasCandidate() else {
      reportIssue(notReceived(), location)
      return
    }
    if exhaustivity != .on {
      while let first = receivedActions.first, !isMatch(first.action) {
        state = receivedActions.removeFirst().state
      }
    }
    let (action, actualState) = receivedActions.removeFirst()
    if !isMatch(action) {
      let later = receivedActions.contains { isMatch($0.action) }
      reportIssue(
        """
        Received unexpected action\(later ? " before this one" : ""):

        \(unexpected(action))
        """,
        location
      )
    }
    expectState(actualState, from: state, toMatch: updateStateToExpectedResult, location)
    state = actualState
    await waitForEffectsToStart()
  }

  /// Lets effects just started run up to their first suspension, so that a test advancing a
  /// test clock next finds their sleeps registered, however loaded the machine is.
  ///
  /// An effect that has sent its last action may still be finishing, and a concatenation then
  /// starts its next part, whose sleep the test's next `advance` must find: so while effects
  /// run, this also waits until none has started or finished for `quietTurns` turns (each a
  /// yield and a millisecond), at most `quietWait`.
  private func waitForEffectsToStart() async {
    _ = await wait(until: { core.allEffectsStarted }, timeout: timeout)
    await Task.megaYield()
    let deadline = ContinuousClock.now + Self.quietWait
    var quiet = 0, signature = core.effectsSignature
    while core.effectsSignature.running > 0, quiet < Self.quietTurns, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
      await Task.megaYield()
      let now = core.effectsSignature
      quiet = now == signature && core.allEffectsStarted ? quiet + 1 : 0
      signature = now
    }
  }

  private static var quietTurns: Int { 3 }
  private static var quietWait: Duration { .milliseconds(100) }

  private func skipReceived() {
    if let last = receivedActions.last { state = last.state }
    receivedActions.removeAll()
  }

  /// Checks `actual` against the state the test expects: in exhaustive mode, `previous`
  /// changed by the assertion; otherwise, `actual` changed by the assertion (so only the
  /// fields the assertion sets are compared).
  private func expectState(
    _ actual: State,
    from previous: State,
    toMatch updateStateToExpectedResult: ((inout State) throws -> Void)?,
    _ location: SourceLocation,
    requiringChange: Bool = true
  ) {
    var expected = exhaustivity == .on ? previous : actual
    do {
      // As in TCA: the assertion sees the store's dependencies (`@Dependency(\.date.now)`
      // inside it), and `XCTModify` in a non-exhaustive store may leave a value unchanged.
      try withDependencies { $0 = dependencies } operation: {
        try XCTModifyLocals.$isExhaustive.withValue(exhaustivity == .on) {
          try updateStateToExpectedResult?(&expected)
        }
      }
    } catch {
      reportIssue("The state assertion threw an error: \(error)", location)
      return
    }
    guard expected != actual else {
      // As in TCA: in an exhaustive store, a trailing closure that changes nothing hides a
      // missing assertion (a non-exhaustive one skips the check, as it skips assertions).
      if requiringChange, exhaustivity == .on, updateStateToExpectedResult != nil, expected == previous {
        reportIssue(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to state is \
          expected, omit the trailing closure.
          """,
          location
        )
      }
      return
    }
    let difference = diff(expected, actual, format: .proportional) ?? "(no printable difference)"
    let heading =
      updateStateToExpectedResult == nil && exhaustivity == .on
      ? "State was not expected to change, but a change occurred."
      : "A state change does not match expectation."
    reportIssue("\(heading)\n\n\(indented(difference, by: 4))\n\n(Expected: −, Actual: +)", location)
  }

  private func reportInFlightEffects(_ reason: String, _ location: SourceLocation) {
    let actions = unskippedEffects.sorted().compactMap { core.running[$0] }.map(\.action)
    reportIssue(
      """
      An effect returned for an action is still running: \(reason).

      Effects started by:
      \(actions.map { $0.map { String(customDumping: $0) } ?? "(an effect)" }.map { "  • \($0)" }.joined(separator: "\n"))

      Make sure every long-living effect is cancelled or finishes (send a stop action, \
      advance the test clock), or call "skipInFlightEffects".
      """,
      location
    )
  }

  private func wait(until condition: () -> Bool, timeout: Duration) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var spins = 0
    while !condition() {
      guard clock.now < deadline else { return false }
      spins += 1
      if spins < 100 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    return true
  }

  /// An action as TCA's messages print it: dumped, indented by two.
  private func dump(_ action: Action) -> String {
    var text = ""
    customDump(action, to: &text, indent: 2)
    return text
  }

  private func describe(_ actions: [Action]) -> String {
    actions.map { "  • \(String(customDumping: $0))" }.joined(separator: "\n")
  }

  private func reportIssue(_ message: String, _ location: SourceLocation) {
    IssueReporting.reportIssue(
      message, fileID: location.fileID, filePath: location.filePath,
      line: location.line, column: location.column
    )
  }
}

extension TestStore where Action: CasePathable {
  /// Sends the action at a case key path whose case carries no value, as in TCA:
  /// `await store.send(\.incrementButtonTapped)`.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(action(()), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends `value` embedded at a case key path: `await store.send(\.binding.text, "hi")`,
  /// `await store.send(\.rows[id: 2].toggle, true)`.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(action(value), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that the next action an effect sent is at `actionCase` and carries `value`.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { $0[case: actionCase] == value },
      notReceived: { "Expected to receive an action matching case path, but didn't get one." },
      unexpected: { received in
        guard received[case: actionCase] != nil, let difference = diff(actionCase(value), received, format: .proportional)
        else { return dump(received) }
        return "\(indented(difference, by: 2))\n\n(Expected: −, Actual: +)"
      },
      timeout: timeout, assert: updateStateToExpectedResult,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `receive(_:timeout:assert:)` with the timeout in nanoseconds, as TCA also accepts.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension TestStore where Action: Equatable {
  /// `receive(_:timeout:assert:)` with the timeout in nanoseconds, as TCA also accepts.
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expectedAction, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension TestStore where Action: BindableAction, Action.State == State {
  /// Sends `.binding(.set(keyPath, value))`.
  @discardableResult
  public func send<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      .binding(.set(keyPath, value)), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// How strictly a ``TestStore`` asserts.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked; the rest is skipped.
  case off(showSkippedAssertions: Bool)

  public static let off = Self.off(showSkippedAssertions: false)
}

/// The effects of one action sent to a ``TestStore``.
public struct TestStoreTask: Sendable {
  let rawValue: Task<Void, Never>?
  let timeout: Duration

  /// Cancels the effects and waits for them to wind down.
  public func cancel() async {
    rawValue?.cancel()
    await rawValue?.value
  }

  /// Waits for the effects to finish; fails if they are still running after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let rawValue else { return }
    let timeout = timeout ?? self.timeout
    // Not a task group: it would wait for `rawValue.value`, which cancellation does not end,
    // so an effect that never finishes would hang the test instead of failing it.
    let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let outcome = FirstOutcome(continuation)
      let deadline = Task { try? await Task.sleep(for: timeout); outcome.resolve(false) }
      Task { await rawValue.value; outcome.resolve(true); deadline.cancel() }
    }
    if !finished {
      reportIssue(
        "Expected the effects to finish, but they are still running after \(timeout).",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool { rawValue?.isCancelled ?? true }
}

/// Resumes a continuation with whichever outcome comes first and ignores the rest.
private final class FirstOutcome: Sendable {
  private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

  init(_ continuation: CheckedContinuation<Bool, Never>) {
    self.continuation = Mutex(continuation)
  }

  func resolve(_ value: Bool) {
    continuation.withLock { pending in
      pending?.resume(returning: value)
      pending = nil
    }
  }
}

/// A test store of a reducer's state and action, as in TCA.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

/// Whether the caller runs on the main actor: on the main thread, or on the main queue, which
/// after `dispatchMain()` (Swift Testing's runner on Linux) a pool thread drains.
private func isOnMainActor() -> Bool {
  Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

/// Set on the main queue the first time it is read.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
