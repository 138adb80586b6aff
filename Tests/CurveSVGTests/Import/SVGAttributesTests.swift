import Testing

@testable import CurveSVG

/// An element's attributes: read and written as a dictionary, kept in the file's order.
struct SVGAttributesTests {
  @Test func settingKeepsTheOrderAndAnExistingNameItsPlace() {
    var attributes: SVGAttributes = ["d": "M 0 0 L 10 0", "fill": "red"]
    attributes["stroke"] = "blue"
    attributes["d"] = "M 1 1"
    #expect(attributes.keys == ["d", "fill", "stroke"])
    #expect(attributes["d"] == "M 1 1" && attributes["fill"] == "red" && attributes["stroke"] == "blue")
    attributes["fill"] = nil
    attributes["opacity"] = nil
    #expect(attributes.keys == ["d", "stroke"] && attributes.count == 2)
    #expect(attributes["fill"] == nil)
  }

  /// Names of the same length are told apart by their text, not only by their length.
  @Test func namesOfOneLengthAreDifferentNames() {
    let attributes: SVGAttributes = ["x1": "1", "y1": "2", "x2": "3"]
    #expect(attributes["y1"] == "2" && attributes["x2"] == "3" && attributes["y2"] == nil)
  }

  @Test func equalityIgnoresOrderAsDictionariesDo() {
    let one: SVGAttributes = ["x": "1", "y": "2"]
    #expect(one == ["y": "2", "x": "1"])
    #expect(one != ["x": "1", "y": "3"])
    #expect(one != ["x": "1"])
    #expect(one != ["x": "1", "y": "2", "z": "3"])
  }

  @Test func filterAndIterationFollowTheFilesOrder() {
    let attributes: SVGAttributes = ["style": "fill:red", "id": "a", "stroke": "blue", "fill": "green"]
    let paint = attributes.filter { $0.key == "stroke" || $0.key == "fill" }
    #expect(paint.keys == ["stroke", "fill"])
    #expect(attributes.map { "\($0.key)=\($0.value)" } == ["style=fill:red", "id=a", "stroke=blue", "fill=green"])
    #expect(SVGAttributes().isEmpty && !attributes.isEmpty)
  }
}
