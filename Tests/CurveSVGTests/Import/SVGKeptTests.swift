import CurveDocument
import CurveGeometry
import CurveSVG
import Foundation
import Testing

/// `<image>` kept and drawn as SVG 2 sizes it: a missing width or height is `auto`, the
/// image's own proportions (as resvg and browsers draw it; librsvg 2.54 draws nothing).
struct SVGKeptTests {
  /// A 32 × 16 PNG (resvg's `no-height-non-square.svg`'s).
  static let wide = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAQCAIAAAD4YuoOAAAAHUlEQVR4AWOgB5DbSCM0MiwYtWDUglELRi2gBwAA5HNTrGlk3mwAAAAASUVORK5CYII="

  func image(_ attributes: String) throws -> KeptImage? {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><image x="25" y="62.5" \#(attributes) href="\#(Self.wide)"/></svg>"#
    let (document, repairs) = try SVGImport.import(from: Data(svg.utf8))
    #expect(repairs == [])
    return document.kept.first { $0.name == "image" }?.image
  }

  @Test func aMissingSideFollowsTheOtherThroughTheImagesProportions() throws {
    let noHeight = try #require(try image(#"width="150""#))
    #expect(noHeight.width == 150 && noHeight.height == nil)
    let placed = noHeight.placement(imageWidth: 32, imageHeight: 16)
    #expect(placed.viewport == (25, 62.5, 150, 75) as (Double, Double, Double, Double))
    #expect(placed.scaleX == 150.0 / 32 && placed.scaleY == 150.0 / 32 && placed.originY == 62.5)
    let noWidth = try #require(try image(#"height="40""#)).placement(imageWidth: 32, imageHeight: 16)
    #expect(noWidth.viewport.width == 80 && noWidth.viewport.height == 40)
    let auto = try #require(try image(#"width="auto" height="auto""#)).placement(imageWidth: 32, imageHeight: 16)
    #expect(auto.viewport.width == 32 && auto.viewport.height == 16 && auto.scaleX == 1)
  }

  @Test func aSideOfNoSizeDrawsNothing() throws {
    #expect(try image(#"width="0""#) == nil)
    #expect(try image(#"width="150" height="0""#) == nil)
  }
}
