/// An 8-bit RGBA colour.
public struct Color: Hashable, Sendable {
  public var r, g, b, a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// This colour with alpha scaled by `opacity` (0...1).
  public func withOpacity(_ opacity: Double) -> Color {
    Color(r: r, g: g, b: b, a: UInt8((Double(a) * min(max(opacity, 0), 1)).rounded()))
  }
}

/// One vertex of a triangle mesh: a position and the colour there (a stroke's feathered
/// edge fades to transparent).
public struct MeshVertex: Hashable, Sendable {
  public var x: Float
  public var y: Float
  public var color: Color

  public init(_ point: Point, _ color: Color) {
    self.x = Float(point.x)
    self.y = Float(point.y)
    self.color = color
  }

  public var position: Point { Point(x: Double(x), y: Double(y)) }
}

/// Triangles as a vertex list and an index list (three indices a triangle), the form GPU
/// and software rasterizers draw. Reuse one mesh across frames with `removeAll()`.
///
/// ```swift
/// var mesh = StrokeMesh()
/// mesh.appendStroke(of: polyline, style: StrokeStyle(width: 3, color: .init(r: 20, g: 90, b: 200)))
/// ```
public struct StrokeMesh: Sendable {
  public var vertices: [MeshVertex] = []
  public var indices: [Int32] = []

  public init() {}

  public var triangleCount: Int { indices.count / 3 }

  /// Empties the mesh, keeping its storage for the next frame.
  public mutating func removeAll() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  mutating func addVertex(_ point: Point, _ color: Color) -> Int32 {
    vertices.append(MeshVertex(point, color))
    return Int32(vertices.count - 1)
  }

  /// Adds a triangle, wound counter-clockwise in a y-up frame (clockwise on screen), so every
  /// triangle of a mesh has the same orientation; triangles with no area are skipped.
  mutating func addTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
    let pa = vertices[Int(a)].position, pb = vertices[Int(b)].position, pc = vertices[Int(c)].position
    let area = (pb - pa).cross(pc - pa)
    guard abs(area) > 1e-9 else { return }
    indices.append(a)
    if area > 0 {
      indices.append(b)
      indices.append(c)
    } else {
      indices.append(c)
      indices.append(b)
    }
  }

  /// Adds the quad a-b-c-d (in order around it) as two triangles.
  mutating func addQuad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) {
    addTriangle(a, b, c)
    addTriangle(a, c, d)
  }
}
