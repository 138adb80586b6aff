import Foundation

/// What the export dialog (Ctrl+Shift+E) writes and how: the format, and for a picture its
/// area, resolution and background, for an animation its rate and length; the file's name.
/// Kept with the document in the window, so the next export starts where the last left off.
public struct ExportSettings: Equatable, Sendable {
  public enum Format: String, CaseIterable, Equatable, Sendable {
    case png, svg, animatedSVG, gif, apng, webm, mp4, lottie

    public var title: String {
      switch self {
      case .png: "PNG"
      case .svg: "SVG"
      case .animatedSVG: "Animated SVG"
      case .gif: "GIF"
      case .apng: "APNG"
      case .webm: "WebM"
      case .mp4: "MP4"
      case .lottie: "Lottie"
      }
    }

    /// The file's ending, with what tells formats that share one apart (`-animation.png` for
    /// an APNG, `-animation.svg`, `-lottie.json`).
    public var fileEnding: String {
      switch self {
      case .png: ".png"
      case .svg: "-export.svg"
      case .animatedSVG: "-animation.svg"
      case .gif: ".gif"
      case .apng: "-animation.png"
      case .webm: ".webm"
      case .mp4: ".mp4"
      case .lottie: "-lottie.json"
      }
    }

    /// Frames over time: the rate and length fields apply.
    public var isAnimated: Bool { [.gif, .apng, .webm, .mp4].contains(self) }
  }

  /// What a PNG shows.
  public enum Area: String, CaseIterable, Equatable, Sendable {
    case page, drawing, selection
  }

  public var format = Format.png
  public var area = Area.page
  /// Pixels per inch, 96 being one pixel a unit.
  public var dpi = 96.0
  /// A PNG on white rather than transparent.
  public var whiteBackground = false
  /// Frames a second; nil: the timeline's own (else 30).
  public var fps: Int?
  /// Seconds; nil: one cycle of the timeline (or one sweep of the construction).
  public var seconds: Double?
  /// The file's name; nil: the document's name with the format's ending.
  public var fileName: String?

  public init() {}

  public static let dpiRange = 10.0...2400.0
  public static let fpsRange = 1...60
  public static let secondsRange = 0.1...60.0

  /// Where the export goes: `fileName` (a name in `folder`, or a path), else NAME plus the
  /// format's ending in `folder`.
  public func url(documentName: String, folder: URL) -> URL {
    let name = fileName.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path }
    return URL(fileURLWithPath: name ?? folder.appendingPathComponent(documentName + format.fileEnding).path)
  }
}
