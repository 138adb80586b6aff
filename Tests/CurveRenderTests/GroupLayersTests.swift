import CurveDocument
import CurveGeometry
import CurveRaster
import Foundation
import Testing

@testable import CurveRender

/// Layers drawn as their groups say; here a mask on a mask.
struct GroupLayersTests {
  /// A closed square from (x, y), `size` wide, filled with `color`.
  static func square(x: Double, y: Double, size: Double, _ color: RGBColor) -> Document.CurveRecord {
    let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
    return Document.CurveRecord(
      id: UUID(), style: CurveStyle(fill: .color(color), stroke: CurveStyle.Paint.none),
      subpaths: [Document.SubpathRecord(closed: true, points: corners.map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: .corner) })]
    )
  }

  /// The outer mask (white over the whole canvas) is itself masked by a mid-grey left half:
  /// the green square shows at the grey's luminance on the left, not at all on the right.
  @Test func aMaskOnAMaskMultiplies() throws {
    let white = RGBColor(r: 255, g: 255, b: 255), grey = RGBColor(r: 128, g: 128, b: 128)
    let inner = Mask(curves: [Self.square(x: 0, y: 0, size: 20, grey)].map { curve in
      var half = curve
      half.subpaths[0].points[1].x = 10
      half.subpaths[0].points[2].x = 10
      return half
    })
    var group = Group(id: "masked")
    group.mask = Mask(curves: [Self.square(x: 0, y: 0, size: 20, white)], mask: inner)
    var green = Self.square(x: 0, y: 0, size: 20, RGBColor(r: 0, g: 128, b: 0))
    green.group = "masked"
    var document = Document(canvas: Canvas(width: 20, height: 20), curves: [green], animation: Document.AnimationRecord(AnimationSettings()))
    document.groups = [group]
    let image = try DrawingRenderer(document: document, width: 20, height: 20).render()
    // sRGB luminance of #808080 is 128/255 ≈ 0.5: half the square's green shows.
    let left = image[5, 10], right = image[15, 10]
    #expect(abs(Int(left.a) - 128) <= 2 && left.g == 128 && left.r == 0 && left.b == 0, "\(left)")
    #expect(right.a == 0, "\(right)")
  }
}

extension GroupLayersTests {
  /// A mask's picture lets the layer show where it is white: a white 2 × 2 PNG stretched over
  /// (4, 4) to (10, 16) of a green square covering the canvas.
  @Test func aMasksImageLetsTheLayerShowWhereItIsWhite() throws {
    let white = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8//8/AwMDEwMDAwMDAwAkBgMB/DXemwAAAABJRU5ErkJggg=="
    var group = Group(id: "masked")
    group.mask = Mask(curves: [], images: [
      KeptImage(href: white, x: 4, y: 4, width: 6, height: 12, preserveAspectRatio: "none", transform: [1, 0, 0, 1, 0, 0], opacity: 1, group: nil),
    ])
    var green = Self.square(x: 0, y: 0, size: 20, RGBColor(r: 0, g: 128, b: 0))
    green.group = "masked"
    var document = Document(canvas: Canvas(width: 20, height: 20), curves: [green], animation: Document.AnimationRecord(AnimationSettings()))
    document.groups = [group]
    let image = try DrawingRenderer(document: document, width: 20, height: 20).render()
    #expect(image[6, 10] == RGBA8(r: 0, g: 128, b: 0, a: 255), "inside the picture")
    #expect(image[12, 10].a == 0 && image[6, 18].a == 0 && image[2, 2].a == 0, "outside it")
  }
}

