import FoundationEssentials
import Glibc

/// Files in another encoding than UTF-8, as XML allows them (`<?xml version="1.0"
/// encoding="Windows-1251"?>`, or a UTF-16 byte order mark): read as libxml2 and librsvg read
/// them, transcoded to UTF-8 by the C library's iconv before they are parsed, their
/// declaration then saying UTF-8. Curves writes UTF-8, so a drawing saved back in place is
/// saved so.
///
/// ```swift
/// let bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><svg><title>caf"#.utf8) + [0xE9] + Array("</title></svg>".utf8)
/// try SVGEncoding.utf8(Data(bytes)).from   // "ISO-8859-1": the text now UTF-8, its declaration too
/// ```
enum SVGEncoding {
  /// The encoding `data` declares or marks, nil for UTF-8 (or ASCII, which is UTF-8) or none.
  static func declaredEncoding(of data: Data) -> String? {
    if data.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
    if data.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
    guard let name = declaration(in: data)?.encoding else { return nil }
    return ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased()) ? nil : name
  }

  /// `data` as UTF-8, and the encoding it was in when it was another. Throws
  /// `unknownEncoding` for an encoding this system's iconv cannot read, or bytes that are not
  /// text in it.
  static func utf8(_ data: Data) throws(SVGImportError) -> (data: Data, from: String?) {
    guard let encoding = declaredEncoding(of: data) else { return (data, nil) }
    guard var text = transcoded(data, from: encoding) else { throw .unknownEncoding(encoding) }
    // The declaration now says UTF-8, so that the parser does not read the text as the old
    // encoding again.
    if let value = declaration(in: text)?.value {
      text.replaceSubrange(value, with: Array("UTF-8".utf8))
    }
    return (text, encoding)
  }

  /// The XML declaration's `encoding`, and where its value lies in `data`.
  private static func declaration(in data: Data) -> (encoding: String, value: Range<Int>)? {
    var bytes = Array(data.prefix(256))
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    guard bytes[start...].starts(with: Array("<?xml".utf8)), let end = bytes.indices.first(where: { $0 > start && bytes[$0] == UInt8(ascii: ">") }) else {
      return nil
    }
    bytes = Array(bytes[..<end])
    let key = Array("encoding".utf8)
    guard let at = (start..<max(start, bytes.count - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) }) else { return nil }
    var index = at + key.count
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
    index += 1
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
    let quote = bytes[index], valueStart = index + 1
    guard let valueEnd = bytes[valueStart...].firstIndex(of: quote), valueEnd > valueStart else { return nil }
    let name = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
    return (name, (data.startIndex + valueStart)..<(data.startIndex + valueEnd))
  }

  /// `data` in `encoding`, transcoded to UTF-8; nil when iconv does not know the encoding or
  /// the bytes are not text in it.
  private static func transcoded(_ data: Data, from encoding: String) -> Data? {
    let converter = iconv_open("UTF-8", encoding)
    guard converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    var input = Array(data)
    guard !input.isEmpty else { return Data() }
    var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
    let written: Int? = input.withUnsafeMutableBufferPointer { source -> Int? in
      output.withUnsafeMutableBufferPointer { target -> Int? in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(source.baseAddress!).assumingMemoryBound(to: CChar.self)
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(target.baseAddress!).assumingMemoryBound(to: CChar.self)
        var inLeft = source.count, outLeft = target.count
        guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
        return target.count - outLeft
      }
    }
    return written.map { Data(output[..<$0]) }
  }
}
