import CurveFeature
import CurveGeometry
import CurveLottie
import CurveRaster
import CurveRender
import CurveSVG
import Foundation

/// What the export dialog writes (`ExportSettings`), for `ExportClient.export`: a PNG of the
/// page, the drawing or the selection at its resolution; plain or animated SVG; Lottie; the
/// timeline (or, with none, one sweep of the construction) as GIF, APNG, WebM or MP4 at the
/// canvas's size. All are drawn in the background, frame by frame (a sweep's frames on the
/// main actor between the window's events), telling `progress` and stopping when the task is
/// cancelled; every file is written whole or not at all.
enum DialogExport {
  static func write(
    _ settings: ExportSettings, _ state: Editor.State, to url: URL, progress: @escaping @Sendable (ExportProgress) -> Void
  ) async throws {
    let document = Document(state)
    let report: (Int, Int) throws -> Void = { done, count in progress(ExportProgress(done: done, count: count)) }
    let data: Data
    switch settings.format {
    case .png:
      data = try png(settings, state, document)
    case .svg:
      data = Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint).utf8)
    case .animatedSVG:
      data = Data(SVGExport.svg(for: document, pointLook: DrawingLook.exportedPoint, animated: true).utf8)
    case .lottie:
      data = Data(LottieExport.json(for: document).utf8)
    case .gif, .apng, .webm, .mp4:
      let size = AnimationExport.canvasFrame(of: document)
      let export = try AnimationExport(state: state, width: size.width, height: size.height, fps: settings.fps, seconds: settings.seconds)
      switch settings.format {
      case .gif: data = try await export.gif(progress: report)
      case .apng: data = try await export.apng(progress: report)
      default:
        try await export.writeVideo(to: url, progress: report)
        return
      }
    }
    try Task.checkCancellation()
    try FileSystemClient.liveValue.writeAtomically(data, url)
  }

  /// The area the settings name, at their resolution, on white if they say so.
  private static func png(_ settings: ExportSettings, _ state: Editor.State, _ document: Document) throws -> Data {
    let page = Rect(minX: 0, minY: 0, maxX: document.canvas.width, maxY: document.canvas.height)
    let area: Rect? = switch settings.area {
    case .page: document.viewBox(at: 0) ?? page
    case .drawing: state.box(of: state.drawing.curves.map { DrawingObject.curve($0.id) })
    case .selection: state.selectedObjectsBox
    }
    guard let area, area.width > 0, area.height > 0 else {
      throw ExportProblem(description: settings.area == .selection ? "nothing is selected" : "the drawing is empty")
    }
    let scale = settings.dpi / 96
    let width = max(Int((area.width * scale).rounded()), 1), height = max(Int((area.height * scale).rounded()), 1)
    let largest = RenderError.largestFrame
    guard width <= largest.width, height <= largest.height else {
      throw ExportProblem(description: "\(width) × \(height) pixels is more than \(largest.width) × \(largest.height); lower the resolution")
    }
    var image = try DrawingRenderer(document: document, width: width, height: height, viewBox: area).render()
    if settings.whiteBackground {
      let white = AnimationExport.onWhite(try DrawingRenderer(document: document, width: width, height: height, viewBox: area).renderPremultiplied())
      image.pixels = (0..<width * height).map { index in
        let b = UInt32(white[4 * index]), g = UInt32(white[4 * index + 1]), r = UInt32(white[4 * index + 2])
        return 0xFF00_0000 | r << 16 | g << 8 | b
      }
    }
    return try PNGFile.encode(image)
  }

  struct ExportProblem: Error, CustomStringConvertible {
    var description: String
  }
}
