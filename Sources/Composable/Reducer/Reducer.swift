/// A feature's logic: how an action changes its state, and which effects it starts.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in state.count += 1; return .none }
///   }
/// }
/// ```
///
/// The other examples of this module use this `Counter`.
///
/// Conform either by composing other reducers in `body`, or by implementing
/// `reduce(into:action:)` directly. The reducer is the only place state changes; all
/// other work is returned as an ``Effect``.
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action
  associatedtype Body = Never

  /// Evolves `state` for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is composed of.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// `reduce`, with the bodies of this reducer and its children built once (see below).
  var _resolvedReduce: (inout State, Action) -> Effect<Action> { get }
}

/// A reducer with the same state and action types as `R`, for `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements `reduce(into:action:)` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' has no body; call 'reduce(into:action:)' instead.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  @inlinable public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

// `_resolvedReduce`: this reducer's `reduce`, with every `body` on the way evaluated once.
//
// The default `reduce(into:action:)` builds `body` anew for every action, and building a body
// instantiates its key paths (`\.rows`, and `\.rows` as a case path), which costs
// microseconds each. Stores and the `Scope`, `forEach` and `ifLet` operators resolve their
// reducers once, so an action costs only the reducing itself. Bodies are descriptions: they
// must depend on nothing but the reducer's own stored properties, as in TCA. A protocol
// requirement, not an extension method, so that it resolves statically, fully specialized.

extension Reducer where Body == Never {
  @inlinable
  public var _resolvedReduce: (inout State, Action) -> Effect<Action> { reduce(into:action:) }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  @inlinable
  public var _resolvedReduce: (inout State, Action) -> Effect<Action> { body._resolvedReduce }
}
