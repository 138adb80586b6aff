import Composable
import CurveFeature
@testable import CurveSVG
import Foundation
import Testing

@MainActor
struct ExportsTests {
  let document = URL(fileURLWithPath: "/home/ana/arches.json")
  /// 2026-11-24 10:20:30 UTC.
  let now = Date(timeIntervalSince1970: 1_795_515_630)

  /// An editor whose exports are recorded instead of written.
  func makeExporting(_ written: LockIsolated<[(ExportKind, URL)]>, failing: Bool = false) -> TestStore<Editor.State, Editor.Action> {
    makeExporting { kind, _, url, _ in
      if failing { throw CocoaError(.fileWriteNoPermission) }
      written.withValue { $0.append((kind, url)) }
    }
  }

  /// An editor on `arches.json` whose exports go to `write`.
  func makeExporting(
    _ write: @escaping @Sendable (ExportKind, Editor.State, URL, @escaping @Sendable (ExportProgress) -> Void) async throws -> Void
  ) -> TestStore<Editor.State, Editor.Action> {
    var state = Editor.State(curves: oneCurve())
    state.file.url = document
    state.file.savedRevision = 0
    let store = makeStore(state) { Editor() }
    store.dependencies.date = .constant(now)
    store.dependencies.exporter = ExportClient(write: write, defaultDirectory: { URL(fileURLWithPath: "/work") })
    return store
  }

  @Test func svgAndGIFGoBesideTheDocumentAndSayWhere() async {
    let written = LockIsolated<[(ExportKind, URL)]>([])
    let store = makeExporting(written)
    let svg = URL(fileURLWithPath: "/home/ana/arches-export.svg"), gif = URL(fileURLWithPath: "/home/ana/arches.gif")
    await store.send(.exports(.export(.svg))) { $0.exporting = Exports.Running(title: "SVG", url: svg, started: now) }
    await store.receive(.exports(.finished("SVG", .success(svg)))) {
      $0.exporting = nil
      $0.interaction.notice = "Exported /home/ana/arches-export.svg"
    }
    await store.send(.exports(.export(.gif))) { $0.exporting = Exports.Running(title: "GIF", url: gif, started: now) }
    await store.receive(.exports(.finished("GIF", .success(gif)))) {
      $0.exporting = nil
      $0.interaction.notice = "Exported /home/ana/arches.gif"
    }
    #expect(written.value.map(\.0) == [.svg, .gif])
  }

  @Test func aScreenshotIsStampedWithTheLocalTime() {
    var file = FileStatus(url: document)
    let png = Exports.target(for: .png, of: file, at: now, defaultDirectory: URL(fileURLWithPath: "/work"))
    #expect(png.path == "/home/ana/arches-\(Documents.timestamp(now)).png")
    #expect(Documents.timestamp(now).count == 15)
    file.isAutosave = true
    #expect(Exports.target(for: .svg, of: file, at: now, defaultDirectory: URL(fileURLWithPath: "/work")).path == "/work/curves-export.svg")
    #expect(Exports.target(for: .gif, of: FileStatus(), at: now, defaultDirectory: URL(fileURLWithPath: "/work")).path == "/work/curves.gif")
  }

  /// An SVG export is `NAME-export.svg`: it never replaces the drawing the document came from,
  /// nor one saved beside it.
  @Test func anSVGExportNeverReplacesTheDrawingTheDocumentWasImportedFrom() {
    var file = FileStatus(url: document)
    file.importedFrom = URL(fileURLWithPath: "/home/ana/arches.svg")
    let directory = URL(fileURLWithPath: "/work")
    #expect(Exports.target(for: .svg, of: file, at: now, defaultDirectory: directory).path == "/home/ana/arches-export.svg")
    #expect(Exports.target(for: .gif, of: file, at: now, defaultDirectory: directory).path == "/home/ana/arches.gif")
    file.importedFrom = URL(fileURLWithPath: "/home/ana/other/arches.svg")
    #expect(Exports.target(for: .svg, of: file, at: now, defaultDirectory: directory).path == "/home/ana/arches-export.svg")
    // A drawing that is its own file (`.svgz` too): Ctrl+E writes beside it, never over it.
    for drawing in ["/home/ana/tiger.svg", "/home/ana/tiger.svgz"] {
      let own = FileStatus(url: URL(fileURLWithPath: drawing))
      #expect(Exports.target(for: .svg, of: own, at: now, defaultDirectory: directory).path == "/home/ana/tiger-export.svg")
    }
  }

  @Test func aFailedExportSaysWhyAndChangesNothingElse() async {
    let store = makeExporting(LockIsolated([]), failing: true)
    await store.send(.exports(.export(.svg))) {
      $0.exporting = Exports.Running(title: "SVG", url: URL(fileURLWithPath: "/home/ana/arches-export.svg"), started: now)
    }
    await store.receive(\.exports.finished) {
      $0.exporting = nil
      $0.interaction.notice = "The SVG was not exported: \(CocoaError(.fileWriteNoPermission))"
    }
  }

  /// An export in the background: each frame's progress in the state (the status line's bar
  /// and time left), a second export refused while it runs, Escape cancels it and nothing is
  /// written.
  @Test func anExportShowsItsFramesAndEscapeCancelsItWritingNothing() async {
    let written = LockIsolated<[URL]>([])
    let frames = AsyncStream.makeStream(of: Int.self)
    let store = makeExporting { _, _, url, progress in
      // Frames come as the test lets them; a cancelled task stops before writing.
      for await done in frames.stream {
        progress(ExportProgress(done: done, count: 4))
        if done == 4 { break }
      }
      try Task.checkCancellation()
      written.withValue { $0.append(url) }
    }
    let gif = URL(fileURLWithPath: "/home/ana/arches.gif")
    await store.send(.exports(.export(.gif))) { $0.exporting = Exports.Running(title: "GIF", url: gif, started: now) }
    frames.continuation.yield(1)
    await store.receive(.exports(.progress(ExportProgress(done: 1, count: 4)))) {
      $0.exporting?.progress = ExportProgress(done: 1, count: 4)
    }
    #expect(store.state.exporting?.secondsLeft(at: now.addingTimeInterval(2)) == 6, "2 s for 1 frame: 6 s for the other 3")
    await store.send(.exports(.export(.svg))) {
      $0.interaction.notice = "The GIF is still being exported; Escape cancels it."
    }
    await store.send(.exports(.cancel)) {
      $0.exporting = nil
      $0.interaction.notice = "The GIF export was cancelled; nothing was written."
    }
    frames.continuation.finish()
    await store.finish()
    #expect(written.value.isEmpty)
  }
}
