/// A presented child's state in an `@ObservableState` struct, as TCA 1.x's macro:
/// `@Presents var destination: Destination.State?`, projected as `$destination` for
/// `ifLet(\.$destination, action: \.destination)`.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() = #externalMacro(module: "ComposableMacros", type: "PresentsMacro")

/// The state of a presented child (a sheet, a destination), as TCA's `@Presents` keeps it:
/// `nil` while nothing is presented. Its projection (`\.$destination`) is what
/// `ifLet(_:action:destination:)` takes.
@propertyWrapper
public struct PresentationState<State> {
  public var wrappedValue: State?

  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomDumpReflectable {
  public var customDumpMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

/// A presented child's action, or its dismissal.
///
/// Case key paths reach through `presented`: `\.destination.add.saveButtonTapped` is
/// `\.destination.presented.add.saveButtonTapped`, as in TCA.
public enum PresentationAction<Action>: CasePathable {
  /// Dismisses the child: its state becomes `nil`, after the parent has seen the action, and
  /// its effects are cancelled.
  case dismiss
  case presented(Action)

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: { if case .dismiss = $0 { return () } else { return nil } }
      )
    }

    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: { if case let .presented(action) = $0 { return action } else { return nil } }
      )
    }

    /// A case of the child's action, through `presented`.
    public subscript<ChildAction>(
      dynamicMember keyPath: CaseKeyPath<Action, ChildAction>
    ) -> AnyCasePath<PresentationAction, ChildAction> where Action: CasePathable {
      let path = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .presented(path.value($0)) },
        extract: { if case let .presented(action) = $0 { return action[case: path.value] } else { return nil } }
      )
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension Reducer where Action: CasePathable {
  /// Runs `destination` on presented child state (`@Presents var destination`) for the
  /// parent's `presented` actions, as TCA's operator of the same name: the child runs before
  /// this reducer; `.dismiss` reaches this reducer and then sets the child state to `nil`;
  /// whenever the child state becomes `nil` or another (identifiable) child, the child's
  /// running effects are cancelled.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Reduce<State, Action>, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    presenting(
      toPresentationState, action: toPresentationAction, destination: destination()._resolvedReduce,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `ifLet` on a presented enum reducer (`@Reducer enum Destination`), without a closure.
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Reduce<State, Action>, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    presenting(
      toPresentationState, action: toPresentationAction, destination: DestinationState.StateReducer.body._resolvedReduce,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// An `ifLet` on the presented state, under a parent that also dismisses.
  private func presenting<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    destination: @escaping (inout DestinationState, DestinationAction) -> Effect<DestinationAction>,
    _ location: SourceLocation
  ) -> _IfLetReducer<Reduce<State, Action>, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    let parent = _resolvedReduce
    let toDismissal = ResolvedCasePath(toPresentationAction)
    let dismissing = Reduce<State, Action> { state, action in
      let effect = parent(&state, action)
      if case .dismiss? = toDismissal.extract(from: action) {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
      return effect
    }
    let dismissal = UncheckedSendable(toPresentationAction(.dismiss))
    return _IfLetReducer(
      parent: dismissing._resolvedReduce,
      toWrappedState: toPresentationState.appending(path: \.wrappedValue),
      toWrappedAction: ResolvedCasePath(toPresentationAction.appending(path: \.presented)),
      wrapped: destination,
      location: location,
      decorateWrappedEffect: { effect in
        effect.presented { send in await send(dismissal.value) }
      }
    )
  }
}

/// What a presented child calls to dismiss itself, as TCA's: `@Dependency(\.dismiss) var
/// dismiss`, then `await dismiss()` in an effect. The presenter's `ifLet(\.$child, action:
/// \.child)` then receives `.dismiss`: the parent sees it, the child state becomes `nil` and
/// the child's effects end.
///
/// The presenter runs each of the child's effects with itself as `presenter`, a task-local
/// value: dependencies are captured when an effect is created, so one set around the running
/// effect would be replaced by them. The innermost presentation wins.
///
/// Outside any presentation it dismisses the root, where the root has a way to be
/// dismissed: a `TestStore` takes it as the end of its feature, as TCA's does.
public struct DismissEffect: Sendable {
  @TaskLocal static var presenter: (@Sendable () async -> Void)?

  /// What dismissing the root does, when nothing presented the feature.
  let dismissRoot: (@Sendable () async -> Void)?

  init(dismissRoot: (@Sendable () async -> Void)? = nil) {
    self.dismissRoot = dismissRoot
  }

  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let presenter = Self.presenter else {
      if let dismissRoot {
        await dismissRoot()
        return
      }
      reportIssue(
        """
        "dismiss()" was called from an effect of a feature that was not presented with \
        "ifLet(\\.$child, action: \\.child)"; nothing was dismissed.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await presenter()
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it (see `DismissEffect`).
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

extension Effect {
  /// This effect with each `run` part running under `dismiss` as its presenter.
  func presented(dismiss: @escaping @Sendable (Send<Action>) async -> Void) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(priority, operation):
      return Self(
        operation: .run(priority: priority) { send in
          await DismissEffect.$presenter.withValue({ await dismiss(send) }) { await operation(send) }
        }
      )
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0.presented(dismiss: dismiss) }))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0.presented(dismiss: dismiss) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.presented(dismiss: dismiss)))
    }
  }
}
