import Composable
@testable import CurveFeature
import CurveGeometry
import Foundation
import Testing

/// The timeline in the window: keyed with I, played on the clock, scrubbed, stepped from key
/// to key, its keyframes deleted, retimed and eased; edits keyed where a keyframe is, or
/// everywhere with auto-key.
@MainActor
struct KeyframesTests {
  /// `oneCurve()`'s subpath moved right by `dx`, as a keyframe holds it.
  static func subpaths(dx: Double) -> [Document.SubpathRecord] {
    var record = Document.CurveRecord(oneCurve()[0])
    record.subpaths = record.subpaths.map { $0.applying(Affine(a: 1, b: 0, c: 0, d: 1, e: dx, f: 0)) }
    return record.subpaths
  }

  /// `oneCurve()` keyed at 0 s where it is and at 2 s 100 to the right, linearly; 2 s, looping.
  static func keyed(easing: Easing = .linear) -> Editor.State {
    var state = Editor.State(curves: oneCurve())
    state.drawing.timeline = Timeline(duration: 2, tracks: [Timeline.Track(curve: id(100), keyframes: [
      Timeline.Keyframe(time: 0, subpaths: subpaths(dx: 0), easing: easing), Timeline.Keyframe(time: 2, subpaths: subpaths(dx: 100)),
    ])])
    return state
  }

  /// The curve's points' x, 100…400 moved by `dx`.
  static func xs(_ state: Editor.State) -> [Double] { state.drawing.curves[0].points.map(\.position.x) }

  /// The curve `share` of the way from where it is to 100 to the right, computed as a
  /// keyframe's interpolation computes it.
  static func moved(_ state: inout Editor.State, share: Double) {
    for index in state.drawing.curves[0].subpaths[0].points.indices {
      let x = state.drawing.curves[0].subpaths[0].points[index].position.x
      state.drawing.curves[0].subpaths[0].points[index].position.x = x + (x + 100 - x) * share
    }
  }

  static func moved(_ state: inout Editor.State, by dx: Double) { moved(&state, share: dx / 100) }

  @Test func iKeysTheSelectedCurvesAtThePlayheadMakingATimelineWhenThereIsNone() async {
    let store = makeStore(oneCurveWithPoint2Selected()) { Editor() }
    await store.send(.keyframes(.addKeyframe)) {
      $0.drawing.timeline = Timeline(duration: 2, tracks: [
        Timeline.Track(curve: id(100), keyframes: [Timeline.Keyframe(time: 0, subpaths: Self.subpaths(dx: 0), style: CurveStyle())]),
      ])
      $0.drawing.revision = 1
      $0.interaction.notice = "Keyed 1 curve at 0 s"
      $0.history = undoHistory(undo: [oneCurve()])
    }
    // Keying is an undo step: undo takes the timeline back to none, redo keys again.
    let keyed = store.state.undoSnapshot
    await store.send(.history(.undo)) {
      $0.drawing.timeline = nil
      $0.history = undoHistory(snapshots: [], redo: [keyed])
      $0.drawing.revision = 2
    }
    await store.send(.history(.redo)) {
      $0.drawing.timeline = keyed.timeline
      $0.history = undoHistory(undo: [oneCurve()])
      $0.drawing.revision = 3
    }
    let empty = makeStore(Editor.State(curves: oneCurve())) { Editor() }
    await empty.send(.keyframes(.addKeyframe)) { $0.interaction.notice = "Select a point of each curve to key, then press I." }
  }

