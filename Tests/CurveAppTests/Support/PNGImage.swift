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
