import Composable
import CurveFeature
import Foundation
import Testing

/// The export dialog (Ctrl+Shift+E): fields by format, choices with ← →, numbers and the
/// name typed, Enter exports in the background (`Exports.exportAs`) and the choice is kept
/// for the document's next export; what cannot be exported says why.
@MainActor
struct ExportDialogTests {
  let now = Date(timeIntervalSince1970: 1_795_515_630)

  func store(_ exported: LockIsolated<[(ExportSettings, URL)]>) -> TestStore<Editor.State, Editor.Action> {
    var state = Editor.State(curves: oneCurve())
    state.file.url = URL(fileURLWithPath: "/home/ana/arches.json")
    state.file.savedRevision = 0
    let store = makeStore(state) { Editor() }
    store.dependencies.date = .constant(now)
    store.dependencies.exporter = ExportClient(
      write: { _, _, _, _ in },
      export: { settings, _, url, progress in
        progress(ExportProgress(done: 1, count: 1))
        exported.withValue { $0.append((settings, url)) }
      },
      defaultDirectory: { URL(fileURLWithPath: "/work") }
    )
    return store
  }

  @Test func aPNGOfTheDrawingAtTwiceTheResolution() async {
    let exported = LockIsolated<[(ExportSettings, URL)]>([])
    let store = store(exported)
    var dialog = ExportDialog.Dialog(settings: ExportSettings(), defaultName: "arches.png")
    await store.send(.exportDialog(.present)) { $0.exportDialog = dialog }
    #expect(dialog.fields == [.format, .area, .dpi, .background, .fileName])
    dialog.focus = .area
    await store.send(.exportDialog(.moveFocus(by: 1))) { $0.exportDialog = dialog }
    dialog.settings.area = .drawing
    await store.send(.exportDialog(.step(by: 1))) { $0.exportDialog = dialog }
    dialog.focus = .dpi
    await store.send(.exportDialog(.moveFocus(by: 1))) { $0.exportDialog = dialog }
    dialog.text[.dpi] = "9"
    await store.send(.exportDialog(.deleteBackward)) { $0.exportDialog = dialog }
    await store.send(.exportDialog(.deleteBackward)) { $0.exportDialog?.text[.dpi] = "" }
    await store.send(.exportDialog(.type("192"))) { $0.exportDialog?.text[.dpi] = "192" }
    var settings = ExportSettings()
    settings.area = .drawing
    settings.dpi = 192
    settings.fileName = "arches.png"
    let url = URL(fileURLWithPath: "/home/ana/arches.png")
    await store.send(.exportDialog(.export)) {
      $0.exportDialog = nil
      $0.exportSettings = settings
    }
    await store.receive(.exportDialog(.delegate(.export(settings, url))))
    await store.receive(.exports(.exportAs(settings, url))) { $0.exporting = Exports.Running(title: "PNG", url: url, started: self.now) }
    await store.receive(.exports(.progress(ExportProgress(done: 1, count: 1)))) { $0.exporting?.progress = ExportProgress(done: 1, count: 1) }
    await store.receive(.exports(.finished("PNG", .success(url)))) {
      $0.exporting = nil
      $0.interaction.notice = "Exported /home/ana/arches.png"
    }
    #expect(exported.value.map(\.1) == [url])
    // The next time, the dialog starts from this export.
    await store.send(.exportDialog(.present)) {
      var again = ExportDialog.Dialog(settings: settings, defaultName: "arches.png")
      again.text[.dpi] = "192"
      $0.exportDialog = again
    }
  }

  @Test func theFormatChangesTheFieldsAndTheDefaultName() async {
    let store = store(LockIsolated([]))
    await store.send(.exportDialog(.present)) { $0.exportDialog = ExportDialog.Dialog(settings: ExportSettings(), defaultName: "arches.png") }
    await store.send(.exportDialog(.step(by: -1))) {
      $0.exportDialog?.settings.format = .lottie
      $0.exportDialog?.text[.fileName] = "arches-lottie.json"
    }
    #expect(store.state.exportDialog?.fields == [.format, .fileName])
    await store.send(.exportDialog(.step(by: -1))) {
      $0.exportDialog?.settings.format = .mp4
      $0.exportDialog?.text[.fileName] = "arches.mp4"
    }
    #expect(store.state.exportDialog?.fields == [.format, .fps, .seconds, .fileName])
    #expect(store.state.exportDialog?.value(of: .fps) == "the timeline's" && store.state.exportDialog?.value(of: .seconds) == "one cycle")
    // A name typed is kept when the format changes.
    await store.send(.exportDialog(.focus(.fileName))) { $0.exportDialog?.focus = .fileName }
    await store.send(.exportDialog(.type("x"))) { $0.exportDialog?.text[.fileName] = "arches.mp4x" }
    await store.send(.exportDialog(.focus(.format))) { $0.exportDialog?.focus = .format }
    await store.send(.exportDialog(.step(by: 1))) { $0.exportDialog?.settings.format = .lottie }
    await store.send(.exportDialog(.close)) { $0.exportDialog = nil }
  }

  @Test func whatCannotBeExportedSaysWhyAndExportsNothing() async {
    let store = store(LockIsolated([]))
    await store.send(.exportDialog(.present)) { $0.exportDialog = ExportDialog.Dialog(settings: ExportSettings(), defaultName: "arches.png") }
    await store.send(.exportDialog(.focus(.dpi))) { $0.exportDialog?.focus = .dpi }
    await store.send(.exportDialog(.type("0"))) { $0.exportDialog?.text[.dpi] = "960" }
    await store.send(.exportDialog(.type("0"))) { $0.exportDialog?.text[.dpi] = "9600" }
    await store.send(.exportDialog(.export)) { $0.exportDialog?.message = "The resolution is a number of dots per inch from 10 to 2400." }
    await store.send(.exportDialog(.focus(.format))) {
      $0.exportDialog?.focus = .format
      $0.exportDialog?.message = nil
    }
    await store.send(.exportDialog(.step(by: 3))) {
      $0.exportDialog?.settings.format = .gif
      $0.exportDialog?.text[.fileName] = "arches.gif"
    }
    await store.send(.exportDialog(.focus(.fps))) { $0.exportDialog?.focus = .fps }
    await store.send(.exportDialog(.type("120"))) { $0.exportDialog?.text[.fps] = "120" }
    await store.send(.exportDialog(.export)) {
      $0.exportDialog?.message = "Frames a second is a whole number from 1 to 60 (or empty: the timeline's)."
    }
  }
}
