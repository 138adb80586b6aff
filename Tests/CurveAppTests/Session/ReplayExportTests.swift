import CurveFeature
import Foundation
import Testing

/// `curves replay` asks the editor for exports as the window does (Ctrl+E, Ctrl+P, Ctrl+G) and
/// writes the same files beside the document; the document itself is never written.
struct ReplayExportTests {
  @Test func ctrlEPAndGWriteTheSVGAScreenshotAndTheGIFBesideTheDocument() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let document = directory.appendingPathComponent("arch.json")
    try Data(sampleDocumentJSON.utf8).write(to: document)
    let events = directory.appendingPathComponent("events.jsonl")
    try """
      {"type":"key","key":"ctrl+e"}
      {"type":"key","key":"ctrl+p"}
      {"type":"key","key":"ctrl+alt+g"}
      """.write(to: events, atomically: true, encoding: .utf8)
    let outcome = try CurvesBinary.run([
      "replay", document.path, "--events", events.path, "--size", "320x240", "--state", directory.appendingPathComponent("state.json").path,
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

    let svg = try String(contentsOf: directory.appendingPathComponent("arch-export.svg"), encoding: .utf8)
    #expect(svg.contains(#"d="M 120 450 C 240 120 560 120 680 450""#))

    let screenshots = names.filter { $0.hasPrefix("arch-") && $0.hasSuffix(".png") }
    #expect(screenshots.count == 1, "\(names)")
    let png = try Data(contentsOf: directory.appendingPathComponent(try #require(screenshots.first)))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // The frame at the replay's size: width and height are the IHDR chunk's first fields.
    #expect(png[16..<24] == Data([0, 0, 1, 64, 0, 0, 0, 240]))

    let gif = try Data(contentsOf: directory.appendingPathComponent("arch.gif"))
    #expect(gif.prefix(6) == Data("GIF89a".utf8))
    #expect(gif[6..<10] == Data([64, 1, 240, 0]), "320 x 240, little-endian")

    // The document the replay started from is left as it was.
    #expect(try String(contentsOf: document, encoding: .utf8) == sampleDocumentJSON)
    #expect(Set(names) == Set(["arch.json", "events.jsonl", "state.json", "arch-export.svg", "arch.gif"] + screenshots))
  }
}
