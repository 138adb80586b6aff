import Composable
import CurveGeometry
import Foundation

/// The saved form of an editor document, version 1:
///
/// ```json
/// { "version": 1,
///   "canvas": { "width": 800, "height": 600 },
///   "curves": [ { "id": "<uuid>", "points": [ { "id": "<uuid>", "x": 30, "y": 60 },
///                                             { "id": "<uuid>", "x": 90, "y": 20,
///                                               "color": "#e15759", "size": 12 } ] } ],
///   "animation": { "totalSteps": 10, "speed": 50 },
///   "display": { "showsCurve": true, "showsControlPolygon": true,
///                "construction": "allLevels", "showsTrace": true } }
/// ```
///
/// A point's `color` (`#rrggbb`) and `size` (2 to 30, its marker's diameter) are optional and
/// written only when set. Readers ignore fields they do not know, so later versions may add
/// styles and options.
/// `decode` checks everything a document must satisfy before it replaces the current one.
public struct Document: Equatable, Sendable, Encodable {
  public static let currentVersion = 1
  /// More curves than this is not a drawing anyone edits by hand; it bounds the memory and
  /// time a hostile file can cost.
  public static let maximumCurves = 10_000
  /// A larger file is refused before it is read: 10,000 curves of 16 styled points take
  /// about 20 MB.
  public static let maximumFileSize = 64 << 20

  public struct PointRecord: Equatable, Sendable, Codable {
    public var id: UUID
    public var x: Double
    public var y: Double
    /// `#rrggbb`; nil (and no key in the file) for the default look.
    public var color: String?
    /// The marker's diameter, in `PointSize.range`; nil (and no key in the file) for the
    /// default look.
    public var size: Double?

    public init(id: UUID, x: Double, y: Double, color: String? = nil, size: Double? = nil) {
      self.id = id
      self.x = x
      self.y = y
      self.color = color
      self.size = size
    }
  }

  public struct CurveRecord: Equatable, Sendable, Codable {
    public var id: UUID
    public var points: [PointRecord]

    public init(id: UUID, points: [PointRecord]) {
      self.id = id
      self.points = points
    }
  }

  /// The animation's settings. `mode`, `duration`, `repeat` and `parametrization` are
  /// optional: a file without `mode` plays in steps, as every file written before they existed.
  public struct AnimationRecord: Equatable, Sendable, Codable {
    public var totalSteps: Int
    public var speed: Int
    public var mode: AnimationSettings.Mode?
    /// Seconds a smooth sweep takes.
    public var duration: Double?
    public var `repeat`: AnimationSettings.Repetition?
    public var parametrization: AnimationSettings.Parametrization?

    public init(
      totalSteps: Int, speed: Int, mode: AnimationSettings.Mode? = nil, duration: Double? = nil,
      repeat: AnimationSettings.Repetition? = nil, parametrization: AnimationSettings.Parametrization? = nil
    ) {
      self.totalSteps = totalSteps
      self.speed = speed
      self.mode = mode
      self.duration = duration
      self.repeat = `repeat`
      self.parametrization = parametrization
    }

    /// The saved form of `settings`.
    public init(_ settings: AnimationSettings) {
      self.init(
        totalSteps: settings.totalSteps, speed: settings.speed, mode: settings.mode, duration: settings.duration,
        repeat: settings.repetition, parametrization: settings.parametrization
      )
    }
  }

  public var version: Int
  public var canvas: Canvas
  public var curves: [CurveRecord]
  public var animation: AnimationRecord
  /// What the canvas shows; optional on load (files written before it have defaults).
  public var display: DisplayOptions

  /// The document of an editor's state.
  public init(_ state: Editor.State) {
    version = Self.currentVersion
    canvas = state.canvas
    curves = state.drawing.curves.map { curve in
      CurveRecord(id: curve.id, points: curve.points.map {
        PointRecord(id: $0.id, x: $0.position.x, y: $0.position.y, color: $0.color?.hex, size: $0.size)
      })
    }
    animation = AnimationRecord(state.drawing.animation)
    display = state.drawing.display
  }

  /// A document of the current version built from its parts, as an importer does; `decode`'s
  /// checks are the builder's to keep.
  public init(canvas: Canvas, curves: [CurveRecord], animation: AnimationRecord, display: DisplayOptions = DisplayOptions()) {
    version = Self.currentVersion
    self.canvas = canvas
    self.curves = curves
    self.animation = animation
    self.display = display
  }

