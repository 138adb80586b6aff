import CSDL2
import CSDL2Image
import CurveFeature
import CurveGeometry
import CurveRaster
import CurveSVG
import Foundation

/// An imported `<image>` drawn in its place: its PNG, JPEG or GIF decoded by SDL2_image, or
/// its SVG drawing imported and drawn at the size it shows at, fitted into its viewport as
/// `preserveAspectRatio` says, through its transform and the view, sampled between texels,
/// at its opacity.
///
/// ```swift
/// KeptImageLook(image: kept, viewport: viewport).draw(into: &drawing)
/// ```
struct KeptImageLook {
  let image: KeptImage
  let viewport: Viewport.State
  /// The SVG drawings being drawn as images around this one (their hrefs): one of them is not
  /// drawn again inside itself.
  var drawingsAround: Set<String> = []

  func draw(into drawing: inout some ShapeDrawing) {
    guard let source = DecodedImages.shared.image(image.href), image.transform.count == 6 else { return }
    let size: (width: Double, height: Double) = switch source {
    case let .raster(raster): (Double(raster.width), Double(raster.height))
    case let .drawing(document): (document.canvas.width, document.canvas.height)
    }
    let place = image.placement(imageWidth: size.width, imageHeight: size.height)
    let t = image.transform
    let toDocument = AffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], e: t[4], f: t[5])
    let zoom = viewport.zoom * drawing.scale, origin = viewport.screenPoint(atDocument: .zero) * drawing.scale
    let toPixels = AffineTransform(a: zoom, b: 0, c: 0, d: zoom, e: origin.x, f: origin.y) * toDocument
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
  private func rendered(_ document: Document, through toPixels: CurveGeometry.AffineTransform) -> DecodedImages.Image? {
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

  private let lock = NSLock()
  private var images: [String: Source?] = [:]

  /// The image `href` names (a `data:` URI or a file), or nil when it cannot be read or
  /// decoded.
  func image(_ href: String) -> Source? {
    lock.lock()
    defer { lock.unlock() }
    if let known = images[href] { return known }
    let bytes = Self.bytes(href)
    let decoded = bytes.flatMap(Self.decode).map(Source.raster) ?? bytes.flatMap { Self.drawing($0, href: href) }.map(Source.drawing)
    images[href] = decoded
    return decoded
  }

  /// An SVG (or compressed SVG) drawing, its own images looked up beside its file.
  static func drawing(_ data: Data, href: String) -> Document? {
    let base = href.hasPrefix("data:") ? nil : URL(fileURLWithPath: href)
    return try? SVGImport.import(from: data, baseURL: base).document
  }

  /// The encoded bytes: a `data:` URI's (base64 or percent-encoded), or a file's.
  static func bytes(_ href: String) -> Data? {
    guard href.hasPrefix("data:") else { return FileManager.default.contents(atPath: href) }
    guard let comma = href.firstIndex(of: ",") else { return nil }
    let header = href[..<comma], payload = String(href[href.index(after: comma)...])
    if header.hasSuffix(";base64") {
      return Data(base64Encoded: payload.filter { !$0.isWhitespace }, options: .ignoreUnknownCharacters)
    }
    return payload.removingPercentEncoding.map { Data($0.utf8) }
  }

  /// PNG, JPEG or GIF (by their first bytes; other formats are not drawn, as librsvg does
  /// not draw them) as premultiplied ARGB.
  static func decode(_ data: Data) -> Image? {
    let head = [UInt8](data.prefix(4))
    guard head.starts(with: [0x89, 0x50, 0x4E, 0x47]) || head.starts(with: [0xFF, 0xD8]) || head.starts(with: [0x47, 0x49, 0x46]) else {
      return nil
    }
    return data.withUnsafeBytes { raw -> Image? in
      guard let base = raw.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(raw.count)),
        let loaded = IMG_Load_RW(stream, 1)
      else { return nil }
      defer { SDL_FreeSurface(loaded) }
      guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
      defer { SDL_FreeSurface(surface) }
      let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
      guard width > 0, height > 0, let pixels = surface.pointee.pixels else { return nil }
      var result = [UInt32](repeating: 0, count: width * height)
      for row in 0..<height {
        let source = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
        for column in 0..<width {
          let pixel = source[column], alpha = pixel >> 24
          guard alpha > 0 else { continue }
          func channel(_ shift: UInt32) -> UInt32 { (((pixel >> shift) & 0xFF) * alpha + 127) / 255 }
          result[row * width + column] = alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
        }
      }
      return Image(width: width, height: height, pixels: result)
    }
  }
}
