// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

/// Lets `reportIssue` fail the running Swift Testing or XCTest test.
let issueReportingTestSupport: Target.Dependency = .product(
  name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"
)

/// Where FreeType's headers are (`pkg-config --cflags freetype2` on Debian and the other
/// distributions), for CDrawingLibraries and the Swift targets that read its header (or test
/// a module that does, with `@testable`).
let freeTypeHeaders = ["-I/usr/include/freetype2"]
let readsFreeTypeHeaders: [SwiftSetting] = [.unsafeFlags(freeTypeHeaders.flatMap { ["-Xcc", $0] })]

let package = Package(
  name: "Curves",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "CurveGeometry", targets: ["CurveGeometry"]),
    .library(name: "CurveRaster", targets: ["CurveRaster"]),
    .library(name: "CurveDocument", targets: ["CurveDocument"]),
    .library(name: "CurveSVG", targets: ["CurveSVG"]),
    .library(name: "CurveRender", targets: ["CurveRender"]),
    .library(name: "CurveExport", targets: ["CurveExport"]),
    .library(name: "CurveFeature", targets: ["CurveFeature"]),
    .library(name: "SeededRandom", targets: ["SeededRandom"]),
    .library(name: "CurveCommandLine", targets: ["CurveCommandLine"]),
    .library(name: "CurveApp", targets: ["CurveApp"]),
    .executable(name: "curves", targets: ["curves"]),
    .executable(name: "curves-editor", targets: ["curves-editor"]),
    // Developer tools, not part of the app: the fuzz targets (Fuzz/), `curves-dev soak` and
    // `curves-dev benchmark-frames`.
    .library(name: "CurveDevTools", targets: ["CurveDevTools"]),
    .executable(name: "curves-dev", targets: ["curves-dev"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CSDL2",
      pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]
    ),
    .systemLibrary(
      name: "CSDL2Image",
      pkgConfig: "SDL2_image",
      providers: [.apt(["libsdl2-image-dev"])]
    ),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // Text (fontconfig finds the fonts, FreeType reads their outlines, HarfBuzz shapes, FriBidi
    // orders) and images (libjpeg-turbo, giflib): their headers, and loaders that open them
    // when a drawing first needs them (Debian's libfontconfig-dev, libfreetype-dev,
    // libharfbuzz-dev, libfribidi-dev, libturbojpeg0-dev, libgif-dev). FreeType's headers are
    // named by their directory, not by pkg-config, whose flags would link the libraries too.
    .target(name: "CDrawingLibraries", cSettings: [.unsafeFlags(freeTypeHeaders)], linkerSettings: [.linkedLibrary("dl")]),
    .systemLibrary(name: "CMalloc"),
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
    // FFmpeg's headers, and a loader that opens its libraries only when a video is written
    // (Debian's libavformat-dev, libavcodec-dev, libswscale-dev).
    .target(name: "CFFmpeg", linkerSettings: [.linkedLibrary("dl")]),
    .macro(
      name: "ComposableMacros",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "Composable",
      dependencies: [
        "ComposableMacros",
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    .target(name: "CurveGeometry"),
    .target(name: "CurveRaster", dependencies: ["CurveGeometry"]),
    .target(name: "SeededRandom"),
    // The drawing as saved: curves, styles, paint servers, groups and what is kept; no editor, no SVG.
    .target(name: "CurveDocument", dependencies: ["CurveGeometry", "SeededRandom"]),
    // SVG in and out: read, resolved once into a document, and written back.
    .target(
      name: "CurveText", dependencies: ["CDrawingLibraries", "CurveDocument", "CurveGeometry"],
      swiftSettings: readsFreeTypeHeaders
    ),
    .target(name: "CurveSVG", dependencies: ["CurveDocument", "CurveGeometry", "CurveText", "CXML2", "CZlib"]),
    // Lottie out: a document and its timeline as shape layers that Lottie players play.
    .target(name: "CurveLottie", dependencies: ["CurveDocument", "CurveGeometry"]),
    // A drawing painted alone, as its document says (curves, paint servers, layers, images),
    // and the PNG encoder: no editor, no window.
    .target(
      name: "CurveRender",
      dependencies: ["CDrawingLibraries", "CPNG", "CZlib", "CurveDocument", "CurveGeometry", "CurveRaster", "CurveSVG"],
      swiftSettings: readsFreeTypeHeaders
    ),
    // Animations written as files: the GIF and APNG encoders, video through FFmpeg, and the
    // pipeline that draws frames on every core ahead of the encoder.
    .target(name: "CurveExport", dependencies: ["CFFmpeg", "CurveGeometry", "CurveRaster", "CurveRender"]),
    // The commands that need no editor, and `curves`'s start: those run there, the rest in the
    // editor (`curves-editor`).
    .target(
      name: "CurveCommandLine",
      dependencies: [
        "CurveDocument", "CurveGeometry", "CurveLottie", "CurveRaster", "CurveRender", "CurveSVG",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "CurveFeature",
      dependencies: [
        "Composable", "CurveDocument", "CurveGeometry", "CurveSVG", "CurveText", "SeededRandom",
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    .target(
      name: "CurveApp",
      dependencies: [
        "CSDL2", "CZlib", "CMalloc", "CDBus", "CurveCommandLine", "CurveDocument", "CurveExport", "CurveFeature", "CurveGeometry", "CurveRender", "CurveSVG", "CurveRaster", "Composable",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // CProcessArguments: the runtime's arguments without its reading of /proc/self/maps; each
    // function in a section of its own, so that Packaging/curves-function-order.txt places them.
    .target(name: "CProcessArguments", cSettings: [.unsafeFlags(["-ffunction-sections"])]),
    .executableTarget(name: "curves", dependencies: ["CurveCommandLine", "CProcessArguments"]),
    .executableTarget(name: "curves-editor", dependencies: ["CurveApp"]),
    .target(
      name: "CurveDevTools",
      dependencies: [
        "CurveApp", "CMalloc", "CurveCommandLine", "CurveFeature", "CurveGeometry", "CurveRender", "CurveSVG", "CurveRaster", "CurveText", "Composable",
        "SeededRandom",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "curves-dev", dependencies: ["CurveDevTools"]),
    .testTarget(
      name: "ComposableMacrosTests",
      dependencies: ["ComposableMacros", .product(name: "MacroTesting", package: "swift-macro-testing")]
    ),
    .testTarget(name: "ComposableTests", dependencies: ["Composable", "SeededRandom", issueReportingTestSupport]),
    // The doc comments' examples, generated by Tests/DocExamples/extract.py.
    .testTarget(name: "ComposableDocExamplesTests", dependencies: ["Composable", issueReportingTestSupport]),
    .testTarget(name: "CurveGeometryTests", dependencies: ["CurveGeometry", "SeededRandom"]),
    .testTarget(name: "CurveRasterTests", dependencies: ["CurveRaster", "CurveGeometry", "SeededRandom"]),
    .testTarget(
      name: "CurveRenderTests", dependencies: ["CurveRender", "CurveRaster", "CurveSVG", "CZlib", "SeededRandom"],
      swiftSettings: readsFreeTypeHeaders
    ),
    .testTarget(name: "CurveDocumentTests", dependencies: ["CurveDocument", "CurveGeometry", "SeededRandom"]),
    .testTarget(name: "CurveLottieTests", dependencies: ["CurveLottie", "CurveDocument", "CurveGeometry"]),
    .testTarget(name: "CurveTextTests", dependencies: ["CurveText", "CurveGeometry"]),
    .testTarget(name: "CurveSVGTests", dependencies: ["CurveSVG", "CurveDocument", "CurveGeometry", "SeededRandom"]),
    .testTarget(name: "CurveFeatureTests", dependencies: ["CurveFeature", "CurveSVG", "SeededRandom", issueReportingTestSupport]),
    .testTarget(
      name: "CurveAppTests", dependencies: ["CFFmpeg", "CurveApp", "CurveCommandLine", "CurveDevTools", "CurveExport", "CurveRender", "CurveSVG", "SeededRandom", "CSDL2Image", issueReportingTestSupport],
      swiftSettings: readsFreeTypeHeaders
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The headless binary's modules, in release, ask for a generic type's metadata through its
// accessor, handing over the conformances the compiler already knows (a `[String: Group]`'s
// `String: Hashable`), instead of through its mangled name, which makes the runtime find each
// conformance again by scanning every conformance record once per type: 1.9 M of the 19.5 M
// instructions `curves render` spends on an icon (issue 57's start-up); the code is 0.2%
// larger. Not the editor's own modules: Swift 6.3 crashes compiling Composable with it.
let headlessModules: Set<String> = [
  "CurveGeometry", "CurveRaster", "SeededRandom", "CurveDocument", "CurveText", "CurveSVG", "CurveLottie", "CurveRender",
  "CurveCommandLine", "curves",
]
for target in package.targets where headlessModules.contains(target.name) {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
  ]
}
