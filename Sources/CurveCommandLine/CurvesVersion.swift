/// Curves' version: the one place it is defined. `curves --version` prints it; the Makefile
/// reads it from here for the package's name and the AppStream release.
public enum CurvesVersion {
  public static let current = "0.5.0"
}
