internal import CDrawingLibraries

/// libjpeg-turbo's and giflib's functions, each library opened the first time a drawing has
/// an image of its kind; nil when it cannot be loaded (the image is then not drawn, as one in
/// a format Curves does not read).
enum ImageLibraries {
  static let jpeg: CurvesJPEG? = {
    var error = [CChar](repeating: 0, count: 512)
    return curves_jpeg_load(&error, error.count)?.pointee
  }()

  static let gif: CurvesGIF? = {
    var error = [CChar](repeating: 0, count: 512)
    return curves_gif_load(&error, error.count)?.pointee
  }()
}
