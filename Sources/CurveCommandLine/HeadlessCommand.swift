import ArgumentParser
import FoundationEssentials
import Glibc

/// `curves` as it starts: the commands that need no editor (a drawing rendered alone, SVG
/// imported and exported, curves flattened, fitted, simplified, intersected and analysed),
/// `--version` and the help of these, run here, in a program that loads no window system, no
/// network library and no reducer; everything else (the window, the editor's frames,
/// replays) is the editor's, `curves-editor`, which this program becomes (execv(2): same
/// process, same arguments).
///
/// ```swift
/// HeadlessCommand.dispatch()   // the `curves` executable's whole main
/// ```
///
/// Both parse with the same definitions (the editor's own commands' are in `EditorCommands`),
/// so errors and help are the same whichever answers.
package struct HeadlessCommand: ParsableCommand {
  /// The editor's own configuration (`CurvesCommand`'s), its commands in its order: the
  /// editor's own (`edit`, `replay`) named here by their help alone, so `curves --help` and
  /// `curves --version` are answered here in the editor's words.
  package static let configuration = CommandConfiguration(
    commandName: "curves",
    // ASCII: the man page generator drops other characters.
    abstract: "An animated Bezier curve editor.",
    version: CurvesVersion.current,
    subcommands: [
      EditorOnlyEditCommand.self, HeadlessRenderCommand.self, EditorOnlyReplayCommand.self, ExportSVGCommand.self, ExportLottieCommand.self,
      ImportSVGCommand.self, FlattenCommand.self, FitCommand.self, PathCommand.self, IntersectCommand.self, AnalyzeCommand.self, TransformCommand.self,
      TextToPathCommand.self,
    ],
    defaultSubcommand: EditorOnlyEditCommand.self
  )

  package init() {}

  /// Runs a headless command here, or hands every other command line to the editor.
  package static func dispatch(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    // A drawing drawn alone, the command run most (a process an icon), read without
    // ArgumentParser's reflection when it is one of the plain lines `DrawingRender.quick` reads.
    if arguments.first == "render", let render = DrawingRender.quick(arguments.dropFirst()) {
      do {
        try render.run()
        Glibc.exit(0)
      } catch {
        exit(withError: error)
      }
    }
    if answersHelpHere(arguments) {
      // `--help`, `--version`: ArgumentParser's clean exits, printed as the editor prints them.
      do {
        // Help comes back as ArgumentParser's own help command, which prints it.
        var command = try parseAsRoot(arguments)
        try command.run()
        Glibc.exit(0)
      } catch {
        exit(withError: error)
      }
    }
    guard var command = try? parseAsRoot(arguments), runsHere(command) else { becomeEditor() }
    do {
      try command.run()
      Glibc.exit(0)
    } catch {
      exit(withError: error)
    }
  }

  /// Whether `arguments` ask for help or the version that this program prints as the editor
  /// would: the root's (`--help`, `-h`, `--version`, `help`), or a headless command's own.
  private static func answersHelpHere(_ arguments: [String]) -> Bool {
    let root: Set<[String]> = [["--help"], ["-h"], ["--version"], ["help"]]
    if root.contains(arguments) { return true }
    let headless = Set(configuration.subcommands.map { $0.configuration.commandName ?? "" })
      .subtracting([EditorCommands.edit.commandName ?? "", EditorCommands.replay.commandName ?? ""])
    guard let first = arguments.first else { return false }
    if first == "help" { return arguments.count == 2 && headless.contains(arguments[1]) }
    return headless.contains(first) && (arguments.contains("--help") || arguments.contains("-h"))
  }

  /// Whether `command` is one of the headless ones (parsing gives others too: help is a
  /// command of ArgumentParser's own).
  private static func runsHere(_ command: any ParsableCommand) -> Bool {
    switch command {
    case let render as HeadlessRenderCommand: (render.options.drawingOnly || render.options.outputDir != nil) && !render.options.animate
    case is ExportSVGCommand, is ExportLottieCommand, is ImportSVGCommand, is FlattenCommand, is FitCommand, is SimplifyPathCommand, is IntersectCommand, is AnalyzeCommand, is TransformCommand,
      is TextToPathCommand, is any PathOperationCommand: true
    default: false
    }
  }

  /// Replaces this process with the editor, given the same arguments; only returns (exiting
  /// with a one-line error) when there is no editor to run.
  private static func becomeEditor() -> Never {
    let path = editorPath
    var arguments = CommandLine.arguments.map { strdup($0) }
    arguments.append(nil)
    execv(path, arguments)
    let reason = String(cString: strerror(errno))
    StandardStreams.error("curves: cannot run the editor \(path): \(reason)\n")
    Glibc.exit(127)
  }

  /// `curves-editor` beside this program (a build directory), or where `make install` and
  /// the package put it: `PREFIX/libexec/curves/curves-editor` for `PREFIX/bin/curves`.
  static var editorPath: String {
    let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let beside = program.appendingPathComponent(editorName).path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return program.deletingLastPathComponent().appendingPathComponent("libexec/curves/\(editorName)").path
  }

  static let editorName = "curves-editor"
}

/// `curves render … --drawing-only`, here; `curves render` of the editor's frames goes to the
/// editor.
package struct HeadlessRenderCommand: ParsableCommand {
  package static let configuration = RenderOptions.configuration

  @OptionGroup package var options: RenderOptions

  package init() {}

  package func run() throws {
    try options.drawingRender.run()
  }
}

/// `curves edit` as `curves --help` lists it: the editor's, which runs it.
package struct EditorOnlyEditCommand: ParsableCommand {
  package static let configuration = EditorCommands.edit
  package init() {}
}

/// `curves replay` as `curves --help` lists it: the editor's, which runs it.
package struct EditorOnlyReplayCommand: ParsableCommand {
  package static let configuration = EditorCommands.replay
  package init() {}
}
