import CurveApp

// The `curves` executable: everything it does lives in the CurveApp library, which the tests
// and the fuzz harnesses import too.
CurvesCommand.main()
