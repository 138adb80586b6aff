import Foundation

extension Document {
  /// Reads and decodes the document at `url`: the one place that turns a missing, unreadable,
  /// oversized or invalid file into the error a user is shown.
  ///
  /// ```swift
  /// let document = try Document.read(url, FileSystemClient.liveValue)
  /// ```
  public static func read(_ url: URL, _ fileSystem: FileSystemClient) throws(DocumentError) -> Document {
    let data: Data
    do {
      data = try fileSystem.read(url)
    } catch let error as DocumentError {
      throw error
    } catch {
      let reason = FileManager.default.fileExists(atPath: url.path) ? "permission denied or not a file" : "no such file"
      throw .unreadable(path: url.path, reason: reason)
    }
    return try decode(data)
  }
}
