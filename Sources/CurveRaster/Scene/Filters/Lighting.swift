import Glibc

/// SVG's `feDiffuseLighting` and `feSpecularLighting` (Filter Effects 1, 15.14 and 15.22):
/// the input's alpha as a height field, lit by one light.
///
/// ```swift
/// let emboss = Lighting(
///   reflection: .diffuse(constant: 1), surfaceScale: 3, color: SIMD3(1, 1, 1),
///   light: .distant(azimuth: 45, elevation: 60)
/// )
/// ```
///
/// The surface normal is Sobel's, with the specification's kernels at edges and corners.
/// Positions are in the drawing's pixels, z too. Diffuse light is opaque; specular light's
/// alpha is its brightest channel, so it can be laid over the source.
public struct Lighting: Hashable, Sendable {
  public enum Reflection: Hashable, Sendable {
    case diffuse(constant: Double)
    case specular(constant: Double, exponent: Double)
  }

  public enum Light: Hashable, Sendable {
    /// Angles in degrees: from the x axis towards y, and up from the surface.
    case distant(azimuth: Double, elevation: Double)
    case point(SIMD3<Double>)
    /// A cone towards `pointsAt`, fading by `exponent`, cut at `coneAngle` degrees.
    case spot(SIMD3<Double>, pointsAt: SIMD3<Double>, exponent: Double, coneAngle: Double?)
  }

  public var reflection: Reflection
  public var surfaceScale: Double
  /// The light's colour, 0…1 a channel, in the filter's mixing space.
  public var color: SIMD3<Double>
  public var light: Light
  /// The pixels over which the slope is measured (`kernelUnitLength` on the canvas): the
  /// slope a unit is the slope a pixel times it.
  public var kernelUnit: Double

  public init(reflection: Reflection, surfaceScale: Double, color: SIMD3<Double>, light: Light, kernelUnit: Double = 1) {
    self.reflection = reflection
    self.surfaceScale = surfaceScale
    self.color = color
    self.light = light
    self.kernelUnit = kernelUnit
  }

  /// The light on `pixels` (`width` a row; its top left pixel (`originX`, `originY`) of the
  /// drawing), premultiplied.
  func apply(to pixels: [SIMD4<Float>], width: Int, height: Int, originX: Int, originY: Int) -> [SIMD4<Float>] {
    var result = [SIMD4<Float>](repeating: .zero, count: width * height)
    guard width >= 3, height >= 3 else { return result }
    func alpha(_ x: Int, _ y: Int) -> Double { Double(pixels[y * width + x].w) }
    for y in 0..<height {
      for x in 0..<width {
        let normal = self.normal(x: x, y: y, width: width, height: height, alpha)
        let surface = SIMD3(Double(originX + x), Double(originY + y), surfaceScale * alpha(x, y))
        let (direction, lightColor) = lightArriving(at: surface)
        let shade: Double
        switch reflection {
        case let .diffuse(constant):
          shade = constant * dot(normal, direction)
        case let .specular(constant, exponent):
          let halfway = direction + SIMD3(0, 0, 1)
          let length = (halfway * halfway).sum().squareRoot()
          let cosine = length > 0 ? dot(normal, halfway) / length : 0
          let power = exponent == 1 ? cosine : pow(cosine, exponent)
          shade = power.isNaN ? 0 : constant * power
        }
        let lit = (lightColor * max(shade, 0)).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
        switch reflection {
        case .diffuse: result[y * width + x] = SIMD4(Float(lit.x), Float(lit.y), Float(lit.z), 1)
        case .specular: result[y * width + x] = SIMD4(Float(lit.x), Float(lit.y), Float(lit.z), Float(lit.max()))
        }
      }
    }
    return result
  }

  /// The unit normal of the surface at (x, y): Sobel's differences across the neighbours
  /// that exist, weighted as the specification's edge and corner kernels are.
  private func normal(x: Int, y: Int, width: Int, height: Int, _ alpha: (Int, Int) -> Double) -> SIMD3<Double> {
    func slope(along: Int, across: Int, size: Int, acrossSize: Int, _ value: (Int, Int) -> Double) -> Double {
      let high = min(along + 1, size - 1), low = max(along - 1, 0)
      var sum = 0.0, weights = 0.0
      for (offset, weight) in [(-1, 1.0), (0, 2.0), (1, 1.0)] where (0..<acrossSize).contains(across + offset) {
        sum += weight * (value(high, across + offset) - value(low, across + offset))
        weights += weight
      }
      return 2 * sum / (weights * Double(high - low))
    }
    let steepness = surfaceScale * kernelUnit
    let nx = -steepness * slope(along: x, across: y, size: width, acrossSize: height) { alpha($0, $1) }
    let ny = -steepness * slope(along: y, across: x, size: height, acrossSize: width) { alpha($1, $0) }
    let normal = SIMD3(nx, ny, 1)
    return normal / (normal * normal).sum().squareRoot()
  }

  /// The unit vector towards the light from `surface`, and the light's colour there.
  private func lightArriving(at surface: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
    switch light {
    case let .distant(azimuth, elevation):
      let a = azimuth * .pi / 180, e = elevation * .pi / 180
      return (SIMD3(cos(a) * cos(e), sin(a) * cos(e), sin(e)), color)
    case let .point(position):
      return (unit(position - surface), color)
    case let .spot(position, pointsAt, exponent, coneAngle):
      let direction = unit(position - surface), axis = unit(pointsAt - position)
      let facing = -dot(direction, axis)
      guard facing > 0 else { return (direction, .zero) }
      if let coneAngle, facing < cos(abs(coneAngle) * .pi / 180) { return (direction, .zero) }
      return (direction, color * pow(facing, exponent))
    }
  }

  private func unit(_ vector: SIMD3<Double>) -> SIMD3<Double> {
    let length = (vector * vector).sum().squareRoot()
    return length > 0 ? vector / length : vector
  }

  private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
}
