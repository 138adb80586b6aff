import CurveSVG
import Foundation

/// The drawing's file: where it is saved, what of it is on disk, and what went wrong.
///
/// ```swift
/// var file = FileStatus(url: URL(fileURLWithPath: "/home/ana/arches.json"), savedRevision: 0)
/// file.errorMessage = "…"   // shown in the banner until dismissed
/// ```
///
/// Invariants: `savedRevision` is nil when nothing of this drawing is on disk at `url`; while
/// `isReadOnly`, nothing writes `url` (another editor holds its lock).
public struct FileStatus: Equatable, Sendable {
  /// Where the drawing is saved, by Ctrl+S and by autosave; none means nothing is saved.
  public var url: URL?
  /// The drawing's revision that is on disk at `url`; nil when none is.
  public var savedRevision: Int?
  /// The revision the pending (or last) autosave writes.
  public var autosaveRevision = 0
  /// A load or save error for the banner; the drawing is left as it was.
  public var errorMessage: String?
  /// The file as this editor last read or wrote it: a save finding it otherwise (another
  /// program changed it) goes to `conflictURL` instead. Nil when not known.
  public var diskStamp: FileStamp?
  /// Where saves go once the file was found changed by another program, so neither version
  /// is lost; the banner names both files.
  public var conflictURL: URL?
  /// The file is open in another editor (which holds its lock): this one edits but never
  /// writes it, by Ctrl+S, autosave or on quitting.
  public var isReadOnly = false
  /// `url` is the editor's autosave, out of the user's sight: exports go elsewhere.
  public var isAutosave = false
  /// The SVG drawing this document was imported from, which an SVG export must not replace:
  /// what the import could not keep (gradients, text, clips) would be lost.
  public var importedFrom: URL?
  /// When `url` is an SVG drawing: the file as it was read or last written, with the element
  /// each object came from, so Ctrl+S writes back only what was edited (`SVGWriteBack`).
  public var svgSource: SVGSource?
  /// Where a new document (Ctrl+N) autosaves until it is saved under a name: the autosave's
  /// folder.
  public var untitledFolder: URL?
  /// Where an SVG drawing's unsaved edits are kept between Ctrl+S's (`Documents.recoveryURL`):
  /// `$XDG_STATE_HOME/curves`.
  public var recoveryFolder: URL?
  /// What the window asks about the file before it goes on; nil while nothing is asked.
  public var question: FileQuestion?

  public init(url: URL? = nil, savedRevision: Int? = nil) {
    self.url = url
    self.savedRevision = savedRevision
  }
}