extension GroupLayersTests {
  /// A group whose blend mixes in linear RGB (an SVG 1.1 filter's `feBlend`) over white: a
  /// red square at 94% multiplied leaves 6% of green and blue in linear light, 69 of 255 in
  /// sRGB (librsvg's pixel for Inkscape's `blend_modes.svg`); the same blend in sRGB leaves 15.
  @Test func aBlendInLinearRGBMixesTheGroupInLinearLight() throws {
    func drawn(linear: Bool) throws -> RGBA8 {
      var group = Group(id: "blended", opacity: 240.0 / 255)
      group.blendMode = "multiply"
      group.blendsInLinearRGB = linear
      var red = Self.square(x: 0, y: 0, size: 20, RGBColor(r: 255, g: 0, b: 0))
      red.group = "blended"
      let white = Self.square(x: 0, y: 0, size: 20, RGBColor(r: 255, g: 255, b: 255))
      var document = Document(canvas: Canvas(width: 20, height: 20), curves: [white, red], animation: Document.AnimationRecord(AnimationSettings()))
      document.groups = [group]
      return try DrawingRenderer(document: document, width: 20, height: 20).render()[10, 10]
    }
    let linear = try drawn(linear: true), srgb = try drawn(linear: false)
    #expect(linear.r == 255 && linear.a == 255 && (68...70).contains(linear.g) && linear.g == linear.b, "\(linear)")
    #expect((14...16).contains(srgb.g), "\(srgb)")
  }
}

/// A group's transform, drawn.
struct GroupTransformDrawingTests {
  /// A mask's region in a turned group is a rectangle in the group's coordinates, not the
  /// box around it where it is seen (resvg's `half-width-region-with-rotation`). The group,
  /// turned 45° about (10, 10), holds a square covering the canvas; the region keeps the
  /// group's own x < 10, which is, seen, the side of the anti-diagonal where x + y < 20.
  @Test func aMaskRegionTurnedWithItsGroupClipsAlongItsOwnEdges() throws {
    var square = GroupLayersTests.square(x: -10, y: -10, size: 40, RGBColor(r: 0, g: 0, b: 255))
    square.group = "turned"
    var group = Group(id: "turned", transform: .rotate(degrees: 45, around: Point(x: 10, y: 10)))
    let white = GroupLayersTests.square(x: -20, y: -20, size: 60, RGBColor(r: 255, g: 255, b: 255))
    group.mask = Mask(region: Rect(minX: -20, minY: -20, maxX: 10, maxY: 40), curves: [white])
    var document = Document(canvas: Canvas(width: 20, height: 20), curves: [square], animation: Document.AnimationRecord(AnimationSettings()))
    document.groups = [group]
    let image = try DrawingRenderer(document: document, width: 20, height: 20).render()
    #expect(image[3, 3].a == 255 && image[12, 2].a == 255 && image[2, 12].a == 255, "x + y < 20: shown")
    #expect(image[16, 16].a == 0 && image[17, 10].a == 0 && image[10, 17].a == 0, "x + y > 20: hidden, though inside the box around the region")
  }

  /// A 4-unit square at the origin, in a group moved by (10, 2) and scaled by 2: it covers
  /// (10, 2) to (18, 10) of the image.
  @Test func aCurveIsDrawnThroughItsGroupsTransform() throws {
    var square = GroupLayersTests.square(x: 0, y: 0, size: 4, RGBColor(r: 0, g: 0, b: 255))
    square.group = "moved"
    var document = Document(canvas: Canvas(width: 20, height: 20), curves: [square], animation: Document.AnimationRecord(AnimationSettings()))
    document.groups = [Group(id: "moved", transform: .translate(x: 10, y: 2) * .scale(x: 2))]
    let image = try DrawingRenderer(document: document, width: 20, height: 20).render()
    #expect(image[14, 6] == RGBA8(r: 0, g: 0, b: 255, a: 255))
    #expect(image[10, 2].a == 255 && image[17, 9].a == 255, "its corners")
    #expect(image[9, 6].a == 0 && image[18, 6].a == 0 && image[14, 1].a == 0 && image[14, 10].a == 0, "nothing outside")
    #expect(image[2, 2].a == 0, "not where its numbers are")
  }
}
