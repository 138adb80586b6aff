import CurveGeometry
import Foundation
import Testing

/// Issue 27's gestures and keys through `curves replay`, as a user does them in the window,
/// checked in the saved document (`-o`). The fixture, `Tests/Fixtures/path-editing.json`, is
/// an 800x600 canvas (at 100% in the default window; the events are given in document
/// coordinates, `--document-coordinates`) with three curves of cubic segments:
/// - A, closed: a corner node at (200, 200), handles (250, 150) (300, 150), a smooth node at
///   (350, 200), handles (400, 250) (400, 350), a corner node at (350, 400), handles
///   (300, 450) (200, 400) back to the start.
/// - B, open: nodes (500, 100) corner, (650, 100) smooth, (650, 300) corner, (500, 300) corner,
///   with handles (550, 50) (600, 50), (700, 150) (700, 250), (600, 350) (550, 350).
/// - C, open: one cubic (450, 500) (500, 450) (550, 450) (600, 500).
struct PathEditingReplayTests {
  static let fixture = CurvesBinary.packageRoot.appendingPathComponent("Tests/Fixtures/path-editing.json")

  /// A saved point, subpath and curve, read from the JSON as it was written.
  struct SavedPoint: Equatable {
    var id: String
    var position: Point
    var node: String?
  }

  struct SavedSubpath {
    var closed: Bool
    var points: [SavedPoint]
    var nodes: [SavedPoint] { points.filter { $0.node != nil } }
    /// Segments: one per node of a closed subpath, one fewer for an open one.
    var segmentCount: Int { closed ? nodes.count : nodes.count - 1 }
  }

  struct SavedCurve {
    var id: String
    var subpaths: [SavedSubpath]
  }

  struct Outcome {
    var status: Int32
    var error: String
    var data: Data
    var curves: [SavedCurve]
  }

