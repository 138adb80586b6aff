import CurveGeometry
import Testing

struct StrokeMeshTests {
  let style = StrokeStyle(width: 6, feather: 1, color: Color(r: 10, g: 20, b: 30))

  func stroke(_ polyline: [Point]) -> StrokeMesh {
    var mesh = StrokeMesh()
    mesh.appendStroke(of: polyline, style: style)
    return mesh
  }

  func triangles(_ mesh: StrokeMesh) -> [(Point, Point, Point)] {
    stride(from: 0, to: mesh.indices.count, by: 3).map { index in
      (mesh.vertices[Int(mesh.indices[index])].position,
       mesh.vertices[Int(mesh.indices[index + 1])].position,
       mesh.vertices[Int(mesh.indices[index + 2])].position)
    }
  }

  func covered(_ point: Point, by mesh: StrokeMesh) -> Bool {
    triangles(mesh).contains { a, b, c in
      let d1 = (b - a).cross(point - a), d2 = (c - b).cross(point - b), d3 = (a - c).cross(point - c)
      return d1 >= -1e-9 && d2 >= -1e-9 && d3 >= -1e-9
    }
  }

  @Test func everyTriangleHasAreaAndTheSameOrientation() {
    let zigzag = [Point(x: 0, y: 0), Point(x: 50, y: 40), Point(x: 100, y: 0), Point(x: 100, y: 0), Point(x: 60, y: 80)]
    let mesh = stroke(zigzag)
    #expect(mesh.triangleCount > 0)
    for (a, b, c) in triangles(mesh) {
      #expect((b - a).cross(c - a) > 1e-9)
    }
    #expect(mesh.indices.allSatisfy { $0 >= 0 && Int($0) < mesh.vertices.count })
  }

  @Test func theFeatherFadesToTransparentAtTheOuterEdge() {
    let mesh = stroke([Point(x: 0, y: 0), Point(x: 100, y: 0)])
    let outer = mesh.vertices.filter { $0.color.a == 0 }
    let opaque = mesh.vertices.filter { $0.color.a == 255 }
    #expect(!outer.isEmpty && !opaque.isEmpty)
    // Opaque core to 2.5 (width 6 minus the feather, halved), clear edge at 3.5.
    #expect(opaque.allSatisfy { abs($0.position.y) <= 2.5 + 1e-5 })
    #expect(outer.filter { $0.position.x > 0 && $0.position.x < 100 }.allSatisfy { abs(abs($0.position.y) - 3.5) < 1e-5 })
    #expect(covered(Point(x: 50, y: 3.4), by: mesh))
    #expect(!covered(Point(x: 50, y: 3.6), by: mesh))
  }

  @Test func aHalfTurnMakesARoundEndNotASpike() {
    let mesh = stroke([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 0.0001)])
    let reach = mesh.vertices.map { $0.position.x }.max()!
    #expect(reach <= 100 + 3.5 + 1e-4)
    #expect(covered(Point(x: 103, y: 0), by: mesh))
    #expect(covered(Point(x: 102, y: 2), by: mesh))
  }

  @Test func sharpTurnsLeaveNoGapOutside() {
    let mesh = stroke([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100)])
    // Just outside the corner, on the diagonal, within the stroke's reach.
    #expect(covered(Point(x: 101.7, y: -1.7), by: mesh))
  }

  @Test func degenerateInputDrawsNothingOrADot() {
    #expect(stroke([]).triangleCount == 0)
    #expect(stroke([Point(x: .nan, y: 0)]).triangleCount == 0)
    #expect(stroke([Point(x: 5, y: 5)]).triangleCount > 0)
    var mesh = StrokeMesh()
    mesh.appendStroke(of: [Point(x: 0, y: 0), Point(x: 1, y: 1)], style: StrokeStyle(width: .nan, color: Color(r: 0, g: 0, b: 0)))
    #expect(mesh.triangleCount == 0)
  }
}
