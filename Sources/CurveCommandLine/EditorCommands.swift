import ArgumentParser

/// The editor's own commands as `curves --help` lists them: defined here, where both the
/// editor (`curves-editor`) and the headless `curves` read them, so the headless binary answers
/// `curves --help` itself with the editor's words.
package enum EditorCommands {
  package static let edit = CommandConfiguration(
    commandName: "edit",
    abstract: "Open the editor window (the default command).",
    discussion: """
      Opens FILE (created on the first save if it does not exist), else the last autosave \
      ($XDG_DATA_HOME/curves/autosave.json, by default ~/.local/share/curves/autosave.json), \
      else a new document. A document's changes are saved 1 s after the last edit and on \
      quit. An SVG or SVGZ FILE is the document's file: Ctrl+S writes it back in place, \
      unedited elements as they were; edits not yet saved survive a crash in a recovery file \
      ($XDG_STATE_HOME/curves) that the next start offers back. Press ? in the window for the \
      command palette, or Alt for the menus: every command and its keys.
      """
  )

  package static let replay = CommandConfiguration(
    commandName: "replay",
    abstract: "Feed input events to the editor without a display, then save the document, its state and/or a screenshot.",
    discussion: """
      EVENTS has one JSON object per line, in window coordinates: {"type":"down","x":120,"y":80}, \
      {"type":"move",...}, {"type":"up",...}, {"type":"down","x":..,"y":..,"clicks":2}, \
      "button":"left"|"middle"|"right" and "mods":"shift"|"ctrl"|"alt"|"ctrl+alt"… on down, move and up, \
      {"type":"wheel","x":..,"y":..,"dy":1} (dy > 0 zooms in, one notch a unit), \
      {"type":"key","key":"ctrl+z"} (also "f2"…"f12", "*", "alt+…"), {"type":"text","text":"arches"} \
      (typing, as into the file browser), {"type":"wait","ms":500} (advances the animation clock), \
      {"type":"resize","width":900,"height":700}, {"type":"drop","path":"/home/ana/arches.svg"}. \
      Saves go to memory: the replay writes only -o, --state, --screenshot and exports. \
      -o OUT.svg (or .svgz) writes the drawing as Ctrl+S writes an SVG drawing opened in the window; \
      OUT.json, the document.
      --state writes {"t", "playing", "zoom", "pan", "selection": [{"curve", "point"}], "curves", \
      "points", "canvas", "edited", "pointsAtT": [{"curve", "x", "y"}] (each subpath's point at t), \
      "file", "saved", "tool", "browser", "selectedObjects", "context", "canvasOrigin" (where document \
      (0, 0) is in the window)} after the last event. With --document-coordinates, pointer events' x and y \
      are document coordinates.
      """
  )
}
