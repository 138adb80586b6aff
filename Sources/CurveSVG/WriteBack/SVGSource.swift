import CurveDocument
import CurveGeometry
import FoundationEssentials

/// The SVG file a drawing was opened from, kept so that saving writes it back as it was read,
/// changing only the elements whose objects were edited (`SVGWriteBack`).
///
/// ```swift
/// let (document, repairs, source) = try SVGImport.importForEditing(from: data)
/// // … the document is edited …
/// if let saved = SVGWriteBack.write(edited, over: source) { data = saved.data }
/// ```
public struct SVGSource: Equatable, Sendable {
  /// The XML as read (unpacked from an `.svgz`).
  public var text: Data
  /// The document as imported from `text`: what an object is compared with to tell whether
  /// it was edited.
  public var original: Document
  /// The element each curve was read from, where one element made exactly one curve.
  public var curves: [UUID: Element]
  /// The `<g>` each group was read from.
  public var groups: [String: Element]
  /// Where Curves's settings element is (`CurvesSettings`), when the file has one.
  public var settings: Range<Int>?
  /// Where the root's start tag ends: a settings element the file lacks goes there.
  public var rootTagEnd: Int?
  /// Each kept `<text>`'s bytes (the element itself, not the groups that carry what it
  /// inherited), by its index among the document's kept elements: an edited text is written
  /// there.
  public var keptTexts: [Int: Range<Int>] = [:]

  public init(text: Data, original: Document, curves: [UUID: Element], groups: [String: Element]) {
    self.text = text
    self.original = original
    self.curves = curves
    self.groups = groups
  }

  /// An element of `text` as the write-back rewrites it.
  public struct Element: Equatable, Sendable {
    /// Its qualified name, as written: "path", "svg:rect".
    public var name: String
    /// Its attributes in the order written, with their values as read.
    public var attributes: [Attribute]
    /// Its bytes in `text`, from its start tag's `<` to the end of its end tag.
    public var range: Range<Int>
    /// For a shape: what maps its own user units to its curve's coordinates (the document's
    /// group coordinates). For a group: the transform outside its own (its parent's
    /// coordinates up to it), which its own `transform` attribute goes inside.
    public var placement: Affine

    public init(name: String, attributes: [Attribute], range: Range<Int>, placement: Affine) {
      self.name = name
      self.attributes = attributes
      self.range = range
      self.placement = placement
    }
  }

  public struct Attribute: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }
}

extension SVGElement {
  /// The element as the write-back keeps it, with `placement`; nil for one no bytes of the
  /// file are (an entity's text made it).
  func sourceElement(placement: Affine) -> SVGSource.Element? {
    guard let source else { return nil }
    let attributes = attributeOrder.compactMap { name in self.attributes[name].map { SVGSource.Attribute(name: name, value: $0) } }
    return SVGSource.Element(name: qualifiedName, attributes: attributes, range: source, placement: placement)
  }
}
