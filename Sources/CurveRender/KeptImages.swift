import CurveDocument
import Foundation

/// The images a document keeps (imported `<image>`s), by the curve each is painted before,
/// so a walk over the curves draws each in its place.
///
/// ```swift
/// let images = KeptImages(document.kept, curves: document.curves.map(\.id))
/// for curve in curves { for image in images.before(curve.id) { … }; … }
/// for image in images.trailing { … }
/// ```
package struct KeptImages {
  private var byCurve: [UUID: [KeptImage]] = [:]
  /// Those painted after every curve (their curve has gone, or there was none after them).
  package private(set) var trailing: [KeptImage] = []

  /// The ids of `curves` are gathered only when some kept element is an image: most
  /// drawings have none, and a 10,000-curve one would pay for the set at every redraw.
  package init(_ kept: [KeptElement], curves: some Sequence<UUID>) {
    guard kept.contains(where: { $0.image != nil }) else { return }
    let curveIDs = Set(curves)
    for element in kept {
      guard let image = element.image else { continue }
      if let id = element.before, curveIDs.contains(id) { byCurve[id, default: []].append(image) } else { trailing.append(image) }
    }
  }

  package var isEmpty: Bool { byCurve.isEmpty && trailing.isEmpty }

  package func before(_ curve: UUID) -> [KeptImage] { byCurve[curve] ?? [] }
}
