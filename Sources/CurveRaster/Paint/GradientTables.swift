import Synchronization

/// Gradient colour tables by their stops, made once while they stay. An icon's shapes each
/// name a gradient of their own that takes its stops from one of a few others (Breeze's
/// calculator: 12 shaders, 5 tables), and a table is `GradientShader.tableSize` entries
/// interpolated and premultiplied. Emptied when `limit` tables are held, so that stops
/// animated frame after frame do not pile up.
///
/// ```swift
/// let tables = GradientTables(limit: 64)
/// let table = tables.table(stops)   // made
/// tables.table(stops)               // the same table, not made again
/// ```
final class GradientTables: Sendable {
  /// The tables every `GradientShader` takes.
  static let shared = GradientTables(limit: 64)

  let limit: Int
  private let tables = Mutex<[[GradientShader.Stop]: [UInt32]]>([:])

  init(limit: Int) {
    self.limit = limit
  }

  /// How many tables are held.
  var count: Int { tables.withLock { $0.count } }

  /// The table of `stops` (`GradientShader.table`).
  func table(_ stops: [GradientShader.Stop]) -> [UInt32] {
    if let table = tables.withLock({ $0[stops] }) { return table }
    let table = GradientShader.table(stops)
    tables.withLock { tables in
      if tables.count >= limit { tables.removeAll() }
      tables[stops] = table
    }
    return table
  }
}
