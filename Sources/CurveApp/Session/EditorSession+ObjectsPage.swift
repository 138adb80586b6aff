import CurveFeature
import CurveGeometry

/// The name typed for an object in the objects panel, until Enter gives it or Escape drops it.
struct ObjectRenaming: Equatable {
  var object: DrawingObject
  var text: String
}

/// The panel's Objects page: its buttons, the tree's rows (a click selects, the eye hides,
/// the lock locks, the opener opens a group, a double-click renames), and its scrolling. What
/// each does to the drawing is an editor action, reduced and tested in CurveFeature.
extension EditorSession {
  /// The tree's rows, topmost first.
  var objectRows: [ObjectRow] { ObjectsList.rows(of: store.state, expanded: expandedGroups) }

  func pressObjectsPage(at point: Point, clicks: Int, modifiers: PointerModifiers) {
    let state = store.state
    switch layout.control(at: point, on: .objects) {
    case let .objectToggle(kind):
      store.send(ToggleModel.model(for: kind, state: state).action)
    case let .align(edge):
      store.send(.arrange(.align(edge, relativeTo: state.interaction.alignAnchor)))
    case .alignAnchor:
      store.send(.objectProperties(.cycleAlignAnchor))
    case let .distribute(horizontally):
      store.send(.arrange(.distribute(horizontally: horizontally)))
    case .objectRow:
      pressObjectRow(at: point, clicks: clicks, modifiers: modifiers)
    default:
      break
    }
    viewVersion &+= 1
  }

  private func pressObjectRow(at point: Point, clicks: Int, modifiers: PointerModifiers) {
    guard let (index, part) = layout.objectRow(at: point) else { return }
    let rows = objectRows
    guard rows.indices.contains(objectListFirstRow + index) else { return }
    let row = rows[objectListFirstRow + index]
    renaming = nil
    switch part {
    case .eye:
      store.send(.objectProperties(.setHidden(row.object, !row.isHidden)))
    case .lock:
      store.send(.objectProperties(.setLocked(row.object, !row.isLocked)))
    case .label:
      let labelLeft = layout.objectListFrame.minX + 2 * (Layout.objectRowBox + 2) + 4 + Double(row.depth) * Layout.objectRowIndent
      if case let .group(id) = row.object, point.x < labelLeft + Layout.objectRowIndent {
        // The opener: the group's content shown or not.
        if expandedGroups.remove(id) == nil { expandedGroups.insert(id) }
      } else if clicks >= 2 {
        renaming = ObjectRenaming(object: row.object, text: row.label)
      } else {
        store.send(.objectProperties(.pick(row.object, extending: modifiers.contains(.shift) || modifiers.contains(.control))))
        pressedObjectRow = row.object
      }
    }
  }

  /// Scrolls the tree, when the Objects page shows, so the first selected object's row is in
  /// view (after a click on the canvas, Tab, or a group made).
  func keepSelectionInObjectList() {
    guard panelPage == .objects, let selected = store.state.interaction.selectedObjects.first, selected != lastListedSelection else { return }
    lastListedSelection = selected
    guard let index = objectRows.firstIndex(where: { $0.object == selected }) else { return }
    let visible = layout.objectRowCount
    guard index < objectListFirstRow || index >= objectListFirstRow + visible else { return }
    objectListFirstRow = max(index - visible / 2, 0)
    viewVersion &+= 1
  }

  /// The release of a row pressed in the tree: over another row, the pressed object goes
  /// just above that row's (into its group). Whether the release was the tree's.
  func dropObjectRow(at point: Point) -> Bool {
    guard let pressed = pressedObjectRow else { return false }
    pressedObjectRow = nil
    guard let (index, _) = layout.objectRow(at: point) else { return true }
    let rows = objectRows
    guard rows.indices.contains(objectListFirstRow + index) else { return true }
    let target = rows[objectListFirstRow + index].object
    if target != pressed { store.send(.objectProperties(.move(pressed, above: target))) }
    viewVersion &+= 1
    return true
  }

  /// The wheel over the tree: three rows a notch, within the list.
  func scrollObjects(by notches: Double) {
    let count = objectRows.count, visible = layout.objectRowCount
    let first = max(min(objectListFirstRow - Int((notches * 3).rounded()), count - visible), 0)
    guard first != objectListFirstRow else { return }
    objectListFirstRow = first
    viewVersion &+= 1
  }

  /// Typing a name: characters join it. Nil when there is no name under way.
  func typeIntoName(_ text: String) {
    renaming?.text += text
    viewVersion &+= 1
  }

  /// A key while a name is typed: Backspace, Enter (the name given), Escape (dropped); every
  /// other key but Ctrl's goes nowhere. Whether the key was taken.
  func typeIntoName(_ chord: KeyChord) -> Bool {
    guard let name = renaming, !chord.control else { return false }
    switch chord.key {
    case "backspace":
      if !name.text.isEmpty { renaming?.text.removeLast() }
    case "return":
      renaming = nil
      store.send(.objectProperties(.rename(name.object, name.text)))
    case "escape":
      renaming = nil
    default:
      // Letters and digits arrive as text too: the key itself does nothing meanwhile.
      break
    }
    viewVersion &+= 1
    return true
  }
}
