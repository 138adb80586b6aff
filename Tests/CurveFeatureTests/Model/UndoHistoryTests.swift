import Composable
import CurveFeature
import SeededRandom
import Testing

/// The history keeps older steps as differences and gives back exactly the snapshots it was
/// given, as a plain stack of whole snapshots would.
struct UndoHistoryTests {
  struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var value: Int
  }

  typealias Items = IdentifiedArrayOf<Item>

  /// One random edit: change, insert, delete, or (rarely) swap two items.
  static func edit(_ items: Items, nextID: inout Int, _ random: inout SplitMix64) -> Items {
    var edited = items
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<5 where !edited.isEmpty:
      let index = Int.random(in: 0..<edited.count, using: &random)
      edited[index].value += Int.random(in: 1...9, using: &random)
    case 5..<7:
      nextID += 1
      edited.insert(Item(id: nextID, value: 0), at: Int.random(in: 0...edited.count, using: &random))
    case 7..<9 where !edited.isEmpty:
      for _ in 0..<Int.random(in: 1...min(3, edited.count), using: &random) where !edited.isEmpty {
        edited.remove(at: Int.random(in: 0..<edited.count, using: &random))
      }
    case 9 where edited.count >= 2:
      edited.swapAt(0, edited.count - 1)
    default:
      nextID += 1
      edited.append(Item(id: nextID, value: 1))
    }
    return edited
  }

  @Test func aDifferenceRebuildsTheOlderArray() {
    var random = SplitMix64(seed: 7)
    var nextID = 0
    for _ in 0..<2_000 {
      let older = Items(uniqueElements: (0..<Int.random(in: 0...12, using: &random)).map { _ in
        nextID += 1
        return Item(id: nextID, value: nextID)
      })
      var newer = older
      for _ in 0..<Int.random(in: 0...4, using: &random) { newer = Self.edit(newer, nextID: &nextID, &random) }
      #expect(Items(restoring: older.difference(from: newer), onto: newer) == older)
    }
  }

  @Test func aDifferenceHoldsOnlyWhatChanged() {
    let older = Items(uniqueElements: (0..<10_000).map { Item(id: $0, value: 0) })
    var newer = older
    newer[id: 4_321]!.value = 1
    #expect(older.difference(from: newer).elementCount == 1)
    newer.remove(id: 17)
    newer.append(Item(id: 10_000, value: 0))
    #expect(older.difference(from: newer).elementCount == 2)
    // Reordered: the older array is kept whole.
    newer.swapAt(0, 1)
    #expect(older.difference(from: newer).elementCount == 10_000)
  }

  @Test func undoAndRedoGiveBackTheSnapshotsAPlainStackWould() {
    var random = SplitMix64(seed: 11)
    var nextID = 0
    var current = Items(uniqueElements: (0..<20).map { _ in
      nextID += 1
      return Item(id: nextID, value: 0)
    })
    var history = UndoHistory<Items>()
    var undoModel: [Items] = [], redoModel: [Items] = []
    for _ in 0..<3_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<6:
        history.record(current)
        undoModel.append(current)
        if undoModel.count > UndoHistory<Items>.limit { undoModel.removeFirst() }
        redoModel.removeAll()
        current = Self.edit(current, nextID: &nextID, &random)
      case 6..<8:
        let restored = history.undo(from: current)
        #expect(restored == undoModel.popLast().map { redoModel.append(current); return $0 })
        if let restored { current = restored }
      default:
        let restored = history.redo(from: current)
        #expect(restored == redoModel.popLast().map { undoModel.append(current); return $0 })
        if let restored { current = restored }
      }
      #expect(history.undoCount == undoModel.count && history.redoCount == redoModel.count)
    }
    #expect(history.undoStack == undoModel)
    #expect(history.redoStack == redoModel)
  }
}
