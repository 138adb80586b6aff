import CurveFeature
import Foundation

/// What `curves replay --state` writes: the editor's state after the last event, for scripts
/// and tests to check without decoding the whole document.
///
/// ```json
/// {"t": 0.4, "playing": false, "zoom": 1.0, "pan": {"x": 0, "y": 0},
///  "selection": [{"curve": "<uuid>", "point": "<uuid>"}], "curves": 1, "points": 4,
///  "canvas": {"width": 800, "height": 600}, "edited": false,
///  "pointsAtT": [{"curve": "<uuid>", "x": 412.5, "y": 233.1}]}
/// ```
///
/// `pan` is where the canvas's top-left corner is in the canvas area, in window units;
/// `edited` says whether any event changed the document; `pointsAtT` is where each subpath's
/// point at t is (document units), curve by curve, subpath by subpath, in order.
struct EditorStateReport: Encodable, Equatable {
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

  init(_ state: Editor.State) {
    t = state.drawing.animation.t
    playing = state.drawing.animation.isPlaying
    zoom = state.viewport.zoom
    pan = Offset(x: state.viewport.origin.x, y: state.viewport.origin.y)
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
  }

  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}
