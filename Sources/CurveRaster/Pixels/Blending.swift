/// Source-over blending of 8-bit channels, two channels per multiply (red and blue, then
/// alpha and green, each 16 bits apart, so one 32-bit product carries both).
enum Blending {
  /// `destination` moved towards the opaque `source` (0xFFRRGGBB) by `alpha`/255: source-over
  /// of `source` with that alpha. Every channel, alpha too, is rounded to the nearest of the
  /// exact result: x/255 is computed as (x + 128 + (x + 128) >> 8) >> 8, exact for x < 65,536.
  @inline(__always)
  static func blend(_ destination: UInt32, _ source: UInt32, alpha: UInt32) -> UInt32 {
    let inverse = 255 &- alpha
    var redBlue = (source & 0x00FF_00FF) &* alpha &+ (destination & 0x00FF_00FF) &* inverse &+ 0x0080_0080
    redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var alphaGreen = ((source >> 8) & 0x00FF_00FF) &* alpha &+ ((destination >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
    alphaGreen = (alphaGreen &+ ((alphaGreen >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return alphaGreen | redBlue
  }

  /// `value` (0...255) rounded to the nearest integer without a conversion instruction:
  /// adding 1.5 × 2²³ leaves the integer in the float's low mantissa bits.
  @inline(__always)
  static func alpha(_ value: Float) -> UInt32 {
    (value + 12_582_912).bitPattern & 0x1FF
  }

  /// Blends `count` pixels from `start` towards `source` by `alpha` (1...255).
  @inline(__always)
  static func blend(_ start: UnsafeMutablePointer<UInt32>, count: Int, _ source: UInt32, alpha: UInt32) {
    if alpha >= 255 {
      start.update(repeating: source, count: count)
      return
    }
    for index in 0..<count { start[index] = blend(start[index], source, alpha: alpha) }
  }

  /// Source-over of a premultiplied `source` (0xAARRGGBB) scaled by `scale`/255 (coverage
  /// times opacity) onto `destination`: a gradient's pixel, whose own alpha varies.
  @inline(__always)
  static func blend(_ destination: UInt32, premultiplied source: UInt32, scale: UInt32) -> UInt32 {
    let scaled = multiply(source, by: scale)
    return scaled &+ multiply(destination, by: 255 &- (scaled >> 24))
  }

  /// Every channel of `pixel` times `factor`/255, rounded to the nearest.
  @inline(__always)
  static func multiply(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
    var redBlue = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
    redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var alphaGreen = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
    alphaGreen = (alphaGreen &+ ((alphaGreen >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return alphaGreen | redBlue
  }
}
