@testable import CurveGeometry
import Foundation
import Testing

/// The cores a process may use: its affinity mask, cut to its control group's CPU quota read
/// from the files cgroup v2 or v1 keeps it in; and work shared among them.
struct CoresTests {
  /// The files a quota is read from, by path.
  static func reading(_ files: [String: String]) -> (String) -> String? { { files[$0] } }

  @Test func aVersionTwoQuotaIsRoundedUpToWholeCores() {
    let files = Self.reading(["/sys/fs/cgroup/box/cpu.max": "150000 100000\n"])
    #expect(Cores.quota(groups: "0::/box\n", read: files) == 2)
    #expect(Cores.quota(groups: "0::/\n", read: Self.reading(["/sys/fs/cgroup/cpu.max": "50000 100000\n"])) == 1)
  }

  @Test func noQuotaIsNoLimit() {
    #expect(Cores.quota(groups: "0::/box\n", read: Self.reading(["/sys/fs/cgroup/box/cpu.max": "max 100000\n"])) == nil)
    #expect(Cores.quota(groups: "0::/box\n", read: Self.reading([:])) == nil, "no cpu.max: no limit")
    #expect(Cores.quota(groups: "", read: Self.reading([:])) == nil)
  }

  /// A hybrid host (this machine's CI): the v2 line names no cpu.max, the v1 cpu line does.
  @Test func aVersionOneQuotaIsReadBesideTheCPUAccountingController() {
    let groups = "9:name=systemd:/\n4:memory:/job\n2:cpu,cpuacct:/docker/abc\n0::/\n"
    let limited = Self.reading([
      "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us": "250000\n",
      "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000\n",
    ])
    #expect(Cores.quota(groups: groups, read: limited) == 3)
    let unlimited = Self.reading([
      "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us": "-1\n",
      "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000\n",
    ])
    #expect(Cores.quota(groups: groups, read: unlimited) == nil)
  }

  /// This process: as many as Foundation's count, which reads the same mask and quota.
  @Test func theProcessCountsAsProcessInfoDoes() {
    #expect(Cores.available == ProcessInfo.processInfo.activeProcessorCount)
    #expect(Cores.allowedCPUs >= Cores.available)
    #expect(Cores.file("/proc/self/cgroup")?.isEmpty == false)
    #expect(Cores.file("/no/such/file") == nil)
  }

  /// The iterations `Cores.perform` ran, and on which threads.
  private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var indices: [Int] = []
    private(set) var threads: [pthread_t] = []

    func record(_ index: Int) {
      lock.lock()
      defer { lock.unlock() }
      indices.append(index)
      threads.append(pthread_self())
    }
  }

  @Test func oneIterationRunsOnTheCallingThread() {
    let calls = Calls()
    Cores.perform(iterations: 1) { calls.record($0) }
    #expect(calls.indices == [0])
    #expect(pthread_equal(calls.threads[0], pthread_self()) != 0)
  }

  @Test func eachOfManyIterationsRunsOnce() {
    let calls = Calls()
    Cores.perform(iterations: 50) { calls.record($0) }
    #expect(calls.indices.sorted() == Array(0..<50))
  }
}
