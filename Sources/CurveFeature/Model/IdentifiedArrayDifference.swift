import Composable
import Foundation

/// What turns one identified array back into an older one: the elements the older one had
/// that the newer one lacks or holds changed, each at its older index, and the ids the newer one
/// added. When the common elements changed order, the older array whole.
///
/// An undo step of one dragged point in a 10,000-curve document is then one curve, where a
/// whole snapshot is an array of 10,000.
public struct IdentifiedArrayDifference<Element: Identifiable & Equatable>: Equatable {
  public struct Restored: Equatable {
    public let index: Int
    public let element: Element
  }

  enum Storage: Equatable {
    case edits(added: [Element.ID], restored: [Restored])
    case whole(IdentifiedArrayOf<Element>)
  }

  let storage: Storage

  /// How many elements the difference holds: what it costs beyond its ids.
  public var elementCount: Int {
    switch storage {
    case let .edits(_, restored): restored.count
    case let .whole(older): older.count
    }
  }
}

extension IdentifiedArrayDifference: Sendable where Element: Sendable, Element.ID: Sendable {}
extension IdentifiedArrayDifference.Restored: Sendable where Element: Sendable {}
extension IdentifiedArrayDifference.Storage: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: UndoSnapshot where Element: Identifiable & Equatable, ID == Element.ID {
  public func difference(from newer: Self) -> IdentifiedArrayDifference<Element> {
    // Most edits change elements in place: compared index by index, with no hashing.
    if count == newer.count, let restored = changedInPlace(from: newer) {
      return .init(storage: .edits(added: [], restored: restored))
    }
    var restored: [IdentifiedArrayDifference<Element>.Restored] = []
    var common = 0
    var previousIndexInNewer = -1
    for index in indices {
      let element = self[index]
      guard let indexInNewer = newer.index(id: element.id) else {
        restored.append(.init(index: index, element: element))
        continue
      }
      // Rebuilding puts restored elements at their indices among the others, kept in the
      // newer order: that is this order only if the common elements kept theirs.
      guard indexInNewer > previousIndexInNewer else { return .init(storage: .whole(self)) }
      previousIndexInNewer = indexInNewer
      common += 1
      if !Self.same(newer[indexInNewer], element) { restored.append(.init(index: index, element: element)) }
    }
    let added = common == newer.count ? [] : newer.ids.filter { self.index(id: $0) == nil }
    return .init(storage: .edits(added: added, restored: restored))
  }

  public init(restoring difference: IdentifiedArrayDifference<Element>, onto newer: Self) {
    switch difference.storage {
    case let .whole(older):
      self = older
    case let .edits(added, restored)
    where added.isEmpty && restored.allSatisfy({ newer.index(id: $0.element.id) == $0.index }):
      // Elements changed in place: put back, with no rehashing.
      self = newer
      for change in restored { self[change.index] = change.element }
    case let .edits(added, restored):
      let replaced = Set(added).union(restored.lazy.map(\.element.id))
      var elements: [Element] = []
      elements.reserveCapacity(newer.count - added.count + restored.count)
      var next = restored.startIndex
      func insertRestored() {
        while next < restored.endIndex, restored[next].index == elements.count {
          elements.append(restored[next].element)
          next += 1
        }
      }
      for element in newer where !replaced.contains(element.id) {
        insertRestored()
        elements.append(element)
      }
      insertRestored()
      self.init(uniqueElements: elements)
    }
  }

  /// The elements that differ from `newer`'s at the same index, when every id is where it was
  /// there; nil otherwise.
  private func changedInPlace(from newer: Self) -> [IdentifiedArrayDifference<Element>.Restored]? {
    var restored: [IdentifiedArrayDifference<Element>.Restored] = []
    for index in indices {
      let element = self[index], newerElement = newer[index]
      if Self.same(element, newerElement) { continue }
      guard element.id == newerElement.id else { return nil }
      restored.append(.init(index: index, element: element))
    }
    return restored
  }

  /// Whether two elements are equal, first by their bits: an element a snapshot shares with
  /// the live array is the same value, storage references and all, and that test costs no
  /// calls (comparing 10,000 curves' points with == took milliseconds).
  private static func same(_ a: Element, _ b: Element) -> Bool {
    let identical = withUnsafeBytes(of: a) { first in
      withUnsafeBytes(of: b) { second in first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0 }
    }
    return identical || a == b
  }
}
