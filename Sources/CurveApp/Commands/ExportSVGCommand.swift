import ArgumentParser
import CurveFeature
import Foundation

/// `curves export-svg FILE -o OUT.svg`.
struct ExportSVGCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-svg",
    abstract: "Write a document's curves as SVG paths (cubics as C commands, higher degrees flattened)."
  )

  @Argument(help: "The document to export.")
  var file: String

  @Option(name: .shortAndLong, help: "The SVG file to write.")
  var output: String

  func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try DocumentFiles.load(input)
    do {
      try FileSystemClient.liveValue.writeAtomically(Data(SVGExport.svg(for: document).utf8), target)
    } catch {
      throw FileError.cannotWrite(path: target.path, reason: error.localizedDescription)
    }
  }
}
