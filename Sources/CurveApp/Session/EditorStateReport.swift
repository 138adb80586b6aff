import CurveFeature
import CurveGeometry
import Foundation

/// What `curves replay --state` writes: the editor's state after the last event, for scripts
/// and tests to check without decoding the whole document.
///
/// ```json
/// {"t": 0.4, "playing": false, "zoom": 1.0, "pan": {"x": 0, "y": 0},
///  "selection": [{"curve": "<uuid>", "point": "<uuid>"}], "curves": 1, "points": 4,
///  "canvas": {"width": 800, "height": 600}, "edited": false,
///  "pointsAtT": [{"curve": "<uuid>", "x": 412.5, "y": 233.1}],
///  "file": "/home/ana/arches.json", "saved": true, "tool": "node", "browser": null,
///  "selectedObjects": ["layer1", "<uuid>"], "context": null, "question": null, "palette": null}
/// ```
///
/// `file` is where the document saves (null if nowhere) and `saved` whether it is saved
/// there; `tool` the pointer's tool; `browser` the file browser's purpose (`open`, `saveAs`,
/// `importSVG`) while it is open; `timeline` (null without one) the playhead's time, the
/// duration, whether it plays, auto-key, onion skin, the keyframes' count and the picked one.
/// `pan` is where the canvas's top-left corner is in the canvas area, in window units;
/// `edited` says whether any event changed the document; `pointsAtT` is where each subpath's
/// point at t is (document units), curve by curve, subpath by subpath, in order;
/// `selectedObjects` the selector's selection (curves' and groups' ids, in the order
/// selected) and `context` the group entered (null: the drawing); `canvasOrigin` where
/// document (0, 0) is in the window, in window units (what `--document-coordinates` goes
/// through); `question` the file question the window asks (`unsavedChanges`, `recovery`;
/// null while none is); `palette` what is typed in the command palette while it is open;
/// `menu` the menu bar's highlighted title while the bar is in use (a menu dropped or Alt
/// pressed alone) and `menuItem` the highlighted item of the dropped menu;
/// `exportDialog` the export dialog's format while it is open; `exporting` the file an export
/// under way writes.
struct EditorStateReport: Encodable, Equatable {
  /// The timeline's side of the window, when the document has one.
  struct TimelineReport: Encodable, Equatable {
    var time: Double
    var duration: Double
    var playing: Bool
    var autoKey: Bool
    var onionSkin: Bool
    /// Keyframes over every track.
    var keyframes: Int
    var picked: Picked?

    struct Picked: Encodable, Equatable {
      var curve: UUID?
      var group: String?
      var time: Double
    }

