import CSDL2
import CurveFeature
import Dispatch
import Foundation

extension ClipboardClient {
  /// The desktop's clipboard through SDL, for the window. SDL's video calls belong to the
  /// main thread, and effects run elsewhere, so both calls hop to the main queue, which the
  /// window's loop drains.
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
