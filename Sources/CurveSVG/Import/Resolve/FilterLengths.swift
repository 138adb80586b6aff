import CurveGeometry
import Glibc

/// How a filter's lengths, given in the element's user space (times `unitX`/`unitY`: 1, or
/// the box's sides for `primitiveUnits="objectBoundingBox"`), come into the document, where
/// Curves keeps its filters: through the linear part of the element's transform.
///
/// An offset is a vector and turns with the element (a drop shadow under a rotated group
/// falls the way the group turned). A blur's deviations are the turned Gaussian's spread along
/// the document's axes, a morphology's radii the box around the turned rectangle: exact for a
/// transform that scales and moves, the nearest axis-aligned kernel for one that turns or
/// skews (which the rasterizer's axis-aligned passes can draw).
struct FilterLengths {
  var transform: Affine
  var unitX = 1.0
  var unitY = 1.0

  /// `(dx, dy)` in the document.
  func offset(_ dx: Double, _ dy: Double) -> (dx: Double, dy: Double) {
    let x = dx * unitX, y = dy * unitY
    return (transform.a * x + transform.c * y, transform.b * x + transform.d * y)
  }

  /// A Gaussian of deviations `x` and `y` along the user axes, as deviations along the
  /// document's: the square roots of its turned covariance's diagonal.
  func deviations(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    let sx = x * unitX, sy = y * unitY
    return (hypot(transform.a * sx, transform.c * sy), hypot(transform.b * sx, transform.d * sy))
  }

  /// A rectangle of half-sides `x` and `y`, as the half-sides of the box around it turned.
  func radii(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    let rx = x * unitX, ry = y * unitY
    return (abs(transform.a) * rx + abs(transform.c) * ry, abs(transform.b) * rx + abs(transform.d) * ry)
  }

  /// A length with no direction (a displacement's scale): the mean of the two axes' scales.
  func length(_ value: Double) -> Double {
    value * (hypot(transform.a, transform.b) * unitX + hypot(transform.c, transform.d) * unitY) / 2
  }
}
