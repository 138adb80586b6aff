import CurveGeometry
import CurveRaster

/// Geometry on arbitrary doubles: the input's bytes are read as eight coordinates and a
/// tolerance. Invariants: flattening never traps; finite input gives finite points, at most
/// `Flattening.maximumPointsPerCurve` of them, from the first control point to the last; for
/// coordinates up to 1e9 every curve point lies within the tolerance of the polyline (checked at
/// 64 parameters); stroking and rasterizing the polyline never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeometry(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count >= 9 * 8 else { return 0 }
  var values: [Double] = []
  for index in 0..<9 {
    var bits: UInt64 = 0
    for byte in 0..<8 { bits |= UInt64(bytes[index * 8 + byte]) << (8 * UInt64(byte)) }
    values.append(Double(bitPattern: bits))
  }
  let points = (0..<4).map { Point(x: values[2 * $0], y: values[2 * $0 + 1]) }
  let curve = CubicBezier(points[0], points[1], points[2], points[3])
  let tolerance = values[8]
  for method in FlatteningMethod.allCases {
    var polyline: [Point] = []
    curve.flatten(tolerance: tolerance, method: method, into: &polyline)
    guard curve.isFinite else {
      precondition(polyline.isEmpty, "non-finite control points gave points")
      continue
    }
    precondition(polyline.allSatisfy(\.isFinite), "finite input gave a non-finite point")
    precondition(polyline.count <= Flattening.maximumPointsPerCurve, "over the point cap")
    precondition(polyline.first == curve.p0 && polyline.last == curve.p3, "ends moved")
    let small = points.allSatisfy { abs($0.x) <= 1e9 && abs($0.y) <= 1e9 }
    if small, tolerance.isFinite, tolerance >= 1e-3, polyline.count < Flattening.maximumPointsPerCurve {
      for step in 0...64 {
        let point = curve.eval(Double(step) / 64)
        var nearest = Double.infinity
        for (a, b) in zip(polyline, polyline.dropFirst()) { nearest = min(nearest, distance(from: point, toSegment: a, b)) }
        precondition(nearest <= tolerance * (1 + 1e-6) + 1e-9 * max(abs(point.x), abs(point.y)), "a curve point \(nearest) from the polyline")
      }
    }
    let canvas = RasterCanvas(width: 64, height: 48)
    canvas.stroke(polyline, width: 2.5, Color(r: 20, g: 60, b: 160))
    canvas.fillDisc(centre: curve.p1, radius: 3, Color(r: 200, g: 0, b: 0))
    _ = canvas.image
  }
  return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzer(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's entry point under this name; it hands the command
/// line to libFuzzer's driver.
@_cdecl("fuzz_geometry_main")
public func fuzzGeometryMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzer(&count, &arguments) { bytes, size in fuzzGeometry(bytes, size) }
}
