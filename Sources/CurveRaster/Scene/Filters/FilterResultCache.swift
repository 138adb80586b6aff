import Synchronization

/// Filtered parts kept from one frame to the next. The window draws a filtered group again
/// each frame while something under it moves, yet the filter's result changes only when
/// what it filters does: the result is looked up by the effect and a fingerprint of the
/// commands it filters (`DisplayList.fingerprint(of:)`), and those are drawn and filtered
/// only when new.
///
/// ```swift
/// FilterResultCache.shared.capacity = 64 << 20   // the window's: 64 MB
/// let output = FilterResultCache.shared.result(of: effect, drawing: fingerprint) { draw and filter }
/// ```
///
/// Off (a capacity of 0) unless asked for: a headless render filters each part once. Past
/// the capacity, the least recently used results go.
public final class FilterResultCache: Sendable {
  public static let shared = FilterResultCache()

  struct Key: Hashable {
    let effect: FilterEffect
    let drawing: Int
    /// The result's rectangle: the effect's region within the image, which a resized
    /// window changes.
    let rect: PixelRect
  }

  private struct Entry {
    let output: [UInt32]
    var lastUse: Int
    var bytes: Int
  }

  private struct State {
    var capacity = 0
    var entries: [Key: Entry] = [:]
    var bytes = 0
    var clock = 0
    var hits = 0
  }

  private let state = Mutex(State())

  public init() {}

  /// How many bytes of results are kept; 0 keeps none.
  public var capacity: Int {
    get { state.withLock { $0.capacity } }
    set {
      state.withLock { state in
        state.capacity = newValue
        Self.evict(&state)
      }
    }
  }

  /// How many results were found rather than computed, for tests and benchmarks.
  public var hits: Int { state.withLock { $0.hits } }

  /// The output of `effect` on what has the fingerprint `drawing`, over `rect`: kept from an earlier call,
  /// or `compute`d (outside the lock: filters of different parts run at once) and kept.
  func result(of effect: FilterEffect, drawing: Int, rect: PixelRect, compute: () -> [UInt32]) -> [UInt32] {
    guard capacity > 0 else { return compute() }
    let key = Key(effect: effect, drawing: drawing, rect: rect)
    let found: [UInt32]? = state.withLock { state in
      guard var entry = state.entries[key] else { return nil }
      state.clock += 1
      state.hits += 1
      entry.lastUse = state.clock
      state.entries[key] = entry
      return entry.output
    }
    if let found { return found }
    let output = compute()
    state.withLock { state in
      state.clock += 1
      let bytes = output.count * MemoryLayout<UInt32>.stride
      guard bytes <= state.capacity else { return }
      // Two threads may have filtered the same part: the second replaces the first.
      if let replaced = state.entries.updateValue(Entry(output: output, lastUse: state.clock, bytes: bytes), forKey: key) {
        state.bytes -= replaced.bytes
      }
      state.bytes += bytes
      Self.evict(&state)
    }
    return output
  }

  /// Drops the least recently used results until the rest fit.
  private static func evict(_ state: inout State) {
    while state.bytes > state.capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      state.bytes -= oldest.value.bytes
      state.entries[oldest.key] = nil
    }
  }
}
