/// SVG's `feMorphology` (Filter Effects 1, 15.19): each channel of each pixel the least
/// (erode, thinning) or the greatest (dilate, fattening) of the box around it.
///
/// ```swift
/// let thicker = Morphology(dilates: true, radiusX: 2, radiusY: 2)
/// let thinner = Morphology(dilates: false, radiusX: 1, radiusY: 3)
/// ```
///
/// The box reaches `radius` pixels (rounded up) each way; pixels beyond the image are not
/// in it. As a box's least is the least of its rows' least, it is done in two passes, across
/// then down.
public struct Morphology: Hashable, Sendable {
  public var dilates: Bool
  /// In pixels; positive.
  public var radiusX: Double
  public var radiusY: Double

  public init(dilates: Bool, radiusX: Double, radiusY: Double) {
    self.dilates = dilates
    self.radiusX = radiusX
    self.radiusY = radiusY
  }

  /// `pixels` (`width` a row) thinned or fattened.
  func apply(to pixels: [SIMD4<Float>], width: Int, height: Int) -> [SIMD4<Float>] {
    let reachX = Int(min(radiusX, Double(width)).rounded(.up)), reachY = Int(min(radiusY, Double(height)).rounded(.up))
    let across = pass(pixels, lines: height, length: width, step: 1, lineStep: width, reach: reachX)
    return pass(across, lines: width, length: height, step: width, lineStep: 1, reach: reachY)
  }

  private func pass(_ pixels: [SIMD4<Float>], lines: Int, length: Int, step: Int, lineStep: Int, reach: Int) -> [SIMD4<Float>] {
    guard reach > 0 else { return pixels }
    var result = pixels
    for line in 0..<lines {
      let start = line * lineStep
      for position in 0..<length {
        var extreme = pixels[start + position * step]
        for other in max(position - reach, 0)...min(position + reach, length - 1) {
          let value = pixels[start + other * step]
          extreme = dilates ? pointwiseMax(extreme, value) : pointwiseMin(extreme, value)
        }
        result[start + position * step] = extreme
      }
    }
    return result
  }
}
