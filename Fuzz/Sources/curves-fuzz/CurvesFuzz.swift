import CurveDevTools
import Foundation

/// `curves-fuzz TARGET [libFuzzer options] [corpus directories]`: libFuzzer on one of
/// `FuzzTarget`'s inputs, trapping with the broken invariant's message.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzer(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// The target chosen on the command line; read by the C callback, which cannot capture it.
nonisolated(unsafe) private var target = FuzzTarget.geometry

/// SwiftPM links an executable target's entry point under this name.
@_cdecl("curves_fuzz_main")
public func curvesFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
  guard argc >= 2, let argv, let name = argv[1].map({ String(cString: $0) }), let chosen = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("usage: curves-fuzz TARGET [libFuzzer options] [corpus...]; TARGET is one of \(names)\n".utf8))
    return 2
  }
  target = chosen
  // libFuzzer sees the program name and what follows the target.
  argv[1] = argv[0]
  var count = argc - 1
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + 1
  return runFuzzer(&count, &arguments) { bytes, size in
    let input = Array(UnsafeBufferPointer(start: bytes, count: size))
    MainActor.assumeIsolated {
      do {
        try target.checkOnMainThread(input)
      } catch {
        fatalError("\(target.rawValue): \(error)")
      }
    }
    return 0
  }
}
