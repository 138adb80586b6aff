import CurveGeometry

/// SVG's `stroke-dasharray` and `stroke-dashoffset`: cuts a contour into the open pieces a
/// dashed stroke draws, each then stroked with the stroke's caps.
///
/// ```swift
/// let pattern = DashPattern([6, 3], offset: 0)!      // 6 on, 3 off, …
/// let pieces = pattern.dashes(Contour(polyline))      // open contours, 6 long each
/// canvas.stroke(pieces, style: style, black)
/// ```
///
/// An odd list is repeated once to make it even (SVG 1.1, 11.4). A dash of length 0 is a
/// piece of one point, which round and square caps draw as a dot. A closed contour is dashed
/// along its closing segment too, and a dash that runs through its start continues into the
/// first piece, as one.
public struct DashPattern: Sendable, Equatable {
  /// On, off, on, off, …: an even count, in the contour's units.
  public let lengths: [Double]
  /// Where along the pattern the contour starts: within 0 ..< the pattern's length.
  public let phase: Double

  /// Nil where SVG draws the stroke solid: an empty list, a negative or non-finite length,
  /// or lengths that add up to 0.
  public init?(_ lengths: [Double], offset: Double) {
    guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
    let even = lengths.count.isMultiple(of: 2) ? lengths : lengths + lengths
    let total = even.reduce(0, +)
    guard total > 0, total.isFinite else { return nil }
    self.lengths = even
    let start = offset.isFinite ? offset.truncatingRemainder(dividingBy: total) : 0
    phase = start < 0 ? start + total : start
  }

  /// The dashes of `contour`: open contours, in order along it.
  public func dashes(_ contour: Contour) -> [Contour] {
    var points = contour.points
    guard let first = points.first else { return [] }
    if contour.isClosed { points.append(first) }
    guard points.count > 1 else { return [] }
    // Where in the pattern the walk is: which length, and how much of it is left.
    var index = 0, left = lengths[0]
    var skip = phase
    while skip > 0 {
      if skip >= left {
        skip -= left
        index = (index + 1) % lengths.count
        left = lengths[index]
      } else {
        left -= skip
        skip = 0
      }
    }
    let startsOn = index.isMultiple(of: 2)
    var pieces: [Contour] = []
    var current: [Point] = startsOn ? [first] : []
    for segmentIndex in 1..<points.count {
      let from = points[segmentIndex - 1], to = points[segmentIndex]
      let length = (to - from).length
      var travelled = 0.0
      // A dash ends where its length runs out, even at the segment's end; a gap ends only
      // before it, so no dash starts at the contour's very end.
      while index.isMultiple(of: 2) ? length - travelled >= left : length - travelled > left {
        travelled += left
        let point = from.lerp(to: to, length > 0 ? travelled / length : 1)
        if index.isMultiple(of: 2) {
          current.append(point)
          pieces.append(Contour(current))
          current = []
        } else {
          current = [point]
        }
        index = (index + 1) % lengths.count
        left = lengths[index]
        // A run of zero lengths cannot stall the walk: the pattern's total is positive.
      }
      left -= length - travelled
      if index.isMultiple(of: 2) { current.append(to) }
    }
    if index.isMultiple(of: 2), !current.isEmpty {
      // A closed contour whose dash runs on through its start joins the first dash.
      if contour.isClosed, startsOn, let firstPiece = pieces.first, pieces.count > 0 {
        pieces[0] = Contour(current + firstPiece.points.dropFirst())
      } else {
        pieces.append(Contour(current))
      }
    }
    return pieces
  }
}
