import Foundation
import Testing

/// docs/ARCHITECTURE.md's module graph is Package.swift's: every target that is not a test or
/// a system library, each with exactly the dependencies the package gives it, so the picture a
/// newcomer reads first cannot drift from the build.
struct ArchitectureGraphTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Each target's direct dependencies as Package.swift declares them: other targets by name,
  /// products by their product name.
  static func packageGraph() throws -> [String: [String]] {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var graph: [String: [String]] = [:]
    let kinds = [".target(", ".executableTarget(", ".macro("]
    var rest = manifest[...]
    while let start = kinds.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
      // The call's text: up to the parenthesis that closes it.
      var depth = 0, end = start.upperBound
      var index = start.lowerBound
      while index < rest.endIndex {
        if rest[index] == "(" { depth += 1 }
        if rest[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
        index = rest.index(after: index)
      }
      let call = rest[start.lowerBound..<end]
      rest = rest[end...]
      guard let name = call.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
      var dependencies: [String] = []
      if let list = call.firstMatch(of: /dependencies: \[([\s\S]*)\]/)?.1 {
        // `.product(name: "X", …)` gives X; a bare string names a target.
        let withoutProducts = list.replacing(/\.product\(name: "([^"]+)"[^)]*\)/) { "\"\($0.1)\"" }
        dependencies = withoutProducts.matches(of: /"([^"]+)"/).map { String($0.1) }
      }
      graph[String(name)] = dependencies.sorted()
    }
    return graph
  }

  /// The graph as the document draws it: `A  → B, C` lines in the fenced block after
  /// "## Modules".
  static func documentedGraph() throws -> [String: [String]] {
    let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    let section = try #require(text.range(of: "## Modules"))
    let block = text[section.upperBound...].split(separator: "```", maxSplits: 2)[1]
    var graph: [String: [String]] = [:]
    for line in block.split(separator: "\n") {
      let parts = line.split(separator: "→", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard let name = parts.first, !name.isEmpty else { continue }
      let listed = parts.count > 1 ? parts[1].split(separator: "(")[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
      graph[name] = listed.filter { !$0.isEmpty && $0 != "nothing" }.sorted()
    }
    return graph
  }

  @Test func theDocumentsModuleGraphIsThePackages() throws {
    let package = try Self.packageGraph(), documented = try Self.documentedGraph()
    #expect(package.count > 15, "the manifest was read: \(package.keys.sorted())")
    let expected = package.keys.sorted().map { name in
      "\(name) → \(package[name]!.isEmpty ? "nothing" : package[name]!.joined(separator: ", "))"
    }
    #expect(documented == package, "docs/ARCHITECTURE.md's module graph should read:\n\(expected.joined(separator: "\n"))")
  }
}
