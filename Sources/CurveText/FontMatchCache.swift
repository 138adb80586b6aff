#if canImport(Glibc)
  import Glibc
#endif

/// fontconfig's answers kept from one process to the next. fontconfig reads its whole
/// configuration (the XML under /etc/fonts) at its first match: 28 M instructions, three
/// quarters of a process drawing a line of text, against 0.9 M for the match itself. Its
/// answers change only with that configuration, a font folder, or the settings it reads from
/// the environment, so they are kept with the state of every configuration file and font
/// folder fontconfig read, and trusted while none has changed (as fontconfig trusts its own
/// caches of font folders by their times).
struct FontMatchCache: Equatable {
  /// A face fontconfig chose: its file, and its index in that file.
  struct Font: Hashable {
    var file: String
    var index: Int
  }

  /// fontconfig's version and the settings it reads from the environment, which every answer
  /// depends on as much as on the files.
  var environment: String
  /// Each path fontconfig's answers depend on, with its `state(of:)` when they were given.
  var watched: [String: String]
  /// The best match for a request (`key(_:)`), or nil where fontconfig had none.
  var matches: [String: Font?] = [:]
  /// The first fallback of a request that has a character (`key(_:covering:)`), or nil.
  var coverings: [String: Font?] = [:]

  /// Past this many answers the cache starts again: requests come from drawings, and a kept
  /// answer no drawing asks for again should not be read by every process.
  static let capacity = 4096

  /// What `key(_:)` names: the request's families, weight, style and width.
  static func key(_ request: FontRequest) -> String {
    request.families.joined(separator: "\u{1F}") + "\u{1E}\(request.weight) \(request.isItalic ? 1 : 0) \(request.width)"
  }

  static func key(_ request: FontRequest, covering scalar: Unicode.Scalar) -> String {
    key(request) + "\u{1E}\(scalar.value)"
  }

  var isFull: Bool { matches.count + coverings.count >= Self.capacity }

  /// Whether every watched path is as it was when the answers were given.
  var isCurrent: Bool {
    watched.allSatisfy { path, state in Self.state(of: path) == state }
  }

  /// A path's modification and change times, size and inode, or "missing": a folder's times
  /// move when a file is added to it or taken away, a file's when it is written.
  static func state(of path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return "missing" }
    return "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec) \(status.st_size) \(status.st_ino)"
  }

  /// A cache of no answers yet, watching `paths` as they are now.
  init(environment: String, watching paths: some Sequence<String>) {
    self.environment = environment
    watched = Dictionary(paths.map { ($0, Self.state(of: $0)) }, uniquingKeysWith: { first, _ in first })
  }

  init(environment: String, watched: [String: String], matches: [String: Font?] = [:], coverings: [String: Font?] = [:]) {
    self.environment = environment
    self.watched = watched
    self.matches = matches
    self.coverings = coverings
  }

  // MARK: - The file

  /// The first line of the file: its format and version.
  static let header = "curves font matches 1"

  /// The file's text: the header, then a line each (fields apart by tabs, `escape`d) for the
  /// environment, each watched path, each match and each covering; an answer of no font has
  /// no file field.
  var text: String {
    var lines = [Self.header, "environment\t" + Self.escape(environment)]
    for (path, state) in watched.sorted(by: { $0.key < $1.key }) {
      lines.append("watch\t\(Self.escape(path))\t\(state)")
    }
    for (kind, answers) in [("match", matches), ("cover", coverings)] {
      for (key, font) in answers.sorted(by: { $0.key < $1.key }) {
        let fields = font.map { "\t\(Self.escape($0.file))\t\($0.index)" } ?? ""
        lines.append("\(kind)\t\(Self.escape(key))\(fields)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The cache `text` wrote, or nil when the text is not one (another version, a line cut).
  init?(text: String) {
    self.init(bytes: Array(text.utf8))
  }

  /// The cache whose `text` these are: read byte by byte, a field a string (splitting the
  /// text as strings was 40% of a process drawing a line of text).
  init?(bytes: [UInt8]) {
    guard bytes.last == 0x0A else { return nil }
    var lines: [[String]] = []
    bytes.withUnsafeBufferPointer { bytes in
      var fields: [String] = [], start = 0
      for index in bytes.indices where bytes[index] == 0x09 || bytes[index] == 0x0A {
        fields.append(Self.unescape(UnsafeBufferPointer(rebasing: bytes[start..<index])))
        start = index + 1
        if bytes[index] == 0x0A {
          lines.append(fields)
          fields = []
        }
      }
    }
    guard lines.count >= 2, lines[0] == [Self.header], lines[1].count == 2, lines[1][0] == "environment" else { return nil }
    self.init(environment: lines[1][1], watched: [:])
    for fields in lines.dropFirst(2) {
      switch (fields[0], fields.count) {
      case ("watch", 3): watched[fields[1]] = fields[2]
      case ("match", 2): matches[fields[1]] = .some(nil)
      case ("cover", 2): coverings[fields[1]] = .some(nil)
      case ("match", 4), ("cover", 4):
        guard let index = Int(fields[3]) else { return nil }
        let font = Font(file: fields[2], index: index)
        if fields[0] == "match" { matches[fields[1]] = font } else { coverings[fields[1]] = font }
      default: return nil
      }
    }
  }

  /// The cache kept at `path`, when it was written for `environment` and nothing it watches
  /// has changed; nil otherwise (no file, another environment, a file changed).
  static func load(from path: String, environment: String) -> FontMatchCache? {
    guard let bytes = readFile(path), let cache = FontMatchCache(bytes: bytes), cache.environment == environment, cache.isCurrent else {
      return nil
    }
    return cache
  }

  /// Writes the cache to `path` in one step (a file beside it, then renamed over it), making
  /// its folder first; false when it cannot (no such home, a read-only disk): the answers are
  /// then asked of fontconfig again next time, and nothing else changes.
  @discardableResult
  func save(to path: String) -> Bool {
    guard let slash = path.lastIndex(of: "/") else { return false }
    Self.makeFolders(String(path[..<slash]))
    let partial = "\(path).\(getpid()).partial"
    let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { break }
      bytes = bytes.dropFirst(written)
    }
    let closed = close(descriptor) == 0
    guard bytes.isEmpty, closed, rename(partial, path) == 0 else {
      unlink(partial)
      return false
    }
    return true
  }

  /// Each folder of `path` that is missing, made in turn (as `mkdir -p`).
  private static func makeFolders(_ path: String) {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      _ = mkdir(prefix, 0o755)
    }
  }

  /// A whole file's bytes, or nil when it cannot be read.
  private static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return bytes
  }

  /// Tabs, line ends and backslashes written as `\t`, `\n` and `\\`, so that any path or
  /// family name fits in a field.
  static func escape(_ field: String) -> String {
    guard field.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x5C }) else { return field }
    var escaped: [UInt8] = []
    for byte in field.utf8 {
      switch byte {
      case 0x09: escaped += "\\t".utf8
      case 0x0A: escaped += "\\n".utf8
      case 0x5C: escaped += "\\\\".utf8
      default: escaped.append(byte)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// A field's text, its `escape`s undone.
  static func unescape(_ field: UnsafeBufferPointer<UInt8>) -> String {
    guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
    var plain: [UInt8] = [], escaping = false
    for byte in field {
      if escaping {
        plain.append(byte == UInt8(ascii: "t") ? 0x09 : byte == UInt8(ascii: "n") ? 0x0A : byte)
        escaping = false
      } else if byte == 0x5C {
        escaping = true
      } else {
        plain.append(byte)
      }
    }
    return String(decoding: plain, as: UTF8.self)
  }
}
