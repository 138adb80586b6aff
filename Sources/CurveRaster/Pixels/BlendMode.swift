/// How a layer's colours mix with what is below it, as CSS's `mix-blend-mode` says
/// (Compositing and Blending Level 1): the separable modes on each channel, and hue,
/// saturation, color and luminosity on the three together.
///
/// ```swift
/// canvas.endLayer(opacity: 1, blendMode: .multiply)
/// ```
public enum BlendMode: String, CaseIterable, Sendable {
  case normal, multiply, screen, overlay, darken, lighten
  case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
  case difference, exclusion, hue, saturation, color, luminosity

  /// `source` (premultiplied ARGB) scaled by `factor` (0…1) mixed onto `backdrop`; in
  /// linear RGB when `inLinearRGB` (a filter's `feBlend`, whose colours mix as
  /// `color-interpolation-filters` says), else in sRGB as CSS mixes them.
  func composite(_ backdrop: UInt32, _ source: UInt32, factor: Float, inLinearRGB: Bool = false) -> UInt32 {
    // In linear RGB, each pixel is read and written as a filter's are (bytes looked up).
    let linear = inLinearRGB ? FilterEffect.Context(width: 0, height: 0, originX: 0, originY: 0, linear: true) : nil
    func channels(_ pixel: UInt32) -> SIMD4<Float> {
      if let linear { return linear.load(pixel) }
      return SIMD4(Float((pixel >> 16) & 0xFF), Float((pixel >> 8) & 0xFF), Float(pixel & 0xFF), Float(pixel >> 24)) / 255
    }
    let s = channels(source) * factor, b = channels(backdrop)
    let alphaS = s.w, alphaB = b.w
    // Straight colours for the blend function; the result mixed back in by the alphas.
    let cs = alphaS > 0 ? SIMD3(s.x, s.y, s.z) / alphaS : .zero
    let cb = alphaB > 0 ? SIMD3(b.x, b.y, b.z) / alphaB : .zero
    let mixed = blend(cb, cs)
    let color = SIMD3(s.x, s.y, s.z) * (1 - alphaB) + SIMD3(b.x, b.y, b.z) * (1 - alphaS) + mixed * (alphaS * alphaB)
    let alpha = alphaS + alphaB * (1 - alphaS)
    if let linear { return linear.store(SIMD4(color.x, color.y, color.z, alpha)) }
    func byte(_ value: Float) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
    return byte(alpha) << 24 | byte(color.x) << 16 | byte(color.y) << 8 | byte(color.z)
  }

  /// B(cb, cs): the mode's colour where both are opaque.
  func blend(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
    func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> { SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)) }
    func hardLight(_ b: Float, _ s: Float) -> Float { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
    switch self {
    case .normal: return cs
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return each { b, s in hardLight(s, b) }
    case .darken: return SIMD3(min(cb.x, cs.x), min(cb.y, cs.y), min(cb.z, cs.z))
    case .lighten: return SIMD3(max(cb.x, cs.x), max(cb.y, cs.y), max(cb.z, cs.z))
    case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
    case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
    case .hardLight: return each(hardLight)
    case .softLight:
      return each { b, s in
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
      }
    case .difference: return SIMD3(abs(cb.x - cs.x), abs(cb.y - cs.y), abs(cb.z - cs.z))
    case .exclusion: return cb + cs - 2 * cb * cs
    case .hue: return Self.withLuminosity(Self.withSaturation(cs, Self.saturation(cb)), Self.luminosity(cb))
    case .saturation: return Self.withLuminosity(Self.withSaturation(cb, Self.saturation(cs)), Self.luminosity(cb))
    case .color: return Self.withLuminosity(cs, Self.luminosity(cb))
    case .luminosity: return Self.withLuminosity(cb, Self.luminosity(cs))
    }
  }

  private static func luminosity(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  private static func saturation(_ c: SIMD3<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

  private static func withLuminosity(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    let shifted = c + SIMD3(repeating: l - luminosity(c))
    // Clipped back into gamut about its luminosity.
    let lum = luminosity(shifted), low = min(shifted.x, shifted.y, shifted.z), high = max(shifted.x, shifted.y, shifted.z)
    var result = shifted
    if low < 0 { result = SIMD3(repeating: lum) + (result - SIMD3(repeating: lum)) * lum / (lum - low) }
    if high > 1 { result = SIMD3(repeating: lum) + (result - SIMD3(repeating: lum)) * (1 - lum) / (high - lum) }
    return result
  }

  private static func withSaturation(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let high = max(c.x, c.y, c.z), low = min(c.x, c.y, c.z)
    guard high > low else { return .zero }
    return (c - SIMD3(repeating: low)) * s / (high - low)
  }
}
