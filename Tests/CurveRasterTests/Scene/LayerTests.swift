import CurveGeometry
import Testing

@testable import CurveRaster

/// Layers as SVG composites a group: drawn apart, then blended once through an opacity, a
/// clip and a mask.
struct LayerTests {
  static let white = RGBA8(r: 255, g: 255, b: 255), red = RGBA8(r: 255, g: 0, b: 0), blue = RGBA8(r: 0, g: 0, b: 255)

  static func square(_ x: Double, _ y: Double, _ size: Double) -> Contour {
    Contour([Point(x: x, y: y), Point(x: x + size, y: y), Point(x: x + size, y: y + size), Point(x: x, y: y + size)], isClosed: true)
  }

  static func canvas(_ draw: (RasterCanvas) -> Void) -> [UInt32] {
    let canvas = RasterCanvas(width: 40, height: 40)
    canvas.clear(white)
    draw(canvas)
    return canvas.image.pixels
  }

  static func pixel(_ pixels: [UInt32], _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    let value = pixels[y * 40 + x]
    return (Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF))
  }

  @Test func aHalfOpaqueLayerShowsItsOverlapNoDarker() {
    let pixels = Self.canvas { canvas in
      canvas.beginLayer()
      canvas.fill([Self.square(0, 0, 20)], rule: .nonZero, Self.red)
      canvas.fill([Self.square(10, 10, 20)], rule: .nonZero, Self.blue)
      canvas.endLayer(opacity: 0.5)
    }
    // Red alone, blue over red: each half over white, the overlap blue at half, not darker.
    let redAlone = Self.pixel(pixels, 5, 5), overlap = Self.pixel(pixels, 15, 15), blueAlone = Self.pixel(pixels, 25, 25)
    #expect(redAlone.r == 255 && (127...128).contains(redAlone.g))
    #expect(overlap == blueAlone)
    #expect((127...128).contains(overlap.r) && overlap.b == 255)
    #expect(Self.pixel(pixels, 35, 35) == (255, 255, 255))
  }

  @Test func aClipShowsTheLayerOnlyInsideItsContours() {
    let pixels = Self.canvas { canvas in
      canvas.beginLayer()
      canvas.fill([Self.square(0, 0, 40)], rule: .nonZero, Self.red)
      canvas.endLayer(opacity: 1, clip: ([Self.square(10, 10, 10)], .nonZero))
    }
    #expect(Self.pixel(pixels, 15, 15) == (255, 0, 0))
    #expect(Self.pixel(pixels, 5, 15) == (255, 255, 255))
    #expect(Self.pixel(pixels, 25, 25) == (255, 255, 255))
  }

  @Test func anEmptyClipShowsNothing() {
    let pixels = Self.canvas { canvas in
      canvas.beginLayer()
      canvas.fill([Self.square(0, 0, 40)], rule: .nonZero, Self.red)
      canvas.endLayer(opacity: 1, clip: ([], .nonZero))
    }
    #expect(pixels.allSatisfy { $0 == 0xFFFF_FFFF })
  }

  @Test func aLuminanceMaskLetsThroughWhatIsWhite() {
    let pixels = Self.canvas { canvas in
      canvas.beginLayer()
      canvas.fill([Self.square(0, 0, 40)], rule: .nonZero, Self.red)
      canvas.beginMask()
      canvas.fill([Self.square(0, 0, 20)], rule: .nonZero, Self.white)
      canvas.fill([Self.square(20, 0, 20)], rule: .nonZero, RGBA8(r: 0, g: 0, b: 0))
      canvas.endLayer(opacity: 1, mask: LayerMask())
    }
    #expect(Self.pixel(pixels, 5, 5) == (255, 0, 0), "under white: all of the layer")
    #expect(Self.pixel(pixels, 25, 5) == (255, 255, 255), "under black: none")
    #expect(Self.pixel(pixels, 5, 25) == (255, 255, 255), "where the mask drew nothing: none")
  }

  @Test func anAlphaMaskUsesOpacityAndARegionCutsItOff() {
    let pixels = Self.canvas { canvas in
      canvas.beginLayer()
      canvas.fill([Self.square(0, 0, 40)], rule: .nonZero, Self.red)
      canvas.beginMask()
      canvas.fill([Self.square(0, 0, 40)], rule: .nonZero, RGBA8(r: 0, g: 0, b: 0), opacity: 0.5)
      canvas.endLayer(opacity: 1, mask: LayerMask(usesLuminance: false, region: Rect(minX: 0, minY: 0, maxX: 20, maxY: 40)))
    }
    let inside = Self.pixel(pixels, 5, 5)
    #expect(inside.r == 255 && (126...129).contains(inside.g))
    #expect(Self.pixel(pixels, 30, 5) == (255, 255, 255))
  }

  @Test func layersNestAndALayerLeftOpenIsStillDrawn() {
    let pixels = Self.canvas { canvas in
      canvas.beginLayer()
      canvas.beginLayer()
      canvas.fill([Self.square(0, 0, 20)], rule: .nonZero, Self.blue)
      canvas.endLayer(opacity: 0.5)
      canvas.fill([Self.square(20, 20, 20)], rule: .nonZero, Self.red)
    }
    let blue = Self.pixel(pixels, 5, 5)
    #expect((127...128).contains(blue.r) && blue.b == 255)
    #expect(Self.pixel(pixels, 30, 30) == (255, 0, 0))
  }

  /// A layer without a mask holds only what its shapes cover: recorded with their box, and
  /// drawn the same as one over the whole canvas, across bands (a 300-pixel canvas is several),
  /// with layers nested and clipped. A filter or a mask inside reaches further: no box.
  @Test func aLayerKeepsToTheBoxOfItsShapes() {
    var list = DisplayList(width: 300, height: 300)
    list.beginLayer()
    list.fill([Self.square(10, 100, 20)], rule: .nonZero, Self.red)
    list.beginLayer()
    list.fill([Self.square(20, 110, 30.5)], rule: .nonZero, Self.blue)
    list.endLayer(opacity: 0.5, clip: ([Self.square(0, 0, 45)], .nonZero))
    list.endLayer(opacity: 0.5)
    guard case let .pushLayer(outer?) = list.commands[0], case let .pushLayer(inner?) = list.commands[2] else {
      Issue.record("\(list.commands)")
      return
    }
    #expect(outer == Rect(minX: 10, minY: 100, maxX: 50.5, maxY: 140.5) && inner == Rect(minX: 20, minY: 110, maxX: 50.5, maxY: 140.5))
    // The same drawn with layers that hold the whole canvas: pixel for pixel.
    var unbounded = list
    unbounded.commands = list.commands.map { command in
      if case .pushLayer = command { return .pushLayer(bounds: nil) }
      return command
    }
    func drawn(_ list: DisplayList) -> [UInt32] {
      let canvas = RasterCanvas(width: 300, height: 300)
      canvas.clear(Self.white)
      canvas.draw([list])
      return canvas.image.pixels
    }
    #expect(drawn(list) == drawn(unbounded))
    var filtered = DisplayList(width: 40, height: 40)
    filtered.beginLayer()
    filtered.beginFilter()
    filtered.fill([Self.square(10, 10, 5)], rule: .nonZero, Self.red)
    filtered.endFilter(FilterEffect(region: PixelRect(x: 0, y: 0, width: 40, height: 40), steps: []))
    filtered.endLayer(opacity: 0.5)
    guard case .pushLayer(nil) = filtered.commands[0] else {
      Issue.record("a blur reaches beyond its shape: \(filtered.commands[0])")
      return
    }
  }
}
