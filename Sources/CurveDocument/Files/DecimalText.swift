/// Numbers as the files Curves writes spell them (SVG's attributes, Lottie's JSON): the
/// shortest decimal that reads back as exactly the number, in plain notation.
///
/// ```swift
/// DecimalText.plain(30)        // "30"
/// DecimalText.plain(12.5)      // "12.5"
/// DecimalText.plain(1e-5)      // "0.00001", not "1e-05"
/// DecimalText.plain(-0.0)      // "0"
/// ```
///
/// Swift's `description` finds the shortest round-tripping digits; only its exponent form is
/// spelled out, because some readers of SVG take the "e" for the end of the number.
public enum DecimalText {
  public static func plain(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    if value == 0 { return "0" }
    let text = "\(value)"
    // Most numbers have no exponent: Swift's digits as they are, without a trailing ".0".
    if !text.utf8.contains(UInt8(ascii: "e")) { return text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
    let sign = text.hasPrefix("-") ? "-" : ""
    let unsigned = text.dropFirst(sign.count)
    let parts = unsigned.split(separator: "e")
    // "d.ddd" with a decimal exponent, or no exponent at all: the point then sits at `point`.
    let mantissa = parts[0], exponent = parts.count > 1 ? Int(parts[1])! : 0
    let integer = mantissa.prefix { $0 != "." }
    let digits = Array(integer + mantissa.dropFirst(integer.count + 1))
    let point = integer.count + exponent
    var whole = point <= 0 ? "0" : String(digits.prefix(point)) + String(repeating: "0", count: max(0, point - digits.count))
    while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
    var fraction = String(repeating: "0", count: max(0, -point)) + String(digits.dropFirst(max(0, point)))
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
  }
}
