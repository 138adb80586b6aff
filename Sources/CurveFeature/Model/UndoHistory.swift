/// Snapshots of the document for undo and redo, each older one kept as its difference from the
/// next.
///
/// Taking a snapshot is O(1): it shares storage with the live document until the document
/// changes. A drag `begin`s a step with the snapshot of its start and `commit`s it when it ends
/// having changed something (or `discard`s it), so each `movePoint` stays O(1) and a click that
/// moves nothing leaves redo alone. At most `limit` steps are kept: 100 undos cover any
/// session's recent work.
///
/// Only the most recent step of each stack is held whole. Whole snapshots of a 10,000-curve
/// document cost half a megabyte each once the document changes (its array of curves is copied,
/// though not their points), so when a newer step arrives the older one is reduced to what
/// differs from it (`UndoSnapshot.difference(from:)`), and rebuilt when it is next on top.
public struct UndoHistory<Snapshot: UndoSnapshot>: Equatable {
  public static var limit: Int { 100 }

  /// Undo steps, oldest first: the last whole, each other the difference from the one after it.
  private var undoSteps = Steps()
  /// Redo steps, the next one last, kept the same way.
  private var redoSteps = Steps()
  /// The state before an edit still under way (a drag), not yet an undo step.
  public private(set) var pending: Snapshot?

  public init() {}

  public var canUndo: Bool { !undoSteps.isEmpty }
  public var canRedo: Bool { !redoSteps.isEmpty }
  public var undoCount: Int { undoSteps.count }
  public var redoCount: Int { redoSteps.count }

  /// The states undo would restore, oldest first, each rebuilt whole (for tests and reports).
  public var undoStack: [Snapshot] { undoSteps.snapshots }
  /// The states redo would restore, the next one last.
  public var redoStack: [Snapshot] { redoSteps.snapshots }

  /// Records `snapshot` as the state before an edit; clears redo.
  public mutating func record(_ snapshot: Snapshot) {
    undoSteps.push(snapshot)
    undoSteps.keepLast(Self.limit)
    redoSteps = Steps()
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
    guard let previous = undoSteps.pop() else { return nil }
    redoSteps.push(current)
    return previous
  }

  public mutating func redo(from current: Snapshot) -> Snapshot? {
    guard let next = redoSteps.pop() else { return nil }
    undoSteps.push(current)
    return next
  }

  /// A stack whose top is whole and whose other entries are each the difference from the entry
  /// above it.
  struct Steps: Equatable {
    private var top: Snapshot?
    /// Oldest first; `below[i]` rebuilds from `below[i + 1]`, the last from `top`.
    private var below: [Snapshot.Difference] = []

    var isEmpty: Bool { top == nil }
    var count: Int { top == nil ? 0 : below.count + 1 }

    mutating func push(_ snapshot: Snapshot) {
      if let top { below.append(top.difference(from: snapshot)) }
      top = snapshot
    }

    mutating func pop() -> Snapshot? {
      guard let popped = top else { return nil }
      top = below.popLast().map { Snapshot(restoring: $0, onto: popped) }
      return popped
    }

    mutating func keepLast(_ limit: Int) {
      if count > limit { below.removeFirst(count - limit) }
    }

    var snapshots: [Snapshot] {
      guard let top else { return [] }
      var snapshots = [top]
      for difference in below.reversed() { snapshots.append(Snapshot(restoring: difference, onto: snapshots.last!)) }
      return snapshots.reversed()
    }
  }
}

extension UndoHistory: Sendable where Snapshot: Sendable, Snapshot.Difference: Sendable {}
extension UndoHistory.Steps: Sendable where Snapshot: Sendable, Snapshot.Difference: Sendable {}

/// A state undo can keep as its difference from the state after it.
public protocol UndoSnapshot: Equatable {
  associatedtype Difference: Equatable
  /// What turns `newer` back into this snapshot.
  func difference(from newer: Self) -> Difference
  /// The snapshot `difference` was taken of, rebuilt from the `newer` it was taken against.
  init(restoring difference: Difference, onto newer: Self)
}
