/// Any JSON value, read and written through `Codable`: for the few places that take a
/// document's JSON apart by keys (Foundation's `JSONSerialization` is not in
/// `FoundationEssentials`, which is all a headless command links).
///
/// ```swift
/// let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a": [1, true]}"#.utf8))
/// value == .object(["a": .array([.number(1), .bool(true)])])   // true
/// ```
public enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let items = try? container.decode([JSONValue].self) {
      self = .array(items)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let flag): try container.encode(flag)
    case .number(let number): try container.encode(number)
    case .string(let text): try container.encode(text)
    case .array(let items): try container.encode(items)
    case .object(let members): try container.encode(members)
    }
  }
}
