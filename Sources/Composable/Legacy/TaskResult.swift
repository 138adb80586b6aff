/// The outcome of an async throwing call, caught for an action to carry, as TCA 0.47's
/// effects returned it: `await send(.response(TaskResult { try await client.fetch() }))`.
///
/// ```swift
/// struct Loader: Reducer {
///   struct State: Equatable { var value: Int? }
///   enum Action: Equatable { case load, loaded(TaskResult<Int>) }
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .load:
///       return .run { send in await send(.loaded(TaskResult { 42 })) }
///     case let .loaded(.success(value)):
///       state.value = value
///       return .none
///     case .loaded(.failure):
///       return .none
///     }
///   }
/// }
/// ```
///
/// Unlike `Result`, its failure is any error, so a closure that throws anything can make one;
/// two failures are equal when their errors are of one type and equal (by `==` when that
/// type is `Equatable`, else by their printed form), so a test can receive them.
@available(*, deprecated, message: "Use Result, catching the error in the effect, instead.")
@CasePathable
public enum TaskResult<Success: Sendable>: Sendable {
  case success(Success)
  case failure(any Error)

  /// Runs `body`, keeping its value or the error it threw.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  /// The success value, or the failure's error thrown.
  public var value: Success {
    get throws {
      switch self {
      case let .success(value): return value
      case let .failure(error): throw error
      }
    }
  }

  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): .success(transform(value))
    case let .failure(error): .failure(error)
    }
  }

  public func flatMap<NewSuccess>(_ transform: (Success) -> TaskResult<NewSuccess>) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): transform(value)
    case let .failure(error): .failure(error)
    }
  }
}

@available(*, deprecated)
extension TaskResult: Equatable where Success: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.success(lhs), .success(rhs)): lhs == rhs
    case let (.failure(lhs), .failure(rhs)): errorsAreEqual(lhs, rhs)
    default: false
    }
  }
}

@available(*, deprecated)
extension TaskResult: Hashable where Success: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .success(value):
      hasher.combine(0)
      hasher.combine(value)
    case let .failure(error):
      hasher.combine(1)
      hasher.combine(ObjectIdentifier(type(of: error)))
    }
  }
}

/// Whether two errors are of one type and equal: by `==` for an `Equatable` type, else by
/// their printed form (`Failure()` and `Failure()` are equal).
private func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  func equal<E: Equatable>(_ lhs: E, _ rhs: any Error) -> Bool { (rhs as? E) == lhs }
  if let lhs = lhs as? any Equatable { return equal(lhs, rhs) }
  return String(reflecting: lhs) == String(reflecting: rhs)
}
