import CurveCommandLine
import Foundation
import Testing

/// `curves` runs the headless commands itself, without the window's or the network's
/// libraries, and becomes `curves-editor` for everything else.
struct HeadlessDispatchTests {
  /// The shared libraries `program` needs, as the dynamic loader resolves them.
  private func libraries(of program: URL) throws -> String {
    let outcome = try ChildProcess.run("/usr/bin/ldd", [program.path], input: nil, in: nil, environment: ProcessInfo.processInfo.environment, timeout: .seconds(60))
    #expect(outcome.status == 0, "ldd: \(outcome.error)")
    return outcome.output
  }

  @Test func curvesLoadsNoWindowSystemAndNoNetworkLibraryButTheEditorDoes() throws {
    let headless = try libraries(of: CurvesBinary.url)
    for library in ["libSDL2", "libX11", "libwayland", "libcurl", "libFoundationNetworking"] {
      #expect(!headless.contains(library), "curves loads \(library)")
    }
    let editor = try libraries(of: CurvesBinary.url.deletingLastPathComponent().appendingPathComponent("curves-editor"))
    #expect(editor.contains("libSDL2"))
  }

  /// The headless commands need only `FoundationEssentials`: not Foundation, its
  /// internationalization or its copy of ICU's data, which cost a process milliseconds and
  /// megabytes to map before any work.
  @Test func curvesLinksFoundationEssentialsAlone() throws {
    let headless = try libraries(of: CurvesBinary.url)
    for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU", "libFoundationXML"] {
      #expect(!headless.contains(library), "curves loads \(library)")
    }
  }

  /// Text's and images' libraries are opened when a drawing first needs them, never linked
  /// (TextRenderTests and KeptImageLookTests draw text and decode JPEGs and GIFs through
  /// them). The editor maps FreeType and HarfBuzz anyway: SDL2_ttf, which draws its panel's
  /// text, links them.
  @Test func curvesLinksNoTextOrImageLibrary() throws {
    let headless = try libraries(of: CurvesBinary.url)
    for library in ["libfontconfig", "libfreetype", "libharfbuzz", "libfribidi", "libturbojpeg", "libgif", "libglib"] {
      #expect(!headless.contains(library), "curves links \(library)")
    }
  }

  /// Alone in a directory, `curves` still draws a drawing and imports and exports SVG (it
  /// runs them itself); what needs the editor says, in one line, that there is none.
  @Test func withoutTheEditorTheHeadlessCommandsStillRun() throws {
    // A hard link, in a directory beside the build's: a copy would be open for writing while
    // another test forks, and could not be run (ETXTBSY).
    let directory = CurvesBinary.url.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("headless-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let alone = directory.appendingPathComponent("curves")
    try FileManager.default.linkItem(at: CurvesBinary.url, to: alone)
    try Data(sampleDocumentJSON.utf8).write(to: directory.appendingPathComponent("drawing.json"))

    let drawn = try CurvesBinary.run(["render", "drawing.json", "--drawing-only", "--size", "80x60", "-o", "drawing.png"], in: directory, binary: alone)
    #expect(drawn.status == 0, "\(drawn.error)")
    let png = try Data(contentsOf: directory.appendingPathComponent("drawing.png"))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let exported = try CurvesBinary.run(["export-svg", "drawing.json", "-o", "drawing.svg"], in: directory, binary: alone)
    #expect(exported.status == 0, "\(exported.error)")
    let imported = try CurvesBinary.run(["import-svg", "drawing.svg", "-o", "again.json"], in: directory, binary: alone)
    #expect(imported.status == 0, "\(imported.error)")
    let analysed = try CurvesBinary.run(["analyze", "drawing.json"], in: directory, binary: alone)
    #expect(analysed.status == 0 && analysed.output.hasPrefix(#"{"curve": 0"#), "\(analysed.error)")

    // The version and help are answered here, in the editor's words.
    let version = try CurvesBinary.run(["--version"], in: directory, binary: alone)
    #expect(version.status == 0 && version.output.trimmingCharacters(in: .whitespacesAndNewlines) == CurvesVersion.current, "\(version.error)")
    let editorBinary = CurvesBinary.url.deletingLastPathComponent().appendingPathComponent("curves-editor")
    for arguments in [["--help"], ["help", "render"], ["path", "union", "--help"]] {
      let ours = try CurvesBinary.run(arguments, in: directory, binary: alone), theirs = try CurvesBinary.run(arguments, binary: editorBinary)
      #expect(ours.status == 0 && ours.output == theirs.output, "\(arguments): \(ours.error)")
    }
    // The editor's own commands need it. Installed, it is PREFIX/libexec/curves/curves-editor
    // for PREFIX/bin/curves.
    let edit = try CurvesBinary.run(["edit", "--help"], in: directory, binary: alone)
    #expect(edit.status == 127)
    let editor = directory.deletingLastPathComponent().appendingPathComponent("libexec/curves/curves-editor").path
    #expect(edit.error == "curves: cannot run the editor \(editor): No such file or directory\n")
    let frame = try CurvesBinary.run(["render", "drawing.json", "-o", "frame.png"], in: directory, binary: alone)
    #expect(frame.status == 127)
  }
}
