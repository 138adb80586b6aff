import CurveGeometry

/// Where the file browser's parts are, in units: a box over the canvas area with its title,
/// the typed field, a line for hints and errors, then the list from the session's first
/// row (`EditorSession.browserFirstRow`). The painter and the session's clicks both read it.
extension Layout {
  static let browserMargin = (x: 40.0, y: 24.0)
  static let browserInset = 14.0
  static let browserTitleTop = 12.0
  static let browserFieldTop = 42.0
  static let browserFieldHeight = 26.0
  static let browserMessageTop = 76.0
  static let browserRowsTop = 100.0
  static let browserRowHeight = 22.0

  var browserBox: Rect {
    let area = canvasArea
    return Rect(
      minX: area.minX + Self.browserMargin.x, minY: area.minY + Self.browserMargin.y,
      maxX: max(area.maxX - Self.browserMargin.x, area.minX + Self.browserMargin.x + 200),
      maxY: max(area.maxY - Self.browserMargin.y, area.minY + Self.browserMargin.y + Self.browserRowsTop + Self.browserRowHeight)
    )
  }

  var browserField: Rect {
    let box = browserBox
    return Rect(
      minX: box.minX + Self.browserInset, minY: box.minY + Self.browserFieldTop,
      maxX: box.maxX - Self.browserInset, maxY: box.minY + Self.browserFieldTop + Self.browserFieldHeight
    )
  }

  /// How many lines of the list fit.
  var browserVisibleRows: Int {
    max(Int((browserBox.height - Self.browserRowsTop - Self.browserInset) / Self.browserRowHeight), 1)
  }

  /// The frame of the `slot`-th line shown (0 the top one).
  func browserRow(slot: Int) -> Rect {
    let box = browserBox
    let top = box.minY + Self.browserRowsTop + Double(slot) * Self.browserRowHeight
    return Rect(minX: box.minX + Self.browserInset, minY: top, maxX: box.maxX - Self.browserInset, maxY: top + Self.browserRowHeight)
  }

  /// The line of the list under `point`, if any.
  func browserRowIndex(at point: Point, firstRow first: Int, count: Int) -> Int? {
    for slot in 0..<min(browserVisibleRows, count - first) where browserRow(slot: slot).contains(point) { return first + slot }
    return nil
  }
}
