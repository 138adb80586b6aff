import Composable
import Testing

/// A TCA 1.x feature with destinations: an `@Reducer enum` of child features, presented
/// through optional state and `ifLet`.
@Reducer
struct Inventory {
  @Reducer(state: .equatable, action: .equatable)
  enum Destination {
    case add(AddItem)
    case rename(RenameItem)
  }

  @ObservableState
  struct State: Equatable {
    var items: [String] = []
    var destination: Destination.State?
  }

  enum Action: Equatable {
    case addButtonTapped
    case itemTapped(Int)
    case destination(Destination.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .add(AddItem.State())
        return .none
      case let .itemTapped(index):
        state.destination = .rename(RenameItem.State(index: index, name: state.items[index]))
        return .none
      case .destination(.add(.saveButtonTapped)):
        guard case let .add(add)? = state.destination else { return .none }
        state.items.append(add.name)
        state.destination = nil
        return .none
      case .destination(.rename(.saveButtonTapped)):
        guard case let .rename(rename)? = state.destination else { return .none }
        state.items[rename.index] = rename.name
        state.destination = nil
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination)
  }
}

@Reducer
struct AddItem {
  @ObservableState
  struct State: Equatable { var name = "" }
  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case saveButtonTapped
  }
  var body: some ReducerOf<Self> { BindingReducer() }
}

@Reducer
struct RenameItem {
  @ObservableState
  struct State: Equatable {
    let index: Int
    var name: String
  }
  enum Action: Equatable {
    case nameChanged(String)
    case saveButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .nameChanged(name) = action { state.name = name }
      return .none
    }
  }
}

@MainActor
struct DestinationTests {
  @Test func aDestinationIsPresentedEditedAndDismissed() async {
    let store = TestStore(initialState: Inventory.State()) { Inventory() }
    await store.send(.addButtonTapped) { $0.destination = .add(AddItem.State()) }
    await store.send(\.destination.add.binding.name, "Pen") { $0.destination = .add(AddItem.State(name: "Pen")) }
    await store.send(\.destination.add.saveButtonTapped) {
      $0.destination = nil
      $0.items = ["Pen"]
    }
    await store.send(.itemTapped(0)) { $0.destination = .rename(RenameItem.State(index: 0, name: "Pen")) }
    await store.send(\.destination.rename.nameChanged, "Ink") { $0.destination = .rename(RenameItem.State(index: 0, name: "Ink")) }
    await store.send(\.destination.rename.saveButtonTapped) {
      $0.destination = nil
      $0.items = ["Ink"]
    }
  }

  @Test func theEnumRunsOnlyTheChildOfItsCase() async {
    let store = TestStore(initialState: Inventory.Destination.State.rename(RenameItem.State(index: 0, name: "a"))) {
      Inventory.Destination.body
    }
    await store.send(.rename(.nameChanged("b"))) { $0 = .rename(RenameItem.State(index: 0, name: "b")) }
    await withKnownIssue {
      await store.send(.add(.saveButtonTapped))
    } matching: { $0.description.contains("another case") }
  }
}

/// Presented children in TCA 1.x's spelling: `@Presents` state, `PresentationAction`s, and
/// `ifLet(\.$child, action: \.child)`.
@Reducer
struct Shelf {
  @ObservableState
  struct State: Equatable {
    @Presents var row: Row.State?
    @Presents var destination: Inventory.Destination.State?
    @Presents var notice: Notice.State?
    var log: [String] = []
  }

  enum Action: Equatable {
    case showRow
    case addButtonTapped
    case showNotice
    case row(PresentationAction<Row.Action>)
    case destination(PresentationAction<Inventory.Destination.Action>)
    case notice(PresentationAction<Notice.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showRow:
        state.row = Row.State(id: 1)
      case .addButtonTapped:
        state.destination = .add(AddItem.State())
      case .showNotice:
        state.notice = Notice.State(text: "Saved")
      case .notice(.dismiss):
        state.log.append("notice dismissed")
      case .row(.dismiss):
        state.log.append("dismissed after \(state.row?.ticks ?? -1) ticks")
      case .row, .destination, .notice:
        break
      }
      return .none
    }
    .ifLet(\.$row, action: \.row) { Row() }
    .ifLet(\.$destination, action: \.destination)
    .ifLet(\.$notice, action: \.notice) { Notice() }
  }
}

/// A child that closes itself through the `dismiss` dependency.
@Reducer
struct Notice {
  @ObservableState
  struct State: Equatable { var text: String }
  enum Action: Equatable { case closeButtonTapped }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .run { _ in await dismiss() }
    }
  }
}

@MainActor
struct PresentationTests {
  @Test func dismissingAPresentedChildEndsItsEffectsAfterTheParentSawIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Shelf.State()) { Shelf() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showRow) { $0.row = Row.State(id: 1) }
    await store.send(\.row.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.row.tick) { $0.row?.ticks = 1 }
    await store.send(.row(.dismiss)) {
      $0.log = ["dismissed after 1 ticks"]
      $0.row = nil
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aPresentedEnumReducerRunsThroughPresentedActions() async {
    let store = TestStore(initialState: Shelf.State()) { Shelf() }
    await store.send(.addButtonTapped) { $0.destination = .add(AddItem.State()) }
    await store.send(\.destination.add.binding.name, "Pen") { $0.destination = .add(AddItem.State(name: "Pen")) }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func aChildDismissesItselfThroughTheDismissDependency() async {
    let store = TestStore(initialState: Shelf.State()) { Shelf() }
    await store.send(.showNotice) { $0.notice = Notice.State(text: "Saved") }
    await store.send(\.notice.closeButtonTapped)
    await store.receive(\.notice.dismiss) {
      $0.log = ["notice dismissed"]
      $0.notice = nil
    }
  }

  /// As in TCA: a test store's root feature that dismisses itself is over. Its effects end,
  /// and sending to it again is an error.
  @Test func dismissAtATestStoresRootEndsTheFeature() async {
    let store = TestStore(initialState: Notice.State(text: "alone")) { Notice() }
    await store.send(.closeButtonTapped)
    await store.finish()
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.closeButtonTapped)
    } matching: { $0.description.contains("Can't send action to dismissed test store.") }
  }

  @Test func dismissOutsideAPresentationInAStoreIsReported() async {
    let store = Store(initialState: Notice.State(text: "alone")) { Notice() }
    await withKnownIssue {
      await store.send(.closeButtonTapped).finish()
    } matching: { $0.description.contains("not presented") }
  }

  @Test func theProjectionIsThePresentationState() {
    var state = Shelf.State()
    state.$row = PresentationState(wrappedValue: Row.State(id: 7))
    #expect(state.row?.id == 7)
    #expect(state.$row.wrappedValue == Row.State(id: 7))
  }
}
