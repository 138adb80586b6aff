// swift-tools-version: 6.0
// Release-mode benchmarks, kept out of the app's package so its build stays lean.
// Run from the repository root with `make bench`.
import PackageDescription

let package = Package(
  name: "CurvesBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Curves", path: ".."),
    .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
  ],
  targets: [
    .executableTarget(
      name: "curves-bench",
      dependencies: [
        .product(name: "Composable", package: "Curves"),
        .product(name: "CurveGeometry", package: "Curves"),
        .product(name: "CurveFeature", package: "Curves"),
        .product(name: "SeededRandom", package: "Curves"),
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
      ],
      swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
    ),
  ],
  swiftLanguageModes: [.v6]
)