  /// A live text's glyphs are laid out anew when its file opens, under new ids: I keys the
  /// other curves selected with it and says why the text is not keyed; a text alone, or a
  /// morph of one (Shift+I), is refused, nothing changed.
  @Test func aLiveTextIsNotKeyedAsCurves() async {
    var state = oneCurveWithPoint2Selected()
    let content = TextContent(x: 20, y: 300, lines: [[TextContent.Span("Hi")]])
    let (glyphs, _) = TextEditingTests.glyphs(content, from: 1000)
    state.drawing.groups = [TextEditingTests.group(content)]
    for glyph in glyphs { state.drawing.curves.append(glyph) }
    state.interaction.tool = .selector
    state.interaction.selectedObjects = [.curve(id(100)), .group("text1")]
    let start = state
    let store = makeStore(state) { Editor() }
    await store.send(.keyframes(.addKeyframe)) {
      $0.drawing.timeline = Timeline(duration: 2, tracks: [
        Timeline.Track(curve: id(100), keyframes: [Timeline.Keyframe(time: 0, subpaths: Self.subpaths(dx: 0), style: CurveStyle())]),
      ])
      $0.drawing.revision = 1
      $0.interaction.notice = "Keyed 1 curve at 0 s; texts are not keyed: Object to Path (Ctrl+Shift+C) first"
      $0.history = undoHistory(undo: [start.drawing.curves], groups: start.drawing.groups)
    }
    var textAlone = start
    textAlone.interaction.selectedObjects = [.group("text1")]
    let alone = makeStore(textAlone) { Editor() }
    await alone.send(.keyframes(.addKeyframe)) { $0.interaction.notice = Keyframes.textsAreNotKeyed }
    let morph = makeStore(textAlone) { Editor() }
    await morph.send(.keyframes(.morphSelection)) { $0.interaction.notice = Keyframes.textsAreNotKeyed }
  }

