import Foundation

/// Replay scripts: one JSON object per line, in window coordinates.
///
/// ```
/// {"type":"down","x":120,"y":80}
/// {"type":"move","x":140,"y":90}
/// {"type":"up","x":140,"y":90}
/// {"type":"down","x":300,"y":200,"clicks":2}
/// {"type":"key","key":"ctrl+z"}
/// {"type":"wait","ms":500}
/// {"type":"resize","width":900,"height":700}
/// ```
///
/// Blank lines are skipped. Any other malformed line is an error naming its line number.
enum ReplayScript {
  private struct Line: Decodable {
    var type: String
    var x: Double?
    var y: Double?
    var clicks: Int?
    var key: String?
    var ms: Int?
    var width: Int?
    var height: Int?
  }

  static func parse(_ text: String) throws(InputError) -> [InputEvent] {
    var events: [InputEvent] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty else { continue }
      do {
        events.append(try event(from: line))
      } catch {
        throw InputError("line \(index + 1): \(error.description)")
      }
    }
    return events
  }

  private static func event(from text: String) throws(InputError) -> InputEvent {
    let line: Line
    do {
      line = try JSONDecoder().decode(Line.self, from: Data(text.utf8))
    } catch {
      throw InputError("not a JSON object with a string \"type\"")
    }
    func position() throws(InputError) -> (Double, Double) {
      guard let x = line.x, let y = line.y else { throw InputError("'\(line.type)' needs numbers \"x\" and \"y\"") }
      guard x.isFinite, y.isFinite else { throw InputError("coordinates must be finite") }
      return (x, y)
    }
    switch line.type {
    case "down":
      let (x, y) = try position()
      let clicks = line.clicks ?? 1
      guard (1...3).contains(clicks) else { throw InputError("\"clicks\" must be 1, 2 or 3") }
      return .pointerDown(x: x, y: y, clicks: clicks)
    case "move":
      let (x, y) = try position()
      return .pointerMoved(x: x, y: y)
    case "up":
      let (x, y) = try position()
      return .pointerUp(x: x, y: y)
    case "key":
      guard let key = line.key else { throw InputError("'key' needs a string \"key\", like \"ctrl+z\"") }
      return .key(try KeyChord(parsing: key))
    case "wait":
      guard let ms = line.ms, (0...3_600_000).contains(ms) else {
        throw InputError("'wait' needs \"ms\" between 0 and 3600000")
      }
      return .wait(milliseconds: ms)
    case "resize":
      guard let width = line.width, let height = line.height,
        (Layout.minimumFrameSize.width...Layout.maximumFrameSize.width).contains(width),
        (Layout.minimumFrameSize.height...Layout.maximumFrameSize.height).contains(height)
      else {
        throw InputError("'resize' needs \"width\" and \"height\" between \(Layout.minimumFrameSize.width)x\(Layout.minimumFrameSize.height) and \(Layout.maximumFrameSize.width)x\(Layout.maximumFrameSize.height)")
      }
      return .resize(width: width, height: height)
    default:
      throw InputError("unknown type '\(line.type)'; expected down, move, up, key, wait or resize")
    }
  }
}
