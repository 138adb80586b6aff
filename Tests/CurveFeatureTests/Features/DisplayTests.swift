import Composable
import Foundation
import CurveFeature
import Testing

@MainActor
struct DisplayTests {
  @Test func eachToggleTurnsItsOptionOffAndOn() async {
    let store = TestStore(initialState: DisplayOptions()) { Display() }
    await store.send(.toggle(.showsCurve)) { $0.showsCurve = false }
    await store.send(.toggle(.showsTangent)) { $0.showsTangent = true }
    await store.send(.toggle(.showsCurve)) { $0.showsCurve = true }
    await store.send(.toggle(.showsInflections)) { $0.showsInflections = true }
  }

  @Test func theConstructionCyclesAllLevelsLastLevelHidden() async {
    let store = TestStore(initialState: DisplayOptions()) { Display() }
    await store.send(.cycleConstruction) { $0.construction = .lastLevel }
    await store.send(.cycleConstruction) { $0.construction = .hidden }
    await store.send(.cycleConstruction) { $0.construction = .allLevels }
  }

  @Test func theBoxesCycleAxisAlignedChordAlignedBothNeither() async {
    let store = TestStore(initialState: DisplayOptions()) { Display() }
    await store.send(.cycleBoxes) { $0.showsBoundingBox = true }
    await store.send(.cycleBoxes) {
      $0.showsBoundingBox = false
      $0.showsAlignedBounds = true
    }
    await store.send(.cycleBoxes) { $0.showsBoundingBox = true }
    await store.send(.cycleBoxes) {
      $0.showsBoundingBox = false
      $0.showsAlignedBounds = false
    }
  }

  @Test func aLevelToggleGrowsTheLevelsItNeedsWithDefaults() async {
    let store = TestStore(initialState: DisplayOptions()) { Display() }
    var third = DisplayOptions.Level()
    third.showsTrace = true
    await store.send(.toggleLevel(3, .showsTrace)) { $0.levels = [DisplayOptions.Level(), DisplayOptions.Level(), third] }
    third.isShown = false
    await store.send(.toggleLevel(3, .isShown)) { $0.levels[2] = third }
    // Past the fifteen levels a curve of 16 points has: nothing changes.
    await store.send(.toggleLevel(16, .isShown))
  }

  @Test func thePrimerFiguresToggleAndTheirSlidersKeepInRange() async {
    let store = TestStore(initialState: DisplayOptions()) { Display() }
    await store.send(.toggle(.showsGraphs)) { $0.showsGraphs = true }
    await store.send(.toggle(.showsCanonicalMap)) { $0.showsCanonicalMap = true }
    await store.send(.toggle(.showsArcs)) { $0.showsArcs = true }
    await store.send(.set(.arcTolerance, 3.5)) { $0.arcTolerance = 3.5 }
    // Out of range, brought to the range's end; NaN to its lower end.
    await store.send(.set(.arcTolerance, 500)) { $0.arcTolerance = 20 }
    await store.send(.set(.functionX, -2)) { $0.functionX = 0 }
    await store.send(.set(.flatteningTolerance, .nan)) { $0.flatteningTolerance = 0.05 }
    await store.send(.toggle(.showsGraduatedOffset)) { $0.showsGraduatedOffset = true }
    await store.send(.set(.offsetStart, 25)) { $0.offsetStart = 25 }
    await store.send(.set(.offsetEnd, 250)) { $0.offsetEnd = 100 }
  }

  @Test func thePrimerOptionsAreReadFromAFileAndBroughtIntoRange() throws {
    let json = #"{"showsFlattening": true, "flatteningTolerance": 100, "functionX": 0.25, "offsetEnd": -5}"#
    let options = try JSONDecoder().decode(DisplayOptions.self, from: Data(json.utf8))
    #expect(options.showsFlattening && !options.showsGraphs && !options.showsFunction)
    #expect(options.flatteningTolerance == 20 && options.functionX == 0.25 && options.arcTolerance == 1)
    #expect(options.offsetStart == 10 && options.offsetEnd == 0 && !options.showsGraduatedOffset)
    // Written and read back, unchanged.
    let again = try JSONDecoder().decode(DisplayOptions.self, from: JSONEncoder().encode(options))
    #expect(again == options)
  }

  @Test func theEditorCountsADisplayChangeAsAnEditOfTheDrawing() async {
    let store = makeStore { Editor() }
    await store.send(.display(.toggle(.showsControlPolygon))) {
      $0.drawing.display.showsControlPolygon = false
      $0.drawing.revision = 1
    }
  }
}
