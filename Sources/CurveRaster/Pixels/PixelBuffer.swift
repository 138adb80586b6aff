import CurveGeometry
import Dispatch

/// An image in memory: `width × height` pixels, row after row with no padding, each a
/// `UInt32` 0xAARRGGBB (SDL's ARGB8888, so bytes B, G, R, A on a little-endian machine) with
/// straight alpha. Frames are opaque; text and icons drawn onto them carry their alpha.
///
/// ```swift
/// var image = PixelBuffer(width: 4, height: 2, filling: RGBA8(r: 255, g: 255, b: 255))
/// image[1, 0] = RGBA8(r: 255, g: 0, b: 0)
/// image.pixels.count  // 8
/// ```
public struct PixelBuffer: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public var pixels: [UInt32]

  public init(width: Int, height: Int, filling color: RGBA8 = RGBA8(r: 0, g: 0, b: 0, a: 0)) {
    precondition(width >= 0 && height >= 0, "a \(width)x\(height) image")
    self.width = width
    self.height = height
    pixels = Self.filled(color.argb, count: width * height)
  }

  /// `count` copies of `value`; a large image filled in pieces on every core: filling is
  /// where a fresh buffer's pages are first touched, a page fault each (a 1024-pixel square:
  /// 1,024 faults and 2 ms on one core, before anything is drawn).
  private static func filled(_ value: UInt32, count: Int) -> [UInt32] {
    let pieces = count >= parallelFillPixels ? min(Cores.available, count / parallelFillPixels) : 1
    guard pieces > 1 else { return Array(repeating: value, count: count) }
    return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      let share = (count + pieces - 1) / pieces
      let target = PixelTarget(base: buffer.baseAddress!, width: share)  // a piece a "row"
      DispatchQueue.concurrentPerform(iterations: pieces) { piece in
        let end = min((piece + 1) * share, count)
        if piece * share < end { target.row(piece).initialize(repeating: value, count: end - piece * share) }
      }
      initialized = count
    }
  }

  /// Below this many pixels (1 MB) a buffer is filled on one core.
  static let parallelFillPixels = 1 << 18

  /// An image of `pixels` (0xAARRGGBB), `width` to a row.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height, "\(pixels.count) pixels do not make a \(width)x\(height) image")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  public subscript(x: Int, y: Int) -> RGBA8 {
    get {
      precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the \(width)x\(height) image")
      return RGBA8(argb: pixels[y * width + x])
    }
    set {
      precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) is outside the \(width)x\(height) image")
      pixels[y * width + x] = newValue.argb
    }
  }
}

extension PixelBuffer {
  /// This image on a canvas of another size: the pixels both share kept at the top-left,
  /// `background` where the new size is larger.
  public func resized(width newWidth: Int, height newHeight: Int, background: RGBA8) -> PixelBuffer {
    var result = PixelBuffer(width: newWidth, height: newHeight, filling: background)
    let columns = min(width, newWidth)
    guard columns > 0 else { return result }
    pixels.withUnsafeBufferPointer { source in
      result.pixels.withUnsafeMutableBufferPointer { target in
        for y in 0..<min(height, newHeight) {
          (target.baseAddress! + y * newWidth).update(from: source.baseAddress! + y * width, count: columns)
        }
      }
    }
    return result
  }

  /// This image moved and scaled: the pixel at (x, y) shows what was at
  /// ((x − offsetX) / scale, (y − offsetY) / scale), nearest pixel, inside `area`; `background`
  /// where that falls outside the image. Pixels outside `area` are kept. A quick stand-in
  /// while the content is drawn again at the new scale.
  public func resampled(scale: Double, offsetX: Double, offsetY: Double, within area: PixelRect, background: RGBA8) -> PixelBuffer {
    guard scale.isFinite, scale > 0, offsetX.isFinite, offsetY.isFinite else { return self }
    var result = self
    let area = area.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    guard area.width > 0, area.height > 0 else { return result }
    let fill = background.argb, width = width, height = height
    // Source column of each destination column, or -1 outside the image.
    let columns = (area.minX..<area.maxX).map { x -> Int in
      let source = ((Double(x) + 0.5 - offsetX) / scale).rounded(.down)
      return source >= 0 && source < Double(width) ? Int(source) : -1
    }
    pixels.withUnsafeBufferPointer { source in
      result.pixels.withUnsafeMutableBufferPointer { target in
        for y in area.minY..<area.maxY {
          let sourceY = ((Double(y) + 0.5 - offsetY) / scale).rounded(.down)
          let row = target.baseAddress! + y * width + area.minX
          guard sourceY >= 0, sourceY < Double(height) else {
            row.update(repeating: fill, count: area.width)
            continue
          }
          let sourceRow = source.baseAddress! + Int(sourceY) * width
          for (index, column) in columns.enumerated() { row[index] = column >= 0 ? sourceRow[column] : fill }
        }
      }
    }
    return result
  }
}

extension PixelBuffer {
  /// Shapes drawn onto a transparent image blend as premultiplied colour (a pixel half covered
  /// by opaque red is 0x80800000): this image with every partly transparent pixel's colour
  /// divided by its alpha, as an image file's straight alpha wants it. Opaque and fully
  /// transparent pixels are unchanged.
  public func unpremultiplied() -> PixelBuffer {
    var image = self
    image.unpremultiply()
    return image
  }

  /// `unpremultiplied()` in place: an image drawn for a file needs no second buffer. A large
  /// image in pieces on every core, as one is filled.
  public mutating func unpremultiply() {
    let count = pixels.count
    let pieces = count >= Self.parallelFillPixels ? min(Cores.available, count / Self.parallelFillPixels) : 1
    pixels.withUnsafeMutableBufferPointer { pixels in
      guard let base = pixels.baseAddress else { return }
      guard pieces > 1 else { return Self.unpremultiply(base, count: count) }
      let share = (count + pieces - 1) / pieces
      let target = PixelTarget(base: base, width: share)  // a piece a "row"
      DispatchQueue.concurrentPerform(iterations: pieces) { piece in
        Self.unpremultiply(target.row(piece), count: max(min(share, count - piece * share), 0))
      }
    }
  }

  /// Eight pixels at a time are passed over when each is opaque or clear, as most of a drawing
  /// is (a tenth of a headless icon render went to this loop).
  private static func unpremultiply(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
    let base = UnsafeMutableRawPointer(pixels)
    var index = 0
    while index < count {
      if index + 8 <= count {
        // Two pixels a word: each alpha plus one, less its lowest bit, is 0 for 0 and 255.
        var partial: UInt64 = 0
        for word in 0..<4 {
          let pair = base.loadUnaligned(fromByteOffset: 4 * index + 8 * word, as: UInt64.self)
          partial |= (pair >> 24 & 0xFF_0000_00FF) &+ 0x1_0000_0001
        }
        if partial & 0xFE_0000_00FE == 0 {
          index += 8
          continue
        }
      }
      let end = min(index + 8, count)
      while index < end {
        let pixel = pixels[index], alpha = pixel >> 24
        if alpha != 0, alpha != 255 {
          func channel(_ shift: UInt32) -> UInt32 { min(((pixel >> shift) & 0xFF) * 255 + alpha / 2, alpha * 255) / alpha }
          pixels[index] = alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
        }
        index += 1
      }
    }
  }
}
