import Foundation
import CurveGeometry
import SeededRandom
import Testing

@testable import CurveRaster

/// Gradients as SVG defines them: the parameter of each geometry, each spread method, the
/// colour table, and a gradient-filled square drawn pixel by pixel.
struct GradientShaderTests {
  static let red = RGBA8(r: 255, g: 0, b: 0)
  static let blue = RGBA8(r: 0, g: 0, b: 255)

  static func shader(_ geometry: GradientShader.Geometry, spread: GradientShader.Spread = .pad, transform: Affine = .identity,
                     stops: [GradientShader.Stop]? = nil) -> GradientShader {
    GradientShader(geometry: geometry, stops: stops ?? [.init(offset: 0, color: red), .init(offset: 1, color: blue)], spread: spread, transform: transform)!
  }

  @Test func aLinearGradientRunsFromStartToEndAndIsConstantAcrossIt() {
    let shader = Self.shader(.linear(start: Point(x: 10, y: 0), end: Point(x: 30, y: 0)))
    #expect(shader.parameter(at: Point(x: 10, y: 0)) == 0)
    #expect(shader.parameter(at: Point(x: 20, y: 55)) == 0.5)
    #expect(shader.parameter(at: Point(x: 30, y: -7)) == 1)
    #expect(shader.parameter(at: Point(x: 40, y: 0)) == 1.5)
  }

  @Test func eachSpreadFoldsTheParameterAsSVGSays() {
    let linear = GradientShader.Geometry.linear(start: .zero, end: Point(x: 1, y: 0))
    let pad = Self.shader(linear, spread: .pad), reflect = Self.shader(linear, spread: .reflect), repeated = Self.shader(linear, spread: .repeat)
    #expect([-0.5, 0.25, 1.75].map(pad.spreading) == [0, 0.25, 1])
    #expect([-0.25, 0.25, 1.25, 2.5].map(reflect.spreading) == [0.25, 0.25, 0.75, 0.5])
    #expect([-0.25, 0.25, 1.25, 2.5].map(repeated.spreading) == [0.75, 0.25, 0.25, 0.5])
  }

  /// Two stops at offset 0: the later one rules at t = 0 and after, the first one before it,
  /// as librsvg and resvg pad (and symmetrically at the end).
  @Test func padPaintsTheFirstAndLastStopsBeyondTheEnds() {
    let black = RGBA8(r: 0, g: 0, b: 0), white = RGBA8(r: 255, g: 255, b: 255)
    let shader = Self.shader(.linear(start: Point(x: 10, y: 0), end: Point(x: 110, y: 0)), stops: [
      .init(offset: 0, color: black), .init(offset: 0, color: Self.red), .init(offset: 1, color: Self.blue), .init(offset: 1, color: white),
    ])
    var colors = [UInt32](repeating: 0, count: 130)
    colors.withUnsafeMutableBufferPointer { shader.shade(x: 0, y: 0, count: 130, into: $0.baseAddress!) }
    func near(_ pixel: UInt32, _ expected: UInt32) -> Bool {
      (0..<4).allSatisfy { (byte: Int) -> Bool in
        let shift = UInt32(8 * byte)
        let found = Int((pixel >> shift) & 0xFF), wanted = Int((expected >> shift) & 0xFF)
        return abs(found - wanted) <= 2
      }
    }
    #expect(colors[5] == 0xFF00_0000)  // before x = 10: black, the first stop
    #expect(near(colors[10], 0xFFFF_0000))  // t just above 0: red, the later stop at 0
    #expect(near(colors[109], 0xFF00_00FF))  // t just below 1: blue
    #expect(colors[120] == 0xFFFF_FFFF)  // beyond x = 110: white, the last stop
  }

