internal import CDrawingLibraries
import CPNG
import CurveDocument
import CurveGeometry
import CurveRaster
import CurveSVG
import FoundationEssentials
import Glibc
import Synchronization

/// An imported `<image>` drawn in its place: its PNG, JPEG or GIF decoded by libpng,
/// libjpeg-turbo or giflib, or its SVG drawing imported and drawn at the size it shows at, fitted into
/// its viewport as `preserveAspectRatio` says, through its transform and the view, sampled between texels,
/// at its opacity.
///
/// ```swift
/// KeptImageLook(image: kept, viewport: viewport).draw(into: &drawing)
/// ```
package struct KeptImageLook {
  let image: KeptImage
  let viewport: DrawingView
  /// The SVG drawings being drawn as images around this one (their hrefs): one of them is not
  /// drawn again inside itself.
  var drawingsAround: Set<String> = []

  package init(image: KeptImage, viewport: DrawingView, drawingsAround: Set<String> = []) {
    self.image = image
    self.viewport = viewport
    self.drawingsAround = drawingsAround
  }

  package func draw(into drawing: inout some ShapeDrawing) {
    guard let source = DecodedImages.shared.image(image.href), image.transform.count == 6 else { return }
    let size: (width: Double, height: Double) = switch source {
    case let .raster(raster): (Double(raster.width), Double(raster.height))
    case let .drawing(document): (document.canvas.width, document.canvas.height)
    }
    let place = image.placement(imageWidth: size.width, imageHeight: size.height)
    let t = image.transform
    let toDocument = Affine(a: t[0], b: t[1], c: t[2], d: t[3], e: t[4], f: t[5])
    let zoom = viewport.zoom * drawing.scale, origin = viewport.screenPoint(atDocument: .zero) * drawing.scale
    let toPixels = Affine(a: zoom, b: 0, c: 0, d: zoom, e: origin.x, f: origin.y) * toDocument
    var texels = toPixels * .translate(x: place.originX, y: place.originY) * .scale(x: place.scaleX, y: place.scaleY)
    let decoded: DecodedImages.Image
    switch source {
    case let .raster(raster):
      decoded = raster
    case let .drawing(document):
      guard !drawingsAround.contains(image.href), let rendered = rendered(document, through: texels) else { return }
      decoded = rendered
      texels = texels * .scale(x: size.width / Double(decoded.width), y: size.height / Double(decoded.height))
    }
    // Drawn smaller than it is, the image is first shrunk by a whole factor (each pixel the
    // mean of a square of its own), so sampling between texels does not alias.
    let pixelsPerTexel = abs(texels.a * texels.d - texels.b * texels.c).squareRoot()
    let factor = pixelsPerTexel > 0 ? max(Int((1 / pixelsPerTexel).rounded(.down)), 1) : 1
    let texture = factor > 1 ? decoded.shrunk(by: factor) : decoded
    texels = texels * .scale(x: Double(decoded.width) / Double(texture.width), y: Double(decoded.height) / Double(texture.height))
    guard let shader = ImageShader(width: texture.width, height: texture.height, pixels: texture.pixels, transform: texels) else { return }
    // What shows: the image's own rectangle, cut to its viewport (a slice is bigger than it).
    let frame = place.viewport
    let picture = Rect(minX: place.originX, minY: place.originY,
                       maxX: place.originX + size.width * place.scaleX, maxY: place.originY + size.height * place.scaleY)
    let box = Rect(minX: max(frame.x, picture.minX), minY: max(frame.y, picture.minY),
                   maxX: min(frame.x + frame.width, picture.maxX), maxY: min(frame.y + frame.height, picture.maxY))
    guard box.width > 0, box.height > 0 else { return }
    let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                   Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)].map(toPixels.apply)
    drawing.fill(pixelContours: [Contour(corners, isClosed: true)], rule: .nonZero, .image(shader), opacity: image.opacity)
  }

  /// An SVG drawing drawn at the size it shows at through `toPixels` (its canvas's units to
  /// pixels), at most `maximumPixels`.
  private func rendered(_ document: Document, through toPixels: Affine) -> DecodedImages.Image? {
    let across = (toPixels.a * toPixels.a + toPixels.b * toPixels.b).squareRoot()
    let down = (toPixels.c * toPixels.c + toPixels.d * toPixels.d).squareRoot()
    let stretch = max(across, down)
    let area = document.canvas.width * document.canvas.height
    let scale = min(stretch, (Self.maximumPixels / area).squareRoot())
    let width = Int((document.canvas.width * scale).rounded(.up)), height = Int((document.canvas.height * scale).rounded(.up))
    guard scale.isFinite, scale > 0, width > 0, height > 0 else { return nil }
    let pixels = DrawingRenderer.premultipliedPixels(
      of: document, width: width, height: height, scale: scale, imagesDrawing: drawingsAround.union([image.href])
    )
    return DecodedImages.Image(width: width, height: height, pixels: pixels.pixels)
  }

  /// The most pixels an SVG drawing used as an image is drawn with (a 4096 × 4096 square).
  static let maximumPixels = 4096.0 * 4096.0
}

