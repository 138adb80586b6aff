/// Why frames could not become a GIF; the message says what to do.
package enum GIFEncoderError: Error, Equatable, Sendable, CustomStringConvertible {
  case noFrames
  case invalidSize(width: Int, height: Int)
  case wrongBufferLength(width: Int, height: Int, count: Int)
  /// `index` counts from 0 in the array of frames; the message counts from 1.
  case mismatchedSize(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  case delayOutOfRange(Int)

  package var description: String {
    switch self {
    case .noFrames:
      "There are no frames to put in the GIF. Record at least one frame, then export again."
    case let .invalidSize(width, height):
      "A \(width)×\(height) frame cannot be exported as a GIF; width and height must each be 1 to \(GIFFrame.maximumSide) pixels. Export a smaller window or scale the frames down."
    case let .wrongBufferLength(width, height, count):
      "A \(width)×\(height) frame needs \(width * height * 4) bytes (4 a pixel, rows without padding), but \(count) were given. Copy the frame's rows without their padding."
    case let .mismatchedSize(index, width, height, expectedWidth, expectedHeight):
      "Frame \(index + 1) is \(width)×\(height) but the first frame is \(expectedWidth)×\(expectedHeight); every frame of a GIF is the same size. Keep the window's size fixed while recording."
    case let .delayOutOfRange(delay):
      "A delay of \(delay) hundredths of a second cannot be stored in a GIF; choose 0 to 65535, and 2 or more to play as set (browsers slow 0 and 1 down to 10)."
    }
  }
}
