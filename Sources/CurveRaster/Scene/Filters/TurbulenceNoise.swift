import CurveGeometry

/// SVG's `feTurbulence` (Filter Effects 1, 15.25): Perlin's gradient noise, summed over
/// octaves, a field for each of red, green, blue and alpha.
///
/// ```swift
/// let clouds = TurbulenceNoise(baseFrequencyX: 0.05, baseFrequencyY: 0.05, octaves: 3, seed: 7, isFractalNoise: true)
/// ```
///
/// The lattice, its gradients and their shuffle come from the specification's random
/// numbers (Park and Miller's minimal standard generator, seeded by `seed`), so a seed draws
/// the same noise as every other renderer. Noise is sampled at each pixel's corner, mapped
/// into the element's user space by `pixelToNoise`. Turbulence sums |noise|, fractal noise
/// the noise itself; both are straight colours in the filter's mixing space.
public struct TurbulenceNoise: Hashable, Sendable {
  public var baseFrequencyX: Double
  public var baseFrequencyY: Double
  public var octaves: Int
  public var seed: Int
  public var isFractalNoise: Bool
  /// Frequencies adjusted so the noise repeats across `stitchTile` (in noise space).
  public var stitchTile: Rect?
  /// From the drawing's pixels to the space the frequencies are in.
  public var pixelToNoise: Affine

  public init(
    baseFrequencyX: Double, baseFrequencyY: Double, octaves: Int, seed: Int, isFractalNoise: Bool,
    stitchTile: Rect? = nil, pixelToNoise: Affine = .identity
  ) {
    self.baseFrequencyX = baseFrequencyX
    self.baseFrequencyY = baseFrequencyY
    self.octaves = octaves
    self.seed = seed
    self.isFractalNoise = isFractalNoise
    self.stitchTile = stitchTile
    self.pixelToNoise = pixelToNoise
  }

