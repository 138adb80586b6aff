import Foundation

/// The root of a store: owns the state, reduces actions one at a time, and runs effects.
///
/// Invariants:
/// - `state` changes only inside `send`, one queued action at a time; an action sent while
///   another is being reduced waits in `queue` (never nested).
/// - Every running effect task is in `running` under a token until it finishes or is
///   cancelled; `cancellations` maps cancel ids to such tokens and their tasks (entries for
///   finished tokens are pruned lazily). It is shared with the effects, for `Task.cancel(id:)`.
@MainActor
@usableFromInline
final class StoreCore<State, Action> {
  /// Where an action came from: the outside (a view, a test) or one of the store's effects.
  @usableFromInline enum Origin { case outside, effect }

  struct RunningEffect {
    let task: Task<Void, Never>
    /// The action whose reducer returned the effect.
    let action: Action?
    /// Set once the operation runs on its own executor, so a test store can wait for an
    /// effect to reach its first suspension (a clock sleep) before a test advances the clock.
    let hasStarted: LockIsolated<Bool>
  }

  /// Whether every running effect has started its operation.
  var allEffectsStarted: Bool { running.values.allSatisfy { $0.hasStarted.value } }

  /// Changes whenever an effect starts or finishes: tokens only grow, finishing shrinks `running`.
  var effectsSignature: (started: Int, running: Int) { (nextToken, running.count) }

  @usableFromInline var state: State
  /// Bumped once per reduced action, so a render loop can tell that it must redraw.
  @usableFromInline var version = 0
  /// The dependencies every reduce runs with; `nil` reduces with the ambient ones (no cost).
  @usableFromInline var dependencies: DependencyValues?
  /// Called after each reduced action, with its origin; the test store records with it.
  @usableFromInline var didReduce: ((Action, Origin) -> Void)?

  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline var queue: [(action: Action, origin: Origin)] = []
  @usableFromInline var isReducing = false
  private(set) var running: [Int: RunningEffect] = [:]
  let cancellations = EffectCancellations()
  /// The ids of the `.cancellable` effects being started around the current one, innermost
  /// last, so a `.run` knows which ids it runs under.
  private var enclosingCancelIDs: [AnyHashable] = []
  private var nextToken = 0
  /// The action whose effects are being started, for in-flight reports.
  @usableFromInline var currentAction: Action?

  @inlinable init<R: Reducer>(initialState: State, reducer: R, dependencies: DependencyValues?)
  where R.State == State, R.Action == Action {
    self.state = initialState
    self.reducer = reducer._resolvedReduce
    self.dependencies = dependencies
  }

  isolated deinit {
    for effect in running.values { effect.task.cancel() }
  }

  /// Reduces `action` (and every action queued meanwhile) and starts their effects. Returns
  /// the tasks of the effects started, or an empty array (no allocation) when there are none.
  @inlinable func send(_ action: Action, origin: Origin) -> [Task<Void, Never>] {
    guard !isReducing else {
      queue.append((action, origin))
      return []
    }
    isReducing = true
    defer {
      isReducing = false
      queue.removeAll(keepingCapacity: true)
    }
    var tasks: [Task<Void, Never>] = []
    // The action itself skips the queue; only actions sent while reducing wait in it.
    reduceAndStart(action, origin: origin, into: &tasks)
    var index = 0
    while index < queue.count {
      let (action, origin) = queue[index]
      index += 1
      reduceAndStart(action, origin: origin, into: &tasks)
    }
    return tasks
  }

  @inlinable func reduceAndStart(_ action: Action, origin: Origin, into tasks: inout [Task<Void, Never>]) {
    let effect = reduce(action)
    version &+= 1
    didReduce?(action, origin)
    guard !effect.isNone else { return }
    currentAction = action
    start(effect, into: &tasks)
    currentAction = nil
  }

  @inlinable func reduce(_ action: Action) -> Effect<Action> {
    guard let dependencies else { return reducer(&state, action) }
    return withDependencies {
      $0 = dependencies
    } operation: {
      reducer(&state, action)
    }
  }

