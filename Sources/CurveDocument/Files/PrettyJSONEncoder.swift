import FoundationEssentials
import Glibc

/// Foundation's `JSONEncoder` with `[.prettyPrinted, .sortedKeys]`, byte for byte, at a
/// fraction of its cost: saving a union of 1,000 shapes (2.6 MB) spent a seventh of the whole
/// `curves path` process in Foundation's encoder. Values are gathered as a tree of plain
/// values, then written once: keys sorted by their UTF-8 bytes, two spaces an indent,
/// `"key" : value`, a number as its shortest round-trip text (`1` for 1.0), `/` escaped.
///
/// ```swift
/// let data = try PrettyJSONEncoder().encode(document)   // the same bytes as Foundation's
/// ```
public struct PrettyJSONEncoder {
  public init() {}

  public func encode<Value: Encodable>(_ value: Value) throws -> Data {
    var output: [UInt8] = []
    output.reserveCapacity(1 << 16)
    try JSONTree.value(of: value, in: nil, key: nil).write(into: &output, indent: 0)
    return Data(output)
  }
}

/// The bytes the writer uses most, as numbers: `UInt8(ascii:)` is a call in a build without
/// optimisation, and the tests save large documents in one.
private enum Byte {
  static let newline: UInt8 = 0x0A, space: UInt8 = 0x20, quote: UInt8 = 0x22, comma: UInt8 = 0x2C, dash: UInt8 = 0x2D
  static let backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F, zero: UInt8 = 0x30, upperA: UInt8 = 0x41, lowerA: UInt8 = 0x61
}

/// An encoded value waiting to be written. A container's contents are filled in after it is
/// made, so containers are boxes; a nested encoder's value is read when written.
private enum JSONTree {
  case null
  case literal(String)
  case string(String)
  case uuid(UUID)
  /// A point, its numbers checked finite: written directly, with no box, no member array and
  /// no sort, since a document's points are most of what it holds.
  case point(Document.PointRecord)
  case array(ArrayBox)
  case object(ObjectBox)
  case deferred(TreeEncoder)

  final class ArrayBox {
    var items: [JSONTree] = []
  }

  /// A key and its value. (A struct, not a tuple: a tuple's type is looked up at run time
  /// in a build without optimisation, which made saving there three times slower.)
  struct Member {
    var key: String
    var value: JSONTree
  }

  final class ObjectBox {
    var items: [Member]

    init() {
      items = []
      items.reserveCapacity(6)
    }

    func set(_ key: String, _ value: JSONTree) {
      if let index = items.firstIndex(where: { $0.key == key }) { items[index].value = value } else { items.append(Member(key: key, value: value)) }
    }
  }

  /// `value`, found at `key` inside what `parent` encodes, encoded: strings, numbers and ids
  /// directly, anything else by its `encode(to:)`.
  static func value<Value: Encodable>(of value: Value, in parent: TreeEncoder?, key: (any CodingKey)?) throws -> JSONTree {
    // The concrete `encode` overloads take the other plain values; here ids come most often.
    switch value {
    case let id as UUID: return .uuid(id)
    case let string as String: return .string(string)
    case let number as Double: return try number.jsonTree(at: TreeEncoder.path(parent, key))
    case let number as Float: return try number.jsonTree(at: TreeEncoder.path(parent, key))
    case let number as Int: return .literal(String(number))
    case let flag as Bool: return .literal(flag ? "true" : "false")
    case let point as Document.PointRecord:
      // A number JSON cannot hold fails here, with its place, as it would as a member.
      func check(_ number: Double?, _ name: String) throws {
        if let number, !number.isFinite { _ = try number.jsonText(at: TreeEncoder.path(parent, key) + [NamedKey(stringValue: name)]) }
      }
      try check(point.x, "x")
      try check(point.y, "y")
      try check(point.size, "size")
      try check(point.weight, "weight")
      return .point(point)
    default:
      let encoder = TreeEncoder(parent: parent, key: key)
      try value.encode(to: encoder)
      return encoder.tree ?? .object(ObjectBox())
    }
  }

