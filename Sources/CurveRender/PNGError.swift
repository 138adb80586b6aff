/// Why an image could not be encoded as a PNG.
package enum PNGError: Error, Equatable, CustomStringConvertible {
  /// An image with no pixels: PNG needs at least one.
  case emptyImage

  package var description: String {
    switch self {
    case .emptyImage: "an empty image has no PNG"
    }
  }
}