  @Test func aRadialGradientIsZeroAtItsFocusAndOneOnItsCircle() throws {
    let shader = Self.shader(.radial(centre: Point(x: 50, y: 50), radius: 40, focus: Point(x: 30, y: 50), focalRadius: 0))
    #expect(try #require(shader.parameter(at: Point(x: 30, y: 50))) == 0)
    // On the circle, on either side of the focus.
    #expect(abs(try #require(shader.parameter(at: Point(x: 90, y: 50))) - 1) < 1e-12)
    #expect(abs(try #require(shader.parameter(at: Point(x: 10, y: 50))) - 1) < 1e-12)
    #expect(abs(try #require(shader.parameter(at: Point(x: 50, y: 90))) - 1) < 1e-12)
    // Halfway from the focus to the circle, towards +x: 30 + 0.5 · 60.
    #expect(abs(try #require(shader.parameter(at: Point(x: 60, y: 50))) - 0.5) < 1e-12)
  }

  @Test func aFocalRadiusIsOffsetZero() throws {
    let shader = Self.shader(.radial(centre: .zero, radius: 10, focus: .zero, focalRadius: 4))
    #expect(abs(try #require(shader.parameter(at: Point(x: 4, y: 0)))) < 1e-12)
    #expect(abs(try #require(shader.parameter(at: Point(x: 0, y: 7))) - 0.5) < 1e-12)
  }

  /// Nested circles (the focal one inside the outer one) take the larger root alone: for
  /// random nested cones and points, the same t as the general case's, within 1e-9 of the
  /// gradient's own scale.
  @Test func nestedCirclesGiveTheGeneralCasesParameter() {
    var random = SplitMix64(seed: 58)
    var checked = 0
    for _ in 0..<500 {
      let radius = Double.random(in: 1...100, using: &random), focalRadius = Double.random(in: 0...(radius * 0.9), using: &random)
      let angle = Double.random(in: 0...(2 * .pi), using: &random), distance = Double.random(in: 0...(radius - focalRadius) * 0.999, using: &random)
      let centre = Point(x: Double.random(in: -50...50, using: &random), y: Double.random(in: -50...50, using: &random))
      let focus = centre + Point(x: cos(angle), y: sin(angle)) * distance
      let cone = GradientShader.Cone(centre: centre, radius: radius, focus: focus, focalRadius: focalRadius)
      guard cone.isNested else { continue }
      for _ in 0..<20 {
        let offset = Point(x: Double.random(in: -3...3, using: &random), y: Double.random(in: -3...3, using: &random)) * radius
        let general = cone.parameter(fromFocus: offset), nested = cone.nestedParameter(fromFocus: offset)
        #expect(general.isFinite && abs(general - nested) <= 1e-9 * max(1, abs(general)), "\(cone) \(offset): \(general) \(nested)")
        checked += 1
      }
    }
    #expect(checked > 5000, "most cones drawn are nested")
    let outside = GradientShader.Cone(centre: .zero, radius: 5, focus: Point(x: 20, y: 0), focalRadius: 0)
    #expect(!outside.isNested, "a focus outside the circle is the general case")
  }

  /// A row shaded as a run steps through gradient space; each pixel must still get the colour
  /// its own centre has: t from `parameter(at:)`, spread, looked up.
  @Test(arguments: [
    GradientShader.Geometry.linear(start: Point(x: 3, y: 2), end: Point(x: 41, y: 17)),
    .radial(centre: Point(x: 20, y: 10), radius: 15, focus: Point(x: 20, y: 10), focalRadius: 0),
    .radial(centre: Point(x: 20, y: 10), radius: 15, focus: Point(x: 20, y: 10), focalRadius: 4),
    .radial(centre: Point(x: 20, y: 10), radius: 15, focus: Point(x: 26, y: 7), focalRadius: 2),
    .radial(centre: Point(x: 20, y: 10), radius: 5, focus: Point(x: 40, y: 10), focalRadius: 0),
  ])
  func aShadedRowGivesEachPixelTheColourAtItsCentre(geometry: GradientShader.Geometry) {
    let transform = Affine(a: 1.3, b: 0.4, c: -0.2, d: 0.9, e: 5, f: -3)
    for spread in [GradientShader.Spread.pad, .reflect, .repeat] {
      let shader = Self.shader(geometry, spread: spread, transform: transform)
      var row = [UInt32](repeating: 0xDEAD_BEEF, count: 60)
      for y in [0, 7, 23] {
        row.withUnsafeMutableBufferPointer { shader.shade(x: -5, y: y, count: 60, into: $0.baseAddress!) }
        let expected = (0..<60).map { index -> UInt32 in
          let centre = transform.inverted!.apply(to: Point(x: Double(index - 5) + 0.5, y: Double(y) + 0.5))
          guard let t = shader.parameter(at: centre), t.isFinite else { return 0 }
          let entry = Int((shader.spreading(t) * Double(GradientShader.tableSize - 1)).rounded())
          return shader.table[entry]
        }
        #expect(row == expected, "\(geometry) \(spread) row \(y)")
      }
    }
  }

