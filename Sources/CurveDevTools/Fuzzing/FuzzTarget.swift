import CurveApp
import Foundation

/// The inputs `curves` reads from files or pipes, each with the invariants it keeps on any
/// bytes at all. libFuzzer drives them (`make fuzz`, the `curves-fuzz` harness in `Fuzz/`) and
/// `make test` replays every saved input through the same checks (`Fuzz/Corpus/NAME/`), so an
/// input that ever failed stays a regression test.
///
/// Every target: no trap, a clear error for bad input, and nothing non-finite out of finite
/// input. libFuzzer's `-timeout=1` adds: no input takes over a second.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Eight coordinates and a tolerance (little-endian doubles): flattening by every method,
  /// stroking, rasterizing.
  case geometry
  /// A document file, through `Document.decode`.
  case document
  /// A replay script, parsed and then played through a headless editor.
  case replay
  /// `curves flatten`'s input, streamed.
  case flatten
  /// An SVG file, through `SVGImport`.
  case svg
  /// Two shapes on a coarse grid, through every boolean operation.
  case booleans
  /// A text drawing made from the bytes, laid out, drawn and turned into curves.
  case text

  /// Checks this target's invariants on `bytes`; throws what broke.
  @MainActor
  public func check(_ bytes: [UInt8]) async throws(FuzzFailure) {
    switch self {
    case .geometry: try GeometryFuzzing.check(bytes)
    case .document: try DocumentFuzzing.check(bytes)
    case .replay: try await ReplayFuzzing.check(bytes)
    case .flatten: try FlattenFuzzing.check(bytes)
    case .svg: try SVGFuzzing.check(bytes)
    case .booleans: try BooleanFuzzing.check(bytes)
    case .text: try TextFuzzing.check(bytes)
    }
  }

  /// `check` from synchronous code on the main thread (libFuzzer's callback), running the main
  /// actor's queue until it is done.
  @MainActor
  public func checkOnMainThread(_ bytes: [UInt8]) throws {
    try MainRunLoop.run { try await check(bytes) }
  }
}

/// A broken invariant: what broke, for the crash report or the failing test.
public struct FuzzFailure: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

/// Throws `FuzzFailure(message)` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
  if !condition { throw FuzzFailure(message()) }
}
