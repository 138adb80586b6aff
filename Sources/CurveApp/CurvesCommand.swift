import ArgumentParser

/// `curves`: the editor, and the headless modes that share its code paths.
@main
struct CurvesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "curves",
    abstract: "An animated Bézier curve editor.",
    subcommands: [FlattenCommand.self]
  )
}
