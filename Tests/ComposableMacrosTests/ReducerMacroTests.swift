import ComposableMacros
import MacroTesting
import XCTest

final class ReducerMacroTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(macros: ["Reducer": ReducerMacro.self]) { super.invokeTest() }
  }

  func testAddsTheConformanceAndCasePathsToAction() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action { case tapped }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @dynamicMemberLookup
        enum Action { case tapped 
      }
      }

      extension Feature: Composable.Reducer {
      }
      """
    }
  }

  /// An enum of child reducers becomes a reducer of one case per child, as TCA's destinations.
  func testAnEnumOfChildReducersGetsStateActionAndABodyOfItsCases() {
    assertMacro {
      """
      @Reducer(state: .equatable)
      enum Destination {
        case add(AddItem)
        case rename(RenameItem)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddItem)
        case rename(RenameItem)

        @CasePathable @dynamicMemberLookup
        enum State: Composable.CaseReducerState, Equatable {
          typealias StateReducer = Destination
          case add(AddItem.State)
          case rename(RenameItem.State)
        }

        @CasePathable
        enum Action {
          case add(AddItem.Action)
          case rename(RenameItem.Action)
        }

        @Composable.ReducerBuilder<Self.State, Self.Action>
        static var body: Composable.Reduce<Self.State, Self.Action> {
          Composable.Reduce(Composable.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\State.Cases.add, action: \Action.Cases.add) {
              AddItem()
            }
            .ifCaseLet(\State.Cases.rename, action: \Action.Cases.rename) {
              RenameItem()
            })
        }
      }

      extension Destination: Composable.CaseReducer, Composable.Reducer {
      }
      """#
    }
  }
}

/// Misuse of `@Reducer`, reported at what was written.
final class ReducerMacroDiagnosticsTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(macros: ["Reducer": ReducerMacro.self]) { super.invokeTest() }
  }

  /// A case of an enum reducer holds one child; a case without one has nothing to scope to.
  func testAnEnumCaseWithoutAChildIsAnError() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case add(AddItem)
        case none
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case add(AddItem)
        case none
             ┬───
             ╰─ 🛑 '@Reducer' enum case 'none' has no child reducer; write 'case none(Child)' with the child's reducer type
      }
      """
    }
  }

  func testAnEnumCaseWithTwoValuesIsAnError() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case add(AddItem)
        case edit(EditItem, id: Int)
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case add(AddItem)
        case edit(EditItem, id: Int)
                 ┬──────────────────
                 ╰─ 🛑 '@Reducer' enum case 'edit' has 2 associated values; a case holds exactly one child reducer
      }
      """
    }
  }

  func testAnUnknownLabelIsAnErrorWithACorrection() {
    assertMacro {
      """
      @Reducer(state: .equatable, actions: .equatable)
      enum Destination {
        case add(AddItem)
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatable, actions: .equatable)
                                  ┬──────
                                  ╰─ 🛑 '@Reducer' has no argument 'actions:'; it takes 'state:' and 'action:'
                                     ✏️ Replace 'actions:' with 'action:'
      enum Destination {
        case add(AddItem)
      }
      """
    } fixes: {
      """
      @Reducer(state: .equatable, action: .equatable)
      enum Destination {
        case add(AddItem)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddItem)

        @CasePathable @dynamicMemberLookup
        enum State: Composable.CaseReducerState, Equatable {
          typealias StateReducer = Destination
          case add(AddItem.State)
        }

        @CasePathable
        enum Action: Equatable {
          case add(AddItem.Action)
        }

        @Composable.ReducerBuilder<Self.State, Self.Action>
        static var body: Composable.Reduce<Self.State, Self.Action> {
          Composable.Reduce(Composable.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\State.Cases.add, action: \Action.Cases.add) {
              AddItem()
            })
        }
      }

      extension Destination: Composable.CaseReducer, Composable.Reducer {
      }
      """#
    }
  }

  func testAnUnknownConformanceIsAnErrorCorrectedWhenItIsASlip() {
    assertMacro {
      """
      @Reducer(state: .equatble, action: .comparable)
      enum Destination {
        case add(AddItem)
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatble, action: .comparable)
                                         ┬──────────
                      │                  ╰─ 🛑 '.comparable' is not a conformance '@Reducer' can generate; use '.equatable', '.hashable' or '.sendable'
                      ┬────────
                      ╰─ 🛑 '.equatble' is not a conformance '@Reducer' can generate; use '.equatable', '.hashable' or '.sendable'
                         ✏️ Replace '.equatble' with '.equatable'
      enum Destination {
        case add(AddItem)
      }
      """
    }
  }

  func testAConformanceWithoutALabelIsAnError() {
    assertMacro {
      """
      @Reducer(.equatable)
      enum Destination {
        case add(AddItem)
      }
      """
    } diagnostics: {
      """
      @Reducer(.equatable)
               ┬─────────
               ╰─ 🛑 '@Reducer' takes conformances after 'state:' or 'action:'
                  ✏️ Insert 'state: '
      enum Destination {
        case add(AddItem)
      }
      """
    } fixes: {
      """
      @Reducer(state: .equatable)
      enum Destination {
        case add(AddItem)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddItem)

        @CasePathable @dynamicMemberLookup
        enum State: Composable.CaseReducerState, Equatable {
          typealias StateReducer = Destination
          case add(AddItem.State)
        }

        @CasePathable
        enum Action {
          case add(AddItem.Action)
        }

        @Composable.ReducerBuilder<Self.State, Self.Action>
        static var body: Composable.Reduce<Self.State, Self.Action> {
          Composable.Reduce(Composable.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\State.Cases.add, action: \Action.Cases.add) {
              AddItem()
            })
        }
      }

      extension Destination: Composable.CaseReducer, Composable.Reducer {
      }
      """#
    }
  }

  /// A struct declares its own `State` and `Action`: the arguments would be ignored.
  func testArgumentsOnAStructAreAWarning() {
    assertMacro {
      """
      @Reducer(state: .equatable)
      struct Feature {
        struct State {}
        enum Action { case tapped }
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatable)
      ┬──────────────────────────
      ╰─ ⚠️ 'state:' and 'action:' apply only to an enum of child reducers; declare a struct's conformances on its 'State' and 'Action'
         ✏️ Remove the arguments
      struct Feature {
        struct State {}
        enum Action { case tapped }
      }
      """
    } fixes: {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action { case tapped }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @dynamicMemberLookup
        enum Action { case tapped 
      }
      }

      extension Feature: Composable.Reducer {
      }
      """
    }
  }

  /// Every conformance the attribute accepts reaches the generated enums, in the order written.
  func testHashableAndSendableReachTheGeneratedEnums() {
    assertMacro {
      """
      @Reducer(state: .equatable, .hashable, action: .sendable)
      enum Destination {
        case add(AddItem)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case add(AddItem)

        @CasePathable @dynamicMemberLookup
        enum State: Composable.CaseReducerState, Equatable, Hashable {
          typealias StateReducer = Destination
          case add(AddItem.State)
        }

        @CasePathable
        enum Action: Sendable {
          case add(AddItem.Action)
        }

        @Composable.ReducerBuilder<Self.State, Self.Action>
        static var body: Composable.Reduce<Self.State, Self.Action> {
          Composable.Reduce(Composable.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\State.Cases.add, action: \Action.Cases.add) {
              AddItem()
            })
        }
      }

      extension Destination: Composable.CaseReducer, Composable.Reducer {
      }
      """#
    }
  }
}

