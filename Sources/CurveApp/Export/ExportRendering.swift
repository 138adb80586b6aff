import Composable
import CurveFeature
import CurveRender
import CurveSVG
import Foundation

/// The session whose frame exports draw: set once the session exists (its store, which
/// holds the exporter, is made first).
final class SessionFrames: @unchecked Sendable {
  @MainActor weak var session: EditorSession?
}

extension ExportClient {
  /// Exports drawn as the window draws: the drawing as SVG, the session's frame as a PNG at
  /// its size in pixels, the timeline as a GIF at the canvas's size (or, with none, one sweep
  /// of the canvas at the window's size in points). Files are written
  /// atomically; exports of a drawing with no file of its own go to the current directory.
  static func rendering(_ frames: SessionFrames) -> ExportClient {
    ExportClient(
      write: { kind, state, url, progress in
        // The GIF in the background, frame by frame until cancelled, so the window stays
        // usable: the timeline at the canvas's size, or one sweep of the canvas at the
        // window's size in points.
        if kind == .gif {
          let export: AnimationExport
          if state.drawing.timeline != nil {
            let size = AnimationExport.canvasFrame(of: Document(state))
            export = try AnimationExport(state: state, width: size.width, height: size.height)
          } else {
            guard let layout = await MainActor.run(body: { frames.session?.layout }) else { throw FrameError.sessionClosed }
            export = try AnimationExport(
              state: state, width: Int((layout.width * layout.pointsPerUnit).rounded()),
              height: Int((layout.height * layout.pointsPerUnit).rounded()), scale: layout.pointsPerUnit
            )
          }
          let data = try await export.gif { done, count in progress(ExportProgress(done: done, count: count)) }
          try Task.checkCancellation()
          try FileSystemClient.liveValue.writeAtomically(data, url)
          return
        }
        let data: Data = try await MainActor.run {
          guard let session = frames.session else { throw FrameError.sessionClosed }
          return try Self.encodeStill(kind, state, session)
        }
        try FileSystemClient.liveValue.writeAtomically(data, url)
      },
      export: { settings, state, url, progress in try await DialogExport.write(settings, state, to: url, progress: progress) },
      defaultDirectory: { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
    )
  }

  /// The SVG, or the session's frame as a PNG at its size in pixels (the GIF is drawn in the
  /// background by `write`).
  @MainActor
  private static func encodeStill(_ kind: ExportKind, _ state: Editor.State, _ session: EditorSession) throws -> Data {
    if kind == .svg { return Data(SVGExport.svg(for: Document(state), pointLook: DrawingLook.exportedPoint).utf8) }
    let layout = session.layout
    let frame = try OffscreenFrame(
      width: Int(layout.width * layout.pixelsPerUnit), height: Int(layout.height * layout.pixelsPerUnit), scale: layout.pixelsPerUnit
    )
    frame.draw(session)
    return try PNGFile.encode(frame.image)
  }
}
