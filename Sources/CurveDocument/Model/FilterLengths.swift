import CurveGeometry
import Glibc

/// How a filter's lengths, given in an element's user space (times `unitX`/`unitY`: 1, or
/// the box's sides for SVG's `primitiveUnits="objectBoundingBox"`), come into the space a
/// transform takes them to (the document, or a group's coordinates moved by the selector):
/// through its linear part.
///
/// An offset is a vector and turns with the element (a drop shadow under a rotated group
/// falls the way the group turned). A blur's deviations are the turned Gaussian's spread along
/// the document's axes, a morphology's radii the box around the turned rectangle: exact for a
/// transform that scales and moves, the nearest axis-aligned kernel for one that turns or
/// skews (which the rasterizer's axis-aligned passes can draw).
public struct FilterLengths {
  public var transform: Affine
  public var unitX: Double
  public var unitY: Double

  public init(transform: Affine, unitX: Double = 1, unitY: Double = 1) {
    self.transform = transform
    self.unitX = unitX
    self.unitY = unitY
  }

  /// `(dx, dy)` in the document.
  public func offset(_ dx: Double, _ dy: Double) -> (dx: Double, dy: Double) {
    let x = dx * unitX, y = dy * unitY
    return (transform.a * x + transform.c * y, transform.b * x + transform.d * y)
  }

  /// A Gaussian of deviations `x` and `y` along the user axes, as deviations along the
  /// document's: the square roots of its turned covariance's diagonal.
  public func deviations(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    let sx = x * unitX, sy = y * unitY
    return (hypot(transform.a * sx, transform.c * sy), hypot(transform.b * sx, transform.d * sy))
  }

  /// A rectangle of half-sides `x` and `y`, as the half-sides of the box around it turned.
  public func radii(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    let rx = x * unitX, ry = y * unitY
    return (abs(transform.a) * rx + abs(transform.c) * ry, abs(transform.b) * rx + abs(transform.d) * ry)
  }

  /// A length with no direction (a displacement's scale): the mean of the two axes' scales.
  public func length(_ value: Double) -> Double {
    value * (hypot(transform.a, transform.b) * unitX + hypot(transform.c, transform.d) * unitY) / 2
  }
}
