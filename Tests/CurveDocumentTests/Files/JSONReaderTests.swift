import Foundation
import Testing

@testable import CurveDocument

/// The reader accepts exactly JSON: what `JSONSerialization` accepts, it reads the same; what
/// it refuses, the reader refuses.
struct JSONReaderTests {
  /// Reads `text` as one value into a plain tree, or the failure.
  static func read(_ text: String) -> Result<String, JSONReader.Failure> {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do {
        let value = try tree(&reader)
        try reader.expectEnd()
        return .success(value)
      } catch let failure as JSONReader.Failure {
        return .failure(failure)
      } catch {
        return .failure(JSONReader.Failure(message: "\(error)", offset: -1))
      }
    }
  }

  /// A canonical rendering of the value, to compare with `JSONSerialization`'s.
  static func tree(_ reader: inout JSONReader) throws -> String {
    switch reader.peek() {
    case UInt8(ascii: "{"):
      var members: [String] = []
      try reader.readObject { key, reader in members.append("\(key.debugDescription):\(try tree(&reader))") }
      return "{" + members.sorted().joined(separator: ",") + "}"
    case UInt8(ascii: "["):
      var elements: [String] = []
      try reader.readArray { reader in elements.append(try tree(&reader)) }
      return "[" + elements.joined(separator: ",") + "]"
    case UInt8(ascii: "\""): return try reader.readString().debugDescription
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      let range = try reader.skipValue()
      return "literal\(range.count)"
    default: return "\(try reader.readNumber())"
    }
  }

  @Test func acceptsJSON() throws {
    let cases: [(String, String)] = [
      (#"{"a": [1, -2.5, 3e2, 0, -0.125E-1], "b": {"c": "d"}}"#, #"{"a":[1.0,-2.5,300.0,0.0,-0.0125],"b":{"c":"d"}}"#),
      (#" [true, false, null] "#, "[literal4,literal5,literal4]"),
      (#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#, "\"\\/\u{08}\u{0C}\n\r\t\u{e9}\u{1F600}".debugDescription),
      ("{}", "{}"),
      ("[]", "[]"),
      (#""héllo""#, #""héllo""#),
    ]
    for (input, expected) in cases {
      #expect(try Self.read(input).get() == expected, "\(input)")
    }
  }

  /// Numbers are converted by C's strtod from a copy on the stack (and past 63 bytes by the
  /// standard library): the same doubles as `Double(String)`, to the last bit.
  @Test func numbersAreReadToTheSameBitsAsTheStandardLibraryReadsThem() throws {
    var generator = SystemRandomNumberGenerator()
    var texts = ["0", "-0", "5e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "0.1", "1e22", "1e23", "9007199254740993"]
    for _ in 0..<2_000 {
      let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
      texts.append("\(value)")
      texts.append(String(format: "%.17g", Double.random(in: -2_000...2_000, using: &generator)))
    }
    texts.append("0." + String(repeating: "3", count: 80))
    texts.append(String(repeating: "7", count: 70) + "e-60")
    for text in texts {
      let expected = try #require(Double(text), "\(text)")
      #expect(try Self.read("[\(text)]").get() == "[\(expected)]", "\(text)")
    }
  }

  @Test func refusesWhatIsNotJSON() {
    let refused = [
      "", "{", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[1e]", "[+1]", "[1e999]", "[-]", "[NaN]", "[Infinity]",
      "{a:1}", "{\"a\" 1}", "[\"a\u{01}\"]", "[\"\\x\"]", "[\"\\ud800\"]", "[\"\\udc00x\"]", "[\"\\u12\"]", "[tru]", "[nul]",
      "[1] [2]", "\"unterminated", String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ]
    for input in refused {
      if case .success(let value) = Self.read(input) { Issue.record("accepted \(input.debugDescription) as \(value)") }
    }
    // Invalid UTF-8 inside a string.
    var bytes = Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8)
    bytes.withUnsafeMutableBufferPointer { buffer in
      var reader = JSONReader(UnsafeBufferPointer(buffer))
      #expect(throws: JSONReader.Failure.self) { try reader.readArray { _ = try $0.readString() } }
    }
  }

  @Test func numbersReadAsTheStandardLibraryReadsThem() throws {
    for text in ["0.1", "123456789.123456789", "-1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1E+2", "-0"] {
      #expect(try Self.read("[\(text)]").get() == "[\(Double(text)!)]")
    }
  }

  @Test func failuresSayWhereTheyAre() {
    guard case .failure(let failure) = Self.read(#"{"a": [1, 2 3]}"#) else {
      Issue.record("accepted")
      return
    }
    #expect(failure.offset == 12)
    #expect(failure.description == "expected ',' or ']' at byte 12")
  }

  @Test func aCanonicalUUIDIsReadAsFoundationReadsItAndAnythingElseIsLeftUnread() throws {
    for text in ["36FF193D-C8F2-4D25-A09F-ED596E0AB291", "36ff193d-c8f2-4d25-a09f-ed596e0ab291", "00000000-0000-0000-0000-000000000000", "fFfFfFfF-FFFF-ffff-FFFF-ffffffffffff"] {
      let bytes = Array("\"\(text)\",".utf8)
      bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        #expect(reader.readCanonicalUUID() == UUID(uuidString: text) && reader.offset == 38, "\(text)")
      }
    }
    // After white space, as Python's json.dump writes a value (`"id": "…"`).
    Array(" \n\"36ff193d-c8f2-4d25-a09f-ed596e0ab291\"".utf8).withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      #expect(reader.readCanonicalUUID() == UUID(uuidString: "36FF193D-C8F2-4D25-A09F-ED596E0AB291") && reader.offset == 40)
    }
    for text in ["36FF193D-C8F2-4D25-A09F-ED596E0AB29", "36FF193DC-8F2-4D25-A09F-ED596E0AB291", "36FF193D-C8F2-4D25-A09F-ED596E0AB29G", "{36FF193D-C8F2-4D25-A09F-ED596E0AB291}", ""] {
      let bytes = Array("\"\(text)\"".utf8)
      let (id, offset, string) = bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        let id = reader.readCanonicalUUID(), offset = reader.offset
        return (id, offset, try? reader.readString())
      }
      #expect(id == nil && offset == 0 && string == text, "\(text)")
    }
  }
}