  @Test func theTableInterpolatesStraightColoursThenPremultiplies() {
    let table = GradientShader.table([
      .init(offset: 0, color: RGBA8(r: 255, g: 0, b: 0, a: 255)), .init(offset: 1, color: RGBA8(r: 0, g: 0, b: 255, a: 0)),
    ])
    #expect(table.first == 0xFFFF_0000)
    #expect(table.last == 0x0000_0000)
    // Entry 128 is t = 128/255: straight red 127, blue 128, alpha 127; premultiplied, red
    // 127 · 127/255 = 63.25 and blue 128 · 127/255 = 63.75.
    let middle = table[128]
    #expect(middle >> 24 == 127)
    #expect((middle >> 16) & 0xFF == 63)
    #expect(middle & 0xFF == 64)
  }

  @Test func stopsBeyondTheEndsHoldTheirColours() {
    let table = GradientShader.table([.init(offset: 0.25, color: Self.red), .init(offset: 0.75, color: Self.blue)])
    #expect(table[0] == 0xFFFF_0000)
    #expect(table[60] == 0xFFFF_0000)
    #expect(table[200] == 0xFF00_00FF)
    #expect(table[255] == 0xFF00_00FF)
  }

  @Test func aTransformThatCannotBeUndonePaintsNothing() {
    let flat = Affine(a: 1, b: 0, c: 2, d: 0, e: 0, f: 0)
    #expect(GradientShader(geometry: .linear(start: .zero, end: Point(x: 1, y: 0)), stops: [.init(offset: 0, color: Self.red)], spread: .pad, transform: flat) == nil)
  }

  @Test func aSquareFilledByAHorizontalGradientShadesColumnByColumn() {
    // A 20 px square from x 10 to 30 filled left red to right blue through the transform
    // that maps 0…1 onto the square's width.
    let canvas = RasterCanvas(width: 40, height: 40)
    canvas.clear(RGBA8(r: 255, g: 255, b: 255))
    let square = Contour([Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30), Point(x: 10, y: 30)], isClosed: true)
    let shader = Self.shader(.linear(start: .zero, end: Point(x: 1, y: 0)), transform: Affine(a: 20, b: 0, c: 0, d: 20, e: 10, f: 10))
    canvas.fill([square], rule: .nonZero, shader)
    let pixels = canvas.image.pixels
    for x in 10..<30 {
      let pixel = pixels[20 * 40 + x]
      let t = (Double(x) + 0.5 - 10) / 20
      #expect(abs(Int((pixel >> 16) & 0xFF) - Int((1 - t) * 255)) <= 2, "red at \(x)")
      #expect(abs(Int(pixel & 0xFF) - Int(t * 255)) <= 2, "blue at \(x)")
    }
    #expect(pixels[20 * 40 + 5] == 0xFFFF_FFFF, "outside the square stays white")
  }

  @Test func halfOpacityBlendsHalfTheGradientOverThePage() {
    let canvas = RasterCanvas(width: 8, height: 8)
    canvas.clear(RGBA8(r: 255, g: 255, b: 255))
    let square = Contour([Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 8), Point(x: 0, y: 8)], isClosed: true)
    let solidRed = Self.shader(.linear(start: .zero, end: Point(x: 1, y: 0)), stops: [.init(offset: 0, color: Self.red)])
    canvas.fill([square], rule: .nonZero, solidRed, opacity: 0.5)
    // Red over white at half: (255, 127 or 128, 127 or 128).
    let pixel = canvas.image.pixels[36]
    #expect((pixel >> 16) & 0xFF == 255)
    #expect((127...128).contains((pixel >> 8) & 0xFF))
  }
}
