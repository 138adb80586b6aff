import CurveDocument
import FoundationEssentials
import Glibc

/// What only Curves knows of a drawing and SVG cannot say (for now its display settings and
/// the construction's animation), kept in the file as one element of Curves's namespace,
/// which other programs ignore:
///
/// ```xml
/// <curves:settings xmlns:curves="https://curves.invalid/ns/1">{"version": 5, …}</curves:settings>
/// ```
///
/// The element is the root's first child; its text is a Curves document with no curves
/// (its `display` and `animation` are what is read), so the document format's own reader
/// checks it. An element that does not read is ignored, as other programs ignore it.
public enum CurvesSettings {
  /// Curves's namespace.
  public static let namespace = "https://curves.invalid/ns/1"
  static let qualifiedName = "curves:settings"

  /// The element holding `document`'s display and animation settings.
  static func element(for document: Document) -> String {
    let settings = Document(canvas: document.canvas, curves: [], animation: document.animation, display: document.display)
    let json = (try? settings.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    let compact = json.split(separator: "\n").map { $0.trimmingWhitespace() }.joined(separator: " ")
    return #"<\#(qualifiedName) xmlns:curves="\#(namespace)">"# + SVGExport.escaped(compact) + "</\(qualifiedName)>"
  }

  static let timelineName = "curves:timeline"

  /// The element holding `document`'s timeline as Curves holds it (every keyframe's easing,
  /// a morph's correspondences, the view's keys), which the SMIL beside the paths says only
  /// in part; nil without a timeline.
  static func timelineElement(for document: Document) -> String? {
    guard let timeline = document.timeline else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let json = try? encoder.encode(timeline) else { return nil }
    return #"<\#(timelineName) xmlns:curves="\#(namespace)">"# + SVGExport.escaped(String(decoding: json, as: UTF8.self)) + "</\(timelineName)>"
  }

  /// `document` (its curves as read) with the timeline the root's timeline element holds, if
  /// it reads as one of this document (its tracks name its curves and groups); else nil.
  static func timeline(from root: SVGElement, for document: Document) -> Timeline? {
    guard let element = root.children.first(where: { $0.qualifiedName == timelineName }) else { return nil }
    let text = element.textRuns.map(\.text).joined()
    guard var held = document.timelineFreeJSON(), let saved = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return nil }
    held["timeline"] = saved
    guard let data = try? JSONEncoder().encode(held), let checked = try? Document.decode(data) else { return nil }
    return checked.timeline
  }

  /// Whether `element` is one of Curves's own (its settings or its timeline), read into the
  /// document and never kept.
  static func isCurvesOwn(_ element: SVGElement) -> Bool {
    isSettings(element) || element.qualifiedName == timelineName
  }

  /// Whether `element` is Curves's settings (by its name: what `element(for:)` writes).
  static func isSettings(_ element: SVGElement) -> Bool {
    element.qualifiedName == qualifiedName
  }

  /// The display and animation of the root's settings element, if it has one that reads.
  static func read(from root: SVGElement) -> (display: DisplayOptions, animation: Document.AnimationRecord)? {
    guard let element = root.children.first(where: isSettings) else { return nil }
    let text = element.textRuns.map(\.text).joined()
    guard let settings = try? Document.decode(Data(text.utf8)) else { return nil }
    return (settings.display, settings.animation)
  }
}

extension Document {
  /// The document as its file's JSON object, without a timeline.
  fileprivate func timelineFreeJSON() -> [String: JSONValue]? {
    var document = self
    document.timeline = nil
    guard let data = try? document.encoded(), case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
    return members
  }
}
