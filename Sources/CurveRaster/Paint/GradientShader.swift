import CurveGeometry

/// A paint whose colour varies across the pixels, as SVG's `linearGradient` and
/// `radialGradient` paint: a parameter t for each pixel, from the gradient's geometry, folded
/// into 0…1 by `spread`, then looked up among the stops.
///
/// ```swift
/// let shader = GradientShader(
///   geometry: .linear(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
///   stops: [.init(offset: 0, color: red), .init(offset: 1, color: blue)],
///   spread: .pad, transform: .identity)   // gradient space to pixels
/// canvas.fill(contours, rule: .nonZero, shader, opacity: 1)
/// ```
///
/// Colours are interpolated between stops in sRGB with straight alpha, then premultiplied,
/// into a table of `tableSize` entries: finer than 8-bit channels can show.
public struct GradientShader: Sendable {
  public enum Geometry: Equatable, Sendable {
    /// t runs from 0 at `start` to 1 at `end`, constant across the line between them.
    case linear(start: Point, end: Point)
    /// SVG 2's two-point conical gradient: t = 0 on the circle about `focus` of
    /// `focalRadius`, 1 on the circle about `centre` of `radius`; each pixel takes the
    /// largest t whose circle passes through it.
    case radial(centre: Point, radius: Double, focus: Point, focalRadius: Double)
  }

  /// What happens beyond t = 0 and 1 (SVG's `spreadMethod`).
  public enum Spread: Sendable, Hashable {
    case pad, reflect, `repeat`
  }

  public struct Stop: Hashable, Sendable {
    /// Within 0…1, not decreasing from stop to stop.
    public var offset: Double
    /// Straight (not premultiplied) alpha.
    public var color: RGBA8

    public init(offset: Double, color: RGBA8) {
      self.offset = offset
      self.color = color
    }
  }

  /// Entries in the colour table.
  static let tableSize = 256

  let geometry: Geometry
  let spread: Spread
  /// Pixels to gradient space.
  let inverse: Affine
  /// Premultiplied ARGB for t = 0, 1/(tableSize − 1), … 1.
  let table: [UInt32]
  /// What `pad` paints before t = 0 and after t = 1: the first stop's colour and the last's
  /// (at t = 0 itself the last of the stops at offset 0 rules, as SVG says).
  let padColors: (before: UInt32, after: UInt32)

  /// A shader over `stops` (at least one; sorted offsets), drawn through `transform` (from
  /// gradient space to pixels). Nil when the transform cannot be undone: SVG then paints
  /// nothing.
  public init?(geometry: Geometry, stops: [Stop], spread: Spread, transform: Affine) {
    guard let inverse = transform.inverted, !stops.isEmpty else { return nil }
    self.geometry = geometry
    self.spread = spread
    self.inverse = inverse
    table = GradientTables.shared.table(stops)
    padColors = (Channels(stops[0].color).premultiplied, Channels(stops[stops.count - 1].color).premultiplied)
  }

  /// The colour table: each entry the colour between the stops around its t. The stops are
  /// walked along with t (offsets do not decrease), each stop's channels made once: searching
  /// them for every entry was half of drawing an icon's ten gradients.
  static func table(_ stops: [Stop]) -> [UInt32] {
    let colors = stops.map { Channels($0.color) }
    var table: [UInt32] = []
    table.reserveCapacity(tableSize)
    var after = 0
    for index in 0..<tableSize {
      let t = Double(index) / Double(tableSize - 1)
      // The first stop past t.
      while after < stops.count, stops[after].offset <= t { after += 1 }
      let straight: Channels
      if after == 0 {
        straight = colors[0]
      } else if after == stops.count {
        straight = colors[stops.count - 1]
      } else {
        let low = stops[after - 1], high = stops[after]
        straight = colors[after - 1].mixed(with: colors[after], (t - low.offset) / (high.offset - low.offset))
      }
      table.append(straight.premultiplied)
    }
    return table
  }

  /// A colour's straight channels (0…255) as the table interpolates them.
  private struct Channels {
    var r, g, b, a: Double

