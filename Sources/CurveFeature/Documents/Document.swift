import Composable
import CurveGeometry
import Foundation

/// The saved form of an editor document, version 2 (a strict extension of version 1):
///
/// ```json
/// { "version": 2,
///   "canvas": { "width": 16, "height": 16 },
///   "curves": [ { "id": "<uuid>",
///       "style": { "fill": "#2e3436", "fillRule": "evenodd", "stroke": "none" },
///       "subpaths": [ { "closed": true,
///                       "points": [ { "id": "<uuid>", "x": 0, "y": 3, "node": "corner" },
///                                   { "id": "<uuid>", "x": 0, "y": 1.36 },
///                                   { "id": "<uuid>", "x": 1.36, "y": 0 },
///                                   { "id": "<uuid>", "x": 3, "y": 0, "node": "smooth" } ] } ] } ],
///   "animation": { "totalSteps": 10, "speed": 50 },
///   "display": { "showsCurve": true } }
/// ```
///
/// A curve is a path of subpaths; a point with `node` lies on the curve, the points between
/// two nodes are that segment's control points. Version 1 curves give `points` (and
/// `closed`) directly: one subpath, read with the same meaning. A point's `color` (`#rrggbb`)
/// and `size` (2 to 30, its marker's diameter) are optional and written only when set, as is
/// every style field. Readers ignore fields they do not know.
/// `decode` checks everything a document must satisfy before it replaces the current one.
public struct Document: Equatable, Sendable, Encodable {
  public static let currentVersion = 2
  /// The versions `decode` reads: version 1 is version 2 without subpaths, nodes or styles.
  public static let readableVersions = 1...2
  /// All the points of a document together: keeps a hostile file cheap.
  public static let maximumPoints = 1_000_000
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
    /// `corner`, `smooth` or `symmetric` on a point of the curve; nil on a control point.
    public var node: NodeType?

