import Glibc

/// Standard output, error and input as the commands use them: text written at once with
/// write(2), unbuffered as a diagnostic should be, and input read whole.
package enum StandardStreams {
  /// Writes `text` to standard output.
  package static func output(_ text: String) { write(text, to: STDOUT_FILENO) }

  /// Writes `text` to standard error.
  package static func error(_ text: String) { write(text, to: STDERR_FILENO) }

  /// All of standard input, until its end.
  package static func readInput() -> [UInt8] {
    var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes += chunk[..<count]
    }
  }

  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let wrote = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else { return }
        offset += wrote
      }
    }
  }
}
