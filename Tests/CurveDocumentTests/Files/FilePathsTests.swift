@testable import CurveDocument
import Foundation
import Testing

/// A file URL's path and extension read without `URL.path` are the strings Foundation's
/// `path` and `pathExtension` give.
struct FilePathsTests {
  static let paths = [
    "/tmp/a b/c%20d.svg", "/tmp/dir/", "/", "/tmp/.svg", "/tmp/x.SVGZ", "/tmp/noext", "/tmp/a.b/c",
    "/tmp/ü ñ.svg", "/tmp/x.", "/tmp/x..svg", "/tmp/100%.svg", "/tmp/#hash?.svg",
  ]

  @Test(arguments: paths) func aFileURLsPathAndExtensionAreFoundations(path: String) {
    let url = URL(fileURLWithPath: path)
    #expect(url.filePath == url.path)
    #expect(url.fileExtension == url.pathExtension)
    #expect(FilePaths.folder(of: url.filePath) == url.deletingLastPathComponent().path)
  }

  @Test func aPathSplitsIntoItsFolderAndName() {
    #expect(FilePaths.folder(of: "/tmp/a/b.png") == "/tmp/a")
    #expect(FilePaths.name(of: "/tmp/a/b.png") == "b.png")
    #expect(FilePaths.folder(of: "/b.png") == "/")
    #expect(FilePaths.folder(of: "b.png") == ".")
    #expect(FilePaths.name(of: "b.png") == "b.png")
    #expect(FilePaths.fileExtension(of: "/tmp/.hidden") == "")
    #expect(FilePaths.fileExtension(of: "/tmp/a.tar.gz") == "gz")
  }
}
