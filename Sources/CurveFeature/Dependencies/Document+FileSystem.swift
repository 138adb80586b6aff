import Foundation

extension Document {
  /// Reads and decodes the document at `url` through `fileSystem` (`Document.read(_:reading:)`).
  ///
  /// ```swift
  /// let document = try Document.read(url, FileSystemClient.liveValue)
  /// ```
  public static func read(_ url: URL, _ fileSystem: FileSystemClient) throws(DocumentError) -> Document {
    try read(url, reading: fileSystem.read)
  }
}