  /// Starts `effect`, appending the task of each asynchronous part to `tasks`.
  @usableFromInline func start(_ effect: Effect<Action>, into tasks: inout [Task<Void, Never>]) {
    switch effect.operation {
    case .none:
      return

    case let .send(action):
      if isReducing {
        queue.append((action, .effect))
      } else {
        tasks += send(action, origin: .effect)
      }

    case let .run(priority, operation):
      let completed = LockIsolated(false)
      let origin = UncheckedSendable(currentAction)
      let send = Send<Action> { [weak self] action in
        guard !completed.value else { return reportSendAfterCompletion(action, origin: origin.value) }
        _ = self?.send(action, origin: .effect)
      }
      let context = EffectContext(cancellations: cancellations, enclosingIDs: enclosingCancelIDs)
      tasks.append(track { token, hasStarted in
        let operation: @Sendable (Send<Action>) async -> Void = { send in
          hasStarted.setValue(true)
          await EffectContext.$current.withValue(context) { await operation(send) }
          completed.setValue(true)
        }
        return Task(priority: priority) { [weak self] in
          await operation(send)
          self?.finish(token)
        }
      })

    case let .merge(effects):
      for effect in effects { start(effect, into: &tasks) }

    case let .concatenate(effects) where effects.allSatisfy(\.isSynchronous):
      // Sends (as TCA's `Just`s) run at once, in order: the queue keeps the order.
      for effect in effects { start(effect, into: &tasks) }

    case let .concatenate(effects):
      let action = currentAction
      tasks.append(track { token, hasStarted in
        hasStarted.setValue(true)
        return Task { [weak self] in
          for effect in effects {
            guard let self, !Task.isCancelled else { break }
            var inner: [Task<Void, Never>] = []
            self.currentAction = action
            self.start(effect, into: &inner)
            self.currentAction = nil
            await waitForAll(inner)
          }
          self?.finish(token)
        }
      })

    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id) }
      let firstNew = nextToken
      var inner: [Task<Void, Never>] = []
      enclosingCancelIDs.append(id)
      start(effect, into: &inner)
      enclosingCancelIDs.removeLast()
      let started = (firstNew..<nextToken).compactMap { token in running[token].map { (token, $0.task) } }
      if !started.isEmpty {
        cancellations.register(started, under: id) { running[$0] != nil }
      }
      tasks += inner

    case let .cancel(id):
      cancel(id: id)
    }
  }

  /// Registers the task `makeTask` creates under a fresh token.
  private func track(_ makeTask: (Int, LockIsolated<Bool>) -> Task<Void, Never>) -> Task<Void, Never> {
    let token = nextToken
    nextToken += 1
    let hasStarted = LockIsolated(false)
    let task = makeTask(token, hasStarted)
    running[token] = RunningEffect(task: task, action: currentAction, hasStarted: hasStarted)
    return task
  }

  private func finish(_ token: Int) {
    running[token] = nil
  }

  func cancel(id: AnyHashable) {
    for (token, task) in cancellations.remove(id) {
      running[token] = nil
      task.cancel()
    }
  }

  func cancelAll() {
    for effect in running.values { effect.task.cancel() }
    running.removeAll()
    cancellations.removeAll()
  }
}

/// A `send` escaped from its `.run` (into an unstructured task) and called after the run
/// returned: the store no longer tracks that work, so the action is dropped and reported.
@MainActor
private func reportSendAfterCompletion<Action>(_ action: Action, origin: Action?) {
  reportIssue(
    """
    An action was sent from a completed effect.

      Action:
        \(caseDescription(action))

      Effect returned from:
        \(origin.map { caseDescription($0) } ?? "an effect")

    Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
    completed. This can happen if you escape the 'send' argument in an unstructured context.

    To fix this, make sure that your 'run' closure does not return until you're done \
    calling 'send'.
    """
  )
}