/// Images decoded once per href, premultiplied, for every frame that draws them.
final class DecodedImages: @unchecked Sendable {
  static let shared = DecodedImages()

  struct Image {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    /// The image `factor` times smaller (rounded up), each pixel the mean of the square of
    /// pixels it stands for.
    func shrunk(by factor: Int) -> Image {
      let newWidth = (width + factor - 1) / factor, newHeight = (height + factor - 1) / factor
      var result = [UInt32](repeating: 0, count: newWidth * newHeight)
      for row in 0..<newHeight {
        for column in 0..<newWidth {
          var sum = SIMD4<UInt32>.zero, count: UInt32 = 0
          for y in row * factor..<min((row + 1) * factor, height) {
            for x in column * factor..<min((column + 1) * factor, width) {
              let pixel = pixels[y * width + x]
              sum &+= SIMD4(pixel >> 24, (pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
              count += 1
            }
          }
          let mean = (sum &+ SIMD4(repeating: count / 2)) / SIMD4(repeating: max(count, 1))
          result[row * newWidth + column] = mean.x << 24 | mean.y << 16 | mean.z << 8 | mean.w
        }
      }
      return Image(width: newWidth, height: newHeight, pixels: result)
    }
  }

  /// What an href holds: pixels, or an SVG drawing (drawn at the size it shows at).
  enum Source {
    case raster(Image)
    case drawing(Document)
  }

  /// Held while an image decodes, so two threads asking for one href decode it once.
  private let images = Mutex<[String: Source?]>([:])

  /// The image `href` names (a `data:` URI or a file), or nil when it cannot be read or
  /// decoded.
  func image(_ href: String) -> Source? {
    images.withLock { images in
      if let known = images[href] { return known }
      let bytes = Self.bytes(href)
      let decoded = bytes.flatMap(Self.decode).map(Source.raster) ?? bytes.flatMap { Self.drawing($0, href: href) }.map(Source.drawing)
      images[href] = decoded
      return decoded
    }
  }

  /// An SVG (or compressed SVG) drawing, its own images looked up beside its file.
  static func drawing(_ data: Data, href: String) -> Document? {
    let base = href.hasPrefix("data:") ? nil : URL(fileURLWithPath: href)
    return try? SVGImport.import(from: data, baseURL: base).document
  }

  /// The encoded bytes: a `data:` URI's (base64 or percent-encoded), or a file's.
  static func bytes(_ href: String) -> Data? {
    guard href.hasPrefix("data:") else { return FileManager.default.contents(atPath: href) }
    // Byte by byte: filtering the payload's whitespace as Characters was 30% of a process
    // drawing a 22 KB embedded PNG (each one's grapheme and Unicode properties looked up).
    let utf8 = href.utf8
    guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")) else { return nil }
    let payload = utf8[utf8.index(after: comma)...]
    if utf8[..<comma].reversed().starts(with: ";base64".utf8.reversed()) {
      // Whitespace, as any byte base64 has no digit for, is passed over.
      return Data(base64Encoded: Data(payload), options: .ignoreUnknownCharacters)
    }
    return percentDecoded(payload)
  }

  /// The bytes `%XX` escapes stand for, the rest as they are; nil for a `%` not followed by
  /// two hex digits.
  static func percentDecoded(_ text: some Collection<UInt8>) -> Data? {
    let input = Array(text)
    var bytes: [UInt8] = [], index = 0
    bytes.reserveCapacity(input.count)
    while index < input.count {
      guard input[index] == UInt8(ascii: "%") else {
        bytes.append(input[index])
        index += 1
        continue
      }
      guard index + 2 < input.count, let high = input[index + 1].hexDigitValue, let low = input[index + 2].hexDigitValue else { return nil }
      bytes.append(high << 4 | low)
      index += 3
    }
    return Data(bytes)
  }

  /// PNG (by libpng), JPEG (by libjpeg-turbo) or GIF (by giflib; its first frame), told
  /// apart by their first bytes, as premultiplied ARGB; nil for anything else (other formats
  /// are not drawn, as librsvg does not draw them).
  static func decode(_ data: Data) -> Image? {
    let head = [UInt8](data.prefix(4))
    let argb: (width: Int, height: Int, pixels: [UInt32])?
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      argb = decodePNG(data)
    } else if head.starts(with: [0xFF, 0xD8]) {
      argb = decodeJPEG(data)
    } else if head.starts(with: [0x47, 0x49, 0x46]) {
      argb = decodeGIF(data)
    } else {
      argb = nil
    }
    guard var argb else { return nil }
    for index in argb.pixels.indices {
      let pixel = argb.pixels[index], alpha = pixel >> 24
      guard alpha < 255 else { continue }
      func channel(_ shift: UInt32) -> UInt32 { (((pixel >> shift) & 0xFF) * alpha + 127) / 255 }
      argb.pixels[index] = alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
    }
    return Image(width: argb.width, height: argb.height, pixels: argb.pixels)
  }

