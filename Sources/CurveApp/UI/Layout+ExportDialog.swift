import CurveGeometry

/// Where the export dialog's parts are, in units: a box in the middle of the canvas area with
/// its title, a line per field (its name on the left, its value in a box on the right), a
/// line for hints and errors, and the Export and Cancel buttons. The painter and the
/// session's clicks both read it.
extension Layout {
  static let exportDialogWidth = 480.0
  static let exportDialogInset = 16.0
  static let exportDialogTitleTop = 14.0
  static let exportDialogRowsTop = 48.0
  static let exportDialogRowHeight = 32.0
  static let exportDialogValueLeft = 170.0
  static let exportDialogButtonSize = (width: 96.0, height: 30.0)

  /// The box, for `rows` fields.
  func exportDialogBox(rows: Int) -> Rect {
    let area = canvasArea
    let width = min(Self.exportDialogWidth, max(area.width - 20, 300))
    let height = Self.exportDialogRowsTop + Double(rows) * Self.exportDialogRowHeight + 24 + Self.exportDialogButtonSize.height + Self.exportDialogInset
    let left = area.minX + (area.width - width) / 2, top = area.minY + max((area.height - height) / 2, 0)
    return Rect(minX: left, minY: top, maxX: left + width, maxY: top + height)
  }

  /// The value's box of the `index`-th field of `rows`.
  func exportDialogValue(_ index: Int, rows: Int) -> Rect {
    let box = exportDialogBox(rows: rows)
    let top = box.minY + Self.exportDialogRowsTop + Double(index) * Self.exportDialogRowHeight
    return Rect(minX: box.minX + Self.exportDialogValueLeft, minY: top, maxX: box.maxX - Self.exportDialogInset, maxY: top + Self.exportDialogRowHeight - 6)
  }

  /// The field line under `point`, if any.
  func exportDialogRow(at point: Point, rows: Int) -> Int? {
    let box = exportDialogBox(rows: rows)
    return (0..<rows).first { index in
      let value = exportDialogValue(index, rows: rows)
      return Rect(minX: box.minX, minY: value.minY, maxX: box.maxX, maxY: value.maxY).contains(point)
    }
  }

  /// Export (0) and Cancel (1).
  func exportDialogButton(_ index: Int, rows: Int) -> Rect {
    let box = exportDialogBox(rows: rows), size = Self.exportDialogButtonSize
    let left = box.maxX - Self.exportDialogInset - Double(2 - index) * size.width - Double(1 - index) * 10
    let top = box.maxY - Self.exportDialogInset - size.height
    return Rect(minX: left, minY: top, maxX: left + size.width, maxY: top + size.height)
  }
}
