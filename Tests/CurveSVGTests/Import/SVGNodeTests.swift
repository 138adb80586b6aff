import CurveDocument
import Foundation
import Testing

@testable import CurveSVG

/// The resolve stage's product is a tree: layer groups hold what is drawn in them, in drawing
/// order; the converter lays it out as the document holds it.
struct SVGNodeTests {
  static func outline(_ nodes: [SVGNode]) -> String {
    nodes.map { node in
      switch node {
      case let .shape(shape): "shape(\(shape.style.opacity.map { "\($0)" } ?? "-"))"
      case .hidden: "hidden"
      case let .kept(element): "kept(\(element.name))"
      case let .group(layer, children): "\(layer.id)[\(outline(children))]"
      }
    }.joined(separator: " ")
  }

  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <g id="a"><rect width="5" height="5"/><text>t</text><g id="b" opacity="0.5"><circle r="3"/><circle r="2"/></g></g>
      <a opacity="0.5"><rect width="1" height="1"/></a>
      <rect width="2" height="2" visibility="hidden"/>
      <g id="c"><rect width="3" height="3"/></g>
    </svg>
    """

  @Test func groupsHoldWhatIsDrawnInThemAndAnOpacityOnOneShapeIsDissolved() throws {
    let resolved = try SVGImport.resolve(SVGTree.parse(Data(Self.svg.utf8)), folder: nil)
    // <a>'s opacity on its one shape is the shape's own; every <g> stays a group; the kept
    // text's glyphs are a box of its group's (hidden).
    #expect(Self.outline(resolved.drawing.nodes) == "a[shape(1.0) kept(text) hidden b[shape(1.0) shape(1.0)]] shape(0.5) hidden c[shape(1.0)]")
  }

  @Test func laidOutAsTheDocumentHoldsItParentsFirst() throws {
    let resolved = try SVGImport.resolve(SVGTree.parse(Data(Self.svg.utf8)), folder: nil)
    let flat = resolved.drawing.nodes.flattened()
    #expect(flat.shapes.map(\.group) == ["a", "b", "b", nil, "c"])
    #expect(flat.groups.map(\.id) == ["a", "b", "c"] && flat.groups.map(\.parent) == [nil, "a", nil])
    #expect(flat.kept.map(\.shapesBefore) == [1] && flat.kept.map(\.group) == ["a"])
    #expect(resolved.drawing.nodes.shapeCount == 5 && resolved.drawing.nodes.keepsAnything)
  }
}
