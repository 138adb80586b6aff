import CurveRaster

/// The display lists of a drawing recorded in chunks, one a core, each written by the one
/// worker that recorded it; drawn one after another in chunk order.
final class RecordedChunks: @unchecked Sendable {
  private var lists: [DisplayList?]
  init(count: Int) { lists = Array(repeating: nil, count: count) }
  func store(_ list: DisplayList, at index: Int) { lists.withUnsafeMutableBufferPointer { $0[index] = list } }
  func take(_ index: Int) -> DisplayList { lists[index]! }
}