  /// Plays `events` (one JSON object each) on a copy of the fixture and reads the saved document.
  func replay(_ events: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let document = directory.appendingPathComponent("shapes.json")
    try FileManager.default.copyItem(at: Self.fixture, to: document)
    let script = directory.appendingPathComponent("events.jsonl")
    try (events.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("out.json")
    let run = try CurvesBinary.run(["replay", document.path, "--events", script.path, "--document-coordinates", "-o", output.path])
    #expect(run.status == 0, "curves replay: \(run.error)", sourceLocation: sourceLocation)
    #expect(try Data(contentsOf: document) == Data(contentsOf: Self.fixture), "the replay never writes its FILE", sourceLocation: sourceLocation)
    let data = try Data(contentsOf: output)
    return Outcome(status: run.status, error: run.error, data: data, curves: try Self.curves(in: data))
  }

  static func curves(in data: Data) throws -> [SavedCurve] {
    let saved = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect([2, 5].contains(saved["version"] as? Int ?? 0), "the fixture's version 2, or the current 5 once saved")
    let curves = try #require(saved["curves"] as? [[String: Any]])
    return try curves.map { curve in
      let subpaths = try #require(curve["subpaths"] as? [[String: Any]])
      return SavedCurve(id: curve["id"] as? String ?? "", subpaths: try subpaths.map { subpath in
        let points = try #require(subpath["points"] as? [[String: Any]])
        return SavedSubpath(closed: subpath["closed"] as? Bool ?? false, points: try points.map { point in
          SavedPoint(
            id: (point["id"] as? String ?? "").lowercased(),
            position: Point(x: try #require(point["x"] as? Double), y: try #require(point["y"] as? Double)),
            node: point["node"] as? String
          )
        })
      })
    }
  }

  // MARK: Events

  static func down(_ x: Double, _ y: Double, clicks: Int = 1, shift: Bool = false) -> String {
    #"{"type":"down","x":\#(x),"y":\#(y),"clicks":\#(clicks)\#(shift ? #","mods":"shift""# : "")}"#
  }

  static func move(_ x: Double, _ y: Double) -> String { #"{"type":"move","x":\#(x),"y":\#(y)}"# }

  static func up(_ x: Double, _ y: Double, shift: Bool = false) -> String {
    #"{"type":"up","x":\#(x),"y":\#(y)\#(shift ? #","mods":"shift""# : "")}"#
  }

  static func click(_ x: Double, _ y: Double, shift: Bool = false) -> [String] { [down(x, y, shift: shift), up(x, y, shift: shift)] }

  static func key(_ key: String) -> String { #"{"type":"key","key":"\#(key)"}"# }

  /// A drag in `steps` moves, as a hand does it.
  static func drag(from start: Point, to end: Point, steps: Int = 8) -> [String] {
    [down(start.x, start.y)]
      + (1...steps).map { i in
        let p = start.lerp(to: end, Double(i) / Double(steps))
        return move(p.x, p.y)
      } + [up(end.x, end.y)]
  }

  static func id(_ curve: Character, _ n: Int) -> String {
    "\(curve)0000000-0000-4000-8000-\(String(format: "%012d", n))"
  }

  func point(_ id: String, in curves: [SavedCurve]) -> SavedPoint? {
    curves.lazy.flatMap(\.subpaths).flatMap(\.points).first { $0.id == id }
  }

  /// How far `b` is from pointing exactly away from `a`: the sine of the angle between them
  /// (0 when collinear), and whether they are opposite.
  static func collinearity(_ node: Point, _ a: Point, _ b: Point) -> (sine: Double, opposite: Bool) {
    let u = a - node, v = b - node
    let cross = u.x * v.y - u.y * v.x, dot = u.x * v.x + u.y * v.y
    return (abs(cross) / (u.length * v.length), dot < 0)
  }

  // MARK: Nodes and handles

  @Test func draggingAHandleOfASmoothNodeTurnsTheOtherKeepingItsLength() throws {
    let saved = try replay(Self.drag(from: Point(x: 300, y: 150), to: Point(x: 300, y: 100)))
    let node = try #require(point(Self.id("a", 4), in: saved.curves))
    let dragged = try #require(point(Self.id("a", 3), in: saved.curves))
    let other = try #require(point(Self.id("a", 5), in: saved.curves))
    #expect(node.position == Point(x: 350, y: 200) && node.node == "smooth")
    #expect(dragged.position == Point(x: 300, y: 100))
    let (sine, opposite) = Self.collinearity(node.position, dragged.position, other.position)
    #expect(sine < 1e-9 && opposite, "the other handle, \(other.position), stays on the line through the node")
    #expect(abs((other.position - node.position).length - 50 * 2.0.squareRoot()) < 1e-9, "and keeps its length")
    #expect(other.position != Point(x: 400, y: 250), "it turned")
  }

  @Test func shiftCSAndYSetTheSelectedNodesType() throws {
    let saved = try replay(
      Self.click(350, 200) + [Self.key("shift+c")] + Self.click(350, 400) + [Self.key("shift+y")] + Self.click(200, 200)
        + [Self.key("shift+s")]
    )
    #expect(point(Self.id("a", 4), in: saved.curves)?.node == "corner")
    #expect(point(Self.id("a", 7), in: saved.curves)?.node == "symmetric")
    let start = try #require(point(Self.id("a", 1), in: saved.curves))
    #expect(start.node == "smooth")
    // Made smooth, the node at (200, 200) aligned its handles: (250, 150) and, across the
    // closing segment, (200, 400).
    let after = try #require(point(Self.id("a", 2), in: saved.curves)), before = try #require(point(Self.id("a", 9), in: saved.curves))
    let (sine, opposite) = Self.collinearity(start.position, after.position, before.position)
    #expect(sine < 1e-9 && opposite, "\(before.position) \(start.position) \(after.position)")
  }

  // MARK: Cutting, joining, deleting

  @Test func shiftBSplitsAnOpenSubpathAtTheSelectedNode() throws {
    let saved = try replay(Self.click(650, 100) + [Self.key("shift+b")])
    #expect(saved.curves.count == 3)
    let subpaths = saved.curves[1].subpaths
    try #require(subpaths.count == 2, "two subpaths of the same curve")
    #expect(subpaths[0].points.map(\.position) == [Point(x: 500, y: 100), Point(x: 550, y: 50), Point(x: 600, y: 50), Point(x: 650, y: 100)])
    #expect(subpaths[1].points.first?.position == Point(x: 650, y: 100), "the node is duplicated")
    #expect(subpaths[1].points.count == 7)
    #expect(!subpaths[0].closed && !subpaths[1].closed)
  }

  @Test func shiftJJoinsTwoSelectedEndNodesAtTheirMidpoint() throws {
    // B's last node (500, 300) and C's first (450, 500).
    let saved = try replay(Self.click(500, 300) + Self.click(450, 500, shift: true) + [Self.key("shift+j")])
    try #require(saved.curves.count == 2, "C joined B")
    #expect(saved.curves[1].id.lowercased() == Self.id("b", 0))
    let subpaths = saved.curves[1].subpaths
    try #require(subpaths.count == 1)
    #expect(subpaths[0].points.count == 13)
    #expect(subpaths[0].points.contains { $0.position == Point(x: 475, y: 400) && $0.node != nil }, "one node at the midpoint")
    #expect(!subpaths[0].points.contains { $0.position == Point(x: 500, y: 300) || $0.position == Point(x: 450, y: 500) })
    #expect(subpaths[0].points.last?.position == Point(x: 600, y: 500))
  }

  @Test func shiftLClosesAnOpenSubpath() throws {
    let saved = try replay(Self.click(500, 100) + [Self.key("shift+l")])
    #expect(saved.curves[1].subpaths.count == 1)
    #expect(saved.curves[1].subpaths[0].closed)
    #expect(saved.curves[1].subpaths[0].points.count == 10)
    #expect(saved.curves[1].subpaths[0].segmentCount == 4, "the closing segment runs from (500, 300) back to (500, 100)")
  }

  @Test func ctrlKCombinesAndCtrlShiftKBreaksApart() throws {
    let combine = Self.click(200, 200) + Self.click(500, 100, shift: true) + [Self.key("ctrl+k")]
    let combined = try replay(combine)
    try #require(combined.curves.count == 2)
    let one = try #require(combined.curves.first { $0.subpaths.count == 2 }, "one curve of A's and B's subpaths")
    #expect(Set(one.subpaths.flatMap(\.points).map(\.id)) == Set((1...9).map { Self.id("a", $0) } + (1...10).map { Self.id("b", $0) }))

    let broken = try replay(combine + [Self.key("escape")] + Self.click(200, 200) + [Self.key("ctrl+shift+k")])
    try #require(broken.curves.count == 3, "one curve per subpath")
    #expect(broken.curves.allSatisfy { $0.subpaths.count == 1 })
    let original = try Self.curves(in: Data(contentsOf: Self.fixture))
    let shapes = { (curves: [SavedCurve]) in Set(curves.map { $0.subpaths[0].points.map(\.id) }) }
    #expect(shapes(broken.curves) == shapes(original), "the subpaths are as they were")
    #expect(broken.curves.first { $0.subpaths[0].closed }?.subpaths[0].points.map(\.position) == original[0].subpaths[0].points.map(\.position))
  }

  @Test func deleteOnANodeMergesItsTwoSegmentsIntoOne() throws {
    let saved = try replay(Self.click(350, 200) + [Self.key("delete")])
    try #require(saved.curves.count == 3)
    let subpath = saved.curves[0].subpaths[0]
    #expect(subpath.closed)
    #expect(subpath.segmentCount == 2, "three segments became two")
    #expect(subpath.points.count == 6, "two cubics")
    #expect(point(Self.id("a", 4), in: saved.curves) == nil, "the node is gone")
    #expect(subpath.nodes.map(\.position) == [Point(x: 200, y: 200), Point(x: 350, y: 400)], "the end nodes stay")
    #expect(saved.curves[1].subpaths[0].points.count == 10 && saved.curves[2].subpaths[0].points.count == 4, "other curves untouched")
  }

  // MARK: The curve itself

  @Test func doubleClickOnASegmentInsertsANodeWithoutChangingTheShape() throws {
    let old = try #require(Bezier([Point(x: 450, y: 500), Point(x: 500, y: 450), Point(x: 550, y: 450), Point(x: 600, y: 500)]))
    // The segment's point at t = 0.5, (525, 462.5): a double click is a click, then a press of two clicks.
    let saved = try replay(Self.click(525, 462.5) + [Self.down(525, 462.5, clicks: 2), Self.up(525, 462.5)])
    let subpath = saved.curves[2].subpaths[0]
    #expect(subpath.segmentCount == 2, "one segment more")
    try #require(subpath.points.count == 7)
    let node = subpath.points[3]
    #expect(node.node == "smooth")
    let left = try #require(Bezier(subpath.points[0...3].map(\.position)))
    let right = try #require(Bezier(subpath.points[3...6].map(\.position)))
    // De Casteljau at t: the first handle is t of the way along the old first leg.
    let t = (left.controlPoints[1].x - 450) / 50
    #expect(t > 0.3 && t < 0.7, "split near where it was clicked: \(t)")
    for i in 0...20 {
      let s = Double(i) / 20
      #expect((left.eval(s) - old.eval(t * s)).length < 1e-9, "left half at \(s)")
      #expect((right.eval(s) - old.eval(t + (1 - t) * s)).length < 1e-9, "right half at \(s)")
    }
    // The other curves are as they were.
    #expect(saved.curves[0].subpaths[0].points.count == 9 && saved.curves[1].subpaths[0].points.count == 10)
  }

  @Test func draggingTheMiddleOfASegmentMovesItsHandlesAndNotItsEnds() throws {
    let saved = try replay(Self.drag(from: Point(x: 525, y: 462.5), to: Point(x: 525, y: 422.5)))
    let points = saved.curves[2].subpaths[0].points
    try #require(points.count == 4, "no node added")
    #expect(points[0].position == Point(x: 450, y: 500) && points[3].position == Point(x: 600, y: 500), "the end nodes stay")
    #expect(points[1].position != Point(x: 500, y: 450) && points[2].position != Point(x: 550, y: 450), "the handles moved")
    #expect(points[1].position.y < 450 && points[2].position.y < 450, "upward, with the pointer")
    let moulded = try #require(Bezier(points.map(\.position)))
    let nearest = (0...1000).map { (moulded.eval(Double($0) / 1000) - Point(x: 525, y: 422.5)).length }.min() ?? .infinity
    #expect(nearest < 0.5, "the grabbed point followed the pointer: \(nearest) away")
  }

  // MARK: Refusals

  @Test func aRefusedCommandChangesNothingAndExitsZero() throws {
    let baseline = try replay([Self.key("escape")])
    let refused = try replay([Self.key("shift+j")])
    #expect(refused.status == 0)
    #expect(refused.data == baseline.data, "Shift+J with nothing selected writes the same document")
    let original = try Self.curves(in: Data(contentsOf: Self.fixture))
    #expect(refused.curves.map { $0.subpaths.map(\.points) } == original.map { $0.subpaths.map(\.points) })
  }
}
