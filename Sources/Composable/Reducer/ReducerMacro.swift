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
@attached(memberAttribute)
@attached(extension, conformances: Reducer)
public macro Reducer() = #externalMacro(module: "ComposableMacros", type: "ReducerMacro")
