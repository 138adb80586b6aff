/// A replay script's line that is not an event: the message names the line (and the file,
/// once known) and what the line needs.
///
/// ```
/// events.jsonl: line 3: 'wheel' needs a number "dy" between -100 and 100
/// ```
package struct ReplayScriptError: Error, Equatable, CustomStringConvertible {
  /// The script's path, when it was read from a file.
  package var file: String?
  /// The line, counting from 1.
  package var line: Int
  package var reason: String

  package var description: String {
    (file.map { "\($0): " } ?? "") + "line \(line): \(reason)"
  }
}

/// A key chord written wrong: `"ctrl+"`, `"alt+x"`, `"pagedown"`.
enum KeyChordError: Error, Equatable, CustomStringConvertible {
  case emptyKey(in: String)
  case unknownModifier(String, in: String)
  case unknownKey(String, in: String)

  var description: String {
    switch self {
    case let .emptyKey(text): "empty key in '\(text)'"
    case let .unknownModifier(modifier, text): "unknown modifier '\(modifier)' in '\(text)'"
    case let .unknownKey(key, text): "unknown key '\(key)' in '\(text)'"
    }
  }
}
