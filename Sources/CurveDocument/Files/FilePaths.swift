import FoundationEssentials

/// A file URL's path and its parts, read without `URL.path`: on Linux `path` builds the set of
/// bytes its percent-decoding keeps on every call, and the first build scans every protocol
/// conformance in the binary (a twentieth of drawing a small file). The same strings as `path`,
/// `pathExtension` and `deletingLastPathComponent().path` give for a file URL.
///
/// ```swift
/// let descriptor = open(url.filePath, O_RDONLY)
/// if url.fileExtension.lowercased() == "svg" { … }
/// ```
extension URL {
  /// The file's path, percent-escapes decoded, without a trailing slash (but "/").
  public var filePath: String {
    let path = path(percentEncoded: false)
    return path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") ? String(path.dropLast()) : path
  }

  /// What follows the last dot of the last component ("" for none, a name that starts with
  /// its only dot, or one that ends with a dot).
  public var fileExtension: String { FilePaths.fileExtension(of: filePath) }
}

/// Parts of a file's path, as `URL`'s path components split them.
public enum FilePaths {
  /// The folder `path` is in ("/" for one at the root, "." for a bare name).
  public static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of `path`.
  public static func name(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  /// What follows the last dot of `path`'s last component, as `URL.pathExtension` reads it.
  public static func fileExtension(of path: String) -> String {
    let name = name(of: path)
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
    return String(name[name.utf8.index(after: dot)...])
  }
}