final class ObservableStateMacroTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(macros: [
      "ObservableState": ObservableStateMacro.self,
      "ObservationStateTracked": ObservationStateTrackedMacro.self,
      "ObservationStateIgnored": ObservationStateIgnoredMacro.self,
    ]) { super.invokeTest() }
  }

  func testTracksStoredVarsAndLeavesTheRest() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var count = 0
        var name: String
        let id: Int
        @ObservationStateIgnored var scratch = 0
        var doubled: Int { count * 2 }
        static var shared = 1
      }
      """
    } expansion: {
      #"""
      struct State {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, Composable._isIdentityEqual)
          }
          _modify {
            let identity = Composable._observationIdentity(of: _count)
            yield &_count
            _$observationRegistrar.didModify(self, keyPath: \.count, from: identity, to: Composable._observationIdentity(of: _count))
          }
        }

        private var _count = 0
        var name: String {
          @storageRestrictions(initializes: _name)
          init(initialValue) {
            _name = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.name)
            return _name
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.name, &_name, newValue, Composable._isIdentityEqual)
          }
          _modify {
            let identity = Composable._observationIdentity(of: _name)
            yield &_name
            _$observationRegistrar.didModify(self, keyPath: \.name, from: identity, to: Composable._observationIdentity(of: _name))
          }
        }

        private var _name: String
        let id: Int
        var scratch = 0
        var doubled: Int { count * 2 }
        static var shared = 1

        var _$observationRegistrar = Composable.ObservationStateRegistrar()

        var _$id: Composable.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$trackedStorage(for keyPath: AnyKeyPath) -> AnyKeyPath? {
          if keyPath == \Self.count {
            return \Self._count
          }
          if keyPath == \Self.name {
            return \Self._name
          }
          return nil
        }
      }

      extension State: Composable.ObservableState, Observation.Observable {
      }
      """#
    }
  }

  /// What `@ObservableState` puts on each tracked property (swift-syntax's expansion here does
  /// not reapply attributes a macro adds, so the tracked property is shown on its own).
  func testATrackedPropertyReportsReadsAndChangesOfIdentity() {
    assertMacro {
      """
      struct State {
        @ObservationStateTracked var count: Int = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        var count: Int {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, Composable._isIdentityEqual)
          }
          _modify {
            let identity = Composable._observationIdentity(of: _count)
            yield &_count
            _$observationRegistrar.didModify(self, keyPath: \.count, from: identity, to: Composable._observationIdentity(of: _count))
          }
        }

        private var _count: Int = 0
      }
      """#
    }
  }
}

final class PresentsMacroTests: XCTestCase {
  override func invokeTest() {
    withMacroTesting(macros: ["Presents": PresentsMacro.self]) { super.invokeTest() }
  }

  /// The optional is kept in a `PresentationState`, read and written through the registrar,
  /// and projected as `$destination`.
  func testKeepsTheChildInAPresentationStateProjectedWithADollar() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = Composable.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.wrappedValue, newValue, Composable._isIdentityEqual)
          }
        }

        @ObservationStateIgnored private var _destination = Composable.PresentationState<Destination.State>(wrappedValue: nil)

        var $destination: Composable.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.$destination)
            return _destination.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.$destination, &_destination.projectedValue, newValue, Composable._isIdentityEqual)
          }
        }
      }
      """#
    }
  }

  func testALetIsAnErrorCorrectedToAVar() {
    assertMacro {
      """
      struct State {
        @Presents let destination: Destination.State?
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents let destination: Destination.State?
                  ┬──
                  ╰─ 🛑 '@Presents' needs a 'var': presenting and dismissing change 'destination'
                     ✏️ Replace 'let' with 'var'
      }
      """
    } fixes: {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = Composable.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.wrappedValue, newValue, Composable._isIdentityEqual)
          }
        }

        @ObservationStateIgnored private var _destination = Composable.PresentationState<Destination.State>(wrappedValue: nil)

        var $destination: Composable.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.$destination)
            return _destination.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.$destination, &_destination.projectedValue, newValue, Composable._isIdentityEqual)
          }
        }
      }
      """#
    }
  }

  func testANonOptionalTypeIsAnErrorCorrectedToAnOptional() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var destination: Destination.State
                                   ┬────────────────
                                   ╰─ 🛑 '@Presents' needs an optional type: 'destination' is nil when nothing is presented
                                      ✏️ Make 'Destination.State' optional
      }
      """
    } fixes: {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = Composable.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination)
            return _destination.wrappedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.destination, &_destination.wrappedValue, newValue, Composable._isIdentityEqual)
          }
        }

        @ObservationStateIgnored private var _destination = Composable.PresentationState<Destination.State>(wrappedValue: nil)

        var $destination: Composable.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.$destination)
            return _destination.projectedValue
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.$destination, &_destination.projectedValue, newValue, Composable._isIdentityEqual)
          }
        }
      }
      """#
    }
  }

  func testAMissingTypeIsAnError() {
    assertMacro {
      """
      struct State {
        @Presents var destination = nil
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var destination = nil
                      ┬────────────────
                      ╰─ 🛑 '@Presents' needs the type of 'destination' written out, as in 'var destination: Child.State?'
      }
      """
    }
  }
}
