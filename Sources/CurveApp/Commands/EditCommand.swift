import ArgumentParser
import Composable
import CurveCommandLine
import CurveFeature
import Foundation

/// `curves [edit] [FILE]`: the editor window.
struct EditCommand: ParsableCommand {
  static let configuration = EditorCommands.edit

  @Argument(help: "The document to open: a Curves document (.json) or an SVG drawing (.svg, .svgz).")
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
