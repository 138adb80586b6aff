import Dispatch
import Glibc

/// How many cores this process may run on, asked once: the CPUs its affinity mask allows, or
/// fewer when its control group's CPU quota allows fewer (a container's `--cpus`), as
/// `ProcessInfo.activeProcessorCount` counts them.
///
/// Asked with a few system calls rather than through `ProcessInfo`, which read the control
/// group's files as URLs: a process drawing one icon paid 120,000 instructions for it, and a
/// scan of every protocol conformance in the binary.
///
/// ```swift
/// let workers = min(Cores.available, bands)
/// ```
public enum Cores {
  /// At least 1.
  public static let available = max(min(allowedCPUs, quota(groups: file("/proc/self/cgroup") ?? "", read: file) ?? .max), 1)

  /// `body(0)` to `body(iterations - 1)`, shared among the cores as
  /// `DispatchQueue.concurrentPerform` shares them; a single iteration runs on this thread
  /// without entering the dispatch library, whose code and queues a small drawing's process
  /// would otherwise fault in for nothing.
  public static func perform(iterations: Int, _ body: @Sendable (Int) -> Void) {
    if iterations == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: iterations, execute: body) }
  }

  /// The CPUs the affinity mask allows (those online when it cannot be read).
  static var allowedCPUs: Int {
    var set = cpu_set_t()
    guard let getAffinity = getAffinity, getAffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else {
      return sysconf(Int32(_SC_NPROCESSORS_ONLN))
    }
    return withUnsafeBytes(of: &set) { bytes in bytes.reduce(0) { $0 + $1.nonzeroBitCount } }
  }

  /// glibc's `sched_getaffinity`, which its headers declare only for `_GNU_SOURCE` (so Swift's
  /// `Glibc` does not): found by name.
  private static let getAffinity = dlsym(nil, "sched_getaffinity").map {
    unsafeBitCast($0, to: (@convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32).self)
  }

  /// The CPUs a control group's quota allows, rounded up: cgroup v2's `cpu.max` ("200000
  /// 100000"), or v1's `cpu.cfs_quota_us` over `cpu.cfs_period_us`, for the group
  /// `/proc/self/cgroup` (`groups`) names; nil when there is none ("max", -1) or no file
  /// says. `read` gives a file's text.
  static func quota(groups: String, read: (String) -> String?) -> Int? {
    // Scanned as bytes, with one slice type: splitting the file's ten lines into strings
    // cost 100,000 instructions, most of it making the metadata of each new generic type.
    let bytes = Array(groups.utf8)
    func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }
    func number(_ file: String?) -> Int? { file.flatMap { Int($0.filter { !$0.isWhitespace }) } }
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let line = bytes[start..<end]
      start = end + 1
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
        let second = line[(colon + 1)...].firstIndex(of: UInt8(ascii: ":"))
      else { continue }
      let controllers = line[(colon + 1)..<second], path = line[(second + 1)...]
      let group = path.elementsEqual("/".utf8) ? "" : text(path)
      var limit: (quota: Int, period: Int)?
      if line[..<colon].elementsEqual("0".utf8), controllers.isEmpty {
        let words = Array((read("/sys/fs/cgroup\(group)/cpu.max") ?? "").utf8).split { $0 <= 0x20 }
        if words.count == 2, let quota = Int(text(words[0])), let period = Int(text(words[1])) { limit = (quota, period) }
      } else if controllers.split(separator: UInt8(ascii: ",")).contains(where: { $0.elementsEqual("cpu".utf8) }) {
        let folder = "/sys/fs/cgroup/\(text(controllers))\(group)"
        if let quota = number(read("\(folder)/cpu.cfs_quota_us")), let period = number(read("\(folder)/cpu.cfs_period_us")) {
          limit = (quota, period)
        }
      }
      if let limit, limit.quota > 0, limit.period > 0 { return (limit.quota + limit.period - 1) / limit.period }
    }
    return nil
  }

  /// A small file's text (its first 4 KB), or nil when it cannot be read.
  static func file(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    return count >= 0 ? String(decoding: bytes[..<count], as: UTF8.self) : nil
  }
}
