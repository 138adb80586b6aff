import CurveGeometry

extension DisplayList {
  /// The list with every outline carried by `transform` (pixels to pixels): what a drag of
  /// recorded shapes draws at each step without flattening and stroking them again. The
  /// outlines are carried as recorded, so a stroke scaled unevenly is the recorded outline
  /// scaled, and a curve scaled up keeps the flattening recorded at its first size.
  ///
  /// Nil when the list holds what a transform cannot carry so: gradients and images (placed
  /// in pixels when recorded), filters, masks, discs under an uneven scale or a slant, a
  /// rectangle turned, or a point taken beyond `exactRange`.
  public func transformed(by transform: Affine) -> DisplayList? {
    guard transform.isFinite else { return nil }
    var result = self
    let (a, b, c, d, e, f) = (Float(transform.a), Float(transform.b), Float(transform.c), Float(transform.d), Float(transform.e), Float(transform.f))
    let far = Float(Self.exactRange)
    var isNear = true
    result.points = points.map { point in
      let x = a * point.x + c * point.y + e, y = b * point.x + d * point.y + f
      if !(abs(x) < far && abs(y) < far) { isNear = false }
      return SIMD2(x, y)
    }
    guard isNear else { return nil }
    let isUpright = transform.b == 0 && transform.c == 0
    let isSimilar = transform.a == transform.d && transform.b == -transform.c
    for index in result.commands.indices {
      switch result.commands[index] {
      case .clear, .pushLayer(bounds: nil):
        continue
      case let .pushLayer(bounds?):
        result.commands[index] = .pushLayer(bounds: transform.boundingBox(of: bounds))
      case let .rect(rect, color):
        guard isUpright else { return nil }
        result.commands[index] = .rect(transform.boundingBox(of: rect), color)
      case let .path(firstPoint, contours, bounds, rule, color, alpha):
        // The recorded box carried: it holds the path, a little loosely when turned, and
        // costs nothing to find (a list is carried from its recording, so it never grows).
        result.commands[index] = .path(
          firstPoint: firstPoint, contours: contours, bounds: transform.boundingBox(of: bounds), rule: rule, color: color, alpha: alpha)
      case let .disc(centre, radius, color):
        guard isSimilar else { return nil }
        let determinant = abs(transform.a * transform.d - transform.b * transform.c)
        result.commands[index] = .disc(centre: transform.apply(to: centre), radius: radius * determinant.squareRoot(), color)
      case let .popLayer(opacity, clip, mask, blendMode, inLinearRGB):
        guard mask == nil else { return nil }
        let moved = clip.map {
          RecordedClip(firstPoint: $0.firstPoint, contours: $0.contours, bounds: transform.boundingBox(of: $0.bounds), rule: $0.rule)
        }
        result.commands[index] = .popLayer(opacity: opacity, clip: moved, mask: nil, blendMode: blendMode, inLinearRGB: inLinearRGB)
      case .shadedPath, .pushFilter, .popFilter, .image:
        return nil
      }
    }
    return result
  }
}
