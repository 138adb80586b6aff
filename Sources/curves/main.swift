import CurveCommandLine

// `curves`: the headless commands run here, without the window's or the network's libraries;
// the rest is the editor's (`curves-editor`), which this process becomes.
HeadlessCommand.dispatch()