  /// The most pixels an image may decode to (a 16384 × 16384 square, 1 GB): a hostile file
  /// cannot ask for more.
  static let maximumPixels = 16384 * 16384

  /// A PNG's pixels as straight (not premultiplied) ARGB, through libpng's simplified API:
  /// every colour type and bit depth comes out 8-bit sRGB with alpha.
  private static func decodePNG(_ data: Data) -> (width: Int, height: Int, pixels: [UInt32])? {
    data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return nil }
      var image = png_image()
      image.version = UInt32(PNG_IMAGE_VERSION)
      guard png_image_begin_read_from_memory(&image, base, raw.count) != 0 else { return nil }
      defer { png_image_free(&image) }
      let width = Int(image.width), height = Int(image.height)
      guard width > 0, height > 0, width * height <= maximumPixels else { return nil }
      // Blue, green, red, alpha in memory: one little-endian UInt32 of ARGB a pixel.
      image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR)
      // A 16-bit image that names no gamma is sRGB, as browsers, librsvg and resvg read it
      // (libpng's simplified API would take it as linear light and brighten it on the way
      // to 8-bit sRGB).
      image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      var pixels = [UInt32](repeating: 0, count: width * height)
      let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
      return finished != 0 ? (width, height, pixels) : nil
    }
  }

  /// A GIF's first frame as ARGB, through giflib: its colour table's colours, transparent
  /// where the frame is not or its transparent index is. Only the first frame is read, and
  /// only once its size is known to be within `maximumPixels`.
  private static func decodeGIF(_ data: Data) -> (width: Int, height: Int, pixels: [UInt32])? {
    guard let lib = ImageLibraries.gif else { return nil }
    let source = GIFSource(bytes: [UInt8](data))
    let opaqueSource = Unmanaged.passRetained(source)
    defer { opaqueSource.release() }
    var error: Int32 = 0
    let read: InputFunc = { file, buffer, wanted in
      guard let file, let buffer, let userData = file.pointee.UserData else { return 0 }
      return Unmanaged<GIFSource>.fromOpaque(userData).takeUnretainedValue().read(into: buffer, count: Int(wanted))
    }
    guard let gif = lib.DGifOpen(opaqueSource.toOpaque(), read, &error) else { return nil }
    defer { _ = lib.DGifCloseFile(gif, &error) }
    let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
    guard width > 0, height > 0, width * height <= maximumPixels else { return nil }
    var transparent = -1
    var record = UNDEFINED_RECORD_TYPE
    while lib.DGifGetRecordType(gif, &record) == GIF_OK {
      switch record {
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard lib.DGifGetExtension(gif, &code, &block) == GIF_OK else { return nil }
        if code == GRAPHICS_EXT_FUNC_CODE, let block {
          var control = GraphicsControlBlock()
          if lib.DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparent = Int(control.TransparentColor) }
        }
        while block != nil { guard lib.DGifGetExtensionNext(gif, &block) == GIF_OK else { return nil } }
      case IMAGE_DESC_RECORD_TYPE:
        guard lib.DGifGetImageDesc(gif) == GIF_OK else { return nil }
        return firstFrame(of: gif, width: width, height: height, transparent: transparent)
      default:
        return nil  // the end, with no frame
      }
    }
    return nil
  }

  /// The frame whose description `gif` has just read, its lines in the order its interlacing
  /// gives them, placed on a `width × height` canvas.
  private static func firstFrame(
    of gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, transparent: Int
  ) -> (width: Int, height: Int, pixels: [UInt32])? {
    guard let lib = ImageLibraries.gif else { return nil }
    let frame = gif.pointee.Image
    let left = Int(frame.Left), top = Int(frame.Top), frameWidth = Int(frame.Width), frameHeight = Int(frame.Height)
    guard frameWidth > 0, frameHeight > 0, frameWidth * frameHeight <= maximumPixels,
      let colors = frame.ColorMap ?? gif.pointee.SColorMap
    else { return nil }
    // Interlaced: rows 0, 8, 16…, then 4, 12…, then 2, 6…, then 1, 3…
    let passes = frame.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
    let colorCount = Int(colors.pointee.ColorCount)
    var line = [GifPixelType](repeating: 0, count: frameWidth)
    var pixels = [UInt32](repeating: 0, count: width * height)
    for (start, step) in passes {
      for row in stride(from: start, to: frameHeight, by: step) {
        guard lib.DGifGetLine(gif, &line, Int32(frameWidth)) == GIF_OK else { return nil }
        guard top + row < height else { continue }
        for column in 0..<frameWidth where left + column < width {
          let index = Int(line[column])
          guard index != transparent, index < colorCount else { continue }
          let color = colors.pointee.Colors[index]
          pixels[(top + row) * width + left + column] = 0xFF00_0000 | UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
        }
      }
    }
    return (width, height, pixels)
  }

  /// A JPEG's pixels as opaque ARGB, through the TurboJPEG API.
  private static func decodeJPEG(_ data: Data) -> (width: Int, height: Int, pixels: [UInt32])? {
    guard let lib = ImageLibraries.jpeg, let decoder = lib.tjInitDecompress() else { return nil }
    defer { _ = lib.tjDestroy(decoder) }
    return data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
      var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
      guard lib.tjDecompressHeader3(decoder, base, UInt(raw.count), &width, &height, &subsampling, &colorspace) == 0,
        width > 0, height > 0, Int(width) * Int(height) <= maximumPixels
      else { return nil }
      var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
      let status = pixels.withUnsafeMutableBytes { buffer in
        lib.tjDecompress2(
          decoder, base, UInt(raw.count), buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), width, 0, height,
          Int32(TJPF_BGRA.rawValue), TJFLAG_ACCURATEDCT
        )
      }
      // A warning (extraneous bytes, a file cut short) still gives the image, as other
      // decoders draw it.
      return status == 0 || lib.tjGetErrorCode(decoder) == Int32(TJERR_WARNING.rawValue) ? (Int(width), Int(height), pixels) : nil
    }
  }
}

/// A GIF's bytes, handed to giflib as it reads them.
private final class GIFSource {
  private let bytes: [UInt8]
  private var offset = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// Copies up to `count` of the next bytes into `buffer`; how many it copied.
  func read(into buffer: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
    let taken = max(min(count, bytes.count - offset), 0)
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { buffer.update(from: base + offset, count: taken) }
    }
    offset += taken
    return Int32(taken)
  }
}
