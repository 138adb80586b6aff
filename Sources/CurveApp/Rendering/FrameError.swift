import CurveRender

/// Why the editor's frame could not be drawn: too large, no font for its text, or no session
/// left to draw.
package enum FrameError: Error, Equatable, CustomStringConvertible {
  case drawing(RenderError)
  /// No font file to draw text with.
  case noFont
  /// SDL_ttf did not start; its reason.
  case fontLibrary(String)
  /// An export asked for after its session (the window) closed.
  case sessionClosed

  package var description: String {
    switch self {
    case let .drawing(error): error.description
    case .noFont: "no font found: install fonts-dejavu-core or set CURVES_FONT to a .ttf file"
    case let .fontLibrary(reason): "SDL_ttf: \(reason)"
    case .sessionClosed: "the editor's window is gone"
    }
  }
}
