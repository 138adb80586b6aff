import CurveDocument
import Foundation

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
    let compact = json.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    return #"<\#(qualifiedName) xmlns:curves="\#(namespace)">"# + SVGExport.escaped(compact) + "</\(qualifiedName)>"
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
