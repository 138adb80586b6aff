import CurveGeometry
import Composable
import OrderedCollections

/// Edits of whole curves that several features make (curve commands, the clipboard, a
/// dropped drawing), kept on the state they change rather than in one feature's reducer.
extension Editor.State {
  /// Appends `curves` as one edit (the caller records the undo step), selecting their points.
  public mutating func add(_ curves: [Curve.State]) {
    drawing.curves.append(contentsOf: curves)
    select(made: curves)
    drawing.markCurvesEdited()
  }

  /// Removes every curve that has a selected point, as one undo step; false when none has.
  @discardableResult
  public mutating func deleteSelectedCurves() -> Bool {
    let doomed = selectedCurveIDs
    guard !doomed.isEmpty else { return false }
    history.record(undoSnapshot)
    drawing.curves.removeAll { doomed.contains($0.id) }
    interaction.selection = []
    forgetMissingSelection()
    drawing.markCurvesEdited()
    return true
  }
}

extension Curve.State {
  /// This curve with new ids from `ids`, every point moved by `offset` (clamped to `canvas`),
  /// its subpaths, nodes and styles kept: a duplicate, a paste, a dropped drawing.
  public func copy(offsetBy offset: Point, in canvas: Canvas, ids: UUIDGenerator) -> Curve.State {
    let id = ids()
    let subpaths = subpaths.enumerated().map { index, subpath in
      // The first subpath is named by its curve's id, as a document's curves are.
      Subpath.State(id: index == 0 ? id : ids(), isClosed: subpath.isClosed, points: IdentifiedArray(uniqueElements: subpath.points.map { point in
        ControlPoint.State(id: ids(), position: canvas.clamp(point.position + offset), color: point.color, size: point.size, node: point.node)
      }))
    }
    return Curve.State(id: id, subpaths: IdentifiedArray(uniqueElements: subpaths), style: style)
  }
}