  func write(into output: inout [UInt8], indent: Int) throws {
    switch self {
    case .null: Self.writeASCII("null", into: &output)
    case .literal(let text): Self.writeASCII(text, into: &output)
    case .string(let text): Self.writeString(text, into: &output)
    case .uuid(let id): Self.writeUUID(id, into: &output)
    case .point(let point): Self.writePoint(point, into: &output, indent: indent)
    case .deferred(let encoder): try (encoder.tree ?? .object(ObjectBox())).write(into: &output, indent: indent)
    case .array(let box):
      try Self.writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: box.items.count, into: &output, indent: indent) { index, output in
        try box.items[index].write(into: &output, indent: indent + 1)
      }
    case .object(let box):
      box.items.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      try Self.writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: box.items.count, into: &output, indent: indent) { index, output in
        Self.writeString(box.items[index].key, into: &output)
        Self.writeASCII(" : ", into: &output)
        try box.items[index].value.write(into: &output, indent: indent + 1)
      }
    }
  }

  /// Items one a line, indented a level deeper; an empty container as Foundation writes one
  /// (an empty line inside).
  private static func writeContainer(
    open: UInt8, close: UInt8, count: Int, into output: inout [UInt8], indent: Int, item: (Int, inout [UInt8]) throws -> Void
  ) throws {
    output.append(open)
    output.append(Byte.newline)
    if count == 0 { output.append(Byte.newline) }
    for index in 0..<count {
      writeIndent(indent + 1, into: &output)
      try item(index, &output)
      if index + 1 < count { output.append(Byte.comma) }
      output.append(Byte.newline)
    }
    writeIndent(indent, into: &output)
    output.append(close)
  }

  /// A point as its synthesized `encode(to:)` encodes it, absent optionals left out, keys in
  /// sorted order (color, id, node, size, weight, x, y); x and y, always there, come last, so
  /// every member before them ends with a comma.
  private static func writePoint(_ point: Document.PointRecord, into output: inout [UInt8], indent: Int) {
    output.append(UInt8(ascii: "{"))
    output.append(Byte.newline)
    if let color = point.color {
      writeKey("color", indent: indent, into: &output)
      writeString(color, into: &output)
      writeEnd(last: false, into: &output)
    }
    writeKey("id", indent: indent, into: &output)
    writeUUID(point.id, into: &output)
    writeEnd(last: false, into: &output)
    if let node = point.node {
      writeKey("node", indent: indent, into: &output)
      writeString(node.rawValue, into: &output)
      writeEnd(last: false, into: &output)
    }
    // Numbers were checked finite when the point joined the tree.
    if let size = point.size { writeNumber(size, key: "size", last: false, indent: indent, into: &output) }
    if let weight = point.weight { writeNumber(weight, key: "weight", last: false, indent: indent, into: &output) }
    writeNumber(point.x, key: "x", last: false, indent: indent, into: &output)
    writeNumber(point.y, key: "y", last: true, indent: indent, into: &output)
    writeIndent(indent, into: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// A member's indent and `"key" : `.
  private static func writeKey(_ key: String, indent: Int, into output: inout [UInt8]) {
    writeIndent(indent + 1, into: &output)
    writeString(key, into: &output)
    writeASCII(" : ", into: &output)
  }

  /// A finite number's member.
  private static func writeNumber(_ value: Double, key: String, last: Bool, indent: Int, into output: inout [UInt8]) {
    writeKey(key, indent: indent, into: &output)
    writeASCII(value.jsonText, into: &output)
    writeEnd(last: last, into: &output)
  }

  /// A member's comma, unless it is the last, and its line's end.
  private static func writeEnd(last: Bool, into output: inout [UInt8]) {
    if !last { output.append(Byte.comma) }
    output.append(Byte.newline)
  }

  /// As `uuidString` spells it: upper-case hex, 8-4-4-4-12.
  private static func writeUUID(_ id: UUID, into output: inout [UInt8]) {
    output.append(Byte.quote)
    withUnsafeBytes(of: id.uuid) { bytes in
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 { output.append(Byte.dash) }
        output.append(hexDigit(bytes[index] >> 4, upper: true))
        output.append(hexDigit(bytes[index] & 15, upper: true))
      }
    }
    output.append(Byte.quote)
  }

  /// Two spaces a level.
  private static func writeIndent(_ levels: Int, into output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(Byte.space, count: 2 * levels))
  }

  private static func writeString(_ text: String, into output: inout [UInt8]) {
    output.append(Byte.quote)
    var text = text
    text.withUTF8 { bytes in
      // Most strings (keys, colours, names) have nothing to escape: their bytes at once.
      if !bytes.contains(where: { $0 < 0x20 || $0 == Byte.quote || $0 == Byte.backslash || $0 == Byte.slash }) {
        output.append(contentsOf: bytes)
        return
      }
      for index in 0..<bytes.count {
        let byte = bytes[index]
        switch byte {
        case Byte.quote, Byte.backslash, Byte.slash:
          output.append(Byte.backslash)
          output.append(byte)
        case 0x08: writeASCII(#"\b"#, into: &output)
        case 0x0C: writeASCII(#"\f"#, into: &output)
        case Byte.newline: writeASCII(#"\n"#, into: &output)
        case UInt8(ascii: "\r"): writeASCII(#"\r"#, into: &output)
        case UInt8(ascii: "\t"): writeASCII(#"\t"#, into: &output)
        case 0..<0x20:
          writeASCII(#"\u00"#, into: &output)
          output.append(hexDigit(byte >> 4, upper: false))
          output.append(hexDigit(byte & 15, upper: false))
        default: output.append(byte)
        }
      }
    }
    output.append(Byte.quote)
  }

  private static func writeASCII(_ text: String, into output: inout [UInt8]) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  private static func hexDigit(_ value: UInt8, upper: Bool) -> UInt8 {
    value < 10 ? Byte.zero + value : (upper ? Byte.upperA : Byte.lowerA) + value - 10
  }
}

extension BinaryFloatingPoint where Self: LosslessStringConvertible {
  /// The shortest text that reads back as this number, without a trailing `.0`; JSON has no
  /// infinities or NaN, so those are an error, as Foundation's.
  fileprivate func jsonTree(at codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONTree {
    .literal(try jsonText(at: codingPath()))
  }

  fileprivate func jsonText(at codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
    guard isFinite else {
      throw EncodingError.invalidValue(self, EncodingError.Context(codingPath: codingPath(), debugDescription: "Unable to encode \(self) directly in JSON."))
    }
    return jsonText
  }

  /// The text of a finite number.
  fileprivate var jsonText: String {
    let text = description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}

/// The `Encoder` a value's `encode(to:)` is given: it keeps what was encoded as a `JSONTree`.
/// Its place is its parent and key, the coding path made only when asked for.
private final class TreeEncoder: Encoder {
  let parent: TreeEncoder?
  let key: (any CodingKey)?
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var tree: JSONTree?

  init(parent: TreeEncoder?, key: (any CodingKey)?) {
    self.parent = parent
    self.key = key
  }

  var codingPath: [any CodingKey] { Self.path(parent, key) }

  static func path(_ parent: TreeEncoder?, _ key: (any CodingKey)?) -> [any CodingKey] {
    (parent?.codingPath ?? []) + (key.map { [$0] } ?? [])
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object(let box) = tree { return KeyedEncodingContainer(KeyedContainer(box: box, encoder: self)) }
    let box = JSONTree.ObjectBox()
    tree = .object(box)
    return KeyedEncodingContainer(KeyedContainer(box: box, encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array(let box) = tree { return UnkeyedContainer(box: box, encoder: self) }
    let box = JSONTree.ArrayBox()
    tree = .array(box)
    return UnkeyedContainer(box: box, encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoder: self) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: JSONTree.ObjectBox
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .literal(value ? "true" : "false")) }
  mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
  mutating func encode(_ value: Double, forKey key: Key) throws { box.set(key.stringValue, try value.jsonTree(at: TreeEncoder.path(encoder, key))) }
  mutating func encode(_ value: Float, forKey key: Key) throws { box.set(key.stringValue, try value.jsonTree(at: TreeEncoder.path(encoder, key))) }
  mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(key.stringValue, .literal(String(value))) }
  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws { try put(value, key) }

  private func put<Value: Encodable>(_ value: Value, _ key: Key) throws {
    box.set(key.stringValue, try JSONTree.value(of: value, in: encoder, key: key))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
    nestedEncoder(key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { nestedEncoder(key).unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { nestedEncoder(SuperKey()) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(key) }

  private func nestedEncoder(_ key: any CodingKey) -> TreeEncoder {
    let nested = TreeEncoder(parent: encoder, key: key)
    box.set(key.stringValue, .deferred(nested))
    return nested
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let box: JSONTree.ArrayBox
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { box.items.count }

  mutating func encodeNil() throws { box.items.append(.null) }
  mutating func encode<Value: Encodable>(_ value: Value) throws {
    box.items.append(try JSONTree.value(of: value, in: encoder, key: IndexKey(index: count)))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    nestedEncoder().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nestedEncoder().unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { nestedEncoder() }

  private func nestedEncoder() -> TreeEncoder {
    let nested = TreeEncoder(parent: encoder, key: IndexKey(index: count))
    box.items.append(.deferred(nested))
    return nested
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.tree = .null }
  mutating func encode(_ value: Bool) throws { try put(value) }
  mutating func encode(_ value: String) throws { try put(value) }
  mutating func encode(_ value: Double) throws { try put(value) }
  mutating func encode(_ value: Float) throws { try put(value) }
  mutating func encode(_ value: Int) throws { try put(value) }
  mutating func encode(_ value: Int8) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: Int16) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: Int32) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: Int64) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: UInt) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: UInt8) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: UInt16) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: UInt32) throws { encoder.tree = .literal(String(value)) }
  mutating func encode(_ value: UInt64) throws { encoder.tree = .literal(String(value)) }
  mutating func encode<Value: Encodable>(_ value: Value) throws { try put(value) }

  private func put<Value: Encodable>(_ value: Value) throws { encoder.tree = try JSONTree.value(of: value, in: encoder.parent, key: encoder.key) }
}

private struct IndexKey: CodingKey {
  let index: Int
  var stringValue: String { "Index \(index)" }
  var intValue: Int? { index }
  init(index: Int) { self.index = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { index = intValue }
}

private struct NamedKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

private struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
}
