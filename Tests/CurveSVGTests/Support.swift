import Foundation

/// A fixed id, n-th of a run, for documents built by hand.
func id(_ n: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", n))!
}
