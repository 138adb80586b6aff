import Foundation
import Testing

/// A `curves` linked statically (C library included) hands its command to `curves-shared`
/// when a drawing needs a library it cannot open: Sources/CProcessArguments/SharedHandOff.c,
/// linked statically into a small C program whose `main` asks for the hand-off at once, with a
/// shell script for `curves-shared` that prints what it was given.
@Suite struct SharedHandOffTests {
  static let handOffSource = DesktopEntryTests.packaging.deletingLastPathComponent()
    .appendingPathComponent("Sources/CProcessArguments/SharedHandOff.c")

  /// The program, linked statically in `folder`; it prints "not handed off" and exits with 3
  /// when the hand-off returns.
  static func program(in folder: URL) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let main = folder.appendingPathComponent("main.c"), program = folder.appendingPathComponent("curves")
    try """
      #include <stdio.h>
      static char **given;
      char **curves_given_arguments(void) { return given; }
      void curves_hand_off_to_shared(void);
      int main(int count, char **arguments) {
        given = arguments;
        curves_hand_off_to_shared();
        printf("not handed off\\n");
        return 3;
      }
      """.write(to: main, atomically: true, encoding: .utf8)
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
    let compiler = try #require(
      ["clang", "cc", "gcc"].lazy.flatMap { name in path.map { "\($0)/\(name)" } }.first { FileManager.default.isExecutableFile(atPath: $0) })
    let compiled = try ChildProcess.run(compiler, [main.path, handOffSource.path, "-static", "-o", program.path], timeout: .seconds(120))
    #expect(compiled.status == 0, "\(compiler): \(compiled.error)")
    return program
  }

  /// A `curves-shared` at `place` that prints the variable the hand-off sets and its arguments.
  static func writeShared(at place: URL) throws {
    try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "#!/bin/sh\nprintf 'shared %s' \"$CURVES_HANDED_OFF\"; printf ' [%s]' \"$@\"; echo\n".write(to: place, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: place.path)
  }

  static func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["CURVES_HANDED_OFF"] = nil
    return environment
  }

  @Test func becomesTheSharedProgramBesideItWithTheSameArguments() throws {
    try Self.withFolder { folder in
      let program = try Self.program(in: folder)
      try Self.writeShared(at: folder.appendingPathComponent("curves-shared"))
      let outcome = try ChildProcess.run(program.path, ["render", "a drawing.svg", "-o", "out.png"], environment: Self.environment, timeout: .seconds(60))
      #expect(outcome.status == 0)
      #expect(outcome.output == "shared 1 [render] [a drawing.svg] [-o] [out.png]\n")
    }
  }

  @Test func findsTheSharedProgramWhereInstallPutsIt() throws {
    try Self.withFolder { folder in
      let program = try Self.program(in: folder.appendingPathComponent("bin"))
      try Self.writeShared(at: folder.appendingPathComponent("libexec/curves/curves-shared"))
      let outcome = try ChildProcess.run(program.path, ["import-svg", "text.svg"], environment: Self.environment, timeout: .seconds(60))
      #expect(outcome.output == "shared 1 [import-svg] [text.svg]\n")
    }
  }

  @Test func returnsWhenThereIsNoSharedProgram() throws {
    try Self.withFolder { folder in
      let program = try Self.program(in: folder)
      let outcome = try ChildProcess.run(program.path, ["render", "text.svg"], environment: Self.environment, timeout: .seconds(60))
      #expect(outcome.status == 3)
      #expect(outcome.output == "not handed off\n")
    }
  }

  /// A process that was itself handed a command never hands it on again (no loop, even if
  /// `curves-shared` were linked statically by mistake).
  @Test func aHandedOffProcessDoesNotHandOffAgain() throws {
    try Self.withFolder { folder in
      let program = try Self.program(in: folder)
      try Self.writeShared(at: folder.appendingPathComponent("curves-shared"))
      var environment = Self.environment
      environment["CURVES_HANDED_OFF"] = "1"
      let outcome = try ChildProcess.run(program.path, ["render", "text.svg"], environment: environment, timeout: .seconds(60))
      #expect(outcome.status == 3)
      #expect(outcome.output == "not handed off\n")
    }
  }
}
