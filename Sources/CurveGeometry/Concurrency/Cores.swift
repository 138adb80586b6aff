import FoundationEssentials

/// How many cores this process may run on, asked once.
///
/// `ProcessInfo.activeProcessorCount` reads two cgroup files through Foundation each time it
/// is asked; a command that draws one icon asked three times.
///
/// ```swift
/// let workers = min(Cores.available, bands)
/// ```
public enum Cores {
  /// At least 1.
  public static let available = max(ProcessInfo.processInfo.activeProcessorCount, 1)
}
