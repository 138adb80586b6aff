import Composable
import CurveFeature
import CurveGeometry
import Foundation
import Testing

@MainActor
struct PointFeatureTests {
  func makePointStore() -> TestStore<ControlPoint.State, ControlPoint.Action> {
    TestStore(initialState: ControlPoint.State(id: id(1), position: Point(x: 100, y: 100))) { ControlPoint() }
  }

  @Test func aNewPointHasTheDefaultLook() {
    let point = ControlPoint.State(id: id(1), position: Point(x: 100, y: 100))
    #expect(point.color == nil)
    #expect(point.size == nil)
  }

  @Test func movePointMovesItAndKeepsItsStyle() async {
    let initial = ControlPoint.State(id: id(1), position: Point(x: 100, y: 100), color: RGBColor.palette[2], size: 10)
    let store = TestStore(initialState: initial) { ControlPoint() }
    await store.send(.movePoint(Point(x: 250, y: 40))) { $0.position = Point(x: 250, y: 40) }
  }

  @Test func setColorGivesAColourAndNilTakesItBack() async {
    let store = makePointStore()
    await store.send(.setColor(RGBColor.palette[0])) { $0.color = RGBColor.palette[0] }
    await store.send(.setColor(RGBColor(r: 1, g: 2, b: 3))) { $0.color = RGBColor(r: 1, g: 2, b: 3) }
    await store.send(.setColor(nil)) { $0.color = nil }
  }

  @Test func setSizeClampsToTheRangeAndNilTakesItBack() async {
    let store = makePointStore()
    await store.send(.setSize(12)) { $0.size = 12 }
    await store.send(.setSize(1)) { $0.size = PointSize.range.lowerBound }
    await store.send(.setSize(500)) { $0.size = PointSize.range.upperBound }
    await store.send(.setSize(2.5)) { $0.size = 2.5 }
    await store.send(.setSize(nil)) { $0.size = nil }
  }

  @Test func setWeightClampsToTheRangeAndOneOrNilIsThePlainPoint() async {
    let store = makePointStore()
    await store.send(.setWeight(0.7)) { $0.weight = 0.7 }
    await store.send(.setWeight(1000)) { $0.weight = PointWeight.range.upperBound }
    await store.send(.setWeight(0)) { $0.weight = PointWeight.range.lowerBound }
    await store.send(.setWeight(.nan))
    await store.send(.setWeight(1)) { $0.weight = nil }
    await store.send(.setWeight(3))  { $0.weight = 3 }
    await store.send(.setWeight(nil)) { $0.weight = nil }
  }

  @Test func aSizeThatIsNotANumberChangesNothing() async {
    let store = makePointStore()
    await store.send(.setSize(.nan))
    await store.send(.setSize(8)) { $0.size = 8 }
    await store.send(.setSize(.infinity))
    await store.send(.setSize(-.infinity))
    await store.send(.setSize(.nan))
  }

  @Test func theInitKeepsASizeInRangeToo() {
    #expect(ControlPoint.State(id: id(1), position: .zero, size: 100).size == 30)
    #expect(ControlPoint.State(id: id(1), position: .zero, size: 0).size == 2)
    #expect(ControlPoint.State(id: id(1), position: .zero, size: .nan).size == nil)
    #expect(ControlPoint.State(id: id(1), position: .zero, size: 7).size == 7)
  }
}

struct RGBColorTests {
  @Test func readsExactlyHashAndSixHexDigitsInEitherCase() {
    #expect(RGBColor(hex: "#4e79a7") == RGBColor(r: 0x4e, g: 0x79, b: 0xa7))
    #expect(RGBColor(hex: "#4E79A7") == RGBColor(r: 0x4e, g: 0x79, b: 0xa7))
    #expect(RGBColor(hex: "#000000") == RGBColor(r: 0, g: 0, b: 0))
    #expect(RGBColor(hex: "#FFffFF") == RGBColor(r: 255, g: 255, b: 255))
    for bad in ["", "#", "#12345", "#1234567", "123456", "red", "#gggggg", " #123456", "#123456 ", "#+12345", "#-12345",
                "#12 456", "#１２３４５６", "#12345\u{10}", "##12345", "#0x1234"] {
      #expect(RGBColor(hex: bad) == nil, "\(bad.debugDescription)")
    }
  }

  @Test func writesLowerCaseHashAndSixDigits() {
    #expect(RGBColor(r: 0x4e, g: 0x79, b: 0xa7).hex == "#4e79a7")
    #expect(RGBColor(r: 0, g: 10, b: 255).hex == "#000aff")
    for color in RGBColor.palette { #expect(RGBColor(hex: color.hex) == color) }
  }

  @Test func thePaletteIsEightDistinctColours() {
    #expect(RGBColor.palette.count == 8)
    #expect(Set(RGBColor.palette).count == 8)
  }

  @Test func codesAsItsHexString() throws {
    let data = try JSONEncoder().encode([RGBColor(r: 0xe1, g: 0x57, b: 0x59)])
    #expect(String(decoding: data, as: UTF8.self) == ##"["#e15759"]"##)
    #expect(try JSONDecoder().decode([RGBColor].self, from: Data(##"["#E15759"]"##.utf8)) == [RGBColor(r: 0xe1, g: 0x57, b: 0x59)])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([RGBColor].self, from: Data(#"["red"]"#.utf8)) }
  }

  @Test func pointSizesAreClampedAndNonNumbersRefused() {
    #expect(PointSize.clamped(1) == 2)
    #expect(PointSize.clamped(31) == 30)
    #expect(PointSize.clamped(12.5) == 12.5)
    #expect(PointSize.clamped(.nan) == nil)
    #expect(PointSize.clamped(.infinity) == nil)
  }
}
