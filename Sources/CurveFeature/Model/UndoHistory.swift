/// Snapshots of the document for undo and redo.
///
/// A snapshot is a copy of an `IdentifiedArray`, which shares storage with the live document
/// until the document changes, so taking one is O(1); the first change after it copies the
/// changed storage once. A drag `begin`s a step with the snapshot of its start and `commit`s it
/// when it ends having changed something (or `discard`s it), so each `movePoint` stays O(1)
/// and a click that moves nothing leaves redo alone. At most `limit` steps are kept: 100 undos cover any session's recent work, and
/// bound the memory a long session holds.
public struct UndoHistory<Snapshot: Equatable & Sendable>: Equatable, Sendable {
  public static var limit: Int { 100 }

  public private(set) var undoStack: [Snapshot] = []
  public private(set) var redoStack: [Snapshot] = []
  /// The state before an edit still under way (a drag), not yet an undo step.
  public private(set) var pending: Snapshot?

  public init() {}

  public var canUndo: Bool { !undoStack.isEmpty }
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Records `snapshot` as the state before an edit; clears redo.
  public mutating func record(_ snapshot: Snapshot) {
    undoStack.append(snapshot)
    if undoStack.count > Self.limit { undoStack.removeFirst(undoStack.count - Self.limit) }
    redoStack.removeAll()
  }

  /// Keeps `snapshot`, the state before an edit that takes many actions, without touching
  /// undo or redo until the edit ends.
  public mutating func begin(_ snapshot: Snapshot) {
    pending = snapshot
  }

  /// The edit under way ended having changed something: its start becomes one undo step.
  public mutating func commit() {
    guard let pending else { return }
    self.pending = nil
    record(pending)
  }

  /// The edit under way ended without a change: undo and redo stay as they were.
  public mutating func discard() {
    pending = nil
  }

  /// The snapshot to restore, given the current one (which becomes redoable).
  public mutating func undo(from current: Snapshot) -> Snapshot? {
    guard let previous = undoStack.popLast() else { return nil }
    redoStack.append(current)
    return previous
  }

  public mutating func redo(from current: Snapshot) -> Snapshot? {
    guard let next = redoStack.popLast() else { return nil }
    undoStack.append(current)
    return next
  }
}
