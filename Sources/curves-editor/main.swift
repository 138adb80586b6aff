import CurveApp

// The editor: the window and every command. `curves` runs the headless commands itself and
// becomes this program for the rest; the tests and the fuzz harnesses import CurveApp too.
CurvesCommand.main()