  /// Pretty-printed JSON, keys sorted, so saved files diff well.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// Reads and validates a document.
  public static func decode(_ data: Data) throws(DocumentError) -> Document {
    let document: Document
    do {
      document = try data.withUnsafeBytes { raw in try Document(json: raw.bindMemory(to: UInt8.self)) }
    } catch let error as DocumentError {
      throw error
    } catch {
      // A newer document is refused for its version, not for whatever else changed in it.
      if let version = data.withUnsafeBytes({ Self.version(in: $0.bindMemory(to: UInt8.self)) }), version != currentVersion {
        throw .unsupportedVersion(version)
      }
      throw .malformed(describe(error))
    }
    guard document.version == currentVersion else { throw .unsupportedVersion(document.version) }
    try document.validate()
    return document
  }

  /// The document in `json`: the curves through `JSONReader` (they are nearly all of a big
  /// document), the small parts through their `Decodable` conformances.
  private init(json: UnsafeBufferPointer<UInt8>) throws {
    var reader = JSONReader(json)
    var version: Int?, canvas: Canvas?, curves: [CurveRecord]?, animation: AnimationRecord?, display: DisplayOptions?
    func decodePart<Part: Decodable>(_ type: Part.Type, _ key: String, _ reader: inout JSONReader) throws -> Part {
      let range = try reader.skipValue()
      do {
        return try JSONDecoder().decode(Part.self, from: Data(UnsafeBufferPointer(rebasing: json[range])))
      } catch {
        throw PartError(key: key, underlying: error)
      }
    }
    try reader.readObject { key, reader in
      switch key {
      case "version": version = try reader.readInteger()
      case "canvas": canvas = try decodePart(Canvas.self, key, &reader)
      case "curves": curves = try Self.readCurves(&reader)
      case "animation": animation = try decodePart(AnimationRecord.self, key, &reader)
      case "display": display = try decodePart(DisplayOptions.self, key, &reader)
      default: try reader.skipValue()
      }
    }
    try reader.expectEnd()
    func required<Value>(_ value: Value?, _ key: String) throws -> Value {
      guard let value else { throw JSONReader.Failure(message: "missing \"\(key)\" at the top level", offset: 0) }
      return value
    }
    self.version = try required(version, "version")
    self.canvas = try required(canvas, "canvas")
    self.curves = try required(curves, "curves")
    self.animation = try required(animation, "animation")
    self.display = display ?? DisplayOptions()
  }

  private static func readCurves(_ reader: inout JSONReader) throws -> [CurveRecord] {
    var curves: [CurveRecord] = []
    try reader.readArray { reader in
      // Refused as soon as the count is passed, not after reading the rest.
      guard curves.count < maximumCurves else { throw DocumentError.tooManyCurves(maximumCurves + 1) }
      let path = ".curves[\(curves.count)]"
      var id: UUID?, points: [PointRecord]?
      try reader.readObject { key, reader in
        switch key {
        case "id": id = try readUUID(&reader, path + ".id")
        case "points":
          var list: [PointRecord] = []
          try reader.readArray { reader in list.append(try readPoint(&reader, path + ".points[\(list.count)]")) }
          points = list
        default: try reader.skipValue()
        }
      }
      guard let id else { throw reader.failure("missing \"id\" at \(path)") }
      guard let points else { throw reader.failure("missing \"points\" at \(path)") }
      curves.append(CurveRecord(id: id, points: points))
    }
    return curves
  }

  private static func readPoint(_ reader: inout JSONReader, _ path: String) throws -> PointRecord {
    var id: UUID?, x: Double?, y: Double?, color: String?, size: Double?
    try reader.readObject { key, reader in
      switch key {
      case "id": id = try readUUID(&reader, path + ".id")
      case "x": x = try reader.readNumber()
      case "y": y = try reader.readNumber()
      case "color": color = try reader.readNullable { try $0.readString() }
      case "size": size = try reader.readNullable { try $0.readNumber() }
      default: try reader.skipValue()
      }
    }
    guard let id, let x, let y else {
      let missing = id == nil ? "id" : x == nil ? "x" : "y"
      throw reader.failure("missing \"\(missing)\" at \(path)")
    }
    return PointRecord(id: id, x: x, y: y, color: color, size: size)
  }

  private static func readUUID(_ reader: inout JSONReader, _ path: String) throws -> UUID {
    let text = try reader.readString()
    guard let id = UUID(uuidString: text) else { throw reader.failure("\"\(text)\" is not a UUID at \(path)") }
    return id
  }

  /// The top-level "version" of `json`, when it is a readable whole number.
  private static func version(in json: UnsafeBufferPointer<UInt8>) -> Int? {
    var reader = JSONReader(json)
    var version: Int?
    try? reader.readObject { key, reader in
      if key == "version" { version = try reader.readInteger() } else { try reader.skipValue() }
    }
    return version
  }

  /// A small part of the document that its `Decodable` conformance refused.
  private struct PartError: Error {
    var key: String
    var underlying: any Error
  }

