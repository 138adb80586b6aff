import CurveDocument
import Foundation
import Testing

/// `PrettyJSONEncoder` writes the bytes Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys]`: on the repository's documents, and on the values whose
/// text is easy to get wrong (numbers at the ends of their range, escapes, empty and nested
/// containers, keys that sort differently by case or by number).
struct PrettyJSONEncoderTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func foundation<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(value)
  }

  struct Awkward: Encodable {
    struct Nothing: Encodable {}
    var numbers = [1.0, 0.1, 1e-5, 1e20, 1.2345678901234568e20, -0.0, 5e-324, .greatestFiniteMagnitude, 100, 1e16, 1e15, -3.25]
    var single: Float = 0.1
    var integers: [Int64] = [.min, -1, 0, .max]
    var unsigned: UInt8 = 255
    var text = "a/b\"c\\d\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é😀\u{2028}"
    var keys = ["B": 1, "a": 2, "a10": 3, "a2": 4, "_x": 5, "Zz": 6, "aB": 7, "ab": 8]
    var absent: Int?
    var present: Int? = 7
    var flags = [true, false]
    var id = UUID(uuidString: "36FF193D-C8F2-4D25-A09F-ED596E0AB291")!
    var empty: [[Int]] = [[1], [], [2, 3]]
    var nothing = Nothing()
    var nothings = [Nothing(), Nothing()]
    var emptyObject: [String: Int] = [:]
  }

  @Test func awkwardValuesAreWrittenAsFoundationWritesThem() throws {
    let ours = try PrettyJSONEncoder().encode(Awkward()), theirs = try Self.foundation(Awkward())
    #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
    #expect(try PrettyJSONEncoder().encode([1.5, 2]) == Self.foundation([1.5, 2]))
    #expect(try PrettyJSONEncoder().encode("top / level") == Self.foundation("top / level"))
  }

  /// Points are made directly, not through their `encode(to:)`: the same bytes, every
  /// optional present or absent.
  @Test func pointsAreWrittenAsFoundationWritesThem() throws {
    let id = UUID(uuidString: "36FF193D-C8F2-4D25-A09F-ED596E0AB291")!
    let points = [
      Document.PointRecord(id: id, x: 1.5, y: -0.0),
      Document.PointRecord(id: id, x: 1e20, y: 3, color: "#ff0000", size: 4, node: .smooth, weight: 0.5),
      Document.PointRecord(id: id, x: 0.1, y: 2, node: .corner),
    ]
    let ours = try PrettyJSONEncoder().encode(["curves": [["points": points]]])
    let theirs = try Self.foundation(["curves": [["points": points]]])
    #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
    #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode([Document.PointRecord(id: id, x: .nan, y: 0)]) }
  }

  @Test func aNumberJSONCannotHoldIsAnError() {
    #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode(["x": [1, Double.nan]]) }
    #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode(Float.infinity) }
  }

  @Test(arguments: ["Packaging/icon.json", "docs/construction.json", "Tests/Fixtures/path-editing.json"])
  func theRepositorysDocumentsAreWrittenAsFoundationWritesThem(_ path: String) throws {
    let document = try Document.decode(Data(contentsOf: Self.root.appendingPathComponent(path)))
    let ours = try PrettyJSONEncoder().encode(document), theirs = try Self.foundation(document)
    #expect(ours.count > 500)
    #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
  }
}
