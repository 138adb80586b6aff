import ArgumentParser
import CurveGeometry
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Many files through one command (`curves render A.svg B.svg --output-dir DIR`): the inputs
/// named (files, the files of a directory, the lines of a `.txt` list), each one's output in
/// the directory under its own name, and the work done on every core, one failing file
/// reported and the rest done.
///
/// ```swift
/// let inputs = try FileBatch.inputs(["icons/", "tiger.svg"], extensions: ["svg", "svgz"])
/// let failed = FileBatch.run(inputs, into: directory, extension: "png") { input, output in … }
/// ```
package enum FileBatch {
  /// The files `arguments` name, in order: a file as it is; a directory's files with one of
  /// `extensions` (not its subdirectories'), sorted by name; a `.txt` file's lines, each a
  /// path (relative to the list's folder), blank lines and `#` comments skipped.
  package static func inputs(_ arguments: [String], extensions: Set<String>) throws(FileError) -> [URL] {
    var inputs: [URL] = []
    for argument in arguments {
      let url = URL(fileURLWithPath: argument)
      guard let isDirectory = isDirectory(url.path) else { throw .cannotRead(path: argument, reason: "no such file or directory") }
      if isDirectory {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        inputs += names.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }.sorted().map { url.appendingPathComponent($0) }
      } else if url.pathExtension.lowercased() == "txt" {
        guard let list = try? String(contentsOf: url, encoding: .utf8) else { throw .cannotRead(path: argument, reason: "not a UTF-8 list of files") }
        let folder = url.deletingLastPathComponent()
        for line in list.split(whereSeparator: \.isNewline) {
          let path = line.trimmingWhitespace()
          guard !path.isEmpty, !path.hasPrefix("#") else { continue }
          inputs.append(path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path))
        }
      } else {
        inputs.append(url)
      }
    }
    return inputs
  }

  /// What a directory's drawings and documents are named: SVG, compressed SVG, documents.
  package static let drawings: Set<String> = ["svg", "svgz", "json", "curves"]

  /// Whether `arguments` ask for a batch even with one argument: a directory. (A `.txt` is a
  /// list only with `--output-dir`; alone it is a file, which a command refuses as it would.)
  package static func namesMany(_ arguments: [String]) -> Bool {
    arguments.count > 1 || arguments.contains { isDirectory($0) == true }
  }

  /// Whether `path` is a directory (through links); nil when nothing is there.
  private static func isDirectory(_ path: String) -> Bool? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT == S_IFDIR
  }

  /// `DIR/NAME.ext` for each input (its name without its extension; `ext` its own when nil),
  /// `NAME-2.ext` and on where two inputs share a name.
  package static func outputs(for inputs: [URL], in directory: URL, extension: String?) -> [URL] {
    var taken: Set<String> = [], outputs: [URL] = []
    for input in inputs {
      let base = input.deletingPathExtension().lastPathComponent, ext = `extension` ?? input.pathExtension
      var name = base, suffix = 2
      while taken.contains("\(name).\(ext)") {
        name = "\(base)-\(suffix)"
        suffix += 1
      }
      taken.insert("\(name).\(ext)")
      outputs.append(directory.appendingPathComponent(name).appendingPathExtension(ext))
    }
    return outputs
  }

  /// What a command that takes `--output-dir` checks of its arguments: files given, and
  /// either `-o` for one file or `--output-dir` for any number.
  package static func validate(files: [String], output: String?, outputDir: String?) throws {
    guard !files.isEmpty else { throw ValidationError("give the file to read.") }
    if outputDir != nil {
      guard output == nil else { throw ValidationError("-o names one output, --output-dir a directory for many; give one of them.") }
      return
    }
    guard !namesMany(files) else { throw ValidationError("several files (or a directory's) are written with --output-dir DIR.") }
    guard output != nil else { throw ValidationError("give -o OUT, or --output-dir DIR.") }
  }

  /// A whole batch: the files `arguments` name (with one of `extensions`, in a directory)
  /// through `work`, into `directory` as NAME.`extension` (each input's own when nil);
  /// throws `ExitCode.failure` at the end when any failed.
  package static func runAll(
    _ arguments: [String], extensions: Set<String>, into directory: String, extension: String?,
    _ work: @Sendable (_ input: URL, _ output: URL) throws -> Void
  ) throws {
    let inputs = try inputs(arguments, extensions: extensions)
    if try run(inputs, into: URL(fileURLWithPath: directory), extension: `extension`, work) > 0 { throw ExitCode.failure }
  }

  /// Runs `work` on each input and its output in `directory` (created when missing), on
  /// every core; each failure is one line on standard error (`FILE: reason`), and a progress
  /// bar is drawn there while it is a terminal. Returns how many failed.
  package static func run(
    _ inputs: [URL], into directory: URL, extension: String?, _ work: @Sendable (_ input: URL, _ output: URL) throws -> Void
  ) throws(FileError) -> Int {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(path: directory.path, reason: "cannot make the directory")
    }
    let outputs = outputs(for: inputs, in: directory, extension: `extension`)
    let progress = Progress(total: inputs.count, drawsBar: isatty(STDERR_FILENO) != 0)
    // Files are taken one at a time from a shared counter: a large drawing does not hold up
    // a core's share of small ones.
    let next = Atomic(0)
    let workers = min(Cores.available, max(inputs.count, 1))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < inputs.count else { return }
        var failure: String?
        do {
          try DocumentFiles.checkOutput(outputs[index], isNotAnyOf: [inputs[index]])
          try work(inputs[index], outputs[index])
        } catch {
          // Named once: most errors name their file themselves.
          let reason = "\(error)"
          failure = reason.contains(inputs[index].path) ? reason : "\(inputs[index].path): \(reason)"
        }
        progress.finished(failure: failure)
      }
    }
    progress.end()
    return progress.failures
  }

  /// How far a batch has come: failures told as they happen, and on a terminal a bar that
  /// the next line replaces.
  private final class Progress: Sendable {
    private struct Counts {
      var done = 0
      var failures = 0
    }

    private let counts = Mutex(Counts())
    private let total: Int
    private let drawsBar: Bool

    init(total: Int, drawsBar: Bool) {
      self.total = total
      self.drawsBar = drawsBar
    }

    var failures: Int { counts.withLock { $0.failures } }

    func finished(failure: String?) {
      counts.withLock { counts in
        counts.done += 1
        var text = ""
        if drawsBar { text += "\r\u{1B}[K" }
        if let failure {
          counts.failures += 1
          text += failure + "\n"
        }
        if drawsBar {
          let width = 30, filled = total == 0 ? width : width * counts.done / total
          text += "[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(counts.done)/\(total)"
          if counts.failures > 0 { text += ", \(counts.failures) failed" }
        }
        if !text.isEmpty { StandardStreams.error(text) }
      }
    }

    func end() {
      if drawsBar { StandardStreams.error("\n") }
    }
  }
}
