// How Composable's issue messages print values, laid out as TCA's are, so TCA's own tests can
// compare them (`make tca-parity`).

/// A value's enum cases without their values: `Elements.Action.rows(.element(id:, action:))`.
/// Reads as a path to the case that went wrong, and prints nothing the user's state holds.
func caseDescription(_ value: Any) -> String {
  if let value = value as? any CustomDebugStringConvertible { return value.debugDescription }
  return typeName(type(of: value)) + casePath(of: value)
}

/// `.case(payload)` for an enum, `label: payload, …` for a tuple, nothing for other values.
private func casePath(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else {
      let name = "\(value)"
      return name == typeName(type(of: value)) ? "" : ".\(name)"
    }
    let inner = casePath(of: payload.value)
    return ".\(payload.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
  case .tuple:
    return mirror.children.map { label, value in
      let inner = casePath(of: value)
      let name = label.map { $0.allSatisfy { $0 == "." || $0.isNumber } ? "_:" : "\($0):" } ?? ""
      return name + (inner.isEmpty ? "" : " \(inner)")
    }
    .joined(separator: ", ")
  default:
    return ""
  }
}

/// A type's name as a user writes it: without its module, local contexts and generic
/// arguments (`Result`, `Feature.State`).
func typeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  if let generics = name.firstIndex(of: "<") { name = String(name[..<generics]) }
  let parts = name.split(separator: ".").filter { !$0.hasPrefix("(unknown context at") && !$0.hasPrefix("(extension in") }
  return parts.dropFirst().joined(separator: ".")
}

/// `text` with every line indented by `spaces`.
func indented(_ text: String, by spaces: Int) -> String {
  let margin = String(repeating: " ", count: spaces)
  return text.split(separator: "\n", omittingEmptySubsequences: false).map { margin + $0 }.joined(separator: "\n")
}
