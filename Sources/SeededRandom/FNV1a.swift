/// FNV-1a, 64 bits: a hash that is the same in every process (Swift's `Hasher` is seeded per
/// process), for names and seeds that must not change from one run to the next.
///
/// ```swift
/// FNV1a.hash("/home/ana/tiger.svg".utf8)   // the same number in every run
/// ```
public enum FNV1a {
  public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
  public static let prime: UInt64 = 0x0000_0100_0000_01B3

  /// The hash of `bytes`, continuing from `seed` (the offset basis: a fresh hash).
  public static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
    bytes.reduce(seed) { ($0 ^ UInt64($1)) &* prime }
  }
}
