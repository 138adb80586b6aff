import CurveGeometry

/// Where the command palette's parts are, in units: a box near the top of the window, as
/// Inkscape's, with the typed field, a line that counts the matches, then the list from the
/// session's first row (`EditorSession.paletteFirstRow`), each line's keys on the right. The
/// painter and the session's clicks both read it.
extension Layout {
  static let paletteWidth = 640.0
  static let paletteTop = 40.0
  static let paletteInset = 12.0
  static let paletteFieldHeight = 28.0
  static let paletteCountTop = 46.0
  static let paletteRowsTop = 68.0
  static let paletteRowHeight = 22.0
  /// The most lines shown at once; the list scrolls past them.
  static let paletteMaximumRows = 18

  /// How many lines fit in the window, up to `paletteMaximumRows`.
  var paletteVisibleRows: Int {
    let fit = Int((height - Self.paletteTop - Self.paletteRowsTop - Self.paletteInset - statusLine.height) / Self.paletteRowHeight)
    return max(min(fit, Self.paletteMaximumRows), 1)
  }

  /// The box, as tall as `rows` lines of the list (at least one, at most what fits).
  func paletteBox(rows: Int) -> Rect {
    let width = min(Self.paletteWidth, width - 20)
    let left = (self.width - width) / 2
    let rows = Double(min(max(rows, 1), paletteVisibleRows)) * Self.paletteRowHeight
    return Rect(minX: left, minY: Self.paletteTop, maxX: left + width, maxY: Self.paletteTop + Self.paletteRowsTop + rows + Self.paletteInset)
  }

  var paletteField: Rect {
    let box = paletteBox(rows: 1)
    return Rect(
      minX: box.minX + Self.paletteInset, minY: box.minY + Self.paletteInset,
      maxX: box.maxX - Self.paletteInset, maxY: box.minY + Self.paletteInset + Self.paletteFieldHeight
    )
  }

  /// The frame of the `slot`-th line shown (0 the top one).
  func paletteRow(slot: Int) -> Rect {
    let box = paletteBox(rows: 1)
    let top = box.minY + Self.paletteRowsTop + Double(slot) * Self.paletteRowHeight
    return Rect(minX: box.minX + Self.paletteInset, minY: top, maxX: box.maxX - Self.paletteInset, maxY: top + Self.paletteRowHeight)
  }

  /// The line of the matches under `point`, if any.
  func paletteRowIndex(at point: Point, firstRow first: Int, count: Int) -> Int? {
    for slot in 0..<max(min(paletteVisibleRows, count - first), 0) where paletteRow(slot: slot).contains(point) { return first + slot }
    return nil
  }
}
