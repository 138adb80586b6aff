import CurveGeometry
import FoundationEssentials
import Glibc

/// Reading a document: a strict JSON reader for the curves (nearly all of a big document) and
/// `Decodable` for the small parts, then every check a document must pass before it replaces
/// the one open. Errors name where in the file they are.
extension Document {
  /// Reads and validates a document.
  public static func decode(_ data: Data) throws(DocumentError) -> Document {
    var document: Document
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
    try document.drawSplines()
    try document.validate()
    // Checked again where the curves are seen: a transform may take a point past the finite.
    if document.hasGroupTransforms { try document.inDrawingCoordinates().validate() }
    return document
  }

  /// The document in `json`: the curves through `JSONReader` (they are nearly all of a big
  /// document), the small parts through their `Decodable` conformances.
  private init(json: UnsafeBufferPointer<UInt8>) throws {
    var reader = JSONReader(json)
    var version: Int?, canvas: Canvas?, curves: [CurveRecord]?, animation: AnimationRecord?, display: DisplayOptions?
    var kept: [KeptElement]?, namespaces: [String: String]?, rootAttributes: [String: String]?, groups: [Group]?, timeline: Timeline?, sharedData: [String]?
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
      case "groups": groups = try Self.readGroups(&reader)
      case "kept": kept = try decodePart([KeptElement].self, key, &reader)
      case "namespaces": namespaces = try decodePart([String: String].self, key, &reader)
      case "rootAttributes": rootAttributes = try decodePart([String: String].self, key, &reader)
      case "timeline": timeline = try Self.readTimeline(&reader)
      case "sharedData": sharedData = try decodePart([String].self, key, &reader)
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
    self.groups = groups ?? []
    self.kept = Self.restoringData(kept ?? [], sharedData ?? [])
    self.namespaces = namespaces ?? [:]
    self.rootAttributes = rootAttributes ?? [:]
    self.timeline = timeline
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

  static func describe(_ error: any Error, at prefix: String = "") -> String {
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

extension Document {
  /// Reads and decodes the document at `url`: the one place that turns a missing, unreadable,
  /// oversized or invalid file into the error a user is shown.
  ///
  /// ```swift
  /// let document = try Document.read(url)
  /// ```
  public static func read(_ url: URL, reading: (URL) throws -> Data = DiskFiles.read) throws(DocumentError) -> Document {
    let data: Data
    do {
      data = try reading(url)
    } catch let error as DocumentError {
      throw error
    } catch {
      let reason = FileManager.default.fileExists(atPath: url.path) ? "permission denied or not a file" : "no such file"
      throw .unreadable(path: url.path, reason: reason)
    }
    return try decode(data)
  }
}
