import CurveDocument
import FoundationEssentials

/// A file or stream a command could not read or write: the message names it and says why.
package enum FileError: Error, Equatable, CustomStringConvertible {
  /// The document did not open: unreadable, malformed, or past the format's limits.
  case document(DocumentError, URL)
  /// A file that could not be read, with the reason when it is known.
  case cannotRead(path: String, reason: String?)
  /// A file that could not be written.
  case cannotWrite(path: String, reason: String)
  /// A file that was read but is not what the command takes.
  case invalid(path: String, reason: String)
  /// Standard input failed (an I/O error).
  case cannotReadInput(reason: String)
  /// Standard output failed (a closed pipe, a full disk).
  case cannotWriteOutput(reason: String)

  package var description: String {
    switch self {
    case let .document(error, url): error.naming(url)
    case let .cannotRead(path, reason?): "cannot read \(path): \(reason)"
    case let .cannotRead(path, nil): "cannot read \(path)"
    case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
    case let .invalid(path, reason): "\(path): \(reason)"
    case let .cannotReadInput(reason): "cannot read the input: \(reason)"
    case let .cannotWriteOutput(reason): "cannot write the output: \(reason)"
    }
  }
}