    public init(id: UUID, x: Double, y: Double, color: String? = nil, size: Double? = nil, node: NodeType? = nil) {
      self.id = id
      self.x = x
      self.y = y
      self.color = color
      self.size = size
      self.node = node
    }
  }

  public struct SubpathRecord: Equatable, Sendable, Codable {
    public var closed: Bool
    public var points: [PointRecord]

    public init(closed: Bool = false, points: [PointRecord]) {
      self.closed = closed
      self.points = points
    }
  }

  public struct CurveRecord: Equatable, Sendable, Encodable {
    public var id: UUID
    public var style: CurveStyle
    public var subpaths: [SubpathRecord]

    public init(id: UUID, style: CurveStyle = CurveStyle(), subpaths: [SubpathRecord]) {
      self.id = id
      self.style = style
      self.subpaths = subpaths
    }

    /// One open subpath of `points`, as a version 1 curve.
    public init(id: UUID, points: [PointRecord]) {
      self.init(id: id, subpaths: [SubpathRecord(points: points)])
    }

    /// Every point of every subpath, in order.
    public var points: [PointRecord] { subpaths.flatMap(\.points) }

    private enum CodingKeys: String, CodingKey { case id, style, subpaths }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      if !style.isEditorDefault { try container.encode(style, forKey: .style) }
      try container.encode(subpaths, forKey: .subpaths)
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
      CurveRecord(id: curve.id, style: curve.style, subpaths: curve.subpaths.map { subpath in
        SubpathRecord(closed: subpath.isClosed, points: subpath.points.map {
          PointRecord(id: $0.id, x: $0.position.x, y: $0.position.y, color: $0.color?.hex, size: $0.size, node: $0.node)
        })
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
      if let version = data.withUnsafeBytes({ Self.version(in: $0.bindMemory(to: UInt8.self)) }), !readableVersions.contains(version) {
        throw .unsupportedVersion(version)
      }
      throw .malformed(describe(error))
    }
    guard readableVersions.contains(document.version) else { throw .unsupportedVersion(document.version) }
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
    var pointCount = 0
    try reader.readArray { reader in
      // Refused as soon as a limit is passed, not after reading the rest.
      guard curves.count < maximumCurves else { throw DocumentError.tooManyCurves(maximumCurves + 1) }
      let path = ".curves[\(curves.count)]"
      var id: UUID?, points: [PointRecord]?, closed = false, subpaths: [SubpathRecord]?, style = CurveStyle()
      func readPoints(_ reader: inout JSONReader, _ path: String) throws -> [PointRecord] {
        var list: [PointRecord] = []
        try reader.readArray { reader in
          pointCount += 1
          guard pointCount <= maximumPoints else { throw DocumentError.tooManyPoints(pointCount) }
          list.append(try readPoint(&reader, path + "[\(list.count)]"))
        }
        return list
      }
      try reader.readObject { key, reader in
        switch key {
        case "id": id = try readUUID(&reader, path + ".id")
        case "points": points = try readPoints(&reader, path + ".points")
        case "closed": closed = try reader.readBool()
        case "style": style = try readStyle(&reader, curve: curves.count + 1)
        case "subpaths":
          var list: [SubpathRecord] = []
          try reader.readArray { reader in
            let subpathPath = path + ".subpaths[\(list.count)]"
            var subpathPoints: [PointRecord]?, subpathClosed = false
            try reader.readObject { key, reader in
              switch key {
              case "points": subpathPoints = try readPoints(&reader, subpathPath + ".points")
              case "closed": subpathClosed = try reader.readBool()
              default: try reader.skipValue()
              }
            }
            guard let subpathPoints else { throw reader.failure("missing \"points\" at \(subpathPath)") }
            list.append(SubpathRecord(closed: subpathClosed, points: subpathPoints))
          }
          subpaths = list
        default: try reader.skipValue()
        }
      }
      guard let id else { throw reader.failure("missing \"id\" at \(path)") }
      if let subpaths {
        curves.append(CurveRecord(id: id, style: style, subpaths: subpaths))
      } else if let points {
        curves.append(CurveRecord(id: id, style: style, subpaths: [SubpathRecord(closed: closed, points: points)]))
      } else {
        throw reader.failure("missing \"subpaths\" at \(path)")
      }
    }
    return curves
  }

  private static func readPoint(_ reader: inout JSONReader, _ path: String) throws -> PointRecord {
    var id: UUID?, x: Double?, y: Double?, color: String?, size: Double?, node: NodeType?
    try reader.readObject { key, reader in
      switch key {
      case "id": id = try readUUID(&reader, path + ".id")
      case "x": x = try reader.readNumber()
      case "y": y = try reader.readNumber()
      case "color": color = try reader.readNullable { try $0.readString() }
      case "size": size = try reader.readNullable { try $0.readNumber() }
      case "node":
        let text = try reader.readString()
        guard let type = NodeType(rawValue: text) else {
          throw reader.failure("\"\(text)\" is not a node type (corner, smooth or symmetric) at \(path).node")
        }
        node = type
      default: try reader.skipValue()
      }
    }
    guard let id, let x, let y else {
      let missing = id == nil ? "id" : x == nil ? "x" : "y"
      throw reader.failure("missing \"\(missing)\" at \(path)")
    }
    return PointRecord(id: id, x: x, y: y, color: color, size: size, node: node)
  }

  /// A curve's `style`: each field optional, each checked here, naming the curve (1-based).
  private static func readStyle(_ reader: inout JSONReader, curve: Int) throws -> CurveStyle {
    var style = CurveStyle()
    func invalid(_ field: String, _ value: String) -> DocumentError { .invalidStyle(curve: curve, field: field, value: value) }
    func paint(_ reader: inout JSONReader, _ field: String) throws -> CurveStyle.Paint {
      let text = try reader.readString()
      if text == "none" { return .none }
      guard let color = RGBColor(hex: text) else { throw invalid(field, "\"\(text)\"") }
      return .color(color)
    }
    func fraction(_ reader: inout JSONReader, _ field: String) throws -> Double {
      let value = try reader.readNumber()
      guard CurveStyle.opacityRange.contains(value) else { throw invalid(field, "\(value)") }
      return value
    }
    func keyword<Value: RawRepresentable<String>>(_ reader: inout JSONReader, _ field: String, _: Value.Type) throws -> Value {
      let text = try reader.readString()
      guard let value = Value(rawValue: text) else { throw invalid(field, "\"\(text)\"") }
      return value
    }
    try reader.readObject { key, reader in
      switch key {
      case "fill": style.fill = try paint(&reader, key)
      case "stroke": style.stroke = try paint(&reader, key)
      case "fillRule": style.fillRule = try keyword(&reader, key, CurveStyle.FillRule.self)
      case "lineCap": style.lineCap = try keyword(&reader, key, CurveStyle.LineCap.self)
      case "lineJoin": style.lineJoin = try keyword(&reader, key, CurveStyle.LineJoin.self)
      case "fillOpacity": style.fillOpacity = try fraction(&reader, key)
      case "strokeOpacity": style.strokeOpacity = try fraction(&reader, key)
      case "opacity": style.opacity = try fraction(&reader, key)
      case "strokeWidth":
        let width = try reader.readNumber()
        guard CurveStyle.strokeWidthRange.contains(width) else { throw invalid(key, "\(width)") }
        style.strokeWidth = width
      case "miterLimit":
        let limit = try reader.readNumber()
        guard limit.isFinite, limit >= 1 else { throw invalid(key, "\(limit)") }
        style.miterLimit = limit
      default: try reader.skipValue()
      }
    }
    return style
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
      guard ids.insert(curve.id).inserted else { throw .duplicateID(curve.id) }
      guard !curve.subpaths.isEmpty else { throw .wrongPointCount(curve: curveIndex + 1, count: 0) }
      // Points and subpaths are named as the user counts them; a curve of one subpath (every
      // version 1 curve) without naming the subpath.
      let named = curve.subpaths.count > 1
      for (subpathIndex, subpath) in curve.subpaths.enumerated() {
        let subpathNumber = named ? subpathIndex + 1 : nil
        try Self.validateSegments(of: subpath, curve: curveIndex + 1, subpath: subpathNumber)
        for (pointIndex, point) in subpath.points.enumerated() {
          let place = DocumentError.PointPlace(curve: curveIndex + 1, subpath: subpathNumber, point: pointIndex + 1)
          guard point.x.isFinite, point.y.isFinite else { throw .nonFiniteCoordinate(place) }
          guard ids.insert(point.id).inserted else { throw .duplicateID(point.id) }
          if let color = point.color, RGBColor(hex: color) == nil { throw .invalidColor(place, value: color) }
          if let size = point.size, !PointSize.range.contains(size) { throw .invalidSize(place, value: size) }
        }
      }
    }
  }

  /// Each segment of `subpath` has 2 to 16 points: at least two points, and at most 15
  /// between two nodes.
  private static func validateSegments(of subpath: SubpathRecord, curve: Int, subpath number: Int?) throws(DocumentError) {
    let points = subpath.points, range = Subpath.pointsPerSegment
    guard points.count >= range.lowerBound else {
      throw number.map { .subpathTooShort(curve: curve, subpath: $0, count: points.count) }
        ?? .wrongPointCount(curve: curve, count: points.count)
    }
    let interior = subpath.closed ? points.indices.dropFirst() : points.indices.dropFirst().dropLast()
    let starts = [0] + interior.filter { points[$0].node != nil }
    let ends = starts.dropFirst() + [subpath.closed ? points.count : points.count - 1]
    for (start, end) in zip(starts, ends) where end - start + 1 > range.upperBound {
      // A version 1 curve: one open segment, told as it always was.
      if number == nil, !subpath.closed, starts.count == 1 { throw .wrongPointCount(curve: curve, count: points.count) }
      throw .segmentTooLong(curve: curve, subpath: number ?? 1, count: end - start + 1)
    }
  }

  /// The curves, clamped to the canvas, with their points' colours and sizes (a colour that
  /// is not `#rrggbb` is left out, a size is clamped: `decode` has refused both already).
  public var editorCurves: IdentifiedArrayOf<Curve.State> { editorCurves(clampedToCanvas: true) }

  /// The curves; unclamped, as a renderer of the drawing alone needs them (what lies off the
  /// canvas still shapes what is on it).
  public func editorCurves(clampedToCanvas: Bool) -> IdentifiedArrayOf<Curve.State> {
    IdentifiedArray(uniqueElements: curves.map { curve in
      // The first subpath is named by its curve's id (a one-subpath curve reads as version 1
      // made it), the others by their first point's: ids unique within the curve.
      let subpaths = curve.subpaths.enumerated().map { index, subpath in
        Subpath.State(id: index == 0 ? curve.id : subpath.points[0].id, isClosed: subpath.closed, points: IdentifiedArray(uniqueElements: subpath.points.map {
          ControlPoint.State(
            id: $0.id, position: clampedToCanvas ? canvas.clamp(Point(x: $0.x, y: $0.y)) : Point(x: $0.x, y: $0.y),
            color: $0.color.flatMap(RGBColor.init(hex:)), size: $0.size, node: $0.node
          )
        }))
      }
      return Curve.State(id: curve.id, subpaths: IdentifiedArray(uniqueElements: subpaths), style: curve.style)
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
  case tooManyPoints(Int)
  case wrongPointCount(curve: Int, count: Int)
  case subpathTooShort(curve: Int, subpath: Int, count: Int)
  case segmentTooLong(curve: Int, subpath: Int, count: Int)
  case nonFiniteCoordinate(PointPlace)
  case invalidColor(PointPlace, value: String)
  case invalidSize(PointPlace, value: Double)
  case invalidStyle(curve: Int, field: String, value: String)

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
      "The file is not a Curves document (\(detail)). Open a .json file saved by Curves."
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
      "Curve \(curve) has \(count) points; a curve needs \(Editor.pointsPerCurve.lowerBound) to \(Editor.pointsPerCurve.upperBound)."
    case let .subpathTooShort(curve, subpath, count):
      "Subpath \(subpath) of curve \(curve) has \(count) point\(count == 1 ? "" : "s"); a subpath needs at least 2."
    case let .segmentTooLong(curve, subpath, count):
      "A segment of subpath \(subpath) of curve \(curve) has \(count) points; a segment has at most \(Subpath.pointsPerSegment.upperBound) (mark a point between as a node)."
    case let .nonFiniteCoordinate(place):
      "\(place) has a coordinate that is not a finite number. Fix it in the file."
    case let .invalidColor(place, value):
      "\(place) has the colour \"\(SVGImportError.quoted(value))\"; a colour is # and six hexadecimal digits, such as #e15759. Fix it in the file, or remove it for the default look."
    case let .invalidSize(place, value):
      "\(place) has the size \(Self.number(value)); a size is a number from \(Self.number(PointSize.range.lowerBound)) to \(Self.number(PointSize.range.upperBound)). Fix it in the file, or remove it for the default look."
    case let .invalidStyle(curve, field, value):
      "Curve \(curve) has the style \(field) \(value), which is not valid (colours are #rrggbb or none, opacities 0 to 1, widths at least 0, miter limits at least 1). Fix it in the file, or remove it for the default look."
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