    init(r: Double, g: Double, b: Double, a: Double) {
      (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    init(_ color: RGBA8) {
      self.init(r: Double(color.r), g: Double(color.g), b: Double(color.b), a: Double(color.a))
    }

    /// The colour `fraction` of the way to `other`.
    func mixed(with other: Channels, _ fraction: Double) -> Channels {
      Channels(r: r + (other.r - r) * fraction, g: g + (other.g - g) * fraction, b: b + (other.b - b) * fraction, a: a + (other.a - a) * fraction)
    }

    /// As premultiplied ARGB. Adding a half and truncating rounds the channels, as in
    /// `lookUp` (`rounded()` calls libm: 4 calls an entry, 1.2% of drawing an icon).
    var premultiplied: UInt32 {
      let red = UInt32(r * a / 255 + 0.5), green = UInt32(g * a / 255 + 0.5), blue = UInt32(b * a / 255 + 0.5)
      return UInt32(a + 0.5) << 24 | red << 16 | green << 8 | blue
    }
  }

  /// The gradient's parameter at a point of gradient space, before spreading; nil where a
  /// radial gradient has no circle through the point (outside the cone of a focus outside
  /// its circle), which paints nothing.
  func parameter(at point: Point) -> Double? {
    switch geometry {
    case let .linear(start, end):
      let direction = end - start
      let lengthSquared = direction.dot(direction)
      guard lengthSquared > 0 else { return 1 }
      return (point - start).dot(direction) / lengthSquared
    case let .radial(centre, radius, focus, focalRadius):
      let cone = Cone(centre: centre, radius: radius, focus: focus, focalRadius: focalRadius)
      let t = cone.parameter(fromFocus: point - focus)
      return t.isNaN ? nil : t
    }
  }

  /// A radial gradient's circles, as the quadratic in t each pixel solves:
  /// |p − (f + t(c − f))| = fr + t(r − fr), that is a t² − 2 b t + c = 0.
  struct Cone {
    let towardCentre: Point
    let focalRadius: Double
    let radiusGrowth: Double
    /// The quadratic's leading coefficient, the same for every pixel.
    let a: Double
    /// Whether the quadratic is linear (the focus on the outer circle).
    let isLinear: Bool
    /// Whether both circles share their centre, the common case: t is then the distance
    /// from it, less the focal radius, over the radii's difference.
    let isConcentric: Bool

    /// Whether the focal circle lies inside the outer one, growing into it: the circles
    /// from the one of radius 0 on are then nested, each inside the next, and cover the
    /// plane, so every point is on exactly one (`nestedParameter`).
    let isNested: Bool
    /// 1 / `a`, or 1 / `radiusGrowth` for concentric circles.
    private let reciprocal: Double

    init(centre: Point, radius: Double, focus: Point, focalRadius: Double) {
      towardCentre = centre - focus
      self.focalRadius = focalRadius
      radiusGrowth = radius - focalRadius
      let centreDistance = towardCentre.dot(towardCentre)
      a = centreDistance - radiusGrowth * radiusGrowth
      isLinear = abs(a) < 1e-12 * max(centreDistance, radiusGrowth * radiusGrowth, 1e-300)
      isConcentric = centreDistance == 0 && radiusGrowth != 0
      isNested = focalRadius >= 0 && radiusGrowth > 0 && (isConcentric || (a < 0 && !isLinear))
      reciprocal = isConcentric ? 1 / radiusGrowth : 1 / a
    }

    /// `parameter(fromFocus:)` where the circles are nested: the larger root, (b − √D) / a
    /// with a negative, whose radius is never negative. D is never negative but for
    /// rounding, which is clamped.
    @inline(__always)
    func nestedParameter(fromFocus offset: Point) -> Double {
      let distanceSquared = offset.dot(offset)
      if isConcentric { return (distanceSquared.squareRoot() - focalRadius) * reciprocal }
      let b = offset.dot(towardCentre) + focalRadius * radiusGrowth
      let c = distanceSquared - focalRadius * focalRadius
      return (b - max(b * b - a * c, 0).squareRoot()) * reciprocal
    }

    /// The largest t whose circle passes through the point `offset` from the focus and has a
    /// radius that is not negative; NaN where there is none (no optional: this runs a pixel).
    @inline(__always)
    func parameter(fromFocus offset: Point) -> Double {
      if isConcentric { return (offset.dot(offset).squareRoot() - focalRadius) / radiusGrowth }
      let b = offset.dot(towardCentre) + focalRadius * radiusGrowth
      let c = offset.dot(offset) - focalRadius * focalRadius
      if isLinear {
        guard b != 0 else { return .nan }
        let t = c / (2 * b)
        return focalRadius + t * radiusGrowth >= 0 ? t : .nan
      }
      let discriminant = b * b - a * c
      guard discriminant >= 0 else { return .nan }
      let root = discriminant.squareRoot()
      let first = (b + root) / a, second = (b - root) / a
      let larger = max(first, second), smaller = min(first, second)
      if focalRadius + larger * radiusGrowth >= 0 { return larger }
      return focalRadius + smaller * radiusGrowth >= 0 ? smaller : .nan
    }
  }

  /// `t` folded into 0…1 as `spread` says.
  func spreading(_ t: Double) -> Double {
    switch spread {
    case .pad:
      return min(max(t, 0), 1)
    case .repeat:
      let fraction = t - t.rounded(.down)
      return fraction
    case .reflect:
      let period = t - 2 * (t / 2).rounded(.down)
      return period > 1 ? 2 - period : period
    }
  }

  /// The premultiplied colours of `count` pixels from (`x`, `y`) rightwards, into `colors`
  /// (0, transparent, where the gradient paints nothing). Gradient space moves by a constant
  /// step from pixel to pixel of a row, so a linear gradient's t is a sum and a radial one's a
  /// square root, without a transform a pixel.
  func shade(x: Int, y: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>) {
    let start = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    let step = Point(x: inverse.a, y: inverse.b)
    table.withUnsafeBufferPointer { table in
      switch geometry {
      case let .linear(from, to):
        let direction = to - from
        let lengthSquared = direction.dot(direction)
        guard lengthSquared > 0 else {
          colors.update(repeating: lookUp(1, in: table), count: count)
          return
        }
        let first = (start - from).dot(direction) / lengthSquared
        let increment = step.dot(direction) / lengthSquared
        // Padded, with every t of the row finite (the common case), each pixel is a compare
        // and a load: `lookUp`'s checks and spreading were most of an icon's gradients.
        if spread == .pad, (abs(first) + Double(count) * abs(increment)).isFinite {
          let scale = Double(Self.tableSize - 1), (before, after) = padColors
          for index in 0..<count {
            let t = first + Double(index) * increment
            colors[index] = t < 0 ? before : t > 1 ? after : table[Int(t * scale + 0.5)]
          }
          return
        }
        for index in 0..<count {
          colors[index] = lookUp(first + Double(index) * increment, in: table)
        }
      case let .radial(centre, radius, focus, focalRadius):
        let cone = Cone(centre: centre, radius: radius, focus: focus, focalRadius: focalRadius)
        let offset = start - focus
        // Padded, the focal circle inside the outer one (the common case), with the row's
        // positions finite: every pixel has its t, so each is a square root, a compare and a
        // load, without the general case's two roots and checks.
        let reach = abs(offset.x) + abs(offset.y) + Double(count) * (abs(step.x) + abs(step.y))
        if spread == .pad, cone.isNested, reach.isFinite {
          let scale = Double(Self.tableSize - 1), (before, after) = padColors
          for index in 0..<count {
            let t = cone.nestedParameter(fromFocus: offset + step * Double(index))
            colors[index] = t < 0 ? before : t > 1 ? after : table[Int(t * scale + 0.5)]
          }
          return
        }
        for index in 0..<count {
          let t = cone.parameter(fromFocus: offset + step * Double(index))
          colors[index] = lookUp(t, in: table)
        }
      }
    }
  }

  /// The table's colour for an unspread `t`; transparent where t is not a number.
  @inline(__always)
  private func lookUp(_ t: Double, in table: UnsafeBufferPointer<UInt32>) -> UInt32 {
    guard t.isFinite else { return 0 }
    if spread == .pad {
      if t < 0 { return padColors.before }
      if t > 1 { return padColors.after }
    }
    // Spread t is within 0…1, so adding a half and truncating rounds it (no call to libm).
    let index = Int(spreading(t) * Double(Self.tableSize - 1) + 0.5)
    return table[min(max(index, 0), Self.tableSize - 1)]
  }
}
