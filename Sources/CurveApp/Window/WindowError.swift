/// Why the editor's window could not open: SDL's reason, and where to turn without a display.
enum WindowError: Error, Equatable, CustomStringConvertible {
  /// SDL's video subsystem did not start.
  case videoUnavailable(String)
  /// SDL started, but only with a driver that shows nothing (no X11 or Wayland display).
  case noDisplay
  case cannotCreateWindow(String)
  case cannotCreateRenderer(String)

  var description: String {
    switch self {
    case let .videoUnavailable(reason):
      "cannot open a window: \(reason) (is DISPLAY set? headless: use 'curves render')"
    case .noDisplay:
      "no display to open a window on (set DISPLAY, or run under xvfb-run); without one, use 'curves render' or 'curves replay'"
    case let .cannotCreateWindow(reason):
      "cannot open a window: \(reason)"
    case let .cannotCreateRenderer(reason):
      "cannot create a renderer: \(reason)"
    }
  }
}