  /// The noise over `width` × `height` pixels whose top left is pixel (`originX`, `originY`)
  /// of the drawing, premultiplied.
  func pixels(width: Int, height: Int, originX: Int, originY: Int) -> [SIMD4<Float>] {
    let lattice = Lattice(seed: seed)
    let stitch = stitchTile.flatMap { $0.width > 0 && $0.height > 0 ? Stitch(tile: $0, frequencyX: baseFrequencyX, frequencyY: baseFrequencyY) : nil }
    let frequencyX = stitch?.frequencyX ?? baseFrequencyX, frequencyY = stitch?.frequencyY ?? baseFrequencyY
    var result = [SIMD4<Float>](repeating: .zero, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let point = pixelToNoise.apply(to: Point(x: Double(originX + x), y: Double(originY + y)))
        var sum = SIMD4<Double>.zero
        var vector = (x: point.x * frequencyX, y: point.y * frequencyY), ratio = 1.0
        var octaveStitch = stitch
        for _ in 0..<octaves {
          let noise = lattice.noise(vector.x, vector.y, stitch: octaveStitch)
          sum += (isFractalNoise ? noise : SIMD4(abs(noise.x), abs(noise.y), abs(noise.z), abs(noise.w))) / ratio
          vector = (vector.x * 2, vector.y * 2)
          ratio *= 2
          octaveStitch?.doubled()
        }
        let value = isFractalNoise ? (sum + 1) / 2 : sum
        let straight = SIMD4<Float>(value.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)))
        result[y * width + x] = SIMD4(straight.x * straight.w, straight.y * straight.w, straight.z * straight.w, straight.w)
      }
    }
    return result
  }

  /// Where the lattice wraps so the noise tiles: the tile's size in lattice cells.
  struct Stitch {
    var width: Int, height: Int
    var wrapX: Int, wrapY: Int
    var frequencyX: Double, frequencyY: Double

    /// The frequencies moved to the nearer of those that fit a whole number of cells in the
    /// tile.
    init(tile: Rect, frequencyX: Double, frequencyY: Double) {
      func fitted(_ frequency: Double, _ size: Double) -> Double {
        guard frequency != 0 else { return 0 }
        let low = (size * frequency).rounded(.down) / size, high = (size * frequency).rounded(.up) / size
        return frequency / low < high / frequency ? low : high
      }
      self.frequencyX = fitted(frequencyX, tile.width)
      self.frequencyY = fitted(frequencyY, tile.height)
      width = Int(tile.width * self.frequencyX + 0.5)
      height = Int(tile.height * self.frequencyY + 0.5)
      wrapX = Int(tile.minX * self.frequencyX + Double(Lattice.offset + width))
      wrapY = Int(tile.minY * self.frequencyY + Double(Lattice.offset + height))
    }

    /// The next octave's: twice the frequency.
    mutating func doubled() {
      width *= 2
      wrapX = 2 * wrapX - Lattice.offset
      height *= 2
      wrapY = 2 * wrapY - Lattice.offset
    }
  }

  /// The specification's 256 shuffled lattice points and a unit gradient per point and
  /// channel, doubled so a neighbour's index needs no wrapping.
  struct Lattice {
    static let size = 256
    /// Added to coordinates so negative ones index the lattice as positive ones do.
    static let offset = 4096
    var selector = [Int](repeating: 0, count: 2 * size + 2)
    var gradients = [SIMD2<Double>](repeating: .zero, count: 4 * (2 * size + 2))

    init(seed: Int) {
      let modulus = 2_147_483_647
      // Park and Miller's generator, with Schrage's method to stay within 32 bits.
      var state = seed <= 0 ? -(seed % (modulus - 1)) + 1 : min(seed, modulus - 1)
      func random() -> Int {
        state = 16807 * (state % 127_773) - 2836 * (state / 127_773)
        if state <= 0 { state += modulus }
        return state
      }
      let perChannel = 2 * Self.size + 2
      for channel in 0..<4 {
        for index in 0..<Self.size {
          selector[index] = index
          var gradient = SIMD2<Double>.zero
          gradient.x = Double(random() % (2 * Self.size) - Self.size) / Double(Self.size)
          gradient.y = Double(random() % (2 * Self.size) - Self.size) / Double(Self.size)
          let length = (gradient.x * gradient.x + gradient.y * gradient.y).squareRoot()
          gradients[channel * perChannel + index] = length > 0 ? gradient / length : gradient
        }
      }
      for index in stride(from: Self.size - 1, through: 1, by: -1) {
        selector.swapAt(index, random() % Self.size)
      }
      for index in 0..<(Self.size + 2) {
        selector[Self.size + index] = selector[index]
        for channel in 0..<4 { gradients[channel * perChannel + Self.size + index] = gradients[channel * perChannel + index] }
      }
    }

    /// The noise at (x, y), each channel's, in -1…1 or so.
    func noise(_ x: Double, _ y: Double, stitch: Stitch?) -> SIMD4<Double> {
      let tx = x + Double(Self.offset), ty = y + Double(Self.offset)
      // Beyond 2⁵² the lattice has no fraction left (and beyond Int's range no cell).
      guard abs(tx) < 0x1p52, abs(ty) < 0x1p52 else { return .zero }
      var x0 = Int(tx), y0 = Int(ty)
      let fx = tx - Double(x0), fy = ty - Double(y0)
      var x1 = x0 + 1, y1 = y0 + 1
      if let stitch {
        if x0 >= stitch.wrapX { x0 -= stitch.width }
        if x1 >= stitch.wrapX { x1 -= stitch.width }
        if y0 >= stitch.wrapY { y0 -= stitch.height }
        if y1 >= stitch.wrapY { y1 -= stitch.height }
      }
      let mask = Self.size - 1
      let i = selector[x0 & mask], j = selector[x1 & mask]
      let b00 = selector[i + (y0 & mask)], b10 = selector[j + (y0 & mask)]
      let b01 = selector[i + (y1 & mask)], b11 = selector[j + (y1 & mask)]
      let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
      let stride = 2 * Self.size + 2
      var result = SIMD4<Double>.zero
      for channel in 0..<4 {
        func dot(_ index: Int, _ dx: Double, _ dy: Double) -> Double {
          let gradient = gradients[channel * stride + index]
          return dx * gradient.x + dy * gradient.y
        }
        let top = lerp(sx, dot(b00, fx, fy), dot(b10, fx - 1, fy))
        let bottom = lerp(sx, dot(b01, fx, fy - 1), dot(b11, fx - 1, fy - 1))
        result[channel] = lerp(sy, top, bottom)
      }
      return result
    }

    private func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { a + t * (b - a) }
  }
}
