import CurveGeometry
import Foundation
import Testing

@testable import CurveDocument

/// Stroke to path on document curves.
struct PathOutlinesTests {
  static func line(style: CurveStyle) -> Document.CurveRecord {
    Document.CurveRecord(
      id: UUID(), style: style,
      subpaths: [Document.SubpathRecord(points: [(0.0, 0.0), (10, 0)].map { Document.PointRecord(id: UUID(), x: $0.0, y: $0.1, node: .corner) })]
    )
  }

  @Test func aStretchedPenIsOutlinedInItsOwnSpace() throws {
    // Width 2 with a pen that doubles x and halves y: the band is 1 high, not 2; its ends
    // stay where the line ends (butt caps).
    var style = CurveStyle(stroke: .color(RGBColor(r: 0, g: 0, b: 0)), strokeWidth: 2, lineCap: .butt)
    style.strokeTransform = Affine(a: 2, b: 0, c: 0, d: 0.5, e: 0, f: 0)
    let outline = try #require(Self.line(style: style).strokedToPath(unstyledWidth: 3, makeID: UUID.init).first)
    let box = outline.bounds
    #expect(abs(box.minX) < 1e-9 && abs(box.maxX - 10) < 1e-9, "\(box)")
    #expect(abs(box.minY + 0.5) < 1e-9 && abs(box.maxY - 0.5) < 1e-9, "\(box)")
    // A round pen: 2 high.
    style.strokeTransform = nil
    let round = try #require(Self.line(style: style).strokedToPath(unstyledWidth: 3, makeID: UUID.init).first)
    #expect(abs(round.bounds.height - 2) < 1e-9)
  }
}
