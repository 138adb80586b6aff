import CurveFeature
import Foundation
import Testing

struct RandomUUIDsTests {
  /// Version 4 and the RFC 4122 variant, as `UUID()` makes them; no id twice in 100,000.
  @Test func idsAreVersion4AndDistinct() {
    let ids = RandomUUIDs(seed: 7)
    var seen = Set<UUID>()
    for _ in 0..<100_000 {
      let id = ids()
      #expect(id.uuid.6 >> 4 == 4)
      #expect(id.uuid.8 >> 6 == 0b10)
      seen.insert(id)
    }
    #expect(seen.count == 100_000)
  }

  @Test func theSameSeedGivesTheSameIdsAndAnotherSeedOthers() {
    let first = RandomUUIDs(seed: 42), second = RandomUUIDs(seed: 42), other = RandomUUIDs(seed: 43)
    let a = (0..<3).map { _ in first() }, b = (0..<3).map { _ in second() }, c = (0..<3).map { _ in other() }
    #expect(a == b)
    #expect(Set(a).isDisjoint(with: c))
  }
}
