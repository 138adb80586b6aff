import FoundationEssentials
import Testing

@testable import CurveText

/// fontconfig's answers kept between processes: written and read back whole, and trusted
/// only while every file and folder they were given for is as it was, in the same
/// environment.
struct FontMatchCacheTests {
  /// A fresh folder for one test, removed by the caller.
  private func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("font-matches-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func answersNoFontAndOddNamesComeBackAsWritten() throws {
    let sans = FontRequest(families: ["DejaVu Sans", "sans-serif"], weight: 700, isItalic: true, width: 75)
    let odd = FontRequest(families: ["Tab\there", "back\\slash\nline"])
    let cache = FontMatchCache(
      environment: "fontconfig 21401 curves LANG=C.UTF-8",
      watched: ["/etc/fonts/fonts.conf": "1675203848.0 1675203848.0 2940 589", "/home/a b/.fonts": "missing"],
      matches: [
        FontMatchCache.key(sans): FontMatchCache.Font(file: "/usr/share/fonts/DejaVuSans-BoldOblique.ttf", index: 0),
        FontMatchCache.key(odd): nil,
      ],
      coverings: [FontMatchCache.key(sans, covering: "س"): FontMatchCache.Font(file: "/fonts/a\tb.ttc", index: 3)]
    )
    let text = cache.text
    #expect(text.hasPrefix("curves font matches 1\nenvironment\tfontconfig 21401 curves LANG=C.UTF-8\n"))
    #expect(text.contains("\nmatch\tTab\\there\u{1F}back\\\\slash\\nline\u{1E}400 0 100\n"), "escaped; no font, no file field")
    #expect(text.split(separator: "\n").count == 7)
    #expect(FontMatchCache(text: text) == cache)
  }

  @Test func keysTellEveryPartOfARequestApart() {
    let base = FontRequest(families: ["DejaVu Sans"])
    let others = [
      FontRequest(families: ["DejaVu Serif"]), FontRequest(families: ["DejaVu", "Sans"]), FontRequest(families: ["DejaVu Sans"], weight: 700),
      FontRequest(families: ["DejaVu Sans"], isItalic: true), FontRequest(families: ["DejaVu Sans"], width: 75),
    ]
    let keys = Set(([base] + others).map(FontMatchCache.key))
    #expect(keys.count == 6)
    #expect(FontMatchCache.key(base, covering: "a") != FontMatchCache.key(base, covering: "b"))
    #expect(FontMatchCache.key(base) == "DejaVu Sans\u{1E}400 0 100")
  }

  @Test func aFileOfAnotherVersionOrCutShortIsNoCache() {
    #expect(FontMatchCache(text: "curves font matches 2\nenvironment\tx\n") == nil)
    #expect(FontMatchCache(text: "curves font matches 1\n") == nil, "no environment line")
    #expect(FontMatchCache(text: "curves font matches 1\nenvironment\tx\nmatch\tkey\t/a.ttf\n") == nil, "a match without its index")
    #expect(FontMatchCache(text: "curves font matches 1\nenvironment\tx\nwatch\t/a\n") == nil)
    #expect(FontMatchCache(text: "curves font matches 1\nenvironment\tx\nwatch\t/a\tmissing") == nil, "the last line cut")
    #expect(FontMatchCache(text: "curves font matches 1\nenvironment\tx\nmatch\tkey\t/a.ttf\t0\n")?.matches == ["key": FontMatchCache.Font(file: "/a.ttf", index: 0)])
  }

  /// Saved, the answers load again as long as nothing watched has changed; a file written
  /// to, a missing path made, or another environment, and they are not trusted.
  @Test func answersAreTrustedOnlyWhileWhatTheyWatchIsUnchanged() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let conf = folder + "/fonts.conf", userFonts = folder + "/fonts", store = folder + "/cache/curves/font-matches"
    try Data("<fontconfig/>".utf8).write(to: URL(filePath: conf))
    var cache = FontMatchCache(environment: "one", watching: [conf, userFonts])
    #expect(cache.watched[userFonts] == "missing")
    #expect(cache.watched[conf]?.split(separator: " ").count == 4, "two times, the size and the inode")
    #expect(cache.watched[conf]?.split(separator: " ")[2] == "13", "the size")
    cache.matches["DejaVu Sans\u{1E}400 0 100"] = FontMatchCache.Font(file: "/usr/share/fonts/DejaVuSans.ttf", index: 0)
    #expect(cache.save(to: store), "its folders are made")
    #expect(FontMatchCache.load(from: store, environment: "one") == cache)
    #expect(FontMatchCache.load(from: store, environment: "two") == nil, "another environment")

    try FileManager.default.createDirectory(atPath: userFonts, withIntermediateDirectories: false)
    #expect(FontMatchCache.load(from: store, environment: "one") == nil, "a fonts folder made")
    cache = FontMatchCache(environment: "one", watching: [conf, userFonts])
    #expect(cache.save(to: store))
    #expect(FontMatchCache.load(from: store, environment: "one") != nil)
    try Data("<fontconfig><dir>/x</dir></fontconfig>".utf8).write(to: URL(filePath: conf))
    #expect(FontMatchCache.load(from: store, environment: "one") == nil, "the configuration written")
    #expect(FontMatchCache.load(from: folder + "/nothing", environment: "one") == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/curves") == ["font-matches"], "no partial file left")
  }

  @Test func aCacheThatCannotBeWrittenSaysSo() {
    let cache = FontMatchCache(environment: "one", watching: [String]())
    #expect(!cache.save(to: "/proc/curves/font-matches"))
    #expect(!cache.save(to: "font-matches"), "a path without a folder")
  }
}
