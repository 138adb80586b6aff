import CZlib
import CurveFeature
import CurveRaster
import Foundation

/// Writes PNGs: 8-bit RGB (RGBA when a pixel is not opaque), each row filtered with the
/// PNG filter (none, sub or up) whose output has the least sum of magnitudes, the usual
/// heuristic, then deflated by zlib at `compressionLevel`. Written atomically: a temporary
/// file beside the target, then a rename, so an interrupted write never leaves half an image
/// in place of a good one.
///
/// ```swift
/// try PNGFile.write(frame.image, to: URL(fileURLWithPath: "frame.png"))
/// ```
enum PNGFile {
  /// zlib's level: 3 compresses the editor's frames (flat fills, anti-aliased edges) within
  /// a few percent of level 6 in a third of the time.
  static let compressionLevel: Int32 = 3

  static func write(_ image: PixelBuffer, to url: URL) throws(FileError) {
    let data: Data
    do {
      data = try encode(image)
    } catch {
      throw .cannotWrite(path: url.path, reason: error.description)
    }
    do {
      try FileSystemClient.liveValue.writeAtomically(data, url)
    } catch {
      throw .cannotWrite(path: url.path, reason: error.localizedDescription)
    }
  }

  /// The PNG file of `image`.
  static func encode(_ image: PixelBuffer) throws(PNGError) -> Data {
    guard image.width > 0, image.height > 0 else { throw .emptyImage }
    let hasAlpha = image.pixels.contains { $0 >> 24 != 0xFF }
    let channels = hasAlpha ? 4 : 3
    let rowBytes = image.width * channels
    var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * image.height)
    var rows = [UInt8](repeating: 0, count: rowBytes * 4)
    image.pixels.withUnsafeBufferPointer { pixels in
      filtered.withUnsafeMutableBufferPointer { filtered in
        rows.withUnsafeMutableBufferPointer { rows in
          // Four rows of scratch: the previous row, this one, and this one filtered two ways.
          var previous = rows.baseAddress!, current = previous + rowBytes
          let sub = current + rowBytes, up = sub + rowBytes
          for y in 0..<image.height {
            let source = pixels.baseAddress! + y * image.width
            for x in 0..<image.width {
              let pixel = source[x], at = x * channels
              current[at] = UInt8(truncatingIfNeeded: pixel >> 16)
              current[at + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
              current[at + 2] = UInt8(truncatingIfNeeded: pixel)
              if hasAlpha { current[at + 3] = UInt8(truncatingIfNeeded: pixel >> 24) }
            }
            // Sums of the filtered bytes as signed magnitudes; the smallest compresses best.
            var none = 0, subCost = 0, upCost = 0
            for index in 0..<rowBytes {
              let left = index >= channels ? current[index - channels] : 0
              sub[index] = current[index] &- left
              up[index] = current[index] &- previous[index]
              none &+= Int(Int8(bitPattern: current[index]).magnitude)
              subCost &+= Int(Int8(bitPattern: sub[index]).magnitude)
              upCost &+= Int(Int8(bitPattern: up[index]).magnitude)
            }
            let out = filtered.baseAddress! + y * (rowBytes + 1)
            let (filter, bytes) = upCost <= subCost && upCost <= none ? (2, up) : subCost <= none ? (1, sub) : (0, current)
            out[0] = UInt8(filter)
            (out + 1).update(from: bytes, count: rowBytes)
            swap(&previous, &current)
          }
        }
      }
    }
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.appendBigEndian(UInt32(image.width))
    header.appendBigEndian(UInt32(image.height))
    header.append(contentsOf: [8, hasAlpha ? 6 : 2, 0, 0, 0])
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", try deflate(filtered), to: &png)
    appendChunk("IEND", Data(), to: &png)
    return png
  }

  private static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
    png.appendBigEndian(UInt32(body.count))
    let typeBytes = Data(type.utf8)
    png.append(typeBytes)
    png.append(body)
    var crc = crc32(0, nil, 0)
    typeBytes.withUnsafeBytes { crc = crc32(crc, $0.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt($0.count)) }
    body.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress { crc = crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)) }
    }
    png.appendBigEndian(UInt32(crc))
  }

  /// `bytes` as one zlib stream.
  private static func deflate(_ bytes: [UInt8]) throws(PNGError) -> Data {
    var bound = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(bound))
    let status = bytes.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        compress2(target.baseAddress!, &bound, source.baseAddress!, uLong(source.count), compressionLevel)
      }
    }
    guard status == Z_OK else { throw .compressionFailed(status: status) }
    return Data(output.prefix(Int(bound)))
  }
}

extension Data {
  fileprivate mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
  }
}
