import ArgumentParser
import CurveApp
import CurveCommandLine

/// `curves-dev`: tools for the people who work on Curves, not part of the app. They drive
/// the app's own code paths (the session, the frame renderer) headless: `soak` for `make soak`
/// and `benchmark-frames` for `make bench`. The fuzz targets `make fuzz` runs (`FuzzTarget`)
/// live in this module too.
public struct CurvesDevCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "curves-dev",
    abstract: "Developer tools for Curves: a long random session, and frame timings.",
    version: CurvesVersion.current,
    subcommands: [SoakCommand.self, FrameBenchmarkCommand.self, SelectorBenchmarkCommand.self, TypingBenchmarkCommand.self]
  )

  public init() {}
}
