import CSDL2
import CurveFeature
import Dispatch
import Foundation

extension ClipboardClient {
  /// The desktop's clipboard through SDL, for the window. SDL's video calls belong to the
  /// main thread: the reducer calls these there (the store is on the main actor); anything
  /// else would hop to the main queue, which the window's loop drains. On X11, reading the
  /// clipboard another program owns can wait on that program (SDL gives up after a second).
  static let sdl = ClipboardClient(
    read: { onMain { readSDLClipboard() } },
    write: { text in onMain { _ = SDL_SetClipboardText(text) } }
  )

  private static func readSDLClipboard() -> String? {
    guard SDL_HasClipboardText() == SDL_TRUE, let text = SDL_GetClipboardText() else { return nil }
    defer { SDL_free(text) }
    return String(cString: text)
  }

  private static func onMain<T>(_ body: () -> T) -> T {
    Thread.isMainThread ? body() : DispatchQueue.main.sync(execute: body)
  }
}
