import CSDL2
import CurveGeometry

/// Draws shapes and text given in UI units onto an SDL renderer, in pixels. Shapes are
/// batched into one triangle mesh and drawn with one `SDL_RenderGeometry` call, flushed
/// before text (a texture) or a cached mesh is drawn, so painting order is kept.
@MainActor
final class Painter {
  let renderer: OpaquePointer
  /// Pixels per unit.
  private(set) var scale: Double
  /// Added to every pixel position. SDL's software renderer truncates vertex positions to
  /// whole pixels; shifting by half a pixel makes that rounding, so shapes are not drawn
  /// half a pixel up and to the left of where they belong.
  let pixelOffset: Double
  private let text: TextRenderer?
  private var mesh = StrokeMesh()
  /// The batched mesh laid out for SDL, reused from flush to flush.
  private var batch = RenderMesh()

  init(renderer: OpaquePointer, scale: Double, text: TextRenderer?) {
    self.renderer = renderer
    self.scale = scale
    self.text = text
    var info = SDL_RendererInfo()
    let isSoftware = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    pixelOffset = isSoftware ? 0.5 : 0
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
  }

  /// A new pixels-per-unit (the window moved to a display of another density).
  func rescale(to scale: Double) {
    self.scale = scale
  }

  func clear(_ color: Color) {
    mesh.removeAll()
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    SDL_RenderClear(renderer)
  }

  /// A position in units as a position in pixels.
  func pixels(_ point: Point) -> Point {
    Point(x: point.x * scale + pixelOffset, y: point.y * scale + pixelOffset)
  }

  /// A filled rectangle. Drawn as a rectangle, not two triangles: the software renderer
  /// fills rectangles row by row, but tests every pixel of a triangle's bounding box.
  func fill(_ rect: Rect, _ color: Color) {
    flush()
    let topLeft = pixels(Point(x: rect.minX, y: rect.minY)), bottomRight = pixels(Point(x: rect.maxX, y: rect.maxY))
    var pixelRect = SDL_FRect(x: Float(topLeft.x), y: Float(topLeft.y), w: Float(bottomRight.x - topLeft.x), h: Float(bottomRight.y - topLeft.y))
    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    SDL_RenderFillRectF(renderer, &pixelRect)
  }

  /// An anti-aliased line through `points`, `width` units wide.
  func line(_ points: [Point], width: Double, _ color: Color) {
    mesh.appendStroke(of: Self.splittingLongSegments(points.map(pixels)), style: StrokeStyle(width: width * scale, color: color))
  }

  /// Longest segment, in pixels, handed to the renderer. SDL's software renderer tests every
  /// pixel of a triangle's bounding box, so a long diagonal line costs the square of its
  /// length; cut into short pieces it costs its length.
  static let maximumSegmentLength = 24.0

  /// `polyline` with points added along segments longer than `maximumSegmentLength`.
  static func splittingLongSegments(_ polyline: [Point]) -> [Point] {
    guard var previous = polyline.first else { return polyline }
    var result = [previous]
    result.reserveCapacity(polyline.count)
    for point in polyline.dropFirst() {
      let pieces = Int((previous.distance(to: point) / maximumSegmentLength).rounded(.up))
      if pieces > 1 {
        for piece in 1..<pieces { result.append(previous.lerp(to: point, Double(piece) / Double(pieces))) }
      }
      result.append(point)
      previous = point
    }
    return result
  }

  /// An anti-aliased filled circle.
  func disc(_ centre: Point, radius: Double, _ color: Color) {
    mesh.appendStroke(of: [pixels(centre)], style: StrokeStyle(width: 2 * radius * scale, color: color))
  }

  /// Draws a mesh already in pixels and laid out for SDL (a cached curve stroke).
  func draw(_ pixels: RenderMesh) {
    flush()
    pixels.render(on: renderer)
  }

  /// Text with its top-left corner at `origin`, `size` units tall; returns its width in units.
  @discardableResult
  func text(_ string: String, at origin: Point, size: Double, _ color: Color) -> Double {
    guard let text else { return 0 }
    flush()
    let pixelSize = max(Int((size * scale).rounded()), 6)
    text.draw(string, at: (Int((origin.x * scale).rounded()), Int((origin.y * scale).rounded())), pixelSize: pixelSize, color: color)
    return Double(text.size(of: string, pixelSize: pixelSize).width) / scale
  }

  func textWidth(_ string: String, size: Double) -> Double {
    guard let text else { return 0 }
    return Double(text.size(of: string, pixelSize: max(Int((size * scale).rounded()), 6)).width) / scale
  }

  /// Draws what is batched. Call once more at the end of a frame.
  func flush() {
    guard !mesh.indices.isEmpty else { return }
    batch.replace(with: mesh)
    batch.render(on: renderer)
    mesh.removeAll()
  }
}

/// A triangle mesh laid out as `SDL_RenderGeometry` takes it: `SDL_Vertex`es (position,
/// colour, unused texture coordinates) and indices.
struct RenderMesh {
  private(set) var vertices: [SDL_Vertex] = []
  private(set) var indices: [Int32] = []

  init() {}

  init(_ mesh: StrokeMesh) {
    replace(with: mesh)
  }

  /// Lays `mesh` out for SDL, keeping this mesh's storage.
  mutating func replace(with mesh: StrokeMesh) {
    vertices.removeAll(keepingCapacity: true)
    vertices.reserveCapacity(mesh.vertices.count)
    for vertex in mesh.vertices {
      let color = SDL_Color(r: vertex.color.r, g: vertex.color.g, b: vertex.color.b, a: vertex.color.a)
      vertices.append(SDL_Vertex(position: SDL_FPoint(x: vertex.x, y: vertex.y), color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
    }
    indices.removeAll(keepingCapacity: true)
    indices.append(contentsOf: mesh.indices)
  }

  func render(on renderer: OpaquePointer) {
    guard !indices.isEmpty else { return }
    vertices.withUnsafeBufferPointer { vertices in
      indices.withUnsafeBufferPointer { indices in
        _ = SDL_RenderGeometry(renderer, nil, vertices.baseAddress!, Int32(vertices.count), indices.baseAddress!, Int32(indices.count))
      }
    }
  }
}
