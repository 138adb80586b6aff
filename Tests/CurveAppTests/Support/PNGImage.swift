import CSDL2
import CSDL2Image
import CurveRaster
import Foundation

/// A PNG read back with SDL2_image, to check what the command line wrote pixel by pixel.
final class PNGImage {
  let width: Int
  let height: Int
  private let surface: UnsafeMutablePointer<SDL_Surface>

  init?(contentsOf url: URL) {
    guard let loaded = IMG_Load(url.path) else { return nil }
    defer { SDL_FreeSurface(loaded) }
    guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
    surface = converted
    width = Int(converted.pointee.w)
    height = Int(converted.pointee.h)
  }

  deinit { SDL_FreeSurface(surface) }

  func pixel(x: Int, y: Int) -> RGBA8 {
    let row = surface.pointee.pixels!.advanced(by: y * Int(surface.pointee.pitch))
    let argb = row.load(fromByteOffset: x * 4, as: UInt32.self)
    return RGBA8(r: UInt8((argb >> 16) & 0xFF), g: UInt8((argb >> 8) & 0xFF), b: UInt8(argb & 0xFF), a: UInt8(argb >> 24))
  }
}

extension PNGImage {
  /// How many pixels differ from `other`'s by more than `tolerance` in a channel, both laid
  /// over white as a viewer shows them: the colour-drawings check's count.
  func pixelsOff(from other: PNGImage, by tolerance: Int = 40) -> Int {
    var off = 0
    for y in 0..<min(height, other.height) {
      for x in 0..<min(width, other.width) {
        let p = pixel(x: x, y: y), q = other.pixel(x: x, y: y)
        func over(_ c: UInt8, _ alpha: UInt8) -> Int { (Int(c) * Int(alpha) + 255 * (255 - Int(alpha))) / 255 }
        let differences = [over(p.r, p.a) - over(q.r, q.a), over(p.g, p.a) - over(q.g, q.a), over(p.b, p.a) - over(q.b, q.a)]
        if differences.contains(where: { abs($0) > tolerance }) { off += 1 }
      }
    }
    return off
  }
}
