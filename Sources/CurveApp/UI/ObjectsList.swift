import CurveFeature
import Foundation

/// One row of the objects panel's tree.
struct ObjectRow: Equatable {
  var object: DrawingObject
  /// How deep in groups: 0 for the drawing's own objects.
  var depth: Int
  var label: String
  var isGroup: Bool
  var isExpanded: Bool
  var isHidden: Bool
  var isLocked: Bool
  var isSelected: Bool
}

/// The drawing as the objects panel lists it, as Inkscape's Layers and Objects: groups
/// (their label, else their id) and curves (their label, else "Curve N"), topmost first;
/// a group's content under it, indented, when it is opened (or holds the context).
enum ObjectsList {
  static func rows(of state: Editor.State, expanded: Set<String>) -> [ObjectRow] {
    let tree = state.objectTree
    let curves = state.drawing.curves.lazy.map { (id: $0.id, group: $0.group) }
    var opened = expanded
    // The groups the context is in are open, so the selection is in sight.
    var context = state.interaction.context, seen = Set<String>()
    while let id = context, seen.insert(id).inserted {
      opened.insert(id)
      context = tree.groups[id]?.parent
    }
    let numbers = Dictionary(uniqueKeysWithValues: state.drawing.curves.ids.enumerated().map { ($1, $0 + 1) })
    var rows: [ObjectRow] = []
    func walk(_ context: String?, depth: Int) {
      for object in tree.objects(of: curves, in: context).reversed() {
        switch object {
        case let .curve(id):
          let curve = state.drawing.curves[id: id]
          rows.append(ObjectRow(
            object: object, depth: depth, label: curve?.label ?? "Curve \(numbers[id] ?? 0)", isGroup: false, isExpanded: false,
            isHidden: curve?.isHidden ?? false, isLocked: curve?.isLocked ?? false, isSelected: state.interaction.selectedObjects.contains(object)
          ))
        case let .group(id):
          let group = tree.groups[id]
          rows.append(ObjectRow(
            object: object, depth: depth, label: group?.label ?? id, isGroup: true, isExpanded: opened.contains(id),
            isHidden: group?.isHidden ?? false, isLocked: group?.isLocked ?? false, isSelected: state.interaction.selectedObjects.contains(object)
          ))
          if opened.contains(id) { walk(id, depth: depth + 1) }
        }
      }
    }
    walk(nil, depth: 0)
    return rows
  }
}
