/// Work a reducer asks for after it has changed the state: the only way a feature talks to
/// the outside world. Actions an effect sends come back through the store.
///
/// ```swift
/// @Reducer
/// struct Search {
///   struct State: Equatable { var query = ""; var results: [String] = [] }
///   enum Action { case queryChanged(String), searched([String]) }
///   enum CancelID { case search }
///   @Dependency(\.continuousClock) var clock
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case let .queryChanged(query):
///         state.query = query
///         // Typing again cancels the wait, so only the last query is searched.
///         return .run { send in
///           try await clock.sleep(for: .milliseconds(300))
///           await send(.searched([query, query + "s"]))
///         }
///         .cancellable(id: CancelID.search, cancelInFlight: true)
///       case let .searched(results):
///         state.results = results
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// `.none` and merges of `.none` allocate nothing, so an action that only changes state
/// costs no heap traffic. Dependencies in scope when a `.run` effect is created are in
/// scope while it runs.
public struct Effect<Action> {
  @usableFromInline
  enum Operation {
    case none
    case send(Action)
    case run(priority: TaskPriority?, operation: @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    indirect case cancellable(id: AnyHashable, cancelInFlight: Bool, Effect<Action>)
    case cancel(id: AnyHashable)
  }

  /// The operation, boxed: every reducer returns an effect, nearly always `.none`, which is
  /// then `nil`, so returning, copying and merging effects costs nothing for it whatever the
  /// size of the action type.
  @usableFromInline final class Box {
    @usableFromInline let operation: Operation
    @inlinable init(_ operation: Operation) { self.operation = operation }
  }

  @usableFromInline let box: Box?

  @inlinable init(operation: Operation) {
    if case .none = operation { box = nil } else { box = Box(operation) }
  }

  @inlinable var operation: Operation { box?.operation ?? .none }
}

// Effects are built and interpreted on the store's actor; only `.run`'s operation crosses to
// other executors, and it is `@Sendable` itself. The stored `Action` of `.send` never leaves
// the main actor.
extension Effect: @unchecked Sendable {}

extension Effect {
  /// An effect that does nothing.
  @inlinable public static var none: Self { Self(operation: .none) }

  /// Sends `action` right after the current action is reduced, before any asynchronous work.
  public static func send(_ action: Action) -> Self { Self(operation: .send(action)) }

  /// Runs `operation` in a task. Errors other than cancellation go to `handler`, or are
  /// reported as an issue when there is none.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        operation: .run(priority: priority) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
              return
            } catch {
              guard !Task.isCancelled else { return }
              if let handler {
                await handler(error, send)
              } else {
                reportIssue(
                  """
                  An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error.

                  \(indented(String(customDumping: error), by: 4))

                  All non-cancellation errors must be explicitly handled via the "catch" parameter \
                  on "Effect.run", or via a "do" block.
                  """,
                  fileID: fileID, filePath: filePath, line: line, column: column
                )
              }
            }
          }
        }
      )
    }
  }

  /// Runs all `effects` at once.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs all `effects` at once.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    effects.reduce(.none) { $0.merge(with: $1) }
  }

  /// Runs this effect and `other` at once. Merging with `.none` returns the other effect
  /// unchanged, without allocating.
  @inlinable public func merge(with other: Self) -> Self {
    if isNone { return other }
    if other.isNone { return self }
    switch (operation, other.operation) {
    case let (.merge(lhs), .merge(rhs)): return Self(operation: .merge(lhs + rhs))
    case let (.merge(lhs), _): return Self(operation: .merge(lhs + [other]))
    case let (_, .merge(rhs)): return Self(operation: .merge([self] + rhs))
    default: return Self(operation: .merge([self, other]))
    }
  }

  /// Runs `effects` one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs `effects` one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[effects.startIndex]
    default: return Self(operation: .concatenate(Array(effects)))
    }
  }

  /// Runs this effect, then `next`.
  public func concatenate(with next: Self) -> Self { .concatenate([self, next]) }

  /// Makes this effect cancellable with `.cancel(id:)`. With `cancelInFlight`, effects already
  /// running under the same id are cancelled first (debouncing, restarting a timer).
  public func cancellable<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
    if isNone && !cancelInFlight { return self }
    return Self(operation: .cancellable(id: AnyHashable(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels every running effect marked `.cancellable(id:)` with this id.
  public static func cancel<ID: Hashable & Sendable>(id: ID) -> Self {
    Self(operation: .cancel(id: AnyHashable(id)))
  }

  /// Turns this effect's actions into another feature's actions (how a parent embeds a child).
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, operation):
      return Effect<T>(
        operation: .run(priority: priority) { send in
          await operation(Send { action in send(transform(action)) })
        }
      )
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<T>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    case let .cancel(id):
      return Effect<T>(operation: .cancel(id: id))
    }
  }

  /// Whether this effect does nothing; lets operators skip building closures for it.
  @inlinable public var isNone: Bool { box == nil }

  /// Whether everything this effect does happens at once (sends and cancellations, no `run`).
  @usableFromInline var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .run: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .cancellable(_, _, effect): effect.isSynchronous
    }
  }
}
