import Composable
import Testing

/// What an in-place change (`_modify`) of an `@ObservableState` property tells observers: the
/// readers of what changed identity, and nobody else.
struct ObservableStateTests {
  @ObservableState
  struct Parent: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
    var selected = Row(id: 0)
    var count = 0
  }

  @ObservableState
  struct Row: Equatable, Identifiable {
    let id: Int
    var value = 0
  }

  /// Counts the changes observers of `read` are told of while `change` runs.
  func notifications<Value>(reading read: () -> Value, during change: () -> Void) -> Int {
    let told = LockIsolated(0)
    withObservationTracking { _ = read() } onChange: { told.withValue { $0 += 1 } }
    change()
    return told.value
  }

  @Test func anElementChangedInPlaceLeavesTheCollectionsReadersAlone() {
    var state = Parent(rows: [Row(id: 1), Row(id: 2)])
    #expect(notifications(reading: { state.rows }) { state.rows[id: 2]?.value += 1 } == 0)
    #expect(notifications(reading: { state.rows }) { state.rows[1].value += 1 } == 0)
    #expect(state.rows.map(\.value) == [0, 2])
  }

  @Test func anElementChangedInPlaceTellsItsOwnReaders() {
    var state = Parent(rows: [Row(id: 1), Row(id: 2)])
    let row = state.rows[1]
    #expect(notifications(reading: { row.value }) { state.rows[1].value += 1 } == 1)
  }

  @Test func membershipChangesTellTheCollectionsReaders() {
    var state = Parent(rows: [Row(id: 1)])
    #expect(notifications(reading: { state.rows }) { state.rows.append(Row(id: 2)) } == 1)
    #expect(notifications(reading: { state.rows }) { state.rows.remove(id: 1) } == 1)
    #expect(notifications(reading: { state.rows }) { state.rows.swapAt(0, 0) } == 0)
  }

  @Test func nestedStateChangedInPlaceKeepsItsIdentityAndANewValueDoesNot() {
    var state = Parent()
    #expect(notifications(reading: { state.selected }) { state.selected.value = 3 } == 0)
    #expect(notifications(reading: { state.selected }) { state.selected = Row(id: 4) } == 1)
  }

  /// `forEach` changes the element through the collection's stored property (in place, O(1)).
  @MainActor @Test func forEachChangesAnElementWithoutTellingTheCollectionsReaders() {
    let store = Store(initialState: Counter1x.State(rows: [Row1x.State(id: 1)])) { Counter1x() }
    #expect(notifications(reading: { store.rows }) { store.send(.rows(.element(id: 1, action: .tick))) } == 0)
    #expect(store.rows[id: 1]?.value == 1)
    #expect(notifications(reading: { store.rows }) { store.send(.addRowButtonTapped) } == 1)
  }

  @Test func aPlainValueChangedInPlaceTellsItsReaders() {
    var state = Parent()
    #expect(notifications(reading: { state.count }) { state.count += 1 } == 1)
    #expect(notifications(reading: { state.rows }) { state.count += 1 } == 0)
  }
}
