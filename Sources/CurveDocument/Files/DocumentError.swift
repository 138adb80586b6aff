import CurveGeometry
import FoundationEssentials

/// Why a document could not be read or written; the message says what to do.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformed(String)
  case unsupportedVersion(Int)
  case invalidCanvas(width: Double, height: Double)
  case invalidDuration(Double)
  case tooManyCurves(Int)
  case tooLarge(path: String, bytes: Int)
  case openElsewhere(path: String)
  case changedOnDisk(path: String, savedTo: String)
  case tooManyPoints(Int)
  case wrongPointCount(curve: Int, count: Int)
  case subpathTooShort(curve: Int, subpath: Int, count: Int)
  case segmentTooLong(curve: Int, subpath: Int, count: Int)
  case nonFiniteCoordinate(PointPlace)
  case invalidColor(PointPlace, value: String)
  case invalidSize(PointPlace, value: Double)
  case invalidWeight(PointPlace, value: Double)
  case invalidStyle(curve: Int, field: String, value: String)
  case invalidGroup(id: String, reason: String)
  case invalidTimeline(String)
  case invalidSpline(curve: Int, reason: String)

  /// Where a point is, counted from 1 as a user counts: its curve, its subpath (nil in a curve
  /// of one subpath) and itself.
  public struct PointPlace: Equatable, Sendable, CustomStringConvertible {
    public var curve: Int
    public var subpath: Int?
    public var point: Int

    public init(curve: Int, subpath: Int? = nil, point: Int) {
      self.curve = curve
      self.subpath = subpath
      self.point = point
    }

    /// "Point 3 of curve 1", or "Point 3 of subpath 2 of curve 1".
    public var description: String {
      "Point \(point) of " + (subpath.map { "subpath \($0) of " } ?? "") + "curve \(curve)"
    }
  }
  case duplicateID(UUID)
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)

  public var description: String {
    switch self {
    case let .malformed(detail):
      "The file is neither a Curves document nor an SVG drawing (\(detail)). Open a .json file saved by Curves, or an .svg or .svgz drawing."
    case let .unsupportedVersion(version):
      "The document is version \(version); this Curves reads versions \(Document.readableVersions.lowerBound) to \(Document.readableVersions.upperBound). Update Curves to open it."
    case let .invalidDuration(duration):
      "The animation's duration \(duration) s is not valid; it must be between \(AnimationSettings.durationRange.lowerBound) and \(AnimationSettings.durationRange.upperBound) seconds."
    case let .invalidCanvas(width, height):
      "The canvas size \(width)×\(height) is not valid; it must be positive and at most 100000."
    case let .tooManyCurves(count):
      "The document has \(count) curves; at most \(Document.maximumCurves) are allowed."
    case let .changedOnDisk(path, savedTo):
      "\(path) was changed by another program since Curves read it, so it was left as it is and this drawing was saved to \(savedTo). Compare the two and keep what you want."
    case let .openElsewhere(path):
      "\(path) is open in another Curves window: this one is read-only, and nothing changed here is saved. Close the other window and open the file again to edit it."
    case let .tooLarge(path, bytes):
      "\(path) is \(bytes >> 20) MB; a document or SVG file may be at most \(Document.maximumFileSize >> 20) MB."
    case let .tooManyPoints(count):
      "The document has over \(count - 1) points; at most \(Document.maximumPoints) are allowed."
    case let .wrongPointCount(curve, count):
      "Curve \(curve) has \(count) points; a curve needs \(Document.pointsPerCurve.lowerBound) to \(Document.pointsPerCurve.upperBound)."
    case let .subpathTooShort(curve, subpath, count):
      "Subpath \(subpath) of curve \(curve) has \(count) point\(count == 1 ? "" : "s"); a subpath needs at least 2."
    case let .segmentTooLong(curve, subpath, count):
      "A segment of subpath \(subpath) of curve \(curve) has \(count) points; a segment has at most \(Document.pointsPerSegment.upperBound) (mark a point between as a node)."
    case let .nonFiniteCoordinate(place):
      "\(place) has a coordinate that is not a finite number. Fix it in the file."
    case let .invalidColor(place, value):
      "\(place) has the colour \"\(Self.quoted(value))\"; a colour is # and six hexadecimal digits, such as #e15759. Fix it in the file, or remove it for the default look."
    case let .invalidSize(place, value):
      "\(place) has the size \(Self.number(value)); a size is a number from \(Self.number(PointSize.range.lowerBound)) to \(Self.number(PointSize.range.upperBound)). Fix it in the file, or remove it for the default look."
    case let .invalidWeight(place, value):
      "\(place) has the weight \(Self.number(value)); a weight is a number from \(Self.number(PointWeight.range.lowerBound)) to \(Self.number(PointWeight.range.upperBound)). Fix it in the file, or remove it for 1."
    case let .invalidStyle(curve, field, value):
      "Curve \(curve) has the style \(field) \(value), which is not valid (colours are #rrggbb or none, opacities 0 to 1, widths at least 0, miter limits at least 1). Fix it in the file, or remove it for the default look."
    case let .invalidGroup(id, reason):
      "The group \(id) is not valid: \(reason). Fix it in the file."
    case let .invalidTimeline(reason):
      "The timeline is not valid: \(reason). Fix it in the file."
    case let .invalidSpline(curve, reason):
      "Curve \(curve)'s spline is not valid: \(reason). Fix it in the file, or remove \"spline\" to keep the curve as its Bézier segments."
    case let .duplicateID(id):
      "The id \(id) is used twice; every curve and point needs its own id."
    case let .unreadable(path, reason):
      "Could not read \(path): \(reason)."
    case let .unwritable(path, reason):
      "Could not save \(path): \(reason). Your changes are still open; save somewhere else."
    }
  }

  /// "31", "2.5", "1.9999999": whole numbers without ".0", others exactly as read.
  private static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}

extension DocumentError {
  /// The message with the file's path, for a command line that may name several files.
  public func naming(_ url: URL) -> String {
    switch self {
    case .tooLarge, .openElsewhere, .changedOnDisk, .unreadable, .unwritable: description
    default: "\(url.path): \(description)"
    }
  }

  /// `text` on one line, cut to 60 characters: a value from a file, quoted in a message.
  public static func quoted(_ text: String) -> String {
    var line = ""
    for character in text { line.append(character.isNewline ? " " : character) }
    return line.count > 60 ? line.prefix(57) + "…" : line
  }
}
