import CurveFeature
import CurveGeometry

/// The Objects page, top to bottom: the selection's X, Y, W and H sliders, the W:H lock,
/// snapping and "All handles" toggles, the align buttons (left, centre, right; top, middle,
/// bottom), what they align with and the distribute buttons, then the objects' tree, a row
/// an object, to the panel's foot.
extension Layout {
  /// An align or distribute button's height, and the gap between two.
  static let alignButtonHeight = 24.0
  static let alignButtonGap = 4.0
  /// One row of the objects' tree: its height, the eye's and the lock's boxes at its left,
  /// and how far each level of nesting indents the label.
  static let objectRowHeight = 20.0
  static let objectRowBox = 16.0
  static let objectRowIndent = 12.0

  /// The frame of an Objects page control; nil for the other pages' controls.
  func objectsPageFrame(of control: PanelControl) -> Rect? {
    let left = panel.minX + Self.padding, right = panel.maxX - Self.padding
    let togglesTop = panel.minY + Self.slidersTop + Double(SliderKind.objectsColumn.count) * Self.sliderHeight
    let alignTop = togglesTop + Self.toggleHeight + Self.gapAboveStyle
    func button(_ index: Int, of count: Int, row: Int) -> Rect {
      let width = (right - left - Double(count - 1) * Self.alignButtonGap) / Double(count)
      let minX = left + Double(index) * (width + Self.alignButtonGap), top = alignTop + Double(row) * (Self.alignButtonHeight + Self.alignButtonGap)
      return Rect(minX: minX, minY: top, maxX: minX + width, maxY: top + Self.alignButtonHeight)
    }
    switch control {
    case let .slider(kind) where kind.page == .objects:
      let top = panel.minY + Self.slidersTop + Double(SliderKind.objectsColumn.firstIndex(of: kind)!) * Self.sliderHeight
      return Rect(minX: left, minY: top, maxX: right, maxY: top + Self.sliderHeight - Self.sliderGap)
    case let .objectToggle(kind):
      let index = ObjectToggle.allCases.firstIndex(of: kind)!, width = (right - left) / Double(ObjectToggle.allCases.count)
      let minX = left + Double(index) * width
      return Rect(minX: minX, minY: togglesTop, maxX: minX + width - Self.toggleLabelGap / 2, maxY: togglesTop + Self.toggleHeight - Self.toggleRowGap)
    case let .align(edge):
      // Left, centre, right; then top, middle, bottom.
      let index = Arrange.Edge.allCases.firstIndex(of: edge)!
      return button(index % 3, of: 3, row: index / 3)
    case .alignAnchor:
      return button(0, of: 3, row: 2)
    case let .distribute(horizontally):
      return button(horizontally ? 1 : 2, of: 3, row: 2)
    case let .objectRow(index):
      let list = objectListFrame
      let top = list.minY + Double(index) * Self.objectRowHeight
      return Rect(minX: list.minX, minY: top, maxX: list.maxX, maxY: top + Self.objectRowHeight)
    default:
      return nil
    }
  }

  /// Where the objects' tree is drawn: under the distribute buttons, to the panel's foot.
  var objectListFrame: Rect {
    let top = objectsPageFrame(of: .alignAnchor)!.maxY + Self.gapAboveStyle * 2
    return Rect(minX: panel.minX + Self.padding, minY: top, maxX: panel.maxX - Self.padding, maxY: panel.maxY - Self.padding)
  }

  /// How many of the tree's rows fit.
  var objectRowCount: Int { max(Int(objectListFrame.height / Self.objectRowHeight), 0) }

  /// The visible row under `point`, with what part of it: the eye, the lock, the group's
  /// opener, or the label.
  func objectRow(at point: Point) -> (index: Int, part: ObjectRowPart)? {
    let list = objectListFrame
    guard list.contains(point) else { return nil }
    let index = Int((point.y - list.minY) / Self.objectRowHeight)
    guard index < objectRowCount else { return nil }
    if point.x < list.minX + Self.objectRowBox + 2 { return (index, .eye) }
    if point.x < list.minX + 2 * (Self.objectRowBox + 2) { return (index, .lock) }
    return (index, .label)
  }
}

/// The parts of a row of the objects' tree a click tells apart.
enum ObjectRowPart: Equatable {
  case eye, lock, label
}
