import CurveFeature

/// The images a document keeps (imported `<image>`s), by the curve each is painted before,
/// so a walk over the curves draws each in its place.
///
/// ```swift
/// let images = KeptImages(document.kept, curves: document.curves.map(\.id))
/// for curve in curves { for image in images.before(curve.id) { … }; … }
/// for image in images.trailing { … }
/// ```
struct KeptImages {
  private var byCurve: [Curve.State.ID: [KeptImage]] = [:]
  /// Those painted after every curve (their curve has gone, or there was none after them).
  private(set) var trailing: [KeptImage] = []

  /// The ids of `curves` are gathered only when some kept element is an image: most
  /// drawings have none, and a 10,000-curve one would pay for the set at every redraw.
  init(_ kept: [KeptElement], curves: some Sequence<Curve.State.ID>) {
    guard kept.contains(where: { $0.image != nil }) else { return }
    let curveIDs = Set(curves)
    for element in kept {
      guard let image = element.image else { continue }
      if let id = element.before, curveIDs.contains(id) { byCurve[id, default: []].append(image) } else { trailing.append(image) }
    }
  }

  var isEmpty: Bool { byCurve.isEmpty && trailing.isEmpty }

  func before(_ curve: Curve.State.ID) -> [KeptImage] { byCurve[curve] ?? [] }
}
