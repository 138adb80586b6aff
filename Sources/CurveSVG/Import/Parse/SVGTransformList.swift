import CurveGeometry
/// An SVG `transform` attribute as one `Affine`, following the grammar of SVG 1.1,
/// section 7.6: `matrix(a b c d e f)`, `translate(x [y])`, `scale(x [y])`,
/// `rotate(angle [cx cy])`, `skewX(angle)`, `skewY(angle)`, separated by commas or whitespace.
///
/// ```swift
/// let transform = try SVGTransformList.transform("translate(10,20) rotate(90)")
/// transform.apply(to: Point(x: 1, y: 0))   // (10, 21): rotated first, then moved
/// ```
///
/// Guarantees: the list composes left to right, so the rightmost function applies first to
/// the element's coordinates (SVG 1.1, 7.5); empty text is the identity; every number is
/// finite; anything else (an unknown function, a wrong number of arguments, a stray
/// character) is an `SVGTransformError` at its offset, never a partial transform. As browsers
/// do, functions need no separator between them: "scale(2)translate(1)" is read too.
public enum SVGTransformList {
  public static func transform(_ text: String) throws(SVGTransformError) -> Affine {
    var scanner = SVGScanner(text)
    var result = Affine.identity
    scanner.skipWhitespace()
    while !scanner.isAtEnd {
      result = result * (try function(&scanner))
      let hadComma = scanner.skipCommaWhitespace()
      if hadComma, scanner.isAtEnd { throw scanner.error(expected: "a transform function after the comma") }
    }
    return result
  }

  /// Reads `name ( numbers )`.
  private static func function(_ scanner: inout SVGScanner) throws(SVGTransformError) -> Affine {
    let nameStart = scanner.offset
    while let byte = scanner.peek(), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { scanner.advance() }
    let name = scanner.text(from: nameStart)
    guard let counts = argumentCounts[name] else {
      throw SVGTransformError(offset: nameStart, expected: "matrix, translate, scale, rotate, skewX or skewY",
                              found: name.isEmpty ? scanner.foundDescription : "\"\(name)\"")
    }
    scanner.skipWhitespace()
    guard scanner.peek() == UInt8(ascii: "(") else { throw scanner.error(expected: "\"(\" after \(name)") }
    scanner.advance()
    scanner.skipWhitespace()
    var arguments: [Double] = []
    while scanner.isAtNumberStart {
      let start = scanner.offset
      guard let value = scanner.number() else { throw scanner.error(expected: "a number") }
      guard value.isFinite else {
        throw SVGTransformError(offset: start, expected: "a number a Double can hold", found: "\"\(scanner.text(from: start))\"")
      }
      arguments.append(value)
      if scanner.skipCommaWhitespace(), !scanner.isAtNumberStart {
        throw scanner.error(expected: "a number after the comma")
      }
    }
    guard scanner.peek() == UInt8(ascii: ")") else {
      throw scanner.error(expected: arguments.isEmpty ? "a number" : "a number or \")\"")
    }
    guard counts.contains(arguments.count) else {
      let allowed = counts.map(String.init).joined(separator: " or ")
      throw SVGTransformError(offset: scanner.offset, expected: "\(allowed) number\(counts == [1] ? "" : "s") in \(name)(…)",
                              found: "\(arguments.count)")
    }
    scanner.advance()
    switch (name, arguments.count) {
    case ("matrix", _):
      return Affine(a: arguments[0], b: arguments[1], c: arguments[2], d: arguments[3], e: arguments[4], f: arguments[5])
    case ("translate", _):
      return .translate(x: arguments[0], y: arguments.count > 1 ? arguments[1] : 0)
    case ("scale", _):
      return .scale(x: arguments[0], y: arguments.count > 1 ? arguments[1] : nil)
    case ("rotate", 3):
      return .rotate(degrees: arguments[0], around: Point(x: arguments[1], y: arguments[2]))
    case ("rotate", _):
      return .rotate(degrees: arguments[0])
    case ("skewX", _):
      return .skewX(degrees: arguments[0])
    default:
      return .skewY(degrees: arguments[0])
    }
  }

  /// How many numbers each function takes; the names are case-sensitive, as in SVG.
  private static let argumentCounts: [String: [Int]] = [
    "matrix": [6], "translate": [1, 2], "scale": [1, 2], "rotate": [1, 3], "skewX": [1], "skewY": [1],
  ]
}

/// A `transform` attribute that does not follow the grammar; `offset` counts as in path data.
public typealias SVGTransformError = SVGSyntaxError
