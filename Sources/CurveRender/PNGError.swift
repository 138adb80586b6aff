/// Why an image could not be encoded as a PNG.
package enum PNGError: Error, Equatable, CustomStringConvertible {
  /// An image with no pixels: PNG needs at least one.
  case emptyImage
  /// zlib's deflate failed, with its status code.
  case compressionFailed(status: Int32)

  package var description: String {
    switch self {
    case .emptyImage: "an empty image has no PNG"
    case let .compressionFailed(status): "zlib could not compress the image (status \(status))"
    }
  }
}
