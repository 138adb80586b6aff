import Composable
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

  @Test func theEditorCountsADisplayChangeAsAnEditOfTheDrawing() async {
    let store = makeStore { Editor() }
    await store.send(.display(.toggle(.showsControlPolygon))) {
      $0.drawing.display.showsControlPolygon = false
      $0.drawing.revision = 1
    }
  }
}
