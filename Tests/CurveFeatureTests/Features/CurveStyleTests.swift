import Composable
import CurveFeature
import CurveGeometry
import Foundation
import OrderedCollections
import Testing

/// The selected curves' fill, stroke, stroke width and opacity: one undo step per change, a
/// slider drag one step.
@MainActor
struct CurveStyleTests {
  let lineStart = PointReference(curve: id(200), point: id(201))

  func selectingBoth() -> Editor.State {
    var state = Editor.State(curves: twoCurves())
    state.interaction.selection = [point2, lineStart]
    return state
  }

  func styled(_ change: (inout CurveStyle) -> Void) -> IdentifiedArrayOf<Curve.State> {
    var curves = twoCurves()
    for index in curves.indices { change(&curves[index].style) }
    return curves
  }

  @Test func fillAndStrokeAreSetOnTheSelectedCurvesEachOneUndoStep() async {
    let store = makeStore(selectingBoth()) { Editor() }
    let green = RGBColor.palette[2]
    await store.send(.styling(.setFill(.color(green)))) {
      $0.drawing.curves = self.styled { $0.fill = .color(green) }
      $0.history = undoHistory(undo: [twoCurves()])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 1
    }
    await store.send(.styling(.setStroke(CurveStyle.Paint.none))) {
      $0.drawing.curves = self.styled { $0.fill = .color(green); $0.stroke = CurveStyle.Paint.none }
      $0.history = undoHistory(undo: [twoCurves(), self.styled { $0.fill = .color(green) }])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 2
    }
    // The same again changes nothing and adds no step.
    await store.send(.styling(.setStroke(CurveStyle.Paint.none)))
    await store.send(.styling(.setFill(nil))) {
      $0.drawing.curves = self.styled { $0.stroke = CurveStyle.Paint.none }
      $0.history = undoHistory(undo: [
        twoCurves(), self.styled { $0.fill = .color(green) }, self.styled { $0.fill = .color(green); $0.stroke = CurveStyle.Paint.none },
      ])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 3
    }
  }

  @Test func onlyTheCurvesOfSelectedPointsAreStyled() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    var curves = oneCurve()
    curves[0].style.opacity = 0.5
    await store.send(.styling(.setOpacity(0.5))) {
      $0.drawing.curves = curves
      $0.history = undoHistory(undo: [oneCurve()])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 1
    }
  }

  @Test func widthAndOpacityAreClampedAndNonNumbersIgnored() async {
    let store = makeStore(selectingBoth()) { Editor() }
    await store.send(.styling(.setStrokeWidth(80))) {
      $0.drawing.curves = self.styled { $0.strokeWidth = 50 }
      $0.history = undoHistory(undo: [twoCurves()])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 1
    }
    await store.send(.styling(.setStrokeWidth(.nan)))
    await store.send(.styling(.setOpacity(-1))) {
      $0.drawing.curves = self.styled { $0.strokeWidth = 50; $0.opacity = 0 }
      $0.history = undoHistory(undo: [twoCurves(), self.styled { $0.strokeWidth = 50 }])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 2
    }
    await store.send(.styling(.setOpacity(.infinity)))
    await store.send(.styling(.setStrokeWidth(nil))) {
      $0.drawing.curves = self.styled { $0.opacity = 0 }
      $0.history = undoHistory(undo: [twoCurves(), self.styled { $0.strokeWidth = 50 }, self.styled { $0.strokeWidth = 50; $0.opacity = 0 }])
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 3
    }
  }

  @Test func aSliderDragIsOneUndoStep() async {
    let store = makeStore(selectingBoth()) { Editor() }
    await store.send(.styling(.beginStyleEdit)) { $0.history = undoHistory(pending: twoCurves()) }
    await store.send(.styling(.setStrokeWidth(2))) {
      $0.drawing.curves = self.styled { $0.strokeWidth = 2 }
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 1
    }
    await store.send(.styling(.setStrokeWidth(7.5))) {
      $0.drawing.curves = self.styled { $0.strokeWidth = 7.5 }
      $0.interaction.currentStyle = $0.drawing.curves[0].style
      $0.drawing.revision = 2
    }
    await store.send(.styling(.endStyleEdit)) { $0.history = undoHistory(undo: [twoCurves()]) }
    // A press and release that change nothing leave undo alone.
    await store.send(.styling(.beginStyleEdit)) {
      $0.history = undoHistory(undo: [twoCurves()], pending: self.styled { $0.strokeWidth = 7.5 })
    }
    await store.send(.styling(.endStyleEdit)) { $0.history = undoHistory(undo: [twoCurves()]) }
    await store.send(.history(.undo)) {
      $0.drawing.curves = twoCurves()
      $0.history = undoHistory(redo: [self.styled { $0.strokeWidth = 7.5 }])
      $0.drawing.revision = 3
    }
  }

  @Test func withNothingSelectedStylingSaysSo() async {
    let store = makeStore { Editor() }
    await store.send(.styling(.setFill(CurveStyle.Paint.none))) { $0.interaction.notice = "Select a point of each curve to style." }
  }
}
