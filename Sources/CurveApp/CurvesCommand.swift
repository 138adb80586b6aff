import ArgumentParser
import CurveCommandLine

/// `curves`: the editor, and the headless modes that share its code paths.
///
/// `main` is synchronous on purpose: the main thread stays the main actor's thread, which
/// SDL needs (see `MainRunLoop`).
public struct CurvesCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "curves",
    // ASCII: the man page generator drops other characters.
    abstract: "An animated Bezier curve editor.",
    version: CurvesVersion.current,
    subcommands: [
      EditCommand.self, RenderCommand.self, ReplayCommand.self, ExportSVGCommand.self, ExportLottieCommand.self, ImportSVGCommand.self, FlattenCommand.self,
      FitCommand.self, PathCommand.self, IntersectCommand.self, AnalyzeCommand.self, TransformCommand.self, TextToPathCommand.self,
    ],
    defaultSubcommand: EditCommand.self
  )

  public init() {}
}
