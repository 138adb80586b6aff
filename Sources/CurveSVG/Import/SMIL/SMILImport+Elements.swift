import CurveDocument
import FoundationEssentials

/// An animation element read: what it animates, when, through which values and how.
extension SMILImport {
  /// One `<animate>`, read.
  struct Animation {
    /// The attribute, or `transform:` and the type of an `<animateTransform>`.
    var attribute: String
    /// Whether it adds to what is below it (`additive="sum"`) rather than replacing it.
    var additive = false
    var begin: Double
    var duration: Double
    var values: [String]
    /// Within 0…1, one per value, non-decreasing.
    var keyTimes: [Double]
    /// How each interval moves: nil for discrete.
    var easings: [Easing]
    var repeats: Bool

    /// Its key times in seconds.
    var times: [Double] { keyTimes.map { begin + $0 * duration } }
  }

  /// Why an animation element is not read.
  struct Unread: Error {
    var reason: String
  }

  /// `element` read, or why not: an `<animate>` of one of `readable`, or an
  /// `<animateTransform>`.
  static func animation(_ element: SVGElement, readable: Set<String> = attributes) -> Result<Animation, Unread> {
    let attributes = element.attributes
    var name: String
    if element.name == "animateTransform" {
      let type = attributes["type"]?.trimmingWhitespace() ?? "translate"
      guard attributes["attributeName"]?.trimmingWhitespace() == "transform", Self.transformTypes.contains(type) else {
        return .failure(Unread(reason: "an <animateTransform> of type \"\(type)\" is not read"))
      }
      name = "transform:" + type
    } else {
      guard element.name == "animate" || element.name == "animateColor" else { return .failure(Unread(reason: "an <\(element.name)> is not read")) }
      guard let attribute = attributes["attributeName"]?.trimmingWhitespace(), readable.contains(attribute) else {
        return .failure(Unread(reason: "an <animate> of \(attributes["attributeName"].map { "\"\($0)\"" } ?? "no attribute") is not read"))
      }
      name = attribute
    }
    guard let duration = attributes["dur"].flatMap(clockValue), duration > 0, duration.isFinite else { return .failure(Unread(reason: "an <\(element.name)> of \(name) without a duration (dur) is not read")) }
    let beginText = attributes["begin"]?.split(separator: ";").first.map(String.init) ?? "0s"
    guard let begin = clockValue(beginText), begin >= 0, begin + duration <= Self.longest else { return .failure(Unread(reason: "an <\(element.name)> of \(name) beginning at \"\(beginText)\" (not a time, or ending past an hour) is not read")) }
    var values = attributes["values"].map { $0.split(separator: ";").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty } } ?? []
    if values.isEmpty {
      guard let to = attributes["to"] else { return .failure(Unread(reason: "an <\(element.name)> of \(name) without values or to is not read")) }
      values = [attributes["from"] ?? "", to]
    }
    let mode = attributes["calcMode"]?.trimmingWhitespace() ?? "linear"
    guard ["linear", "discrete", "paced", "spline"].contains(mode) else { return .failure(Unread(reason: "an <\(element.name)> of \(name) with calcMode \"\(mode)\" is not read")) }
    var keyTimes: [Double]
    if mode != "paced", let text = attributes["keyTimes"] {
      keyTimes = text.split(separator: ";").compactMap { SVGNumbers.number($0) }
      guard keyTimes.count == values.count, keyTimes.first == 0, zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }), keyTimes.allSatisfy({ $0 <= 1 }) else {
        return .failure(Unread(reason: "an <\(element.name)> of \(name) whose keyTimes do not fit its values is not read"))
      }
    } else if mode == "discrete" {
      keyTimes = values.indices.map { Double($0) / Double(values.count) }
    } else {
      keyTimes = values.count == 1 ? [0] : values.indices.map { Double($0) / Double(values.count - 1) }
    }
    var easings = Array(repeating: mode == "discrete" ? Easing.hold : .linear, count: max(values.count - 1, 0))
    if mode == "spline" {
      let splines = (attributes["keySplines"] ?? "").split(separator: ";").map { entry in
        SVGNumbers.all(entry) ?? []
      }
      guard splines.count == easings.count, splines.allSatisfy({ $0.count == 4 && $0.allSatisfy { (0...1).contains($0) } }) else {
        return .failure(Unread(reason: "an <\(element.name)> of \(name) whose keySplines do not fit its values is not read"))
      }
      // A preset's curve by its name (ease-in-out, not cubic-bezier(0.42, 0, 0.58, 1)).
      easings = splines.map { spline in
        Easing.presets.first { easing in easing.controlPoints.map { [$0.x1, $0.y1, $0.x2, $0.y2] == spline } ?? false }
          ?? .cubicBezier(x1: spline[0], y1: spline[1], x2: spline[2], y2: spline[3])
      }
    }
    // A discrete animation shows its last value for the last share of the time: its end.
    if mode == "discrete", let last = values.last {
      values.append(last)
      keyTimes.append(1)
      easings.append(.hold)
    }
    return .success(Animation(
      attribute: name, additive: attributes["additive"]?.trimmingWhitespace() == "sum", begin: begin, duration: duration, values: values, keyTimes: keyTimes, easings: easings,
      repeats: attributes["repeatCount"]?.trimmingWhitespace() == "indefinite"
    ))
  }

  /// A SMIL clock value: "2s", "500ms", "1.5", "0.5min", "1h", "00:01.5", "01:02:03".
  static func clockValue(_ text: String) -> Double? {
    let text = text.trimmingWhitespace()
    if text.contains(":") {
      let parts = text.split(separator: ":").map { SVGNumbers.number($0) }
      guard parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
      return parts.reduce(0) { $0 * 60 + $1! }
    }
    for (suffix, scale) in [("ms", 0.001), ("min", 60.0), ("h", 3600.0), ("s", 1.0)] where text.hasSuffix(suffix) {
      return SVGNumbers.number(text.dropLast(suffix.count)).map { $0 * scale }
    }
    return SVGNumbers.number(text)
  }
}
