import CurveDocument
@testable import CurveSVG
import Testing

/// CSS's colour functions as `SVGColor` reads them: commas or spaces, numbers or
/// percentages, an alpha after a fourth comma or a slash.
struct SVGColorTests {
  private func color(_ r: UInt8, _ g: UInt8, _ b: UInt8, alpha: Double = 1) -> SVGColor {
    SVGColor(rgb: RGBColor(r: r, g: g, b: b), alpha: alpha)
  }

  @Test func rgbTakesNumbersOrPercentagesSeparatedByCommas() {
    #expect(SVGColor("rgb(255, 0, 10)") == color(255, 0, 10))
    #expect(SVGColor("RGB(255,255,255)") == color(255, 255, 255))
    #expect(SVGColor("rgb(18.039216%,20.392157%,21.176471%)") == color(46, 52, 54))
    #expect(SVGColor("rgba(0,0,255,0.5)") == color(0, 0, 255, alpha: 0.5))
    #expect(SVGColor(" rgb( 1 , 2 , 3 ) ") == color(1, 2, 3))
  }

  @Test func rgbTakesSpacesAndASlashBeforeTheAlpha() {
    #expect(SVGColor("rgb(300 -5 12.6)") == color(255, 0, 13))
    #expect(SVGColor("rgb(1 2 3 / 50%)") == color(1, 2, 3, alpha: 0.5))
    #expect(SVGColor("rgb(1 2 3/0.25)") == color(1, 2, 3, alpha: 0.25))
    #expect(SVGColor("rgb(0 50% 0)") == color(0, 128, 0), "spaces may mix numbers and percentages")
  }

  @Test func whatCSSRefusesIsNoColour() {
    #expect(SVGColor("rgb(0, 50%, 0)") == nil, "commas take three numbers or three percentages")
    #expect(SVGColor("rgb(1, 2)") == nil)
    #expect(SVGColor("rgb(1 2 3 4 5)") == nil)
    #expect(SVGColor("rgb(1, 2, x)") == nil)
    #expect(SVGColor("rgb(1,2,3/0.5)") == nil, "no slash after commas")
    #expect(SVGColor("rgb(1,,2,3)") == nil, "an empty part between commas")
    #expect(SVGColor("rgb(%, 0%, 0%)") == nil)
    #expect(SVGColor("rgb(10%,20% ,30%)") == color(26, 51, 77))
    #expect(SVGColor("cmyk(1, 2, 3)") == nil)
  }

  @Test func hslTurnsHueSaturationAndLightnessIntoRGB() {
    #expect(SVGColor("hsl(120, 100%, 25%)") == color(0, 128, 0))
    #expect(SVGColor("hsla(0deg 100% 50% / 0.5)") == color(255, 0, 0, alpha: 0.5))
    #expect(SVGColor("hsl(120DEG, 100%, 25%)") == color(0, 128, 0))
    #expect(SVGColor("hsl(deg, 100%, 25%)") == nil)
    #expect(SVGColor("hsl(120, 100, 25%)") == nil, "saturation is a percentage")
  }
}
