/// Why a frame could not be drawn as asked: a frame too large, no font for its text, or no
/// session left to draw.
package enum RenderError: Error, Equatable, CustomStringConvertible {
  /// The largest frame drawn, in pixels: a 256 MB image.
  package static let largestFrame = (width: 8192, height: 8192)

  /// A frame larger than `largestFrame`.
  case frameTooLarge(width: Int, height: Int)
  /// No font file to draw text with.
  case noFont
  /// SDL_ttf did not start; its reason.
  case fontLibrary(String)
  /// An export asked for after its session (the window) closed.
  case sessionClosed

  package var description: String {
    switch self {
    case let .frameTooLarge(width, height):
      let largest = Self.largestFrame
      return "cannot draw a \(width)x\(height) frame: at most \(largest.width)x\(largest.height) pixels"
    case .noFont:
      return "no font found: install fonts-dejavu-core or set CURVES_FONT to a .ttf file"
    case let .fontLibrary(reason):
      return "SDL_ttf: \(reason)"
    case .sessionClosed:
      return "the editor's window is gone"
    }
  }
}
