import Foundation
import Testing

/// `make release` links `curves` against the static archives Packaging/static-libraries.sh
/// points pkg-config at: a C program linked through those pkg-config files parses an SVG with
/// libxml2 and loads neither libxml2, ICU nor libstdc++ as a shared library, and links
/// statically, C library included, as `curves` is linked in release.
@Suite struct StaticLibrariesTests {
  static let packaging = DesktopEntryTests.packaging

  @Test func aProgramLinkedThroughThePkgConfigFilesCarriesLibxml2Within() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let libraries = directory.appendingPathComponent("libraries")
    let written = try ChildProcess.run(
      "/bin/bash", [Self.packaging.appendingPathComponent("static-libraries.sh").path, libraries.path], timeout: .seconds(60))
    #expect(written.status == 0, "static-libraries.sh: \(written.error)")
    for file in ["libxml-2.0.pc", "libpng.pc", "zlib.pc", "libxml2.so", "libpng16.so", "libz.so", "libstdc++.so", "libxml2.a", "libpng16.a", "libz.a", "libstdc++.a"] {
      #expect(FileManager.default.fileExists(atPath: libraries.appendingPathComponent(file).path), "\(file) written")
    }

    let source = directory.appendingPathComponent("parse.c"), program = directory.appendingPathComponent("parse")
    try """
      #include <libxml/parser.h>
      #include <stdio.h>
      int main(int count, char **arguments) {
        xmlDocPtr document = xmlReadFile(arguments[1], NULL, XML_PARSE_NONET);
        if (!document) return 1;
        printf("%s\\n", xmlDocGetRootElement(document)->name);
        xmlFreeDoc(document);
        return 0;
      }
      """.write(to: source, atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["PKG_CONFIG_PATH"] = libraries.path
    let flags = try ChildProcess.run("/usr/bin/pkg-config", ["--cflags", "--libs", "libxml-2.0"], environment: environment, timeout: .seconds(60))
    #expect(flags.status == 0 && flags.output.contains("-L\(libraries.path)"), "pkg-config: \(flags.output) \(flags.error)")
    // The Swift toolchain's clang, or the system's C compiler.
    let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
    let compiler = try #require(
      ["clang", "cc", "gcc"].lazy.flatMap { name in path.map { "\($0)/\(name)" } }.first { FileManager.default.isExecutableFile(atPath: $0) })
    let arguments = [source.path, "-o", program.path] + flags.output.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty } + ["-lm", "-lpthread"]
    let compiled = try ChildProcess.run(compiler, arguments, environment: environment, timeout: .seconds(120))
    #expect(compiled.status == 0, "\(compiler): \(compiled.error)")

    let loaded = try ChildProcess.run("/usr/bin/ldd", [program.path], timeout: .seconds(60)).output
    for library in ["libxml2", "libicu", "libstdc++", "liblzma", "libz.so"] {
      #expect(!loaded.contains(library), "the program loads \(library): \(loaded)")
    }
    let drawing = directory.appendingPathComponent("drawing.svg")
    try #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="4" height="4"/></svg>"#
      .write(to: drawing, atomically: true, encoding: .utf8)
    let parsed = try ChildProcess.run(program.path, [drawing.path], timeout: .seconds(60))
    #expect(parsed.status == 0 && parsed.output == "svg\n", "\(parsed.output) \(parsed.error)")

    // Linked statically, C library included, as `make release` links `curves`
    // (-static-executable): the linker then looks for archives, and finds the same scripts.
    let whole = directory.appendingPathComponent("parse-static")
    let wholeArguments = [source.path, "-static", "-o", whole.path] + Array(arguments.dropFirst(3))
    let linked = try ChildProcess.run(compiler, wholeArguments, environment: environment, timeout: .seconds(120))
    #expect(linked.status == 0, "\(compiler) -static: \(linked.error)")
    let wholeLoaded = try ChildProcess.run("/usr/bin/ldd", [whole.path], timeout: .seconds(60))
    #expect(wholeLoaded.output.contains("not a dynamic executable") || wholeLoaded.error.contains("not a dynamic executable"),
      "ldd: \(wholeLoaded.output) \(wholeLoaded.error)")
    let wholeParsed = try ChildProcess.run(whole.path, [drawing.path], timeout: .seconds(60))
    #expect(wholeParsed.status == 0 && wholeParsed.output == "svg\n", "\(wholeParsed.output) \(wholeParsed.error)")
  }
}
