import CurveDocument
import FoundationEssentials

/// What a document keeps and Curves draws (imported `<image>`s and `<text>`s), by the curve
/// each is painted before, so a walk over the curves draws each in its place.
///
/// ```swift
/// let kept = KeptLooks(document.kept, curves: document.curves.map(\.id))
/// for curve in curves { for look in kept.before(curve.id) { look.draw(…) }; … }
/// for look in kept.trailing { … }
/// ```
package struct KeptLooks {
  private var byCurve: [UUID: [KeptLook]] = [:]
  /// Those painted after every curve (their curve has gone, or there was none after them).
  package private(set) var trailing: [KeptLook] = []

  /// The ids of `curves` are gathered only when some kept element is drawn: most drawings
  /// have none, and a 10,000-curve one would pay for the set at every redraw.
  package init(_ kept: [KeptElement], curves: some Sequence<UUID>) {
    guard kept.contains(where: { $0.image != nil || $0.text != nil }) else { return }
    let curveIDs = Set(curves)
    for element in kept {
      let look: KeptLook
      if let image = element.image { look = .image(image) } else if let text = element.text { look = .text(text) } else { continue }
      if let id = element.before, curveIDs.contains(id) { byCurve[id, default: []].append(look) } else { trailing.append(look) }
    }
  }

  package var isEmpty: Bool { byCurve.isEmpty && trailing.isEmpty }

  package func before(_ curve: UUID) -> [KeptLook] { byCurve[curve] ?? [] }
}

/// A kept element Curves draws: an image, or a text's glyphs.
package enum KeptLook {
  case image(KeptImage)
  case text(KeptText)

  /// The layer group it is drawn in.
  package var group: String? {
    switch self {
    case let .image(image): image.group
    case let .text(text): text.group
    }
  }

  /// Draws it through `viewport`; `drawingsAround` as `KeptImageLook` takes them.
  package func draw(viewport: DrawingView, drawingsAround: Set<String> = [], into drawing: inout some ShapeDrawing) {
    switch self {
    case let .image(image):
      KeptImageLook(image: image, viewport: viewport, drawingsAround: drawingsAround).draw(into: &drawing)
    case let .text(text):
      for curve in text.curves { CurveLook(curve: curve, viewport: viewport, showsUnpaintedCurves: false).draw(into: &drawing) }
    }
  }
}
