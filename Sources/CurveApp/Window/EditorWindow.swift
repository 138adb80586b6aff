import CSDL2
import Composable
import CMalloc
import CurveFeature
import CurveRaster
import Dispatch
import Foundation

/// The editor's window and its event loop.
///
/// Each turn handles every pending SDL event, draws at most one frame (only when the state
/// or the view changed; presented with vsync), then blocks in `RunLoop.main` until one of
/// three things happens: input arrives on the X11 connection (a dispatch source on the main
/// queue wakes the run loop), an effect sends an action (a main-actor job on the same
/// queue), or a second passes. So an idle window uses no CPU, and effects are delivered
/// whether the window is idle or busy. Animation ticks come from the clock effect, not from
/// frames.
///
/// Frames are drawn by our rasterizer into memory and uploaded into one streaming texture,
/// which SDL's renderer (Mesa's OpenGL under Xvfb, or its software renderer) only copies to
/// the window.
@MainActor
final class EditorWindow {
  private let session: EditorSession
  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private let painter: Painter
  /// The frame's pixels on their way to the window; recreated when the window's size changes.
  private var texture: OpaquePointer?
  private var textureSize = (width: 0, height: 0)
  private let layer = StaticLayer(worker: .queue())
  private var drawnVersion: Int?
  /// The title last given to the window.
  private var shownTitle = ""
  private var frameMilliseconds: Double?
  private var isRunning = false
  /// Alt pressed and released alone focuses the menu bar.
  private var altTap = AltTap()

