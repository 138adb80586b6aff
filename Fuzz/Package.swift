// swift-tools-version: 6.0
// libFuzzer harnesses, built with `-sanitize=fuzzer,address` by `make fuzz`; kept out of the
// app's package so its build never sees the sanitizer flags.
import PackageDescription

let package = Package(
  name: "CurvesFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Curves", path: "..")],
  targets: [
    .executableTarget(
      name: "fuzz-geometry",
      dependencies: [
        .product(name: "CurveGeometry", package: "Curves"),
        .product(name: "CurveRaster", package: "Curves"),
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
