import CurveDocument
import CurveGeometry
import FoundationEssentials

/// A colour as SVG and CSS write it, and its alpha.
///
/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`; `rgb()` and `rgba()` with numbers or
/// percentages (not both when separated by commas), commas or spaces (and `/ alpha`); `hsl()`
/// and `hsla()`; the CSS colour names
/// (the 147 of SVG 1.1 and CSS 3, and `rebeccapurple`) in any case; `transparent`.
struct SVGColor: Equatable {
  var rgb: RGBColor
  /// 0…1: multiplied into the fill or stroke opacity of what it paints.
  var alpha: Double

  static let black = SVGColor(rgb: RGBColor(r: 0, g: 0, b: 0), alpha: 1)
  static let white = SVGColor(rgb: RGBColor(r: 255, g: 255, b: 255), alpha: 1)

  init(rgb: RGBColor, alpha: Double = 1) {
    self.rgb = rgb
    self.alpha = alpha
  }

  /// The colour `text` names, or nil when it is not one (`currentColor` and paints are the
  /// caller's).
  init?(_ text: some StringProtocol) {
    let text = text.trimmingSVGSpace()
    if text.hasPrefix("#") {
      guard let color = Self.hex(text.dropFirst()) else { return nil }
      self = color
    } else if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
      let name = text[..<open].trimmingSVGSpace().lowercased()
      let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
      guard let color = Self.function(name, String(inside)) else { return nil }
      self = color
    } else {
      let name = text.lowercased()
      if name == "transparent" {
        self.init(rgb: RGBColor(r: 0, g: 0, b: 0), alpha: 0)
        return
      }
      guard let value = Self.named(name) else { return nil }
      self.init(rgb: RGBColor(r: UInt8(value >> 16), g: UInt8((value >> 8) & 0xff), b: UInt8(value & 0xff)))
    }
  }

  /// 3, 4, 6 or 8 hexadecimal digits.
  /// Read as bytes: every fill of a drawing comes through here.
  private static func hex(_ digits: Substring) -> SVGColor? {
    var value: UInt32 = 0
    var count = 0
    for byte in digits.utf8 {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      guard count < 8 else { return nil }
      value = value << 4 | UInt32(digit)
      count += 1
    }
    let channels: [UInt8]
    switch count {
    case 3, 4: channels = (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (4 * $0) & 0xF) * 17 }
    case 6, 8: channels = stride(from: count - 2, through: 0, by: -2).map { UInt8(truncatingIfNeeded: value >> (4 * $0)) }
    default: return nil
    }
    return SVGColor(rgb: RGBColor(r: channels[0], g: channels[1], b: channels[2]), alpha: channels.count == 4 ? Double(channels[3]) / 255 : 1)
  }

  /// `rgb(…)`, `rgba(…)`, `hsl(…)`, `hsla(…)`: three components, and an optional alpha, split
  /// by commas, or by spaces with `/` before the alpha.
  ///
  /// Split as bytes (CSS's white space is ASCII): split as characters, and searched with
  /// `String.contains(_:)` and `replacing(_:with:)`, a drawing that writes every fill as
  /// `rgb(…)` (Inkscape's tiger) spent 15,000 instructions a colour here.
  private static func function(_ name: String, _ inside: String) -> SVGColor? {
    // Read as bytes, each part a range of them: a string a part cost 8,000 instructions a
    // colour, and a drawing's fills are often all rgb().
    let bytes = Array(inside.utf8)
    let parts = parts(of: bytes)
    guard parts.count == 3 || parts.count == 4 else { return nil }
    func isPercentage(_ part: Range<Int>) -> Bool { !part.isEmpty && bytes[part.upperBound - 1] == UInt8(ascii: "%") }
    /// A number, or a percentage of `whole`: multiplied before it is divided, so that 50% of
    /// 255 is 127.5 and rounds to 128 as browsers draw it (times 2.55 it was 127.4999…).
    func component(_ part: Range<Int>, percentOf whole: Double) -> Double? {
      guard isPercentage(part) else { return SVGNumbers.number(bytes, in: part) }
      return SVGNumbers.number(bytes, in: part.lowerBound..<part.upperBound - 1).map { $0 * whole / 100 }
    }
    var alpha = 1.0
    if parts.count == 4 {
      guard let value = component(parts[3], percentOf: 1) else { return nil }
      alpha = min(max(value, 0), 1)
    }
    switch name {
    case "rgb", "rgba":
      // The comma syntax takes three numbers or three percentages, not a mix (CSS Color 3).
      let percentages = parts.prefix(3).filter(isPercentage).count
      if bytes.contains(UInt8(ascii: ",")), percentages != 0, percentages != 3 { return nil }
      func channel(_ part: Range<Int>) -> UInt8? {
        component(part, percentOf: 255).map { UInt8(min(max($0, 0), 255).rounded()) }
      }
      guard let r = channel(parts[0]), let g = channel(parts[1]), let b = channel(parts[2]) else { return nil }
      return SVGColor(rgb: RGBColor(r: r, g: g, b: b), alpha: alpha)
    case "hsl", "hsla":
      var hue = parts[0]
      if hue.count >= 3, String(decoding: bytes[hue.upperBound - 3..<hue.upperBound], as: UTF8.self).lowercased() == "deg" {
        hue = hue.lowerBound..<hue.upperBound - 3
      }
      guard let hue = SVGNumbers.number(bytes, in: hue), isPercentage(parts[1]), isPercentage(parts[2]),
        let saturation = component(parts[1], percentOf: 1), let lightness = component(parts[2], percentOf: 1)
      else { return nil }
      return SVGColor(rgb: hsl(hue, min(max(saturation, 0), 1), min(max(lightness, 0), 1)), alpha: alpha)
    default:
      return nil
    }
  }

  /// The ranges of a colour function's arguments in `bytes`, without the whitespace around
  /// each: separated by commas (empty ones kept) when there is a comma, else by whitespace
  /// and a slash (empty ones dropped).
  private static func parts(of bytes: [UInt8]) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    parts.reserveCapacity(4)
    func trimmed(_ range: Range<Int>) -> Range<Int> {
      var (start, end) = (range.lowerBound, range.upperBound)
      while start < end, isSVGSpace(bytes[start]) { start += 1 }
      while end > start, isSVGSpace(bytes[end - 1]) { end -= 1 }
      return start..<end
    }
    var start = 0
    if bytes.contains(UInt8(ascii: ",")) {
      for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ",") {
        parts.append(trimmed(start..<index))
        start = index + 1
      }
      parts.append(trimmed(start..<bytes.count))
    } else {
      for index in 0...bytes.count where index == bytes.count || isSVGSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
        if index > start { parts.append(start..<index) }
        start = index + 1
      }
    }
    return parts
  }

  /// CSS Color 3's HSL to RGB.
  private static func hsl(_ hue: Double, _ saturation: Double, _ lightness: Double) -> RGBColor {
    let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
    let m2 = lightness <= 0.5 ? lightness * (saturation + 1) : lightness + saturation - lightness * saturation
    let m1 = lightness * 2 - m2
    func channel(_ h: Double) -> UInt8 {
      let h = h < 0 ? h + 1 : h > 1 ? h - 1 : h
      let value = h * 6 < 1 ? m1 + (m2 - m1) * h * 6 : h * 2 < 1 ? m2 : h * 3 < 2 ? m1 + (m2 - m1) * (2.0 / 3 - h) * 6 : m1
      return UInt8((min(max(value, 0), 1) * 255).rounded())
    }
    return RGBColor(r: channel(h + 1.0 / 3), g: channel(h), b: channel(h - 1.0 / 3))
  }

  /// The CSS colour names, in order, each with its colour as 0xrrggbb: searched by halves,
  /// where a dictionary of them cost a small drawing's process 80,000 instructions to build
  /// on first use.
  static let names: [(name: String, value: UInt32)] = [
    ("aliceblue", 0xf0f8ff), ("antiquewhite", 0xfaebd7), ("aqua", 0x00ffff), ("aquamarine", 0x7fffd4),
    ("azure", 0xf0ffff), ("beige", 0xf5f5dc), ("bisque", 0xffe4c4), ("black", 0x000000), ("blanchedalmond", 0xffebcd),
    ("blue", 0x0000ff), ("blueviolet", 0x8a2be2), ("brown", 0xa52a2a), ("burlywood", 0xdeb887),
    ("cadetblue", 0x5f9ea0), ("chartreuse", 0x7fff00), ("chocolate", 0xd2691e), ("coral", 0xff7f50),
    ("cornflowerblue", 0x6495ed), ("cornsilk", 0xfff8dc), ("crimson", 0xdc143c), ("cyan", 0x00ffff),
    ("darkblue", 0x00008b), ("darkcyan", 0x008b8b), ("darkgoldenrod", 0xb8860b), ("darkgray", 0xa9a9a9),
    ("darkgreen", 0x006400), ("darkgrey", 0xa9a9a9), ("darkkhaki", 0xbdb76b), ("darkmagenta", 0x8b008b),
    ("darkolivegreen", 0x556b2f), ("darkorange", 0xff8c00), ("darkorchid", 0x9932cc), ("darkred", 0x8b0000),
    ("darksalmon", 0xe9967a), ("darkseagreen", 0x8fbc8f), ("darkslateblue", 0x483d8b), ("darkslategray", 0x2f4f4f),
    ("darkslategrey", 0x2f4f4f), ("darkturquoise", 0x00ced1), ("darkviolet", 0x9400d3), ("deeppink", 0xff1493),
    ("deepskyblue", 0x00bfff), ("dimgray", 0x696969), ("dimgrey", 0x696969), ("dodgerblue", 0x1e90ff),
    ("firebrick", 0xb22222), ("floralwhite", 0xfffaf0), ("forestgreen", 0x228b22), ("fuchsia", 0xff00ff),
    ("gainsboro", 0xdcdcdc), ("ghostwhite", 0xf8f8ff), ("gold", 0xffd700), ("goldenrod", 0xdaa520),
    ("gray", 0x808080), ("green", 0x008000), ("greenyellow", 0xadff2f), ("grey", 0x808080), ("honeydew", 0xf0fff0),
    ("hotpink", 0xff69b4), ("indianred", 0xcd5c5c), ("indigo", 0x4b0082), ("ivory", 0xfffff0), ("khaki", 0xf0e68c),
    ("lavender", 0xe6e6fa), ("lavenderblush", 0xfff0f5), ("lawngreen", 0x7cfc00), ("lemonchiffon", 0xfffacd),
    ("lightblue", 0xadd8e6), ("lightcoral", 0xf08080), ("lightcyan", 0xe0ffff), ("lightgoldenrodyellow", 0xfafad2),
    ("lightgray", 0xd3d3d3), ("lightgreen", 0x90ee90), ("lightgrey", 0xd3d3d3), ("lightpink", 0xffb6c1),
    ("lightsalmon", 0xffa07a), ("lightseagreen", 0x20b2aa), ("lightskyblue", 0x87cefa), ("lightslategray", 0x778899),
    ("lightslategrey", 0x778899), ("lightsteelblue", 0xb0c4de), ("lightyellow", 0xffffe0), ("lime", 0x00ff00),
    ("limegreen", 0x32cd32), ("linen", 0xfaf0e6), ("magenta", 0xff00ff), ("maroon", 0x800000),
    ("mediumaquamarine", 0x66cdaa), ("mediumblue", 0x0000cd), ("mediumorchid", 0xba55d3), ("mediumpurple", 0x9370db),
    ("mediumseagreen", 0x3cb371), ("mediumslateblue", 0x7b68ee), ("mediumspringgreen", 0x00fa9a),
    ("mediumturquoise", 0x48d1cc), ("mediumvioletred", 0xc71585), ("midnightblue", 0x191970), ("mintcream", 0xf5fffa),
    ("mistyrose", 0xffe4e1), ("moccasin", 0xffe4b5), ("navajowhite", 0xffdead), ("navy", 0x000080),
    ("oldlace", 0xfdf5e6), ("olive", 0x808000), ("olivedrab", 0x6b8e23), ("orange", 0xffa500),
    ("orangered", 0xff4500), ("orchid", 0xda70d6), ("palegoldenrod", 0xeee8aa), ("palegreen", 0x98fb98),
    ("paleturquoise", 0xafeeee), ("palevioletred", 0xdb7093), ("papayawhip", 0xffefd5), ("peachpuff", 0xffdab9),
    ("peru", 0xcd853f), ("pink", 0xffc0cb), ("plum", 0xdda0dd), ("powderblue", 0xb0e0e6), ("purple", 0x800080),
    ("rebeccapurple", 0x663399), ("red", 0xff0000), ("rosybrown", 0xbc8f8f), ("royalblue", 0x4169e1),
    ("saddlebrown", 0x8b4513), ("salmon", 0xfa8072), ("sandybrown", 0xf4a460), ("seagreen", 0x2e8b57),
    ("seashell", 0xfff5ee), ("sienna", 0xa0522d), ("silver", 0xc0c0c0), ("skyblue", 0x87ceeb),
    ("slateblue", 0x6a5acd), ("slategray", 0x708090), ("slategrey", 0x708090), ("snow", 0xfffafa),
    ("springgreen", 0x00ff7f), ("steelblue", 0x4682b4), ("tan", 0xd2b48c), ("teal", 0x008080), ("thistle", 0xd8bfd8),
    ("tomato", 0xff6347), ("turquoise", 0x40e0d0), ("violet", 0xee82ee), ("wheat", 0xf5deb3), ("white", 0xffffff),
    ("whitesmoke", 0xf5f5f5), ("yellow", 0xffff00), ("yellowgreen", 0x9acd32),
  ]

  /// The colour CSS names `name` (lowercase), as 0xrrggbb.
  static func named(_ name: String) -> UInt32? {
    var low = 0, high = names.count
    while low < high {
      let middle = (low + high) / 2
      if names[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low < names.count && names[low].name == name ? names[low].value : nil
  }
}
