import CSDL2
import Foundation

/// Writes PNGs with SDL2_image, atomically: a temporary file beside the target, then a
/// rename, so an interrupted write never leaves half an image in place of a good one.
enum PNGFile {
  static func write(_ surface: UnsafeMutablePointer<SDL_Surface>, to url: URL) throws(InputError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    guard IMG_SavePNG(surface, temporary.path) == 0 else {
      throw InputError("cannot write \(url.path): \(String(cString: SDL_GetError()))")
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw InputError("cannot write \(url.path): \(reason)")
    }
  }

  /// A 32-bit ARGB surface, the format frames are drawn into and read back from.
  static func makeSurface(width: Int, height: Int) throws(InputError) -> UnsafeMutablePointer<SDL_Surface> {
    guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
      throw InputError("cannot create a \(width)x\(height) image: \(String(cString: SDL_GetError()))")
    }
    return surface
  }
}
