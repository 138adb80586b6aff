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
}
