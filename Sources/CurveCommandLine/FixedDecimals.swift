import Glibc

extension Double {
  /// The number with `decimals` digits after the point, rounded as printf's `%.Nf` rounds it
  /// (Foundation's `String(format:)` is not in `FoundationEssentials`).
  package func fixed(_ decimals: Int) -> String {
    let format = "%.\(decimals)f"
    let length = withVaList([self]) { vsnprintf(nil, 0, format, $0) }
    guard length > 0 else { return description }
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    _ = withVaList([self]) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
