extension DisplayList {
  /// A hash of what the commands in `range` draw: their kinds, colours, shaders, layers and
  /// filters, and the points of their outlines (not where those points sit in `points`, so
  /// the same drawing after a different one hashes the same). Equal drawings hash equal;
  /// different ones differ but for a 64-bit collision.
  func fingerprint(of range: Range<Int>) -> Int {
    var hasher = Hasher()
    func outline(_ firstPoint: Int, _ contours: Range<Int>) {
      var start = firstPoint
      for contour in contours {
        let end = contourEnds[contour]
        hasher.combine(end - start)
        points[start..<end].withUnsafeBytes { hasher.combine(bytes: $0) }
        start = end
      }
    }
    for command in commands[range] {
      switch command {
      case let .clear(value):
        hasher.combine(0)
        hasher.combine(value)
      case let .rect(rect, color):
        hasher.combine(1)
        hasher.combine(rect)
        hasher.combine(color)
      case let .path(firstPoint, contours, _, rule, color, alpha):
        hasher.combine(2)
        outline(firstPoint, contours)
        hasher.combine(rule)
        hasher.combine(color)
        hasher.combine(alpha)
      case let .shadedPath(firstPoint, contours, _, rule, shader, alpha):
        hasher.combine(3)
        outline(firstPoint, contours)
        hasher.combine(rule)
        shaders[shader].hash(into: &hasher)
        hasher.combine(alpha)
      case let .disc(centre, radius, color):
        hasher.combine(4)
        hasher.combine(centre)
        hasher.combine(radius)
        hasher.combine(color)
      case .pushLayer:
        hasher.combine(5)
      case let .popLayer(opacity, clip, mask, blendMode, inLinearRGB):
        hasher.combine(6)
        hasher.combine(opacity)
        if let clip {
          outline(clip.firstPoint, clip.contours)
          hasher.combine(clip.rule)
        }
        hasher.combine(mask?.usesLuminance)
        hasher.combine(mask?.region)
        hasher.combine(blendMode)
        hasher.combine(inLinearRGB)
      case .pushFilter:
        hasher.combine(7)
      case let .popFilter(effect):
        hasher.combine(8)
        hasher.combine(effects[effect])
      case let .image(buffer, x, y):
        hasher.combine(9)
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(buffer.width)
        buffer.pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
      }
    }
    return hasher.finalize()
  }
}

extension Shader {
  /// What it paints, for `DisplayList.fingerprint`.
  func hash(into hasher: inout Hasher) {
    switch self {
    case let .gradient(shader):
      hasher.combine(0)
      switch shader.geometry {
      case let .linear(start, end):
        hasher.combine(start)
        hasher.combine(end)
      case let .radial(centre, radius, focus, focalRadius):
        hasher.combine(centre)
        hasher.combine(radius)
        hasher.combine(focus)
        hasher.combine(focalRadius)
      }
      hasher.combine(shader.spread)
      hasher.combine(shader.inverse)
      hasher.combine(shader.table)
      hasher.combine(shader.padColors.before)
      hasher.combine(shader.padColors.after)
    case let .image(shader):
      hasher.combine(1)
      hasher.combine(shader.width)
      hasher.combine(shader.inverse)
      hasher.combine(shader.repeats)
      shader.pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }
}
