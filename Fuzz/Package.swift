// swift-tools-version: 6.0
// The libFuzzer harness, built by `make fuzz`; kept out of the app's package so its build never
// sees the sanitizer flags. Every module is built with AddressSanitizer and libFuzzer's coverage
// (`-sanitize-coverage`), but only `curves-fuzz` links libFuzzer itself: `-sanitize=fuzzer` on
// every module would also give the macro plugins libFuzzer's `main`, which they cannot link.
import PackageDescription

let package = Package(
  name: "CurvesFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Curves", path: "..")],
  targets: [
    .executableTarget(
      name: "curves-fuzz",
      dependencies: [.product(name: "CurveDevTools", package: "Curves")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])],
      // gold fails on this binary (an internal error in its DWARF reader); the toolchain's lld links it.
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