  /// Opens the window; `scale` is the UI scale on top of the display's pixel density.
  init(state: Editor.State, printsChanges: Bool, scale: Double, size: (width: Int, height: Int)) throws(WindowError) {
    // The static layer is drawn on worker threads; glibc would give each thread a heap of its
    // own and keep what they free there, and a few zooms of a 10,000-curve document would
    // hold a hundred megabytes more. Two heaps are enough for two threads' short bursts.
    mallopt(M_ARENA_MAX, 2)
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
    // SDL names the window's class after the program, which is `curves-editor` once `curves`
    // has become it; desktops match the class to the desktop entry (StartupWMClass=curves).
    setenv("SDL_VIDEO_X11_WMCLASS", "curves", 0)
    setenv("SDL_VIDEO_WAYLAND_WMCLASS", "curves", 0)
    // X11 is given the title as UTF-8 only in a UTF-8 character locale: in the C locale the
    // desktop kept showing "Curves", not "tiger.svgz — Curves".
    Self.useUTF8Characters()
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
      throw .videoUnavailable(String(cString: SDL_GetError()))
    }
    // Without a display SDL falls back to drivers that show nothing; a window there would run
    // unseen forever.
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
    if ["offscreen", "dummy", "none"].contains(driver), ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
      SDL_Quit()
      throw .noDisplay
    }
    let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    let centred = Int32(SDL_WINDOWPOS_CENTERED_MASK)
    guard let window = SDL_CreateWindow("Curves", centred, centred, Int32(Double(size.width) * scale), Int32(Double(size.height) * scale), flags) else {
      throw .cannotCreateWindow(String(cString: SDL_GetError()))
    }
    SDL_SetWindowMinimumSize(window, Int32(Layout.minimumWindowSize.width), Int32(Layout.minimumWindowSize.height))
    let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
    guard let renderer = SDL_CreateRenderer(window, -1, accelerated) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
      SDL_DestroyWindow(window)
      throw .cannotCreateRenderer(String(cString: SDL_GetError()))
    }
    self.window = window
    self.renderer = renderer
    var text: TextRenderer?
    do {
      text = try TextRenderer()
    } catch {
      FileHandle.standardError.write(Data("curves: warning: \(error.description); drawing without text\n".utf8))
    }
    let sizes = Self.sizes(window, renderer)
    session = EditorSession.start(
      state: state, layout: Layout(windowPoints: sizes.points, pixels: sizes.pixels, scale: scale), printsChanges: printsChanges
    ) {
      $0.clipboard = .sdl
      $0.desktopFileChooser = .portal
    }
    painter = Painter(width: Int(sizes.pixels.width), height: Int(sizes.pixels.height), scale: session.layout.pixelsPerUnit, text: text)
    // A layer drawn in the background asks for a frame when it arrives.
    layer.onUpdate = { [weak self] in self?.drawnVersion = nil }
  }

  isolated deinit {
    if let texture { SDL_DestroyTexture(texture) }
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_Quit()
  }

  /// Runs until the window is closed or Ctrl+Q, then writes unsaved changes.
  func run() {
    let wake = makeWakeSource()
    defer { wake?.cancel() }
    var event = SDL_Event()
    isRunning = true
    while isRunning {
      while isRunning, SDL_PollEvent(&event) != 0 { handle(event) }
      guard isRunning else { break }
      if session.frameVersion != drawnVersion { drawFrame() }
      SDL_PumpEvents()
      let hasInput = SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE
      // Without an X11 connection to wait on (another video driver), poll every 5 ms.
      let timeout = hasInput ? 0 : (wake == nil ? 0.005 : 1)
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: timeout))
    }
    // Saves unsaved changes before quitting, waiting for the write to finish.
    _ = try? MainRunLoop.run { [session] in await session.finishQuitting() }
  }

  private func handle(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      if session.handle(.close) == .quit { isRunning = false }
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_SIZE_CHANGED:
        let sizes = Self.sizes(window, renderer)
        session.resize(windowPoints: sizes.points, pixels: sizes.pixels)
        painter.resize(width: Int(sizes.pixels.width), height: Int(sizes.pixels.height), scale: session.layout.pixelsPerUnit)
      case SDL_WINDOWEVENT_EXPOSED:
        drawnVersion = nil
      default:
        break
      }
    default:
      if altTap.completes(with: event), session.handle(.key(KeyChord.altTap)) == .quit { isRunning = false }
      guard let input = SDLInput.event(from: event) else { return }
      if session.handle(input) == .quit { isRunning = false }
    }
  }

  private func drawFrame() {
    let start = ContinuousClock.now
    drawnVersion = session.frameVersion
    let title = Self.title(for: session.store.state)
    if title != shownTitle {
      SDL_SetWindowTitle(window, title)
      shownTitle = title
    }
    FrameRenderer(session: session, painter: painter).draw(layer: layer, status: .init(frameMilliseconds: frameMilliseconds))
    present(painter.canvas.image)
    frameMilliseconds = (ContinuousClock.now - start).milliseconds
  }

  /// The user's character locale when it is UTF-8, else C.UTF-8 (which Debian always has).
  private static func useUTF8Characters() {
    if let chosen = setlocale(LC_CTYPE, ""), String(cString: chosen).uppercased().replacingOccurrences(of: "-", with: "").contains("UTF8") { return }
    setlocale(LC_CTYPE, "C.UTF-8")
  }

  /// The window's title: the document's name, marked `*` while unsaved, as desktop
  /// programs do ("*arches.json — Curves").
  static func title(for state: Editor.State) -> String {
    let name = state.file.url?.lastPathComponent ?? "Untitled"
    return (state.hasUnsavedChanges ? "*" : "") + name + " — Curves"
  }

  /// Uploads `image` into the streaming texture and shows it.
  private func present(_ image: PixelBuffer) {
    if texture == nil || textureSize != (image.width, image.height) {
      if let texture { SDL_DestroyTexture(texture) }
      texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(image.width), Int32(image.height))
      textureSize = (image.width, image.height)
    }
    guard let texture else { return }
    image.pixels.withUnsafeBytes { bytes in
      _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(image.width * 4))
    }
    SDL_RenderCopy(renderer, texture, nil, nil)
    SDL_RenderPresent(renderer)
  }

  /// Wakes `RunLoop.main` when the X server has something for us.
  private func makeWakeSource() -> DispatchSourceRead? {
    let descriptor = CurvesX11ConnectionFD(window)
    guard descriptor >= 0 else { return nil }
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
    source.setEventHandler {}
    source.resume()
    return source
  }

  private static func sizes(_ window: OpaquePointer, _ renderer: OpaquePointer) -> (points: (width: Double, height: Double), pixels: (width: Double, height: Double)) {
    var width: Int32 = 0, height: Int32 = 0, pixelWidth: Int32 = 0, pixelHeight: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    SDL_GetRendererOutputSize(renderer, &pixelWidth, &pixelHeight)
    return ((Double(width), Double(height)), (Double(pixelWidth), Double(pixelHeight)))
  }
}

extension Duration {
  package var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
