import Composable
import CurveFeature
import Foundation
import Testing

/// What `curves edit FILE.svg` opens, and what its status line says.
struct DocumentOpeningTests {
  @Test func anSVGWithErrorsOpensRepairedAndSaysHowManyWereRepaired() throws {
    let svg = URL(fileURLWithPath: "/drawings/broken.svg")
    let files = LockIsolated([svg: Data(#"""
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <path d="M 10 10 L 90 10 L 90 x"/>
        <circle cx="50" cy="50" r="-4"/>
      </svg>
      """#.utf8)])
    let state = withDependencies {
      $0.uuid = .incrementing
      $0.fileSystem = .inMemory(files)
    } operation: {
      Documents.initialState(opening: svg, autosave: URL(fileURLWithPath: "/home/ana/autosave.json"))
    }
    // The path drawn up to its error; the circle with a negative radius disabled.
    #expect(state.drawing.curves.count == 1)
    #expect(state.drawing.curves[0].points.map(\.position.x) == [10, 90])
    // The drawing is its own file, as opened: nothing unsaved.
    #expect(state.file.url == svg && !state.hasUnsavedChanges && state.file.svgSource != nil)
    #expect(state.interaction.notice == "Opened 1 curve from broken.svg (2 errors in the file repaired: curves import-svg lists them); Ctrl+S writes it back.")
  }
}
