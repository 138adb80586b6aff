import CurveRaster
import CurveRender
import FoundationEssentials
import Glibc

extension PNGFile {
  /// Writes `image` atomically: a temporary file beside the target, then a rename, so an
  /// interrupted write never leaves half an image in place of a good one; not flushed to
  /// disk (`DiskFiles.writeAtomically`'s `durable`): an image is drawn again.
  ///
  /// ```swift
  /// try PNGFile.write(frame.image, to: URL(fileURLWithPath: "frame.png"))
  /// ```
  package static func write(_ image: PixelBuffer, to url: URL) throws(FileError) {
    try write(image, path: url.filePath)
  }

  /// The same, by path.
  package static func write(_ image: PixelBuffer, path: String) throws(FileError) {
    let data: Data
    do {
      data = try encode(image)
    } catch {
      throw .cannotWrite(path: DocumentFiles.shownPath(path), reason: error.description)
    }
    try DocumentFiles.write(data, path: path, durable: false)
  }
}
