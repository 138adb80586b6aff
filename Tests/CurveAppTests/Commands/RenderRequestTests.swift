import ArgumentParser
import CurveCommandLine
import Testing

/// `curves render`'s rules on its options, checked on plain values: what `RenderOptions`
/// (through ArgumentParser) and `DrawingRender.quick` both refuse.
struct RenderRequestTests {
  private func refusal(_ request: RenderRequest) -> String? {
    do {
      try request.validate()
      return nil
    } catch let error as ValidationError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test func aDrawingAloneIsAcceptedAndContradictionsAreRefusedByName() {
    #expect(refusal(RenderRequest(files: ["icon.svg"], output: "icon.png", drawingOnly: true)) == nil)
    #expect(refusal(RenderRequest(files: ["a.svg", "b.svg"], outputDir: "out", width: 64)) == nil)
    #expect(refusal(RenderRequest(files: [], output: "icon.png", drawingOnly: true)) == "give the document to draw.")
    #expect(refusal(RenderRequest(files: ["icon.svg"], width: 64, output: "icon.png", size: "64x64", drawingOnly: true))
      == "--width and --size both give the size; give one of them.")
    #expect(refusal(RenderRequest(files: ["icon.svg"], width: 64, output: "icon.png")) == "--width goes with --drawing-only or --output-dir.")
    #expect(refusal(RenderRequest(files: ["a.svg"], outputDir: "out", output: "a.png"))?.hasPrefix("--output-dir draws each drawing alone") == true)
    #expect(refusal(RenderRequest(files: ["icon.svg"], output: "icon.png", drawingOnly: true, time: -1))
      == "--time must be a number of seconds, 0 or more, not -1.0.")
  }

  @Test func theSmallestFrameIsAnIconsOnlyWhenThePanelIsNotDrawn() {
    #expect(RenderRequest(files: ["doc.json"], drawingOnly: true).minimumSize == (16, 16))
    #expect(RenderRequest(files: ["doc.json"], canvasOnly: true).minimumSize == (16, 16))
    #expect(RenderRequest(files: ["doc.json"], animate: true).minimumSize == (16, 16))
    #expect(RenderRequest(files: ["doc.json"]).minimumSize == (100, 100))
    #expect(RenderRequest(files: ["doc.json"], animate: true, withPanel: true).minimumSize == (100, 100))
  }
}
