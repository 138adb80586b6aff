import Composable
@testable import CurveApp
@testable import CurveCommandLine
import CurveFeature
import CurveGeometry
import CurveRaster
import Foundation
import Testing

/// The headless subcommands, run as a user runs them.
struct CommandLineTests {
  let directory: URL
  let document: URL

  init() throws {
    directory = try makeTemporaryDirectory()
    document = directory.appendingPathComponent("doc.json")
    try Data(sampleDocumentJSON.utf8).write(to: document)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// Width and height from a PNG's IHDR chunk.
  private func pngSize(_ name: String) throws -> (Int, Int) {
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let bytes = [UInt8](data)
    func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
  }

  @Test func renderWritesAPNGOfTheRequestedSize() throws {
    let outcome = try CurvesBinary.run(["render", document.path, "-o", path("frame.png"), "--size", "900x700", "--t", "0.5"])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(try pngSize("frame.png") == (900, 700))
  }

  @Test func renderDrawsTheConstructionAtTheRequestedT() throws {
    // 0.25 is not a multiple of the document's 1/10 steps; the red point must still be at B(0.25).
    let outcome = try CurvesBinary.run(["render", document.path, "-o", path("quarter.png"), "--t", "0.25"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let curve = try #require(Bezier([Point(x: 120, y: 450), Point(x: 240, y: 120), Point(x: 560, y: 120), Point(x: 680, y: 450)]))
    let image = try #require(PNGImage(contentsOf: directory.appendingPathComponent("quarter.png")))
    let red = Theme.Palette.pointAtT
    // The canvas area starts under the menu bar; the document is at 100% at its top-left.
    func isRed(_ point: Point) -> Bool {
      let color = image.pixel(x: Int(point.x), y: Int(point.y + Layout.menuBarHeight))
      return abs(Int(color.r) - Int(red.r)) + abs(Int(color.g) - Int(red.g)) + abs(Int(color.b) - Int(red.b)) < 40
    }
    #expect(isRed(curve.eval(0.25)))
    #expect(!isRed(curve.eval(0.3)) && !isRed(curve.eval(0.2)))
  }

  @Test func renderAnimateWritesALoopingGIFOfOneSweep() throws {
    let outcome = try CurvesBinary.run(["render", document.path, "--animate", "--fps", "10", "--duration", "0.5", "--size", "400x300", "-o", path("sweep.gif")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let gif = try DecodedGIF(Data(contentsOf: directory.appendingPathComponent("sweep.gif")))
    #expect(gif.width == 400 && gif.height == 300)
    #expect(gif.frames.count == 5, "10 frames a second for half a second")
    #expect(gif.loopCount == 0, "loops forever")
    #expect(gif.frames.allSatisfy { $0.delay == 10 })
    #expect(Set(gif.frames.map(\.indices)).count == 5, "every frame shows another t")
  }

  @Test func renderAnimateCanWriteNumberedPNGsAndRefusesBadOptions() throws {
    let outcome = try CurvesBinary.run(["render", document.path, "--animate", "--fps", "4", "--duration", "1", "--size", "200x150", "--frames", path("frames")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let names = try FileManager.default.contentsOfDirectory(atPath: path("frames")).sorted()
    #expect(names == ["frame-0001.png", "frame-0002.png", "frame-0003.png", "frame-0004.png"])
    for arguments in [["--animate"], ["--animate", "--fps", "0", "-o", path("a.gif")], ["--animate", "--t", "0.5", "-o", path("a.gif")], ["--frames", path("f")]] {
      let refused = try CurvesBinary.run(["render", document.path] + arguments)
      #expect(refused.status != 0, "\(arguments)")
    }
  }

  @Test func renderAcceptsSmallFramesAndRefusesHugeOnes() throws {
    let small = try CurvesBinary.run(["render", document.path, "-o", path("small.png"), "--size", "400x300"])
    #expect(small.status == 0, "\(small.error)")
    #expect(try pngSize("small.png") == (400, 300))
    let huge = try CurvesBinary.run(["render", document.path, "-o", path("huge.png"), "--size", "20000x20000"])
    #expect(huge.status != 0)
    #expect(huge.error.contains("--size must be WIDTHxHEIGHT between 100x100 and 8192x8192"), "\(huge.error)")
  }

  /// The canvas alone, fitted to the frame: how the application's icons are drawn.
  @Test func renderCanvasOnlyDrawsAnIconSizedFrameWithNoPanel() throws {
    let icon = try CurvesBinary.run(["render", document.path, "-o", path("icon.png"), "--size", "48x48", "--canvas-only"])
    #expect(icon.status == 0, "\(icon.error)")
    #expect(try pngSize("icon.png") == (48, 48))
    let withPanel = try CurvesBinary.run(["render", document.path, "-o", path("tiny.png"), "--size", "48x48"])
    #expect(withPanel.error.contains("between 100x100"), "\(withPanel.error)")
  }

  @MainActor @Test func withoutChromeThePanelsCornerIsCanvas() throws {
    func corner(hasChrome: Bool) throws -> RGBA8 {
      let store = Store(initialState: Editor.State(document: try DocumentFiles.load(document), url: nil)) { Editor() }
      var layout = Layout.offscreen(width: 400, height: 300)
      layout.hasChrome = hasChrome
      let frame = try OffscreenFrame(width: 400, height: 300)
      frame.draw(EditorSession(store: store, layout: layout))
      return frame.pixel(x: 395, y: 295)
    }
    #expect(try corner(hasChrome: true) != corner(hasChrome: false))
  }

  @Test func renderNeverOverwritesItsInput() throws {
    let outcome = try CurvesBinary.run(["render", document.path, "-o", document.path])
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("refusing to overwrite the input file"))
    #expect(try String(contentsOf: document, encoding: .utf8) == sampleDocumentJSON)
  }

  @Test func aMalformedDocumentIsAOneLineError() throws {
    let bad = directory.appendingPathComponent("bad.json")
    try Data(#"{"version": 1, "canvas": {"width": 800, "height": 600}, "curves": [{"id": "x"}]"#.utf8).write(to: bad)
    for arguments in [["render", bad.path, "-o", path("x.png")], ["export-svg", bad.path, "-o", path("x.svg")]] {
      let outcome = try CurvesBinary.run(arguments)
      #expect(outcome.status != 0)
      #expect(outcome.error.hasPrefix("Error: \(bad.path):"), "\(outcome.error)")
      #expect(outcome.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
    }
    #expect(!FileManager.default.fileExists(atPath: path("x.png")))
    let missing = try CurvesBinary.run(["render", path("missing.json"), "-o", path("x.png")])
    #expect(missing.status != 0)
    #expect(missing.error.contains("no such file"))
  }

  @Test func replayDragsAPointAndSavesTheDocumentAndAScreenshot() throws {
    let events = directory.appendingPathComponent("events.jsonl")
    try Data("""
      {"type":"down","x":240,"y":120}
      {"type":"move","x":300,"y":200}
      {"type":"move","x":340,"y":220}
      {"type":"up","x":340,"y":220}
      {"type":"key","key":"space"}
      {"type":"wait","ms":600}
      """.utf8).write(to: events)
    let outcome = try CurvesBinary.run(["replay", document.path, "--events", events.path, "--document-coordinates", "-o", path("out.json"), "--screenshot", path("shot.png")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("out.json"))) as! [String: Any]
    let points = (((saved["curves"] as! [[String: Any]])[0]["subpaths"] as! [[String: Any]])[0]["points"] as! [[String: Any]])
    #expect(points[1]["x"] as? Double == 340 && points[1]["y"] as? Double == 220)
    #expect(points[0]["x"] as? Double == 120)
    #expect(try pngSize("shot.png") == (1100, 750))
  }

  @Test func replayWritesTheStateAfterTheLastEvent() throws {
    let events = directory.appendingPathComponent("events.jsonl")
    try Data("""
      {"type":"down","x":240,"y":120}
      {"type":"up","x":240,"y":120}
      {"type":"wheel","x":240,"y":120,"dy":2}
      {"type":"key","key":"right"}
      {"type":"key","key":"escape"}
      {"type":"key","key":"right"}
      {"type":"down","x":560,"y":120,"mods":"shift"}
      {"type":"up","x":560,"y":120,"mods":"shift"}
      """.utf8).write(to: events)
    let outcome = try CurvesBinary.run(["replay", document.path, "--events", events.path, "--document-coordinates", "--state", path("state.json")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
    #expect(state["zoom"] as? Double == 2)
    #expect(state["t"] as? Double == 0.1)
    #expect(state["playing"] as? Bool == false)
    #expect(state["curves"] as? Int == 1)
    #expect(state["edited"] as? Bool == true)
    // At 200% around (240, 120), the third point (560, 120) is at (880, 120): off the area.
    #expect((state["selection"] as? [Any])?.isEmpty == true)
    let pan = state["pan"] as! [String: Any]
    #expect(pan["x"] as? Double == -240 && pan["y"] as? Double == -120)
  }

  @Test func replayStateReportsSmoothPlayback() throws {
    let events = directory.appendingPathComponent("events.jsonl")
    try Data("""
      {"type":"key","key":"m"}
      {"type":"key","key":"space"}
      {"type":"wait","ms":750}
      """.utf8).write(to: events)
    let outcome = try CurvesBinary.run(["replay", document.path, "--events", events.path, "--document-coordinates", "--state", path("state.json")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
    #expect(state["playing"] as? Bool == true)
    // A 3 s sweep, a quarter of the way.
    #expect(abs((state["t"] as? Double ?? 0) - 0.25) < 1e-6, "\(state)")
  }

  @Test func replayStateNamesTheSelectedPoint() throws {
    let events = directory.appendingPathComponent("events.jsonl")
    try Data(#"{"type":"down","x":560,"y":120}"#.utf8).write(to: events)
    let outcome = try CurvesBinary.run(["replay", document.path, "--events", events.path, "--document-coordinates", "--state", path("state.json")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("state.json"))) as! [String: Any]
    let selection = try #require(state["selection"] as? [[String: String]])
    #expect(selection == [["curve": "11111111-1111-1111-1111-111111111111", "point": "41111111-1111-1111-1111-111111111111"]])
    #expect(state["zoom"] as? Double == 1)
    #expect(state["edited"] as? Bool == false)
  }

  @Test func replayReportsTheLineOfABadEvent() throws {
    let events = directory.appendingPathComponent("events.jsonl")
    try Data("{\"type\":\"down\",\"x\":1,\"y\":2}\n{\"type\":\"key\"}\n".utf8).write(to: events)
    let outcome = try CurvesBinary.run(["replay", document.path, "--events", events.path, "-o", path("out.json")])
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("events.jsonl: line 2: 'key' needs a string \"key\""), "\(outcome.error)")
    #expect(!FileManager.default.fileExists(atPath: path("out.json")))
  }

  @Test func anOutputIsTheInputByAnyPathAndANewFileNeverIs() throws {
    let link = directory.appendingPathComponent("link.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: document)
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: false)
    let roundabout = directory.appendingPathComponent("sub/../doc.json")
    for output in [document, link, roundabout] {
      #expect(throws: CommandLineError.outputIsInput(path: document.path)) {
        try DocumentFiles.checkOutput(output, isNotAnyOf: [document])
      }
    }
    try DocumentFiles.checkOutput(directory.appendingPathComponent("new.png"), isNotAnyOf: [document])
    let missing = directory.appendingPathComponent("missing.json")
    #expect(throws: CommandLineError.outputIsInput(path: missing.path)) {
      try DocumentFiles.checkOutput(directory.appendingPathComponent("./missing.json"), isNotAnyOf: [missing])
    }
  }

  /// `curves render` checks by path; a message names the file by its absolute path.
  @Test func byPathTheOutputIsCheckedAndNamedAbsolute() throws {
    #expect(throws: CommandLineError.outputIsInput(path: document.path)) {
      try DocumentFiles.checkOutput(path: document.path, isNotAnyOf: [document.path])
    }
    try DocumentFiles.checkOutput(path: path("new.png"), isNotAnyOf: [document.path])
    let current = FileManager.default.currentDirectoryPath
    #expect(DocumentFiles.shownPath("icons/a.svg") == current + "/icons/a.svg")
    #expect(DocumentFiles.shownPath("/tmp/a.svg") == "/tmp/a.svg")
  }

  @Test func replayNeverOverwritesItsInputs() throws {
    let events = directory.appendingPathComponent("events.jsonl")
    try Data("".utf8).write(to: events)
    let outcome = try CurvesBinary.run(["replay", document.path, "--events", events.path, "-o", document.path])
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("refusing to overwrite"))
  }

  @Test func exportSVGWritesCubicsAsCCommands() throws {
    let outcome = try CurvesBinary.run(["export-svg", document.path, "-o", path("doc.svg")])
    #expect(outcome.status == 0, "\(outcome.error)")
    let svg = try String(contentsOf: directory.appendingPathComponent("doc.svg"), encoding: .utf8)
    #expect(svg.contains(#"d="M 120 450 C 240 120 560 120 680 450""#))
  }

  @Test func withoutADisplayTheEditorSaysSoInsteadOfRunningUnseen() throws {
    var environment = ProcessInfo.processInfo.environment
    for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
    environment["XDG_DATA_HOME"] = directory.path
    let outcome = try CurvesBinary.run(["edit", document.path], environment: environment)
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("no display to open a window on"), "\(outcome.error)")
    #expect(try String(contentsOf: document, encoding: .utf8) == sampleDocumentJSON)
  }

  @Test func versionPrintsTheOneVersion() throws {
    let outcome = try CurvesBinary.run(["--version"])
    #expect(outcome.status == 0)
    #expect(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines) == CurvesVersion.current)
  }

  @Test func everySubcommandHasHelp() throws {
    for subcommand in ["edit", "render", "replay", "export-svg", "export-lottie", "import-svg", "flatten"] {
      let outcome = try CurvesBinary.run([subcommand, "--help"])
      #expect(outcome.status == 0)
      #expect(outcome.output.contains("USAGE: curves \(subcommand)"), "\(subcommand)")
    }
  }

  /// The developer tools are `curves-dev`'s, not the app's.
  @Test func theDeveloperToolsAreNotTheApps() throws {
    let help = try CurvesBinary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("flatten"))
    #expect(!help.output.contains("soak") && !help.output.contains("benchmark-frames"), "\(help.output)")
    let tools = try CurvesBinary.run(["--help"], binary: CurvesBinary.developerToolsURL)
    #expect(tools.status == 0)
    #expect(tools.output.contains("USAGE: curves-dev <subcommand>"), "\(tools.output)")
    #expect(tools.output.contains("soak") && tools.output.contains("benchmark-frames"), "\(tools.output)")
    let refused = try CurvesBinary.run(["benchmark-frames", "--frames", "0"], binary: CurvesBinary.developerToolsURL)
    #expect(refused.status != 0 && refused.error.contains("--frames must be positive"), "\(refused.error)")
  }
}

/// Which document the window starts with.
struct InitialDocumentTests {
  private func initialState(file: URL?, autosave: URL) -> Editor.State {
    withDependencies {
      $0.uuid = .incrementing
      $0.fileSystem = .liveValue
    } operation: {
      Documents.initialState(opening: file, autosave: autosave)
    }
  }

  @Test func aMissingFileStartsANewDocumentSavedThere() throws {
    let directory = try makeTemporaryDirectory()
    let file = directory.appendingPathComponent("new.json")
    let state = initialState(file: file, autosave: directory.appendingPathComponent("autosave.json"))
    #expect(state.file.url == file)
    #expect(state.drawing.curves.count == 1 && state.drawing.curves[0].points.count == 4)
    #expect(state.file.errorMessage == nil)
  }

  @Test func aMalformedFileIsNeverWrittenOver() throws {
    let directory = try makeTemporaryDirectory()
    let file = directory.appendingPathComponent("bad.json")
    try Data("{ not json".utf8).write(to: file)
    let state = initialState(file: file, autosave: directory.appendingPathComponent("autosave.json"))
    #expect(state.file.url == nil)
    #expect(state.file.errorMessage?.contains("bad.json") == true)
  }

  @Test func withoutAFileTheAutosaveIsOpened() throws {
    let directory = try makeTemporaryDirectory()
    let autosave = directory.appendingPathComponent("autosave.json")
    try Data(sampleDocumentJSON.utf8).write(to: autosave)
    let state = initialState(file: nil, autosave: autosave)
    #expect(state.file.url == autosave)
    #expect(state.drawing.curves[0].points[0].position.x == 120)
  }

  /// What the desktop entry does for `image/svg+xml`: the drawing is the document's own
  /// file, as it is on disk (nothing unsaved), and nothing is written beside it.
  @Test func anSVGOpensAsItsOwnFile() throws {
    let directory = try makeTemporaryDirectory()
    let svg = directory.appendingPathComponent("arches.svg")
    let drawing = #"<svg xmlns="http://www.w3.org/2000/svg"><path d="M 10 10 C 20 40 60 40 70 10 L 90 90"/></svg>"#
    try Data(drawing.utf8).write(to: svg)
    let state = initialState(file: svg, autosave: directory.appendingPathComponent("autosave.json"))
    #expect(state.drawing.curves.count == 1)
    #expect(state.file.url == svg && state.file.svgSource != nil)
    #expect(!state.hasUnsavedChanges)
    #expect(state.interaction.notice == "Opened 1 curve from arches.svg; Ctrl+S writes it back.")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["arches.svg"])
    #expect(try String(contentsOf: svg, encoding: .utf8) == drawing)
  }

  @Test func anSVGThatIsNotADrawingOpensNothingAndSaysWhy() throws {
    let directory = try makeTemporaryDirectory()
    let svg = directory.appendingPathComponent("broken.svg")
    try Data("<svg><path d=".utf8).write(to: svg)
    let state = initialState(file: svg, autosave: directory.appendingPathComponent("autosave.json"))
    #expect(state.file.url == nil)
    #expect(state.file.errorMessage?.contains("broken.svg") == true)
  }

  @Test func anUnreadableAutosaveIsKeptAside() throws {
    let directory = try makeTemporaryDirectory()
    let autosave = directory.appendingPathComponent("autosave.json")
    try Data("garbage".utf8).write(to: autosave)
    let state = initialState(file: nil, autosave: autosave)
    #expect(state.file.url == autosave)
    #expect(state.file.errorMessage != nil)
    #expect(try String(contentsOf: directory.appendingPathComponent("autosave.unreadable.json"), encoding: .utf8) == "garbage")
  }
}
