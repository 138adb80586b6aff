import CurveDocument
import Foundation
import Testing

/// Any JSON value through Codable: what `JSONSerialization` did for the few places that take a
/// document's JSON apart by keys.
struct JSONValueTests {
  @Test func everyKindOfValueReadsAndWritesBack() throws {
    let text = #"{"a": [1.5, true, null, "x"], "b": {"c": false}, "d": 0}"#
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(value == .object([
      "a": .array([.number(1.5), .bool(true), .null, .string("x")]),
      "b": .object(["c": .bool(false)]),
      "d": .number(0),
    ]))
    #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)) == value)
  }

  /// JSON's true and 1 stay apart: a flag is not read as a number, nor a number as a flag.
  @Test func flagsAndNumbersStayApart() throws {
    #expect(try JSONDecoder().decode(JSONValue.self, from: Data("[true, 1]".utf8)) == .array([.bool(true), .number(1)]))
  }
}
