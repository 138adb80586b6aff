import CurveRender

/// A command-line option whose value the command cannot use: the message names the option,
/// what it takes, and what was given.
package enum CommandLineError: Error, Equatable, CustomStringConvertible {
  /// `--size` is not WIDTHxHEIGHT within the frame sizes allowed (at least the minimum given,
  /// at most `RenderError.largestFrame`).
  case size(String, minimumWidth: Int, minimumHeight: Int)
  /// An output would be written over one of the command's inputs.
  case outputIsInput(path: String)
  /// `--fps` outside 1…60 (the editor's animation export).
  case framesPerSecond(Int)
  /// `--duration` outside 0.1…60 seconds (the editor's animation export).
  case duration(Double)
  /// An animation too large to hold in memory as one GIF.
  case animationTooLarge(frames: Int, width: Int, height: Int)
  /// A drawing whose file gives a size larger than `RenderError.largestFrame`, drawn without
  /// `--size` or `--width`.
  case drawingTooLarge(path: String, width: Int, height: Int)

  package var description: String {
    switch self {
    case let .size(text, minimumWidth, minimumHeight):
      let maximum = RenderError.largestFrame
      return "--size must be WIDTHxHEIGHT between \(minimumWidth)x\(minimumHeight) and \(maximum.width)x\(maximum.height), not '\(text)'"
    case let .outputIsInput(path):
      return "refusing to overwrite the input file \(path); choose another output"
    case let .framesPerSecond(fps):
      return "--fps must be between 1 and 60, not \(fps)"
    case let .duration(seconds):
      return "--duration must be between 0.1 and 60 seconds, not \(seconds)"
    case let .animationTooLarge(frames, width, height):
      return "\(frames) frames of \(width)x\(height) are too many pixels for one GIF; lower --fps, --duration or --size"
    case let .drawingTooLarge(path, width, height):
      let maximum = RenderError.largestFrame
      return "\(path) is \(width)x\(height) pixels, more than the \(maximum.width)x\(maximum.height) Curves draws; give a smaller size with --size or --width"
    }
  }
}
