import CZlib
import CurveDocument
import FoundationEssentials

/// gzip, as `.svgz` files are compressed (Inkscape's "Compressed SVG"), through Debian's
/// zlib.
///
/// ```swift
/// let packed = Gzip.compress(Data(svg.utf8))
/// Gzip.isCompressed(packed)                                // true: it starts 1f 8b
/// try Gzip.decompress(packed, limit: 64 << 20) == Data(svg.utf8)
/// ```
public enum Gzip {
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stream is damaged or cut short.
    case corrupt
    /// It would unpack to more than the limit: a hostile file, or not a drawing.
    case tooLarge(limit: Int)

    public var description: String {
      switch self {
      case .corrupt: "its gzip data is damaged or cut short"
      case let .tooLarge(limit): "it unpacks to more than \(limit >> 20) MB"
      }
    }
  }

  /// Whether `data` starts with gzip's magic bytes.
  public static func isCompressed(_ data: Data) -> Bool {
    data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
  }

  /// The bytes `data` unpacks to (one gzip member, or several one after another), at most
  /// `limit` of them.
  public static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
    var stream = z_stream()
    // 15 + 32: a window of 2^15, and a gzip (or zlib) header detected.
    guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .corrupt }
    defer { inflateEnd(&stream) }
    var output = Data()
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    let input = [UInt8](data)
    var status = Z_OK
    try input.withUnsafeBufferPointer { (source) throws(Failure) in
      stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      stream.avail_in = uInt(source.count)
      repeat {
        status = chunk.withUnsafeMutableBufferPointer { buffer in
          stream.next_out = buffer.baseAddress
          stream.avail_out = uInt(buffer.count)
          return inflate(&stream, Z_NO_FLUSH)
        }
        let produced = chunk.count - Int(stream.avail_out)
        guard output.count + produced <= limit else { throw .tooLarge(limit: limit) }
        output.append(contentsOf: chunk[..<produced])
        // Another member may follow the end of one (as `cat a.gz b.gz` makes).
        if status == Z_STREAM_END, stream.avail_in > 0 {
          guard inflateReset(&stream) == Z_OK else { throw .corrupt }
          status = Z_OK
        }
        guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && stream.avail_out == 0) else { throw .corrupt }
      } while status != Z_STREAM_END
    }
    return output
  }

  /// `data` as one gzip member, at zlib's default level.
  public static func compress(_ data: Data) -> Data {
    var stream = z_stream()
    guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return Data()
    }
    defer { deflateEnd(&stream) }
    let input = [UInt8](data)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
    input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        _ = deflate(&stream, Z_FINISH)
      }
    }
    return Data(output[..<Int(stream.total_out)])
  }
}
