import Foundation

/// `curves-bench [composable] [feature] [history] [geometry [CORPUS]]`: prints Markdown tables for the README.
let arguments = Array(CommandLine.arguments.dropFirst())
let runAll = arguments.isEmpty
if runAll || arguments.contains("composable") {
  print(MainActor.assumeIsolated { composableBenchmarks() }, "\n")
}
if runAll || arguments.contains("feature") {
  print(MainActor.assumeIsolated { featureBenchmarks() }, "\n")
}
if runAll || arguments.contains("history") {
  print(MainActor.assumeIsolated { historyBenchmarks() }, "\n")
}
if runAll || arguments.contains("geometry") {
  let corpus = arguments.drop { $0 != "geometry" }.dropFirst().first
  print(geometryBenchmarks(corpusPath: corpus), "\n")
}
