import Composable
import CurveFeature
import Testing

/// The tool bar's − and + send an intention; the tools decide how far a step goes, round it
/// and keep it in range.
@MainActor
struct ToolSettingsTests {
  @Test func theTensionStepsByATenthExactlyAndStaysWithin0And1() async {
    let store = makeStore { Editor() }
    for tenth in 1...10 {
      await store.send(.tools(.stepTension(up: true))) { $0.interaction.penTension = Double(tenth) / 10 }
    }
    // Ten steps of 0.1 are exactly 1, not 0.9999999999999999; an eleventh stays there.
    await store.send(.tools(.stepTension(up: true)))
    await store.send(.tools(.stepTension(up: false))) { $0.interaction.penTension = 0.9 }
  }

  @Test func theStarsCornersSpokesAndRoundingStepWithinTheirRanges() async {
    var state = Editor.State(curves: [])
    state.interaction.shapeSettings = ShapeSettings(corners: 4, spokeRatio: 0.1, rounding: 0.9)
    let store = makeStore(state) { Editor() }
    await store.send(.tools(.stepCorners(up: false))) { $0.interaction.shapeSettings.corners = 3 }
    await store.send(.tools(.stepCorners(up: false)))
    await store.send(.tools(.stepSpokes(up: false))) { $0.interaction.shapeSettings.spokeRatio = 0.05 }
    await store.send(.tools(.stepSpokes(up: false))) { $0.interaction.shapeSettings.spokeRatio = 0.01 }
    await store.send(.tools(.stepSpokes(up: true))) { $0.interaction.shapeSettings.spokeRatio = 0.06 }
    await store.send(.tools(.stepRounding(up: true))) { $0.interaction.shapeSettings.rounding = 1 }
    await store.send(.tools(.stepRounding(up: true)))
    await store.send(.tools(.stepRounding(up: false))) { $0.interaction.shapeSettings.rounding = 0.9 }
  }

  @Test func theRectanglesCornerRadiusStepsByFiveAndNeverGoesBelowZero() async {
    let store = makeStore(Editor.State(curves: [])) { Editor() }
    await store.send(.tools(.stepCornerRadius(up: true))) { $0.interaction.shapeSettings.cornerRadius = 5 }
    await store.send(.tools(.stepCornerRadius(up: true))) { $0.interaction.shapeSettings.cornerRadius = 10 }
    await store.send(.tools(.stepCornerRadius(up: false))) { $0.interaction.shapeSettings.cornerRadius = 5 }
    await store.send(.tools(.stepCornerRadius(up: false))) { $0.interaction.shapeSettings.cornerRadius = 0 }
    await store.send(.tools(.stepCornerRadius(up: false)))
  }
}
