import ArgumentParser
import Composable
import CurveCommandLine
import CurveFeature
import Foundation

/// `curves [edit] [FILE]`: the editor window.
struct EditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Open the editor window (the default command).",
    discussion: """
      Opens FILE (created on the first save if it does not exist), else the last autosave \
      ($XDG_DATA_HOME/curves/autosave.json, by default ~/.local/share/curves/autosave.json), \
      else a new document. An SVG FILE is imported as a new document, saved beside it as \
      NAME.json; the SVG is never written. Changes are saved 1 s after the last edit and on \
      quit. Press ? in the window for the command palette: every command and its keys.
      """
  )

  @Argument(help: "The document to open, or an SVG drawing to import as a new document.")
  var file: String?

  @Option(help: "UI scale on top of the display's own (1 = 100%, up to 4).")
  var scale: Double = 1

  @Option(help: "The window's initial size in points, WIDTHxHEIGHT.")
  var size: String = "\(Layout.defaultWindowSize.width)x\(Layout.defaultWindowSize.height)"

  @Flag(help: "Print every action and the state change it made.")
  var debug = false

  func validate() throws {
    guard scale.isFinite, (0.5...4).contains(scale) else { throw ValidationError("--scale must be between 0.5 and 4, not \(scale).") }
    do { _ = try DocumentFiles.parseSize(size) } catch { throw ValidationError(error.description) }
  }

  func run() throws {
    let state = Documents.initialState(opening: file.map { URL(fileURLWithPath: $0) }, autosave: DocumentFiles.autosaveURL, recoveryFolder: Documents.stateFolder)
    let size = try DocumentFiles.parseSize(size)
    try MainActor.assumeIsolated {
      let window = try EditorWindow(state: state, printsChanges: debug, scale: scale, size: size)
      window.run()
    }
  }
}