  @Test func seekingShowsTheDrawingThenWithoutEditingIt() async {
    let store = makeStore(Self.keyed(easing: .easeIn)) { Editor() }
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      // ease-in at half time has gone 0.3153… of the way.
      Self.moved(&$0, by: 100 * Easing.easeIn.progress(at: 0.5))
    }
    #expect(store.state.drawing.revision == 0, "showing a moment is not an edit")
    await store.send(.keyframes(.seek(to: 9))) {
      $0.playhead.time = 2
      $0.drawing.curves = oneCurve()
      Self.moved(&$0, by: 100)
    }
    await store.send(.keyframes(.toStart)) {
      $0.playhead.time = 0
      $0.drawing.curves = oneCurve()
    }
    await store.send(.keyframes(.nextKeyframe)) {
      $0.playhead.time = 2
      Self.moved(&$0, by: 100)
    }
    await store.send(.keyframes(.nextKeyframe))
    await store.send(.keyframes(.previousKeyframe)) {
      $0.playhead.time = 0
      $0.drawing.curves = oneCurve()
    }
    await store.send(.keyframes(.toEnd)) {
      $0.playhead.time = 2
      Self.moved(&$0, by: 100)
    }
  }

  /// A keyframe whose style eases its own way (an SMIL import's `Keyframe.styleEasing`): the
  /// window shows the shape at its easing's share and the style at the style's, as `curves
  /// render` and the exports do.
  @Test func aStyleWithItsOwnEasingFadesByItInTheWindow() async {
    var state = Self.keyed()
    state.drawing.timeline!.tracks[0].keyframes = [
      Timeline.Keyframe(time: 0, subpaths: Self.subpaths(dx: 0), style: CurveStyle(opacity: 1), easing: .easeIn, styleEasing: .linear),
      Timeline.Keyframe(time: 2, subpaths: Self.subpaths(dx: 100), style: CurveStyle(opacity: 0)),
    ]
    let store = makeStore(state) { Editor() }
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      // The shape eased in (0.3153… of the way), the opacity linearly: half way.
      Self.moved(&$0, by: 100 * Easing.easeIn.progress(at: 0.5))
      $0.drawing.curves[0].style = CurveStyle(opacity: 0.5)
    }
  }

  /// A group moving 100 to the right and fading to 0.5 over 2 s: at 1 s its curve is shown 50
  /// to the right (and its layer at 0.75), but keyed, and saved, where the group puts it still.
  @Test func aGroupTrackCarriesItsCurvesWhichAreKeyedAndSavedWhereTheGroupPutsThem() async {
    var state = oneCurveWithPoint2Selected()
    state.drawing.curves[0].group = "g"
    state.drawing.groups = [Group(id: "g")]
    state.drawing.timeline = Timeline(duration: 2, groupTracks: [Timeline.GroupTrack(group: "g", keyframes: [
      // The opacity at 0 s filled in from the group's own, as opening a document does.
      Timeline.GroupKeyframe(time: 0, opacity: 1), Timeline.GroupKeyframe(time: 2, transform: Timeline.TransformParts(translate: Point(x: 100, y: 0)), opacity: 0.5),
    ])])
    let still = Document.CurveRecord(state.drawing.curves[0])
    let store = makeStore(state) { Editor() }
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      Self.moved(&$0, by: 50)
      $0.drawing.groups[0].opacity = 0.75
      $0.drawing.groupMotions = ["g": .translate(x: 50, y: 0)]
    }
    #expect(store.state.drawing.revision == 0, "showing a moment is not an edit")
    #expect(Document(store.state).curves == [still], "saved where the group puts it still")
    var steps = [store.state.undoSnapshot]
    await store.send(.keyframes(.addKeyframe)) {
      $0.drawing.timeline!.tracks = [Timeline.Track(curve: id(100), keyframes: [Timeline.Keyframe(time: 1, subpaths: Self.subpaths(dx: 0), style: CurveStyle())])]
      $0.drawing.revision = 1
      $0.interaction.notice = "Keyed 1 curve at 1 s"
      $0.history = undoHistory(snapshots: steps)
    }
    await store.send(.keyframes(.toStart)) {
      $0.playhead.time = 0
      Self.moved(&$0, by: -50)
      $0.drawing.groups[0].opacity = 1
      $0.drawing.groupMotions = [:]
    }
    // The group's keyframes are marks too: picked, eased, retimed and deleted.
    #expect(store.state.keyTimes == [0, 1, 2])
    let mark = Playhead.Mark(group: "g", time: 0)
    await store.send(.keyframes(.selectKeyframe(mark))) { $0.playhead.selectedKey = mark }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.setEasing(.easeIn))) {
      $0.drawing.timeline!.groupTracks[0].keyframes[0].easing = .easeIn
      $0.drawing.revision = 2
      $0.history = undoHistory(snapshots: steps)
      $0.playhead.keyEdit = Playhead.KeyEdit(mark: mark, retimes: false, undoCount: 2)
    }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.moveSelectedKeyframe(to: 5))) {
      $0.drawing.timeline!.groupTracks[0].keyframes[0].time = 1.999
      $0.playhead.selectedKey?.time = 1.999
      $0.drawing.revision = 3
      $0.history = undoHistory(snapshots: steps)
      $0.playhead.keyEdit = Playhead.KeyEdit(mark: Playhead.Mark(group: "g", time: 1.999), retimes: true, undoCount: 3)
    }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.delete)) {
      $0.drawing.timeline!.groupTracks[0].keyframes.removeFirst()
      $0.playhead.selectedKey = nil
      $0.drawing.revision = 4
      $0.history = undoHistory(snapshots: steps)
      // Only the end's keyframe is left: the group is there from the start.
      Self.moved(&$0, by: 100)
      $0.drawing.groups[0].opacity = 0.5
      $0.drawing.groupMotions = ["g": .translate(x: 100, y: 0)]
    }
  }

  /// A group growing from nothing (scale 0 at 0 s, 1 at 2 s): while it shows its curves
  /// collapsed to a point they are kept aside as they are with the group still, and come back
  /// from there; saving at 0 s saves them whole.
  @Test func aGroupGrowingFromNothingBringsItsCurvesBack() async {
    var state = Editor.State(curves: oneCurve())
    state.drawing.curves[0].group = "g"
    state.drawing.groups = [Group(id: "g")]
    state.drawing.timeline = Timeline(duration: 2, groupTracks: [Timeline.GroupTrack(group: "g", keyframes: [
      Timeline.GroupKeyframe(time: 0, transform: Timeline.TransformParts(scale: Point(x: 0, y: 0))), Timeline.GroupKeyframe(time: 2, transform: .identity),
    ])])
    let whole = state.drawing.curves[0]
    let store = makeStore(state) { Editor() }
    await store.send(.keyframes(.seek(to: 0))) {
      $0.drawing.groupMotions = ["g": Timeline.TransformParts(scale: Point(x: 0, y: 0)).matrix]
      $0.drawing.collapsedCurves = [id(100): whole]
      for index in $0.drawing.curves[0].subpaths[0].points.indices { $0.drawing.curves[0].subpaths[0].points[index].position = .zero }
    }
    #expect(Document(store.state).curves == [Document.CurveRecord(whole)], "saved whole")
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      $0.drawing.groupMotions = ["g": Timeline.TransformParts(scale: Point(x: 0.5, y: 0.5)).matrix]
      $0.drawing.collapsedCurves = [:]
      $0.drawing.curves[0] = whole
      for index in $0.drawing.curves[0].subpaths[0].points.indices {
        let p = whole.subpaths[0].points[index].position
        $0.drawing.curves[0].subpaths[0].points[index].position = Point(x: p.x / 2, y: p.y / 2)
      }
    }
  }

  @Test func playingMovesThePlayheadOnTheClockAndLoops() async {
    let clock = TestClock()
    var state = Self.keyed()
    state.drawing.timeline!.duration = 0.05
    state.drawing.timeline!.tracks[0].keyframes[1].time = 0.05
    let store = makeStore(state, clock: clock) { Editor() }
    let frame = 1.0 / Double(AnimationSettings.framesPerSecond)
    await store.send(.keyframes(.togglePlaying)) { $0.playhead.isPlaying = true }
    await clock.advance(by: AnimationSettings.frameInterval)
    await store.receive(\.keyframes.advance) {
      $0.playhead.time = frame
      Self.moved(&$0, share: frame / 0.05)
    }
    await clock.advance(by: AnimationSettings.frameInterval * 2)
    await store.receive(\.keyframes.advance) {
      $0.playhead.time = 2 * frame
      $0.drawing.curves = oneCurve()
      Self.moved(&$0, share: 2 * frame / 0.05)
    }
    await store.receive(\.keyframes.advance) {
      // 3/60 s is past 0.05 s by a hair less than nothing: round to the start again.
      $0.playhead.time = (3 * frame).truncatingRemainder(dividingBy: 0.05)
      $0.drawing.curves = oneCurve()
      Self.moved(&$0, share: $0.playhead.time / 0.05)
    }
    await store.send(.keyframes(.togglePlaying)) { $0.playhead.isPlaying = false }
  }

  @Test func spaceWithoutATimelinePlaysTheConstruction() async {
    let clock = TestClock()
    let store = makeStore(Editor.State(curves: oneCurve(), animation: AnimationSettings(mode: .smooth)), clock: clock) { Editor() }
    await store.send(.keyframes(.togglePlaying))
    await store.receive(\.animation.togglePlaying) { $0.drawing.animation.isPlaying = true }
    await store.send(.animation(.togglePlaying)) { $0.drawing.animation.isPlaying = false }
  }

  @Test func anEditAtAKeyframeChangesItAndElsewhereOnlyWithAutoKey() async {
    var state = Self.keyed()
    state.interaction.selection = [point2]
    let store = makeStore(state) { Editor() }
    // At 0 s, where the curve has a keyframe: the edit is that keyframe's.
    await store.send(movePoint(100, 102, Point(x: 200, y: 150))) {
      $0.drawing.curves[0].subpaths[0].points[1].position = Point(x: 200, y: 150)
      $0.drawing.revision = 1
      $0.drawing.animation.rewind()
      $0.drawing.timeline!.tracks[0].keyframes[0].subpaths![0].points[1].y = 150
      $0.drawing.timeline!.tracks[0].keyframes[0].style = CurveStyle()
    }
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      $0.drawing.curves[0].subpaths[0].points[1].position = Point(x: 250, y: 125)
      for index in [0, 2, 3] { $0.drawing.curves[0].subpaths[0].points[index].position.x += 50 }
    }
    // At 1 s, with no keyframe there and auto-key off: the edit stands, not keyed.
    await store.send(movePoint(100, 101, Point(x: 150, y: 90))) {
      $0.drawing.curves[0].subpaths[0].points[0].position = Point(x: 150, y: 90)
      $0.drawing.revision = 2
      $0.drawing.animation.rewind()
    }
    await store.send(.keyframes(.toggleAutoKey)) {
      $0.playhead.autoKey = true
      $0.interaction.notice = "Auto-key on: every edit keys its curves at the playhead."
    }
    await store.send(movePoint(100, 101, Point(x: 150, y: 80))) {
      $0.drawing.curves[0].subpaths[0].points[0].position = Point(x: 150, y: 80)
      $0.drawing.revision = 3
      $0.drawing.animation.rewind()
      var key = Timeline.Keyframe(time: 1, subpaths: [Document.CurveRecord($0.drawing.curves[0]).subpaths[0]], style: CurveStyle())
      key.easing = .linear
      $0.drawing.timeline!.tracks[0].keyframes.insert(key, at: 1)
    }
  }

  @Test func aSelectedKeyframeIsRetimedBetweenItsNeighboursEasedAndDeleted() async {
    let store = makeStore(Self.keyed()) { Editor() }
    let mark = Playhead.Mark(curve: id(100), time: 2)
    await store.send(.keyframes(.selectKeyframe(mark))) { $0.playhead.selectedKey = mark }
    var steps = [store.state.undoSnapshot]
    await store.send(.keyframes(.moveSelectedKeyframe(to: -5))) {
      // No earlier than a thousandth after the keyframe before it.
      $0.drawing.timeline!.tracks[0].keyframes[1].time = 0.001
      $0.playhead.selectedKey = Playhead.Mark(curve: id(100), time: 0.001)
      $0.drawing.revision = 1
      $0.history = undoHistory(snapshots: steps)
      $0.playhead.keyEdit = Playhead.KeyEdit(mark: Playhead.Mark(curve: id(100), time: 0.001), retimes: true, undoCount: 1)
    }
    // Dragged on: the same undo step.
    await store.send(.keyframes(.moveSelectedKeyframe(to: 1))) {
      $0.drawing.timeline!.tracks[0].keyframes[1].time = 1
      $0.playhead.selectedKey = Playhead.Mark(curve: id(100), time: 1)
      $0.drawing.revision = 2
      $0.playhead.keyEdit?.mark.time = 1
    }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.setEasing(.hold))) {
      $0.drawing.timeline!.tracks[0].keyframes[1].easing = .hold
      $0.drawing.revision = 3
      $0.history = undoHistory(snapshots: steps)
      $0.playhead.keyEdit = Playhead.KeyEdit(mark: Playhead.Mark(curve: id(100), time: 1), retimes: false, undoCount: 2)
    }
    await store.send(.keyframes(.seek(to: 1.5))) {
      $0.playhead.time = 1.5
      Self.moved(&$0, by: 100)
    }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.delete)) {
      $0.drawing.timeline!.tracks[0].keyframes.remove(at: 1)
      $0.playhead.selectedKey = nil
      $0.drawing.revision = 4
      $0.drawing.curves = oneCurve()
      $0.history = undoHistory(snapshots: steps)
    }
    steps.append(store.state.undoSnapshot)
    // With no mark selected, Delete removes the selected points, as it always has; the
    // curve's keyframes then no longer fit it.
    await store.send(.selection(.selectNextPoint)) { $0.interaction.selection = [PointReference(curve: id(100), point: id(101))] }
    await store.send(.keyframes(.delete))
    await store.receive(\.curveCommands.deleteSelectedPoints) {
      $0.history = undoHistory(snapshots: steps)
      $0.drawing.curves[id: id(100)]?.points.remove(id: id(101))
      $0.interaction.selection = []
      $0.drawing.revision = 5
      $0.interaction.notice = "This curve's nodes changed, so its keyframes no longer fit it: they will not play, and saving drops them (undo the edit to keep them)."
    }
  }
}

