import CurveFeature
import Foundation

/// Replay scripts: one JSON object per line, in window coordinates.
///
/// ```
/// {"type":"down","x":120,"y":80}
/// {"type":"move","x":140,"y":90}
/// {"type":"up","x":140,"y":90}
/// {"type":"down","x":300,"y":200,"clicks":2}
/// {"type":"down","x":300,"y":200,"button":"middle","mods":"shift"}
/// {"type":"wheel","x":300,"y":200,"dy":1}
/// {"type":"key","key":"ctrl+z"}
/// {"type":"wait","ms":500}
/// {"type":"resize","width":900,"height":700}
/// {"type":"drop","path":"/home/ana/arches.svg"}
/// {"type":"text","text":"arches"}
/// ```
///
/// `button` ("left", "middle", "right"; default left) and `mods` ("shift", "ctrl", "alt",
/// or several joined by `+`, such as "ctrl+alt"; default none) may go on down, move and up. Blank lines are skipped. Any
/// other malformed line is an error naming its line number.
package enum ReplayScript {
  private struct Line: Decodable {
    var type: String
    var x: Double?
    var y: Double?
    var clicks: Int?
    var button: String?
    var mods: String?
    var dy: Double?
    var key: String?
    var ms: Int?
    var width: Int?
    var height: Int?
    var path: String?
    var text: String?
  }

  /// Wheel turns larger than this in one event are a typo, not a gesture.
  static let maximumWheelNotches = 100.0

  package static func parse(_ text: String) throws(ReplayScriptError) -> [InputEvent] {
    var events: [InputEvent] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty else { continue }
      do {
        events.append(try event(from: line))
      } catch {
        throw ReplayScriptError(line: index + 1, reason: error.reason)
      }
    }
    return events
  }

  /// What is wrong with one line, before its number is known.
  private struct LineProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  private static func event(from text: String) throws(LineProblem) -> InputEvent {
    let line: Line
    do {
      line = try JSONDecoder().decode(Line.self, from: Data(text.utf8))
    } catch {
      throw LineProblem("not a JSON object with a string \"type\"")
    }
    func position() throws(LineProblem) -> (Double, Double) {
      guard let x = line.x, let y = line.y else { throw LineProblem("'\(line.type)' needs numbers \"x\" and \"y\"") }
      guard x.isFinite, y.isFinite else { throw LineProblem("coordinates must be finite") }
      return (x, y)
    }
    func button() throws(LineProblem) -> PointerButton {
      guard let name = line.button else { return .left }
      guard let button = PointerButton(rawValue: name.lowercased()) else {
        throw LineProblem("unknown button '\(name)'; expected left, middle or right")
      }
      return button
    }
    func modifiers() throws(LineProblem) -> PointerModifiers {
      guard let text = line.mods, !text.isEmpty else { return [] }
      var modifiers: PointerModifiers = []
      for name in text.lowercased().split(separator: "+", omittingEmptySubsequences: false) {
        switch name {
        case "shift": modifiers.insert(.shift)
        case "ctrl", "control": modifiers.insert(.control)
        case "alt": modifiers.insert(.alt)
        default: throw LineProblem("unknown modifier '\(name)' in \"mods\"; expected shift, ctrl, alt or a mix such as ctrl+alt")
        }
      }
      return modifiers
    }
    switch line.type {
    case "down":
      let (x, y) = try position()
      let clicks = line.clicks ?? 1
      guard (1...3).contains(clicks) else { throw LineProblem("\"clicks\" must be 1, 2 or 3") }
      return .pointerDown(x: x, y: y, clicks: clicks, button: try button(), modifiers: try modifiers())
    case "move":
      let (x, y) = try position()
      return .pointerMoved(x: x, y: y, button: try button(), modifiers: try modifiers())
    case "up":
      let (x, y) = try position()
      return .pointerUp(x: x, y: y, button: try button(), modifiers: try modifiers())
    case "wheel":
      let (x, y) = try position()
      guard let dy = line.dy, dy.isFinite, abs(dy) <= maximumWheelNotches else {
        throw LineProblem("'wheel' needs a number \"dy\" between -\(Int(maximumWheelNotches)) and \(Int(maximumWheelNotches))")
      }
      return .wheel(x: x, y: y, notches: dy)
    case "key":
      guard let key = line.key else { throw LineProblem("'key' needs a string \"key\", like \"ctrl+z\"") }
      do { return .key(try KeyChord(parsing: key)) } catch { throw LineProblem(error.description) }
    case "wait":
      guard let ms = line.ms, (0...3_600_000).contains(ms) else {
        throw LineProblem("'wait' needs \"ms\" between 0 and 3600000")
      }
      return .wait(milliseconds: ms)
    case "resize":
      guard let width = line.width, let height = line.height,
        (Layout.minimumFrameSize.width...Layout.maximumFrameSize.width).contains(width),
        (Layout.minimumFrameSize.height...Layout.maximumFrameSize.height).contains(height)
      else {
        throw LineProblem("'resize' needs \"width\" and \"height\" between \(Layout.minimumFrameSize.width)x\(Layout.minimumFrameSize.height) and \(Layout.maximumFrameSize.width)x\(Layout.maximumFrameSize.height)")
      }
      return .resize(width: width, height: height)
    case "drop":
      guard let path = line.path, !path.isEmpty else { throw LineProblem("'drop' needs a string \"path\", like \"/home/ana/drawing.json\"") }
      return .drop(path: path)
    case "text":
      guard let text = line.text, !text.isEmpty else { throw LineProblem("'text' needs a string \"text\", like \"arches.json\"") }
      return .text(text)
    default:
      throw LineProblem("unknown type '\(line.type)'; expected down, move, up, wheel, key, text, wait, resize or drop")
    }
  }
}
