@testable import CurveDocument
import Foundation
import Testing

/// Files read with their size checked first and written whole or not at all, through POSIX
/// calls: each failure names the call, the file and the system's reason.
struct DiskFilesTests {
  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("disk-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Flushed (a document) or not (a PNG drawn again at will), the file is replaced whole.
  @Test(arguments: [true, false]) func whatIsWrittenIsReadBackAndReplacesTheOldFile(durable: Bool) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("nested/drawing.json")
    try DiskFiles.writeAtomically(Data("first".utf8), url, durable: durable)
    try DiskFiles.writeAtomically(Data(repeating: 7, count: 100_000), url, durable: durable)
    #expect(try DiskFiles.read(url) == Data(repeating: 7, count: 100_000))
    try DiskFiles.writeAtomically(Data(), url, durable: durable)
    #expect(try DiskFiles.read(url).isEmpty)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
    #expect(leftovers == ["drawing.json"], "no temporary file stays behind")
  }

  /// A chain of links, relative and absolute, is followed to the file at its end, which is
  /// written; each link stays a link.
  @Test func writingThroughLinksWritesTheFileTheyLeadTo() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let real = directory.appendingPathComponent("real/drawing.png")
    try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
    let near = directory.appendingPathComponent("near.png"), far = directory.appendingPathComponent("far.png")
    try FileManager.default.createSymbolicLink(atPath: near.path, withDestinationPath: "real/drawing.png")
    try FileManager.default.createSymbolicLink(atPath: far.path, withDestinationPath: near.path)
    #expect(DiskFiles.followingLinks(far.path) == directory.path + "/real/drawing.png")
    try DiskFiles.writeAtomically(Data("drawn".utf8), far, durable: false)
    #expect(try Data(contentsOf: real) == Data("drawn".utf8))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: far.path) == near.path)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: near.path) == "real/drawing.png")
    #expect(DiskFiles.followingLinks(real.path) == real.path, "a file is itself")
  }

  /// A command handed paths reads and writes by them, through the same calls.
  @Test func pathsAreReadAndWrittenAsURLsAre() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path + "/deeper/icon.png"
    try DiskFiles.writeAtomically(Data("drawn".utf8), path: path, durable: false)
    #expect(try DiskFiles.read(path: path) == Data("drawn".utf8))
    #expect(try DiskFiles.read(URL(fileURLWithPath: path)) == Data("drawn".utf8))
    #expect(throws: DiskFiles.Failure(operation: "open", path: directory.path + "/none", code: ENOENT)) { try DiskFiles.read(path: directory.path + "/none") }
  }

  /// The temporary file's random part: sixteen hex digits, a new one each time.
  @Test func aTemporaryNameIsSixteenRandomHexDigits() {
    let names = (0..<20).map { _ in DiskFiles.randomName() }
    #expect(names.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
    #expect(Set(names).count == 20)
  }

  @Test func aFailureNamesTheCallTheFileAndTheReason() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing.svg")
    #expect(throws: DiskFiles.Failure(operation: "open", path: missing.path, code: ENOENT)) { try DiskFiles.read(missing) }
    #expect(DiskFiles.Failure(operation: "open", path: "/x.svg", code: ENOENT).description == "cannot open /x.svg: No such file or directory")
    #expect(throws: DiskFiles.Failure(operation: "read", path: directory.path, code: EISDIR)) { try DiskFiles.read(directory) }
  }

  @Test func aFileLargerThanADocumentMayBeIsRefusedBeforeItIsRead() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(Document.maximumFileSize + 1))
    try handle.close()
    #expect(throws: DocumentError.tooLarge(path: url.path, bytes: Document.maximumFileSize + 1)) { try DiskFiles.read(url) }
  }
}