extension KeyframesTests {
  /// Shift+I: a square (bottom) and a triangle (top) selected; the square becomes the triangle.
  /// The user's override of a morph: at a keyframe, [ and ] move where the selected closed
  /// subpath starts, \\ turns it round; the keyframes then correspond point by point as they
  /// are, so the square's corners now travel to other corners of the other square.
  @Test func bracketsAndBackslashMoveASubpathsStartAndDirectionAtAKeyframe() async {
    let corners = [(100.0, 100.0), (200.0, 100.0), (200.0, 200.0), (100.0, 200.0)]
    let points = corners.enumerated().map { ControlPoint.State(id: id(101 + $0), position: Point(x: $1.0, y: $1.1), node: .corner) }
    let square = Curve.State(id: id(100), subpaths: [Subpath.State(id: id(100), isClosed: true, points: IdentifiedArray(uniqueElements: points))])
    var state = Editor.State(curves: [square])
    let record = Document.CurveRecord(square)
    var moved = record.subpaths[0]
    for index in moved.points.indices { moved.points[index].x += 300 }
    state.drawing.timeline = Timeline(duration: 2, tracks: [Timeline.Track(curve: id(100), keyframes: [
      Timeline.Keyframe(time: 0, subpaths: record.subpaths), Timeline.Keyframe(time: 2, subpaths: [moved]),
    ])])
    state.interaction.selection = [PointReference(curve: id(100), point: id(101))]
    let store = makeStore(state) { Editor() }
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      $0.show(time: 1)
    }
    await store.send(.keyframes(.moveSubpathStart(by: 1))) {
      $0.interaction.notice = "Go to a keyframe of a keyed curve (, or .) and select a point of the subpath to change there."
    }
    await store.send(.keyframes(.toEnd)) {
      $0.playhead.time = 2
      $0.show(time: 2)
    }
    var steps = [store.state.undoSnapshot]
    await store.send(.keyframes(.moveSubpathStart(by: 1))) {
      $0.drawing.timeline!.tracks[0].keyframes[1].subpaths![0].points = Array(moved.points[1...] + moved.points[..<1])
      $0.drawing.revision = 1
      $0.history = undoHistory(snapshots: steps)
      // The same square, shown from its second corner on.
      for (index, corner) in [(500.0, 100.0), (500.0, 200.0), (400.0, 200.0), (400.0, 100.0)].enumerated() {
        $0.drawing.curves[0].subpaths[0].points[index].position = Point(x: corner.0, y: corner.1)
      }
      $0.interaction.notice = "Subpath 1 starts a node on at 2 s: the morph follows."
    }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.reverseSubpath)) {
      let turned = [moved.points[1], moved.points[0], moved.points[3], moved.points[2]]
      $0.drawing.timeline!.tracks[0].keyframes[1].subpaths![0].points = turned
      $0.drawing.revision = 2
      $0.history = undoHistory(snapshots: steps)
      for (index, corner) in [(500.0, 100.0), (400.0, 100.0), (400.0, 200.0), (500.0, 200.0)].enumerated() {
        $0.drawing.curves[0].subpaths[0].points[index].position = Point(x: corner.0, y: corner.1)
      }
      $0.interaction.notice = "Subpath 1 runs the other way at 2 s: the morph follows."
    }
    // Half way, the first corner (100, 100) is on its way to (500, 100): 300 right and 200 more.
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      $0.show(time: 1)
    }
    #expect(store.state.drawing.curves[0].subpaths[0].points[0].position == Point(x: 300, y: 100))
  }

  @Test func shiftIMorphsTheBottomCurveIntoTheTopOne() async throws {
    func polygon(_ id0: Int, _ corners: [(Double, Double)]) -> Curve.State {
      let points = corners.enumerated().map { ControlPoint.State(id: id(id0 + 1 + $0), position: Point(x: $1.0, y: $1.1), node: .corner) }
      return Curve.State(id: id(id0), subpaths: [Subpath.State(id: id(id0), isClosed: true, points: IdentifiedArray(uniqueElements: points))])
    }
    let square = polygon(100, [(100, 100), (200, 100), (200, 200), (100, 200)])
    let triangle = polygon(200, [(400, 100), (450, 200), (350, 200)])
    var state = Editor.State(curves: [square, triangle])
    state.interaction.selection = [PointReference(curve: id(100), point: id(101)), PointReference(curve: id(200), point: id(201))]
    let store = makeStore(state) { Editor() }
    await store.send(.keyframes(.morphSelection)) {
      // The track the morph makes, as `Morph` makes it correspond: at 0 s the square, at 2 s
      // (the end: the playhead was at the start) the triangle, in one form.
      let track = Timeline.Track(curve: id(100), keyframes: [
        Timeline.Keyframe(time: 0, subpaths: Document.CurveRecord(square).subpaths, style: square.style),
        Timeline.Keyframe(time: 2, subpaths: Document.CurveRecord(triangle).subpaths, style: triangle.style),
      ])
      let (shaped, curve) = track.corresponded(with: Document.CurveRecord(square))
      $0.drawing.timeline = Timeline(duration: 2, tracks: [shaped])
      $0.history = undoHistory(undo: [[square, triangle]])
      $0.drawing.curves = [Document.curveState(curve)]
      $0.show(time: 2)
      $0.interaction.selection = []
      $0.drawing.revision = 1
      $0.interaction.notice = "The bottom curve becomes the top one at 2 s"
    }
    // At 2 s it draws the triangle, at 0 s the square: each as authored.
    func area(_ state: Editor.State) -> Double {
      Document.CurveRecord(state.drawing.curves[0]).subpaths[0].segments.compactMap(Bezier.init).reduce(0) { $0 + $1.areaIntegral }
    }
    #expect(abs(abs(area(store.state)) - 100 * 100 / 2) < 1e-9)
    await store.send(.keyframes(.toStart)) {
      $0.show(time: 0)
    }
    #expect(abs(abs(area(store.state)) - 100 * 100) < 1e-9)
    #expect(store.state.drawing.curves.count == 1)
  }
}