  private func validate() throws(DocumentError) {
    guard canvas.width.isFinite, canvas.height.isFinite, canvas.width > 0, canvas.height > 0,
      canvas.width <= 100_000, canvas.height <= 100_000
    else { throw .invalidCanvas(width: canvas.width, height: canvas.height) }
    if let duration = animation.duration, !(duration.isFinite && AnimationSettings.durationRange.contains(duration)) {
      throw .invalidDuration(duration)
    }
    guard curves.count <= Self.maximumCurves else { throw .tooManyCurves(curves.count) }
    var ids = Set<UUID>()
    for (curveIndex, curve) in curves.enumerated() {
      guard Editor.pointsPerCurve.contains(curve.points.count) else {
        throw .wrongPointCount(curve: curveIndex + 1, count: curve.points.count)
      }
      guard ids.insert(curve.id).inserted else { throw .duplicateID(curve.id) }
      for (pointIndex, point) in curve.points.enumerated() {
        guard point.x.isFinite, point.y.isFinite else {
          throw .nonFiniteCoordinate(curve: curveIndex + 1, point: pointIndex + 1)
        }
        guard ids.insert(point.id).inserted else { throw .duplicateID(point.id) }
        if let color = point.color, RGBColor(hex: color) == nil {
          throw .invalidColor(curve: curveIndex + 1, point: pointIndex + 1, value: color)
        }
        if let size = point.size, !PointSize.range.contains(size) {
          throw .invalidSize(curve: curveIndex + 1, point: pointIndex + 1, value: size)
        }
      }
    }
  }

  /// The curves, clamped to the canvas, with their points' colours and sizes (a colour that
  /// is not `#rrggbb` is left out, a size is clamped: `decode` has refused both already).
  public var editorCurves: IdentifiedArrayOf<Curve.State> {
    IdentifiedArray(uniqueElements: curves.map { curve in
      Curve.State(id: curve.id, points: IdentifiedArray(uniqueElements: curve.points.map {
        ControlPoint.State(
          id: $0.id, position: canvas.clamp(Point(x: $0.x, y: $0.y)),
          color: $0.color.flatMap(RGBColor.init(hex:)), size: $0.size
        )
      }))
    })
  }

  public var animationSettings: AnimationSettings {
    AnimationSettings(
      totalSteps: min(max(animation.totalSteps, AnimationSettings.stepRange.lowerBound), AnimationSettings.stepRange.upperBound),
      speed: min(max(animation.speed, AnimationSettings.speedRange.lowerBound), AnimationSettings.speedRange.upperBound),
      mode: animation.mode ?? .steps,
      duration: animation.duration ?? AnimationSettings().duration,
      repetition: animation.repeat ?? .loop,
      parametrization: animation.parametrization ?? .t
    )
  }

  private static func describe(_ error: any Error, at prefix: String = "") -> String {
    switch error {
    case let error as PartError: return describe(error.underlying, at: prefix + "." + error.key)
    case let error as JSONReader.Failure: return error.description
    case let DecodingError.dataCorrupted(context): return "\(context.debugDescription) at \(path(context, prefix))"
    case let DecodingError.keyNotFound(key, context):
      return "missing \"\(key.stringValue)\" at \(path(context, prefix))"
    case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
      return "\(context.debugDescription) at \(path(context, prefix))"
    default: return "\(error)"
    }
  }

  private static func path(_ context: DecodingError.Context, _ prefix: String) -> String {
    let path = prefix + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return path.isEmpty ? "the top level" : path
  }
}

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
  case wrongPointCount(curve: Int, count: Int)
  case nonFiniteCoordinate(curve: Int, point: Int)
  case invalidColor(curve: Int, point: Int, value: String)
  case invalidSize(curve: Int, point: Int, value: Double)
  case duplicateID(UUID)
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)

  public var description: String {
    switch self {
    case let .malformed(detail):
      "The file is not a Curves document (\(detail)). Open a .json file saved by Curves."
    case let .unsupportedVersion(version):
      "The document is version \(version); this Curves reads version \(Document.currentVersion). Update Curves to open it."
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
    case let .wrongPointCount(curve, count):
      "Curve \(curve) has \(count) points; a curve needs \(Editor.pointsPerCurve.lowerBound) to \(Editor.pointsPerCurve.upperBound)."
    case let .nonFiniteCoordinate(curve, point):
      "Point \(point) of curve \(curve) has a coordinate that is not a finite number. Fix it in the file."
    case let .invalidColor(curve, point, value):
      "Point \(point) of curve \(curve) has the colour \"\(SVGImportError.quoted(value))\"; a colour is # and six hexadecimal digits, such as #e15759. Fix it in the file, or remove it for the default look."
    case let .invalidSize(curve, point, value):
      "Point \(point) of curve \(curve) has the size \(Self.number(value)); a size is a number from \(Self.number(PointSize.range.lowerBound)) to \(Self.number(PointSize.range.upperBound)). Fix it in the file, or remove it for the default look."
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
