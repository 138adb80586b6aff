import FoundationEssentials
import SeededRandom
import Synchronization

/// Random (version 4) UUIDs without a system call each. Foundation's `UUID()` on Linux opens,
/// reads and closes `/dev/urandom` for every id: importing 5,000 shapes (65,000 points) spent
/// a third of its time there. One seed from the system, then SplitMix64; ids as unlikely to
/// collide, within a document or across documents, as any random UUIDs, though not secrets.
///
/// ```swift
/// let ids = RandomUUIDs()
/// let id = ids()   // e.g. 5F0C…-…-4…-8…-…
/// ```
public final class RandomUUIDs: Sendable {
  private let generator: Mutex<SplitMix64>

  public init(seed: UInt64 = .random(in: .min ... .max)) {
    generator = Mutex(SplitMix64(seed: seed))
  }

  /// The next id: 122 random bits, with the version (4) and variant (RFC 4122) bits set.
  public func callAsFunction() -> UUID {
    let (high, low) = generator.withLock { ($0.next(), $0.next()) }
    let versioned = (high & ~0xF000) | 0x4000, variant = (low & ~(0xC000 << 48)) | (0x8000 << 48)
    // The two words' bytes in order are the UUID's sixteen: one move, not sixteen copies (an
    // import makes an id for every point).
    return UUID(uuid: unsafeBitCast((versioned.bigEndian, variant.bigEndian), to: uuid_t.self))
  }

  /// The ids the importer and the editor use unless told otherwise.
  public static let shared = RandomUUIDs()
}
