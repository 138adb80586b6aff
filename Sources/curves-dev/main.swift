import CurveDevTools

// The `curves-dev` executable: the developer tools (`make soak`, `make bench`), kept out of
// the `curves` the user installs.
CurvesDevCommand.main()
