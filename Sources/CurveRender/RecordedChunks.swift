import CurveRaster

/// The display lists of a drawing recorded in chunks, one a core, each written by the one
/// worker that recorded it; drawn one after another in chunk order.
package final class RecordedChunks: @unchecked Sendable {
  private var lists: [DisplayList?]
  package init(count: Int) { lists = Array(repeating: nil, count: count) }
  package func store(_ list: DisplayList, at index: Int) { lists.withUnsafeMutableBufferPointer { $0[index] = list } }
  package func take(_ index: Int) -> DisplayList { lists[index]! }
}
