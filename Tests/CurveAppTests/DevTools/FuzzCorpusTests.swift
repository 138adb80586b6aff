import CurveDevTools
import Foundation
import Testing

/// Every input in `Fuzz/Corpus/TARGET/` (the seeds, and each input that ever failed the
/// fuzzer) checked by its target, as `make fuzz` checks new ones.
@MainActor
struct FuzzCorpusTests {
  static let corpus = CurvesBinary.packageRoot.appendingPathComponent("Fuzz/Corpus")

  @Test(arguments: FuzzTarget.allCases)
  func theCorpusKeepsItsInvariants(_ target: FuzzTarget) async throws {
    let directory = Self.corpus.appendingPathComponent(target.rawValue)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names.count >= 2, "too few seeds for \(target)")
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
      do {
        try await target.check(bytes)
      } catch {
        Issue.record("\(target.rawValue)/\(name): \(error)")
      }
    }
  }
}
