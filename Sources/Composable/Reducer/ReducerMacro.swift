/// Declares a feature as TCA 1.x does: `@Reducer struct Feature { … }` conforms it to
/// `Reducer` and makes its `Action` enum `@CasePathable` and `@dynamicMemberLookup`.
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> { Reduce { state, _ in state.count += 1; return .none } }
/// }
/// ```
///
/// On an enum of child reducers, TCA's destinations (see `CaseReducer`): each case holds one
/// child reducer.
///
/// ```swift
/// @Reducer
/// struct Rename {
///   struct State: Equatable { var name = "" }
///   enum Action { case nameChanged(String) }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case let .nameChanged(name): state.name = name
///       }
///       return .none
///     }
///   }
/// }
///
/// @Reducer(state: .equatable)
/// enum Destination {
///   case counter(Counter)
///   case rename(Rename)
/// }
/// ```
@attached(member, names: named(State), named(Action), named(body))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() = #externalMacro(module: "ComposableMacros", type: "ReducerMacro")

/// `@Reducer` with the conformances of an enum reducer's generated `State` and `Action`.
@attached(member, names: named(State), named(Action), named(body))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "ComposableMacros", type: "ReducerMacro")

/// A conformance `@Reducer` gives an enum reducer's generated `State` or `Action`.
public struct _SynthesizedConformance: Sendable {
  public static let equatable = Self()
  public static let hashable = Self()
  public static let sendable = Self()
}

/// An enum reducer: one case per child reducer, its `State` and `Action` one case per child,
/// and a static `body` that runs the child of the current case. `@Reducer` on an enum writes
/// all of it; a parent embeds it with `.ifLet(\.destination, action: \.destination)`.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self, Body: Reducer, Body.State == State, Body.Action == Action {
  // Restated without `Reducer`'s default (`Never`), so `Body` is inferred from `static var body`.
  associatedtype Body = Body
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

extension CaseReducer {
  public var body: Body { Self.body }
}

/// The `State` of an enum reducer, which knows its reducer.
public protocol CaseReducerState {
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer where Action: CasePathable {
  /// Runs the enum reducer of optional child state while it is present, as `ifLet` with a
  /// child: `.ifLet(\.destination, action: \.destination)`.
  public func ifLet<ChildState: CaseReducerState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, ChildState.StateReducer.Body> where ChildState.StateReducer.Action == ChildAction {
    _IfLetReducer(
      parent: self._resolvedReduce,
      toWrappedState: toChildState,
      toWrappedAction: ResolvedCasePath(toChildAction),
      wrapped: ChildState.StateReducer.body._resolvedReduce,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
