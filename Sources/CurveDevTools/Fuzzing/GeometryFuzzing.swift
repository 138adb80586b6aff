import CurveGeometry
import CurveRaster

/// Geometry on arbitrary doubles: the input's first 72 bytes are eight coordinates and a
/// tolerance, little-endian. Flattening by every method never traps; finite control points give
/// finite points, at most `Flattening.maximumPointsPerCurve` of them, from the first control
/// point to the last (non-finite ones give none); for coordinates up to 1e9 every curve point
/// lies within the tolerance of the polyline (checked at 65 parameters); stroking and
/// rasterizing the polyline never traps.
enum GeometryFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
    guard bytes.count >= 9 * 8 else { return }
    let values = (0..<9).map { index in
      Double(bitPattern: bytes[(index * 8)..<(index * 8 + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
    let points = (0..<4).map { Point(x: values[2 * $0], y: values[2 * $0 + 1]) }
    let curve = CubicBezier(points[0], points[1], points[2], points[3])
    let tolerance = values[8]
    for method in FlatteningMethod.allCases {
      var polyline: [Point] = []
      curve.flatten(tolerance: tolerance, method: method, into: &polyline)
      guard curve.isFinite else {
        try require(polyline.isEmpty, "\(method): non-finite control points gave points")
        continue
      }
      try require(polyline.allSatisfy(\.isFinite), "\(method): finite input gave a non-finite point")
      try require(polyline.count <= Flattening.maximumPointsPerCurve, "\(method): \(polyline.count) points, over the cap")
      try require(polyline.first == curve.p0 && polyline.last == curve.p3, "\(method): the ends moved")
      let small = points.allSatisfy { abs($0.x) <= 1e9 && abs($0.y) <= 1e9 }
      if small, tolerance.isFinite, tolerance >= 1e-3, polyline.count < Flattening.maximumPointsPerCurve {
        for step in 0...64 {
          let point = curve.eval(Double(step) / 64)
          var nearest = point.distance(to: polyline[0])
          for (a, b) in zip(polyline, polyline.dropFirst()) { nearest = min(nearest, distance(from: point, toSegment: a, b)) }
          let allowed = tolerance * (1 + 1e-6) + 1e-9 * max(abs(point.x), abs(point.y))
          try require(nearest <= allowed, "\(method): the curve at t = \(step)/64 is \(nearest) from the polyline (tolerance \(tolerance))")
        }
      }
      let canvas = RasterCanvas(width: 64, height: 48)
      canvas.stroke(polyline, width: 2.5, RGBA8(r: 20, g: 60, b: 160))
      canvas.fillDisc(centre: curve.p1, radius: 3, RGBA8(r: 200, g: 0, b: 0))
      _ = canvas.image
    }
  }
}
