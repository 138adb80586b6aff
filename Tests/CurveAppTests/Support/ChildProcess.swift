import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with `posix_spawn` and `waitpid`, killed if it outlives a
/// deadline.
///
/// Not Foundation's `Process`: on Linux it reaps children from a SIGCHLD source with
/// `waitpid(WNOHANG)` and can miss an exit, so `waitUntilExit()` waited forever on a child that
/// was already a zombie, hanging the whole test run. The child's output goes to files, so a
/// chatty child can never block on a full pipe either. It runs in its own process group, so a
/// timeout also ends whatever it started (Xvfb, the editor).
enum ChildProcess {
  struct Outcome {
    var status: Int32
    var output: String
    var error: String
    var timedOut: Bool
  }

  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  static func run(
    _ executable: String, _ arguments: [String], input: String? = nil, in directory: URL? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Duration
  ) throws -> Outcome {
    let files = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: files) }
    let inputFile = files.appendingPathComponent("stdin"), outputFile = files.appendingPathComponent("stdout")
    let errorFile = files.appendingPathComponent("stderr")
    try Data((input ?? "").utf8).write(to: inputFile)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputFile.path, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    // In `directory` through env(1): glibc's posix_spawn_file_actions_addchdir_np is not imported.
    let command = directory.map { ["/usr/bin/env", "--chdir=\($0.path)", executable] } ?? [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))") }

    let status = wait(for: pid, timeout: timeout)
    return Outcome(
      status: status.code,
      output: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "",
      error: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "",
      timedOut: status.timedOut
    )
  }

  /// The exit status (128 + signal if killed), polling so the deadline holds; on the deadline,
  /// and after the child exits, its whole process group is killed.
  private static func wait(for pid: pid_t, timeout: Duration) -> (code: Int32, timedOut: Bool) {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var raw: Int32 = 0
    var timedOut = false
    while true {
      let reaped = waitpid(pid, &raw, WNOHANG)
      if reaped == pid { break }
      if reaped < 0 && errno != EINTR { return (-1, timedOut) }
      if !timedOut && ContinuousClock.now >= deadline {
        timedOut = true
        kill(-pid, SIGKILL)
      }
      usleep(5_000)
    }
    kill(-pid, SIGKILL)  // whatever the child left running
    let signal = raw & 0x7f
    return (signal == 0 ? (raw >> 8) & 0xff : 128 + signal, timedOut)
  }
}