extension KeyframesTests {
  /// Alt+I keys the view: the part of the 800 × 600 canvas the window shows, shaped as the
  /// canvas. Going through the timeline (stepping, scrubbing) then moves the window's view to
  /// the timeline's; an edit of a keyframe leaves it where the user put it.
  @Test func altIKeysTheViewAndGoingThroughTheTimelineMovesTheWindowsView() async throws {
    var state = Editor.State(curves: oneCurve())
    // A 1000 × 500 area: the canvas opens fitted, 5/6 of its size, centred across.
    state.viewport = Viewport.State(canvas: state.viewport.canvas, area: Size(width: 1000, height: 500))
    let fitted = state.viewport
    #expect(fitted.visibleBox == Rect(minX: 0, minY: 0, maxX: 800, maxY: 600))
    let store = makeStore(state) { Editor() }
    let whole = Timeline.ViewKeyframe(time: 0, box: Rect(minX: 0, minY: 0, maxX: 800, maxY: 600))
    var steps = [store.state.undoSnapshot]
    await store.send(.keyframes(.addViewKeyframe)) {
      $0.drawing.timeline = Timeline(duration: 2, view: [whole])
      $0.drawing.revision = 1
      $0.interaction.notice = "Keyed the view at 0 s"
      $0.history = undoHistory(snapshots: steps)
    }
    // At the end, zoomed in twice around the middle: the middle half of the canvas is keyed.
    await store.send(.keyframes(.toEnd)) { $0.playhead.time = 2 }
    await store.send(.viewport(.zoom(notches: 2, around: Point(x: 500, y: 250)))) { $0.viewport.zoom(steps: 2, around: Point(x: 500, y: 250)) }
    let zoomed = store.state.viewport
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.addViewKeyframe)) {
      $0.drawing.timeline!.view.append(Timeline.ViewKeyframe(time: 2, box: zoomed.visibleBox))
      $0.drawing.revision = 2
      $0.interaction.notice = "Keyed the view at 2 s"
      $0.history = undoHistory(snapshots: steps)
    }
    let middle = zoomed.visibleBox
    #expect([middle.minX - 200, middle.minY - 150, middle.width - 400, middle.height - 300].allSatisfy { abs($0) < 1e-9 }, "\(middle)")
    // Scrubbed to 1 s: the view half way, a 600 × 450 box at (100, 75), fitted to the area.
    await store.send(.keyframes(.seek(to: 1))) {
      $0.playhead.time = 1
      let zoom = min(1000 / middle.interpolated(to: whole.box, 0.5).width, 500 / middle.interpolated(to: whole.box, 0.5).height)
      #expect(abs(zoom - 10.0 / 9) < 1e-9)
      $0.viewport = Viewport.State(canvas: fitted.canvas, area: fitted.area, zoom: zoom, origin: Point(x: 500, y: 250) - Point(x: 400, y: 300) * zoom)
    }
    #expect(abs(store.state.viewport.visibleBox.minX - 100) < 1e-9 && abs(store.state.viewport.visibleBox.width - 600) < 1e-9)
    // Its keyframe's mark picked and eased: an edit, so the view stays.
    let mark = Playhead.Mark(viewAt: 2)
    #expect(mark.isView && store.state.keyTimes == [0, 2])
    await store.send(.keyframes(.selectKeyframe(Playhead.Mark(viewAt: 0)))) { $0.playhead.selectedKey = Playhead.Mark(viewAt: 0) }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.setEasing(.easeIn))) {
      $0.drawing.timeline!.view[0].easing = .easeIn
      $0.drawing.revision = 3
      $0.history = undoHistory(snapshots: steps)
      $0.playhead.keyEdit = Playhead.KeyEdit(mark: Playhead.Mark(viewAt: 0), retimes: false, undoCount: 3)
    }
    #expect(store.state.drawing.timeline?.easing(at: Playhead.Mark(viewAt: 0)) == .easeIn)
    // Back to the start: the whole canvas, fitted as it opened.
    await store.send(.keyframes(.previousKeyframe)) {
      $0.playhead.time = 0
      $0.viewport = fitted
    }
    // Keyed again where there is a keyframe: its box changes, its easing stays.
    await store.send(.viewport(.zoom(notches: 2, around: Point(x: 500, y: 250)))) { $0.viewport.zoom(steps: 2, around: Point(x: 500, y: 250)) }
    steps.append(store.state.undoSnapshot)
    await store.send(.keyframes(.addViewKeyframe)) {
      $0.drawing.timeline!.view[0].box = zoomed.visibleBox
      $0.drawing.revision = 4
      $0.interaction.notice = "Keyed the view at 0 s"
      $0.history = undoHistory(snapshots: steps)
    }
    await store.send(.keyframes(.selectKeyframe(mark))) {
      $0.playhead.selectedKey = mark
      $0.playhead.keyEdit = nil
    }
    let beforeDeleting = store.state.undoSnapshot
    steps.append(beforeDeleting)
    await store.send(.keyframes(.delete)) {
      $0.drawing.timeline!.view.removeLast()
      $0.playhead.selectedKey = nil
      $0.drawing.revision = 5
      $0.history = undoHistory(snapshots: steps)
    }
    // Undo brings the deleted keyframe back; redo deletes it again.
    let deleted = store.state.undoSnapshot
    await store.send(.history(.undo)) {
      $0.drawing.timeline = beforeDeleting.timeline
      $0.history = undoHistory(snapshots: Array(steps.dropLast()), redo: [deleted])
      $0.drawing.revision = 6
    }
    await store.send(.history(.redo)) {
      $0.drawing.timeline = deleted.timeline
      $0.history = undoHistory(snapshots: steps)
      $0.drawing.revision = 7
    }
  }

  /// The easing editor sends what the user did; the reducer picks the next preset or builds
  /// the cubic-bezier, one undo step for a run of edits of one mark.
  @Test func theEasingEditorCyclesPresetsAndMovesHandlesOfTheSelectedKeyframe() async {
    let store = makeStore(Self.keyed()) { Editor() }
    // No keyframe picked: nothing to ease.
    await store.send(.keyframes(.cycleEasing))
    let mark = Playhead.Mark(curve: id(100), time: 0)
    await store.send(.keyframes(.selectKeyframe(mark))) { $0.playhead.selectedKey = mark }
    let steps = [store.state.undoSnapshot]
    await store.send(.keyframes(.cycleEasing)) {
      $0.drawing.timeline?.tracks[0].keyframes[0].easing = .hold
      $0.drawing.revision = 1
      $0.history = undoHistory(snapshots: steps)
      $0.playhead.keyEdit = Playhead.KeyEdit(mark: mark, retimes: false, undoCount: 1)
    }
    await store.send(.keyframes(.cycleEasing)) {
      $0.drawing.timeline?.tracks[0].keyframes[0].easing = .ease
      $0.drawing.revision = 2
    }
    // x is held within the interval, y may overshoot; the other handle stays.
    await store.send(.keyframes(.moveEasingHandle(second: false, to: Point(x: 1.5, y: 1.2)))) {
      $0.drawing.timeline?.tracks[0].keyframes[0].easing = .cubicBezier(x1: 1, y1: 1.2, x2: 0.25, y2: 1)
      $0.drawing.revision = 3
    }
    await store.send(.keyframes(.moveEasingHandle(second: true, to: Point(x: -1, y: -0.5)))) {
      $0.drawing.timeline?.tracks[0].keyframes[0].easing = .cubicBezier(x1: 1, y1: 1.2, x2: 0, y2: -0.5)
      $0.drawing.revision = 4
    }
    // A custom curve cycles back to the first preset.
    await store.send(.keyframes(.cycleEasing)) {
      $0.drawing.timeline?.tracks[0].keyframes[0].easing = .linear
      $0.drawing.revision = 5
    }
  }
}
