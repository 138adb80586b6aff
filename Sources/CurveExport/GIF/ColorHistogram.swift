/// Distinct colours, their pixel counts and, once the palette is known, their entries, in an
/// open-addressing table twice the capacity (at most half full, so a probe ends within a
/// few slots). A colour past the capacity sets `overflowed` and is not kept.
struct ColorHistogram {
  let capacity: Int
  private let slotMask: Int
  private let hashShift: UInt32
  /// 0 is an empty slot; a kept colour is stored as color | 1 << 24.
  private var keys: [UInt32]
  private var counts: [Int]
  private var entries: [UInt8]
  /// The slots in use, in the order their colours were first seen.
  private var used: [Int32] = []
  private(set) var overflowed = false

  /// `capacity` is a power of two.
  init(capacity: Int) {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0, "the capacity is a power of two")
    self.capacity = capacity
    slotMask = 2 * capacity - 1
    hashShift = UInt32(32 - (2 * capacity).trailingZeroBitCount)
    keys = [UInt32](repeating: 0, count: 2 * capacity)
    counts = [Int](repeating: 0, count: 2 * capacity)
    entries = [UInt8](repeating: 0, count: 2 * capacity)
  }

  @inline(__always)
  private func slot(of color: UInt32) -> Int {
    let key = color | 1 << 24
    // Fibonacci hashing (Knuth, TAOCP 3, 6.4): the top bits of key × 2^32/φ.
    var slot = Int((key &* 0x9E37_79B9) >> hashShift)
    while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & slotMask }
    return slot
  }

  mutating func add(_ color: UInt32, count: Int) {
    let slot = slot(of: color)
    if keys[slot] == 0 {
      guard used.count < capacity else {
        overflowed = true
        return
      }
      keys[slot] = color | 1 << 24
      used.append(Int32(slot))
    }
    counts[slot] += count
  }

  var colors: [(color: UInt32, count: Int)] {
    used.map { (keys[Int($0)] & 0xFF_FFFF, counts[Int($0)]) }
  }

  mutating func assignEntries(_ entry: (UInt32) -> UInt8) {
    for slot in used { entries[Int(slot)] = entry(keys[Int(slot)] & 0xFF_FFFF) }
  }

  /// The entry of a kept colour; nil for any other.
  func entry(of color: UInt32) -> UInt8? {
    let slot = slot(of: color)
    return keys[slot] == 0 ? nil : entries[slot]
  }
}
