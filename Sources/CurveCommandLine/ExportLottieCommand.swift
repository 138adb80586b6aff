import ArgumentParser
import CurveLottie
import FoundationEssentials

/// `curves export-lottie FILE -o OUT.json`: the document and its timeline as a Lottie
/// animation (`LottieExport`).
package struct ExportLottieCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "export-lottie",
    abstract: "Write a document and its timeline as a Lottie animation (JSON) that Lottie players play."
  )

  @Argument(help: "The document to export.")
  var file: String

  @Option(name: .shortAndLong, help: "The Lottie JSON file to write.")
  var output: String

  package init() {}

  package func run() throws {
    let input = URL(fileURLWithPath: file), target = URL(fileURLWithPath: output)
    try DocumentFiles.checkOutput(target, isNotAnyOf: [input])
    let document = try DocumentFiles.load(input)
    try DocumentFiles.write(Data(LottieExport.json(for: document).utf8), to: target)
  }
}
