import CurveDocument

/// JSON as Lottie files are read: objects keep their keys in the order written (a person
/// reading the file finds `ty` first), numbers in their shortest exact form.
indirect enum LottieJSON: Equatable, Sendable {
  case number(Double)
  case string(String)
  case bool(Bool)
  case array([LottieJSON])
  case object([(String, LottieJSON)])

  static func == (a: LottieJSON, b: LottieJSON) -> Bool { a.text == b.text }

  /// The value as compact JSON text.
  var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .number(let value): out += DecimalText.plain(value.isFinite ? value : 0)
    case .bool(let value): out += value ? "true" : "false"
    case .string(let value):
      out += "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
      }
      out += "\""
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        LottieJSON.string(key).write(to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }
}

extension LottieJSON: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
  init(floatLiteral value: Double) { self = .number(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
  init(stringLiteral value: String) { self = .string(value) }
  init(arrayLiteral elements: LottieJSON...) { self = .array(elements) }
}
