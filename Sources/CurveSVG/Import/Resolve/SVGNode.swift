import CurveDocument
import CurveGeometry

/// What the resolve stage makes of a drawing: a tree of small values in document units, as
/// usvg's. Its layer groups hold what is drawn in them, in drawing order; CSS, inheritance,
/// units, `use`, paint servers and the spec's error rules are settled in it.
///
/// ```swift
/// let resolved = try SVGImport.resolve(root, folder: nil)
/// resolved.drawing.nodes        // [.group(layer, children: [.shape(…), .kept(…)]), .shape(…)]
/// resolved.drawing.flattened()  // the same as the document holds it: shapes, groups, kept
/// ```
indirect enum SVGNode {
  case shape(SVGShape)
  /// A shape `visibility` hides: it draws nothing, but its box (in the document) is part of
  /// its group's, as SVG's bounding box is.
  case hidden(Rect)
  /// An element kept undrawn and written back as it was (`SVGKept.swift`).
  case kept(SVGKeptElement)
  case group(SVGLayerGroup, children: [SVGNode])
}

/// An element Curves keeps without drawing it: its qualified name, its XML with the wrappers
/// that give it what it inherited, and, for an `<image>`, how it is drawn.
struct SVGKeptElement {
  var name: String
  var xml: String
  var image: KeptImage?
  var text: KeptText?
  /// For a `<text>`: its bytes in the file, for writing an edit of it back in place.
  var source: Range<Int>?
}

/// A resolved tree laid out as the document holds a drawing: the shapes in drawing order,
/// each with its group; the groups, parents first; each kept element with the number of
/// shapes before it.
struct SVGFlatDrawing {
  var shapes: [SVGShape] = []
  var groups: [SVGLayerGroup] = []
  var kept: [(shapesBefore: Int, element: SVGKeptElement, group: String?)] = []
}

extension [SVGNode] {
  /// The tree laid out as the document holds it (`SVGFlatDrawing`), in `group`.
  func flattened(in group: String? = nil) -> SVGFlatDrawing {
    var flat = SVGFlatDrawing()
    lay(into: &flat, group: group)
    return flat
  }

  private func lay(into flat: inout SVGFlatDrawing, group: String?) {
    for node in self {
      switch node {
      case var .shape(shape):
        shape.group = group
        flat.shapes.append(shape)
      case .hidden:
        break
      case let .kept(element):
        flat.kept.append((flat.shapes.count, element, group))
      case .group(var layer, let children):
        layer.parent = group
        flat.groups.append(layer)
        children.lay(into: &flat, group: layer.id)
      }
    }
  }

  /// Every shape in the tree, in drawing order.
  var allShapes: [SVGShape] { flattened().shapes }

  /// How many shapes the tree holds, in all its groups.
  var shapeCount: Int {
    reduce(0) { count, node in
      switch node {
      case .shape: count + 1
      case let .group(_, children): count + children.shapeCount
      case .hidden, .kept: count
      }
    }
  }

  /// Whether an element is kept anywhere in the tree.
  var keepsAnything: Bool {
    contains { node in
      switch node {
      case .kept: true
      case let .group(_, children): children.keepsAnything
      case .shape, .hidden: false
      }
    }
  }

  /// The box of everything drawn in the tree, hidden shapes included (`visibility:hidden`; not
  /// what `display:none` keeps), each point first taken through `map` when there is one.
  func bounds(through map: Affine?) -> Rect {
    var bounds = Rect.empty
    include(in: &bounds, through: map)
    return bounds
  }

  /// The box of everything drawn, half of each stroke's width around its shape: what a
  /// root without a size is as large as.
  func inkBounds() -> Rect {
    var bounds = Rect.empty
    for node in self {
      switch node {
      case let .shape(shape) where !shape.isHidden:
        var box = [SVGNode.shape(shape)].bounds(through: nil)
        if let stroke = shape.style.stroke, stroke != .none, let width = shape.style.strokeWidth, width > 0, box.width >= 0 {
          let placement = shape.placement
          let half = width * abs(placement.a * placement.d - placement.b * placement.c).squareRoot() / 2
          box = Rect(minX: box.minX - half, minY: box.minY - half, maxX: box.maxX + half, maxY: box.maxY + half)
        }
        bounds.include(box)
      case let .group(layer, children) where !layer.isHidden:
        bounds.include(children.inkBounds())
      case .hidden, .kept, .shape, .group:
        break
      }
    }
    return bounds
  }

  private func include(in bounds: inout Rect, through map: Affine?) {
    for node in self {
      switch node {
      case let .hidden(box):
        bounds.include(map?.boundingBox(of: box) ?? box)
      case let .shape(shape) where !shape.isHidden:
        for subpath in shape.subpaths {
          bounds.include(map?.apply(to: subpath.start) ?? subpath.start)
          for segment in subpath.segments { bounds.include((map.map(segment.applying) ?? segment).bounds) }
        }
      case let .group(layer, children) where !layer.isHidden:
        children.include(in: &bounds, through: map)
      case .kept, .shape, .group:
        break
      }
    }
  }
}
