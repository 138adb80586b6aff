import ArgumentParser
import CurveCommandLine
import CurveFeature
import CurveSVG
import Foundation

/// `curves replay FILE --events EVENTS.jsonl`: input events through the editor, no display.
struct ReplayCommand: ParsableCommand {
  static let configuration = EditorCommands.replay

  @Argument(help: "The document or SVG drawing (.svg, .svgz) to start from (never written).")
  var file: String

  @Option(help: "The input events, one JSON object per line.")
  var events: String

  @Option(name: .shortAndLong, help: "Where to save the resulting document.")
  var output: String?

  @Option(help: "Where to save a PNG of the last frame.")
  var screenshot: String?

  @Option(help: "Where to save the editor's state after the last event (JSON: t, playing, zoom, selection, ...).")
  var state: String?

  @Flag(help: "Read every pointer event's x and y as document coordinates, put in the window through the view at that moment.")
  var documentCoordinates = false

  @Option(help: "The window's size, WIDTHxHEIGHT.")
  var size: String = "\(Layout.defaultWindowSize.width)x\(Layout.defaultWindowSize.height)"

  func validate() throws {
    guard output != nil || screenshot != nil || state != nil else {
      throw ValidationError("nothing to write: give -o OUT.json (or OUT.svg, OUT.svgz), --state STATE.json and/or --screenshot OUT.png.")
    }
    do { _ = try DocumentFiles.parseSize(size) } catch { throw ValidationError(error.description) }
  }

  func run() throws {
    let input = URL(fileURLWithPath: file), eventsURL = URL(fileURLWithPath: events)
    let outputURL = output.map { URL(fileURLWithPath: $0) }, screenshotURL = screenshot.map { URL(fileURLWithPath: $0) }
    let stateURL = state.map { URL(fileURLWithPath: $0) }
    for target in [outputURL, stateURL, screenshotURL].compactMap({ $0 }) {
      try DocumentFiles.checkOutput(target, isNotAnyOf: [input, eventsURL])
    }
    let opened: Editor.State
    if SVGImport.isDrawing(input) {
      // As the window opens a drawing: its own file, written back as Ctrl+S writes it.
      let (document, source) = try DocumentFiles.openSVG(input)
      opened = Documents.openedDrawing(Documents.SVGDrop(document: document, source: source), at: input, stamp: nil)
    } else {
      opened = Editor.State(document: try DocumentFiles.load(input), url: input)
    }
    let script: [InputEvent]
    do {
      script = try ReplayScript.parse(String(contentsOf: eventsURL, encoding: .utf8))
    } catch var error as ReplayScriptError {
      error.file = eventsURL.path
      throw error
    } catch {
      throw FileError.cannotRead(path: eventsURL.path, reason: nil)
    }
    let size = try DocumentFiles.parseSize(size)
    try MainActor.assumeIsolated {
      // The document keeps its file, as in the window; saves go to the replay's in-memory files.
      let replay = Replay(state: opened, width: size.width, height: size.height)
      try MainRunLoop.run { [documentCoordinates] in await replay.play(script, documentCoordinates: documentCoordinates) }
      if let outputURL {
        // By OUT's extension: a drawing as Ctrl+S writes one, else the document.
        var state = replay.store.state
        try Self.write(SVGImport.isDrawing(outputURL) ? Documents.drawingData(&state, for: outputURL) : try Document(state).encoded(), to: outputURL)
      }
      if let stateURL {
        try Self.write(try EditorStateReport(replay.store.state).encoded(), to: stateURL)
      }
      if let screenshotURL {
        let frame = try OffscreenFrame(width: size.width, height: size.height)
        frame.draw(replay.session)
        try frame.savePNG(to: screenshotURL)
      }
    }
  }

  private static func write(_ data: @autoclosure () throws -> Data, to url: URL) throws(FileError) {
    do {
      try FileSystemClient.liveValue.writeAtomically(try data(), url)
    } catch {
      throw .cannotWrite(path: url.path, reason: error.localizedDescription)
    }
  }
}
