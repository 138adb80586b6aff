import CurveGeometry

/// Where the file question's dialog (`FileQuestion`: Save, Discard or Cancel) is, in units: a
/// box in the middle of the canvas area, the question in up to two lines, and its buttons in
/// a row at the bottom, the default on the left. The painter and the session's clicks both
/// read it.
extension Layout {
  static let questionSize = (width: 460.0, height: 132.0)
  static let questionInset = 16.0
  static let questionLineHeight = 20.0
  static let questionButtonSize = (width: 96.0, height: 30.0)
  static let questionButtonGap = 10.0

  var questionBox: Rect {
    let area = canvasArea
    let width = min(Self.questionSize.width, max(area.width - 20, 240))
    let left = area.minX + (area.width - width) / 2, top = area.minY + max((area.height - Self.questionSize.height) / 2, 0)
    return Rect(minX: left, minY: top, maxX: left + width, maxY: top + Self.questionSize.height)
  }

  /// The frame of the `index`-th of `count` buttons.
  func questionButton(_ index: Int, of count: Int) -> Rect {
    let box = questionBox, size = Self.questionButtonSize
    let rowWidth = Double(count) * size.width + Double(count - 1) * Self.questionButtonGap
    let left = box.maxX - Self.questionInset - rowWidth + Double(index) * (size.width + Self.questionButtonGap)
    let top = box.maxY - Self.questionInset - size.height
    return Rect(minX: left, minY: top, maxX: left + size.width, maxY: top + size.height)
  }

  /// The button of `count` under `point`, if any.
  func questionButtonIndex(at point: Point, count: Int) -> Int? {
    (0..<count).first { questionButton($0, of: count).contains(point) }
  }
}
