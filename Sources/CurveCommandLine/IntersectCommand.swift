import ArgumentParser
import CurveDocument
import CurveGeometry
import CurveSVG
import FoundationEssentials

/// `curves intersect FILE [--self]`: where the curves of a document or SVG drawing meet,
/// one JSON object a line.
package struct IntersectCommand: ParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "intersect",
    abstract: "Print where the curves of a document or an SVG drawing cross, touch or overlap.",
    discussion: """
      One JSON object a line: {"a": {"curve": i, "subpath": j, "segment": k, "t": …}, "b": {…}, \
      "x": …, "y": …, "kind": "cross" | "touch" | "overlap"}, indices from 0 in document order, \
      x and y where the drawing shows the point. An overlap is given as its two ends. \
      Without --self, only meetings of two different curves; with it, also each curve's \
      meetings with itself (two of its segments, or one segment's loop).
      """
  )

  @Argument(help: "The document or SVG drawing.")
  var file: String

  @Flag(name: .customLong("self"), help: "Also report where each curve meets itself.")
  var includesSelf = false

  package init() {}

  package func run() throws {
    let input = URL(fileURLWithPath: file)
    let document = try SVGImport.isDrawing(input) ? DocumentFiles.importSVG(input) : DocumentFiles.load(input)
    var output = ""
    for meeting in Self.meetings(in: document.inDrawingCoordinates(), includingSelf: includesSelf) {
      output += meeting.json + "\n"
      if output.utf8.count > 1 << 16 {
        StandardStreams.output(output)
        output = ""
      }
    }
    StandardStreams.output(output)
  }

  /// A segment of the drawing, by its place.
  struct Place: Comparable {
    var curve: Int
    var subpath: Int
    var segment: Int

    static func < (a: Place, b: Place) -> Bool { (a.curve, a.subpath, a.segment) < (b.curve, b.subpath, b.segment) }
  }

  /// Two segments meeting, or one meeting itself.
  struct Meeting {
    var a: Place
    var b: Place
    var hit: CurveIntersection

    var json: String {
      func end(_ place: Place, _ t: Double) -> String {
        #"{"curve": \#(place.curve), "subpath": \#(place.subpath), "segment": \#(place.segment), "t": \#(t)}"#
      }
      return #"{"a": \#(end(a, hit.t1)), "b": \#(end(b, hit.t2)), "x": \#(hit.point.x), "y": \#(hit.point.y), "kind": "\#(hit.kind.rawValue)"}"#
    }
  }

  /// Every meeting, in document order of the first segment, then the second, then t. Pairs
  /// whose boxes cannot meet are never compared (`BoxSweep`).
  static func meetings(in document: Document, includingSelf: Bool) -> [Meeting] {
    var segments: [(place: Place, curve: Bezier, box: Rect, subpathCount: Int, closed: Bool)] = []
    for (c, curve) in document.curves.enumerated() {
      for (s, subpath) in curve.subpaths.enumerated() {
        let pieces = subpath.segments.compactMap(Bezier.init)
        for (k, piece) in pieces.enumerated() {
          segments.append((Place(curve: c, subpath: s, segment: k), piece, piece.bounds, pieces.count, subpath.closed))
        }
      }
    }
    var meetings: [Meeting] = []
    for (i, j) in BoxSweep.meetingPairs(segments.map(\.box)) {
      let a = segments[i], b = segments[j]
      if a.place.curve == b.place.curve, !includingSelf { continue }
      for hit in a.curve.intersections(with: b.curve) where !Self.isSharedNode(hit, a.place, b.place, segmentCount: a.subpathCount, closed: a.closed) {
        meetings.append(Meeting(a: a.place, b: b.place, hit: hit))
      }
    }
    if includingSelf {
      for segment in segments {
        for hit in segment.curve.selfIntersections() { meetings.append(Meeting(a: segment.place, b: segment.place, hit: hit)) }
      }
    }
    return meetings.sorted { ($0.a, $0.b, $0.hit.t1) < ($1.a, $1.b, $1.hit.t1) }
  }

  /// Neighbouring segments of one subpath meet at the node they share: that is the path,
  /// not a meeting.
  static func isSharedNode(_ hit: CurveIntersection, _ a: Place, _ b: Place, segmentCount: Int, closed: Bool) -> Bool {
    guard a.curve == b.curve, a.subpath == b.subpath, hit.kind != .overlap else { return false }
    let atEnd = { (t: Double) in abs(t - 1) < 1e-9 }, atStart = { (t: Double) in abs(t) < 1e-9 }
    if b.segment == a.segment + 1, atEnd(hit.t1), atStart(hit.t2) { return true }
    // A closed subpath's last segment ends on its first's start.
    return closed && a.segment == 0 && b.segment == segmentCount - 1 && atStart(hit.t1) && atEnd(hit.t2)
  }
}
