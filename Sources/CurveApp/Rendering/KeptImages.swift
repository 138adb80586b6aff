import CurveFeature

/// The images a document keeps (imported `<image>`s), by the curve each is painted before,
/// so a walk over the curves draws each in its place.
///
/// ```swift
/// let images = KeptImages(document.kept, curveIDs: ids)
/// for curve in curves { for image in images.before(curve.id) { … }; … }
/// for image in images.trailing { … }
/// ```
struct KeptImages {
  private var byCurve: [Curve.State.ID: [KeptImage]] = [:]
  /// Those painted after every curve (their curve has gone, or there was none after them).
  private(set) var trailing: [KeptImage] = []

  init(_ kept: [KeptElement], curveIDs: Set<Curve.State.ID>) {
    for element in kept {
      guard let image = element.image else { continue }
      if let id = element.before, curveIDs.contains(id) { byCurve[id, default: []].append(image) } else { trailing.append(image) }
    }
  }

  var isEmpty: Bool { byCurve.isEmpty && trailing.isEmpty }

  func before(_ curve: Curve.State.ID) -> [KeptImage] { byCurve[curve] ?? [] }
}