    private enum CodingKeys: String, CodingKey { case time, duration, playing, autoKey, onionSkin, keyframes, picked }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encode(duration, forKey: .duration)
      try container.encode(playing, forKey: .playing)
      try container.encode(autoKey, forKey: .autoKey)
      try container.encode(onionSkin, forKey: .onionSkin)
      try container.encode(keyframes, forKey: .keyframes)
      try container.encode(picked, forKey: .picked)
    }
  }

  struct Selected: Encodable, Equatable {
    var curve: UUID
    var point: UUID
  }

  struct Offset: Encodable, Equatable {
    var x: Double
    var y: Double
  }

  struct PointAtT: Encodable, Equatable {
    var curve: UUID
    var x: Double
    var y: Double
  }

  var t: Double
  var playing: Bool
  var zoom: Double
  var pan: Offset
  var selection: [Selected]
  var curves: Int
  var points: Int
  var canvas: Canvas
  var edited: Bool
  var pointsAtT: [PointAtT]
  var file: String?
  var saved: Bool
  var tool: String
  var browser: String?
  var timeline: TimelineReport?
  var selectedObjects: [String]
  var context: String?
  /// Where document (0, 0) is in the window, in window units.
  var canvasOrigin: Offset
  var question: String?
  var palette: String?
  var menu: String?
  var menuItem: String?
  var exportDialog: String?
  var exporting: String?

  init(_ state: Editor.State) {
    canvasOrigin = Offset(x: state.viewport.origin.x, y: state.viewport.origin.y)
    t = state.drawing.animation.t
    playing = state.drawing.animation.isPlaying
    zoom = state.viewport.zoom
    pan = Offset(x: state.viewport.origin.x - state.viewport.areaOrigin.x, y: state.viewport.origin.y - state.viewport.areaOrigin.y)
    selection = state.interaction.selection.map { Selected(curve: $0.curve, point: $0.point) }
    curves = state.drawing.curves.count
    points = state.drawing.curves.reduce(0) { $0 + $1.points.count }
    canvas = state.canvas
    edited = state.drawing.revision != 0
    let animation = state.drawing.animation
    pointsAtT = state.drawing.curves.flatMap { curve in
      curve.subpaths.compactMap { subpath -> PointAtT? in
        let segments = subpath.segments
        guard let place = animation.place(on: segments) else { return nil }
        let point = segments[place.segment].eval(place.t)
        return PointAtT(curve: curve.id, x: point.x, y: point.y)
      }
    }
    file = state.file.url?.path
    saved = state.file.url != nil && !state.hasUnsavedChanges
    tool = state.interaction.tool.rawValue
    browser = state.browser?.purpose.rawValue
    palette = state.palette?.query
    if let bar = state.menuBar {
      menu = bar.menus[bar.title].title
      menuItem = bar.openMenu.flatMap { menu in bar.item.map { menu.items[$0].title } }
    }
    exportDialog = state.exportDialog?.settings.format.rawValue
    exporting = state.exporting?.url.path
    question = state.file.question.map { if case .recovery = $0 { "recovery" } else { "unsavedChanges" } }
    selectedObjects = state.interaction.selectedObjects.map(\.name)
    context = state.interaction.context
    timeline = state.drawing.timeline.map { timeline in
      TimelineReport(
        time: state.playhead.time, duration: timeline.duration, playing: state.playhead.isPlaying, autoKey: state.playhead.autoKey,
        onionSkin: state.playhead.showsOnionSkin, keyframes: timeline.tracks.reduce(0) { $0 + $1.keyframes.count },
        picked: state.playhead.selectedKey.map { TimelineReport.Picked(curve: $0.curve, group: $0.group, time: $0.time) }
      )
    }
  }

  private enum CodingKeys: String, CodingKey {
    case t, playing, zoom, pan, selection, curves, points, canvas, edited, pointsAtT, file, saved, tool, browser, timeline, selectedObjects, context
    case canvasOrigin, question, palette, menu, menuItem, exportDialog, exporting
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(t, forKey: .t)
    try container.encode(playing, forKey: .playing)
    try container.encode(zoom, forKey: .zoom)
    try container.encode(pan, forKey: .pan)
    try container.encode(selection, forKey: .selection)
    try container.encode(curves, forKey: .curves)
    try container.encode(points, forKey: .points)
    try container.encode(canvas, forKey: .canvas)
    try container.encode(edited, forKey: .edited)
    try container.encode(pointsAtT, forKey: .pointsAtT)
    // Null, not missing, when there is none: a script reads every key.
    try container.encode(file, forKey: .file)
    try container.encode(saved, forKey: .saved)
    try container.encode(tool, forKey: .tool)
    try container.encode(browser, forKey: .browser)
    try container.encode(timeline, forKey: .timeline)
    try container.encode(selectedObjects, forKey: .selectedObjects)
    try container.encode(context, forKey: .context)
    try container.encode(canvasOrigin, forKey: .canvasOrigin)
    try container.encode(question, forKey: .question)
    try container.encode(palette, forKey: .palette)
    try container.encode(menu, forKey: .menu)
    try container.encode(menuItem, forKey: .menuItem)
    try container.encode(exportDialog, forKey: .exportDialog)
    try container.encode(exporting, forKey: .exporting)
  }

  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}
