import CFFmpeg
import Foundation
import Testing

@testable import CurveExport

/// FFmpeg's libraries are loaded by the first video written, never at start.
struct VideoWriterTests {
  @Test func neitherProgramLinksFFmpeg() throws {
    for binary in [CurvesBinary.url, CurvesBinary.url.deletingLastPathComponent().appendingPathComponent("curves-editor")] {
      let libraries = try ChildProcess.run("/usr/bin/ldd", [binary.path], timeout: .seconds(60))
      try #require(libraries.status == 0, "\(libraries.error)")
      for library in ["libavformat", "libavcodec", "libavutil", "libswscale"] {
        #expect(!libraries.output.contains(library), "\(binary.lastPathComponent) links \(library)")
      }
    }
  }

  @Test func aVideoLoadsFFmpegAndIsWritten() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("curves-video-\(UUID().uuidString).webm")
    defer { try? FileManager.default.removeItem(at: url) }
    let writer = try VideoWriter(url: url, width: 7, height: 5, framesPerSecond: 10)
    for shade in [0, 128, 255] as [UInt8] { try writer.append(bgra: [UInt8](repeating: shade, count: 7 * 5 * 4)) }
    try writer.finish()
    let bytes = try Data(contentsOf: url)
    #expect(bytes.prefix(4) == Data([0x1A, 0x45, 0xDF, 0xA3]), "a WebM (Matroska's EBML header)")
    #expect(dlopen("libavformat.so.\(LIBAVFORMAT_VERSION_MAJOR)", RTLD_NOW | RTLD_NOLOAD) != nil, "loaded now")
  }
}
