import CurveDocument
import CurveGeometry

/// Why an SVG file could not be imported: it is not an SVG drawing, or it passes a limit.
/// Errors within a drawing are repaired instead (see `SVGImport`). The message names the
/// element, when there is one, and says what to do.
public enum SVGImportError: Error, Equatable, Sendable, CustomStringConvertible {
  case notXML(line: Int, column: Int)
  /// A `.svgz` whose compression cannot be undone.
  case notDecompressed(Gzip.Failure)
  case notUTF8(byteOffset: Int)
  /// The file declares an encoding this system cannot read, or is not text in it.
  case unknownEncoding(String)
  case notSVG(root: String)
  case invalidCanvas(width: Double, height: Double)
  /// `element` describes the element for people: `<path id="wave"> on line 12`.
  case nonFiniteCoordinate(element: String)
  case tooDeep(element: String)
  case tooManyElements
  case tooManyShapes
  case tooManyPoints

  public var description: String {
    switch self {
    case let .notXML(line, column):
      "The file is not well-formed XML (the error is at line \(line), column \(column)). Import an .svg file saved by a drawing program."
    case let .notDecompressed(failure):
      "The file is compressed as gzip (an .svgz), but \(failure.description). Save the drawing again."
    case let .notUTF8(offset):
      "The file is not UTF-8 text (byte \(offset) is not). Save the drawing as UTF-8 SVG, as drawing programs do."
    case let .unknownEncoding(name):
      "The file says it is in the encoding \(Self.quoted(name)), which this system cannot read (or it is not text in it). Save the drawing as UTF-8 SVG, as drawing programs do."
    case let .notSVG(root):
      "The file's root element is <\(Self.quoted(root))>, not <svg>: it is not an SVG drawing. Import an .svg file."
    case let .invalidCanvas(width, height):
      "The drawing's size \(width)×\(height) cannot be a canvas; it must be positive and at most 100000. Fix the root's viewBox, or its width and height."
    case let .nonFiniteCoordinate(element):
      "\(element) has coordinates too large for a number once transformed. Scale the drawing down."
    case let .tooDeep(element):
      "\(element) is nested more than \(SVGImport.maximumDepth) deep (counting groups and <use> references); Curves stops there. Flatten the drawing's groups."
    case .tooManyElements:
      "The drawing's <use> references expand to more than \(SVGImport.maximumElements) elements; Curves stops there. Unlink the clones, or simplify the drawing."
    case .tooManyShapes:
      "The drawing has more than \(Document.maximumCurves) shapes; a Curves document holds at most \(Document.maximumCurves) curves. Simplify the drawing, or import it in parts."
    case .tooManyPoints:
      "The drawing's shapes have more than \(Document.maximumPoints) points; a Curves document holds at most \(Document.maximumPoints). Simplify the drawing, or import it in parts."
    }
  }

  /// A value fit for a one-line message: no line breaks, at most 60 characters.
  static func quoted(_ text: String) -> String { DocumentError.quoted(text) }
}
