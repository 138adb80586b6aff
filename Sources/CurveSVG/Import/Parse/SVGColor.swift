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
  private static func function(_ name: String, _ inside: String) -> SVGColor? {
    let parts = inside.contains(",")
      ? inside.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSVGSpace() }
      : inside.replacing("/", with: " / ").split(whereSeparator: \.isWhitespace).map(String.init).filter { $0 != "/" }
    guard parts.count == 3 || parts.count == 4 else { return nil }
    var alpha = 1.0
    if parts.count == 4 {
      guard let value = component(parts[3], percentScale: 0.01) else { return nil }
      alpha = min(max(value, 0), 1)
    }
    switch name {
    case "rgb", "rgba":
      // The comma syntax takes three numbers or three percentages, not a mix (CSS Color 3).
      if inside.contains(","), Set(parts.prefix(3).map { $0.hasSuffix("%") }).count > 1 { return nil }
      var channels: [UInt8] = []
      for part in parts.prefix(3) {
        guard let value = component(part, percentScale: 2.55) else { return nil }
        channels.append(UInt8(min(max(value, 0), 255).rounded()))
      }
      return SVGColor(rgb: RGBColor(r: channels[0], g: channels[1], b: channels[2]), alpha: alpha)
    case "hsl", "hsla":
      let hueText = parts[0].lowercased().hasSuffix("deg") ? String(parts[0].dropLast(3)) : parts[0]
      guard let hue = SVGNumbers.number(hueText), parts[1].hasSuffix("%"), parts[2].hasSuffix("%"),
        let saturation = component(parts[1], percentScale: 0.01), let lightness = component(parts[2], percentScale: 0.01)
      else { return nil }
      return SVGColor(rgb: hsl(hue, min(max(saturation, 0), 1), min(max(lightness, 0), 1)), alpha: alpha)
    default:
      return nil
    }
  }

  /// A number, or a percentage times `percentScale`.
  private static func component(_ text: String, percentScale: Double) -> Double? {
    if text.hasSuffix("%") { return SVGNumbers.number(text.dropLast()).map { $0 * percentScale } }
    return SVGNumbers.number(text)
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

  /// The CSS colour names, in order, and `values` their colours as 0xrrggbb: searched by
  /// halves, where a dictionary of them cost a small drawing's process 80,000 instructions to
  /// build on first use.
  static let names: [String] = [
    "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black", "blanchedalmond",
    "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse", "chocolate", "coral",
    "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan", "darkgoldenrod", "darkgray",
    "darkgreen", "darkgrey", "darkkhaki", "darkmagenta", "darkolivegreen", "darkorange", "darkorchid",
    "darkred", "darksalmon", "darkseagreen", "darkslateblue", "darkslategray", "darkslategrey",
    "darkturquoise", "darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick",
    "floralwhite", "forestgreen", "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green",
    "greenyellow", "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
    "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan",
    "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
    "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue", "lightyellow",
    "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine", "mediumblue", "mediumorchid",
    "mediumpurple", "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise",
    "mediumvioletred", "midnightblue", "mintcream", "mistyrose", "moccasin", "navajowhite", "navy", "oldlace",
    "olive", "olivedrab", "orange", "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise",
    "palevioletred", "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple",
    "rebeccapurple", "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen",
    "seashell", "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen",
    "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white", "whitesmoke",
    "yellow", "yellowgreen",
  ]
  static let values: [UInt32] = [
    0xf0f8ff, 0xfaebd7, 0x00ffff, 0x7fffd4, 0xf0ffff, 0xf5f5dc, 0xffe4c4, 0x000000, 0xffebcd, 0x0000ff,
    0x8a2be2, 0xa52a2a, 0xdeb887, 0x5f9ea0, 0x7fff00, 0xd2691e, 0xff7f50, 0x6495ed, 0xfff8dc, 0xdc143c,
    0x00ffff, 0x00008b, 0x008b8b, 0xb8860b, 0xa9a9a9, 0x006400, 0xa9a9a9, 0xbdb76b, 0x8b008b, 0x556b2f,
    0xff8c00, 0x9932cc, 0x8b0000, 0xe9967a, 0x8fbc8f, 0x483d8b, 0x2f4f4f, 0x2f4f4f, 0x00ced1, 0x9400d3,
    0xff1493, 0x00bfff, 0x696969, 0x696969, 0x1e90ff, 0xb22222, 0xfffaf0, 0x228b22, 0xff00ff, 0xdcdcdc,
    0xf8f8ff, 0xffd700, 0xdaa520, 0x808080, 0x008000, 0xadff2f, 0x808080, 0xf0fff0, 0xff69b4, 0xcd5c5c,
    0x4b0082, 0xfffff0, 0xf0e68c, 0xe6e6fa, 0xfff0f5, 0x7cfc00, 0xfffacd, 0xadd8e6, 0xf08080, 0xe0ffff,
    0xfafad2, 0xd3d3d3, 0x90ee90, 0xd3d3d3, 0xffb6c1, 0xffa07a, 0x20b2aa, 0x87cefa, 0x778899, 0x778899,
    0xb0c4de, 0xffffe0, 0x00ff00, 0x32cd32, 0xfaf0e6, 0xff00ff, 0x800000, 0x66cdaa, 0x0000cd, 0xba55d3,
    0x9370db, 0x3cb371, 0x7b68ee, 0x00fa9a, 0x48d1cc, 0xc71585, 0x191970, 0xf5fffa, 0xffe4e1, 0xffe4b5,
    0xffdead, 0x000080, 0xfdf5e6, 0x808000, 0x6b8e23, 0xffa500, 0xff4500, 0xda70d6, 0xeee8aa, 0x98fb98,
    0xafeeee, 0xdb7093, 0xffefd5, 0xffdab9, 0xcd853f, 0xffc0cb, 0xdda0dd, 0xb0e0e6, 0x800080, 0x663399,
    0xff0000, 0xbc8f8f, 0x4169e1, 0x8b4513, 0xfa8072, 0xf4a460, 0x2e8b57, 0xfff5ee, 0xa0522d, 0xc0c0c0,
    0x87ceeb, 0x6a5acd, 0x708090, 0x708090, 0xfffafa, 0x00ff7f, 0x4682b4, 0xd2b48c, 0x008080, 0xd8bfd8,
    0xff6347, 0x40e0d0, 0xee82ee, 0xf5deb3, 0xffffff, 0xf5f5f5, 0xffff00, 0x9acd32,
  ]

  /// The colour CSS names `name` (lowercase), as 0xrrggbb.
  static func named(_ name: String) -> UInt32? {
    var low = 0, high = names.count
    while low < high {
      let middle = (low + high) / 2
      if names[middle] < name { low = middle + 1 } else { high = middle }
    }
    return low < names.count && names[low] == name ? values[low] : nil
  }
}
