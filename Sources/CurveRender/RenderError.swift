/// Why a drawing could not be drawn as asked: a frame too large.
package enum RenderError: Error, Equatable, CustomStringConvertible {
  /// The largest frame drawn, in pixels: a 256 MB image.
  package static let largestFrame = (width: 8192, height: 8192)

  /// A frame larger than `largestFrame`.
  case frameTooLarge(width: Int, height: Int)

  package var description: String {
    switch self {
    case let .frameTooLarge(width, height):
      "cannot draw a \(width)x\(height) frame: at most \(Self.largestFrame.width)x\(Self.largestFrame.height) pixels"
    }
  }
}
