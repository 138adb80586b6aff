/// Winding numbers of some of the shapes, every other one zero: a point of a union of a
/// thousand shapes is inside a few of them, so only those are counted.
struct Windings: Equatable {
  struct Entry: Equatable {
    var shape: Int
    var winding: Int
  }

  private(set) var entries: [Entry] = []

  init() {}

  /// Shape `shape` winding once.
  init(shape: Int) { entries = [Entry(shape: shape, winding: 1)] }

  subscript(shape: Int) -> Int { entries.first { $0.shape == shape }?.winding ?? 0 }

  var isZero: Bool { entries.allSatisfy { $0.winding == 0 } }

  mutating func add(_ other: Windings, times factor: Int) {
    for entry in other.entries { add(entry, times: factor) }
  }

  mutating func add(_ entry: Entry, times factor: Int) {
    if let index = entries.firstIndex(where: { $0.shape == entry.shape }) {
      entries[index].winding += factor * entry.winding
    } else {
      entries.append(Entry(shape: entry.shape, winding: factor * entry.winding))
    }
  }

  func adding(_ other: Windings, times factor: Int) -> Windings {
    var sum = self
    sum.add(other, times: factor)
    return sum
  }

  /// Which shapes fill the point, each by its own rule.
  func insides(_ rules: [WindingRule]) -> PathBoolean.Insides {
    var insides = PathBoolean.Insides(count: 0, bottom: false, total: rules.count)
    for entry in entries where rules[entry.shape].isInside(winding: entry.winding) {
      insides.count += 1
      if entry.shape == 0 { insides.bottom = true }
    }
    return insides
  }
}
