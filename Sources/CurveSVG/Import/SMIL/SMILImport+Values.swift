import CurveDocument
import CurveGeometry
/// The values an animation has between its keys: numbers, colours and path data
/// interpolated, and the easing a keyframe leaves with.
extension SMILImport {
  /// The numbers of an `<animateTransform>` value ("30 50 50", "1.5,2").
  static func numbers(_ text: String) -> [Double] {
    SVGNumbers.list(text).numbers
  }

  /// The value `animation` has at `time` (its later value at a jump), as text: numbers and
  /// colours interpolated, path data too when its two values have the same commands.
  static func value(of animation: Animation, at time: Double) -> String {
    let times = animation.times
    guard let index = times.lastIndex(where: { $0 <= time + 1e-12 }) else { return animation.values[0] }
    guard index + 1 < times.count, times[index + 1] > times[index] else { return animation.values[index] }
    let share = animation.easings[index].progress(at: (time - times[index]) / (times[index + 1] - times[index]))
    guard share > 0 else { return animation.values[index] }
    return interpolated(animation.values[index], animation.values[index + 1], share, attribute: animation.attribute)
  }

  static func interpolated(_ a: String, _ b: String, _ share: Double, attribute: String) -> String {
    if share >= 1 { return b }
    if let x = SVGNumbers.number(a), let y = SVGNumbers.number(b) { return SVGExport.number(x + (y - x) * share) }
    if ["fill", "stroke", "stop-color"].contains(attribute), let x = SVGColor(a)?.rgb, let y = SVGColor(b)?.rgb {
      return x.interpolated(to: y, share).hex
    }
    // Path data: the same commands with numbers in between.
    let numbers = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/
    let first = a.matches(of: numbers), second = b.matches(of: numbers)
    guard first.count == second.count, a.replacing(numbers, with: "#") == b.replacing(numbers, with: "#") else { return a }
    var result = "", last = a.startIndex
    for (x, y) in zip(first, second) {
      result += a[last..<x.range.lowerBound]
      let from = SVGNumbers.number(a[x.range]) ?? 0, to = SVGNumbers.number(b[y.range]) ?? 0
      result += SVGExport.number(from + (to - from) * share)
      last = x.range.upperBound
    }
    return result + a[last...]
  }

  /// How the keyframe at `time` moves on to the next of `times` in `animations`: the part
  /// of its own interval each animation running through it has there (`Easing.part`: an
  /// interval cut by another animation's key moves exactly as it did whole; a jump ahead:
  /// hold); linear when they differ; nil when none runs through it.
  static func easing(from time: Double, in animations: [Animation], times: [Double]) -> Easing? {
    guard let next = times.first(where: { $0 > time + 1e-12 }) else { return nil }
    var found: Set<Easing> = []
    for animation in animations {
      let own = animation.times
      // Its interval holding (time, next): none before its first key or after its last.
      guard let start = own.lastIndex(where: { $0 <= time + 1e-9 }), start + 1 < own.count, own[start + 1] >= next - 1e-9 else { continue }
      if abs(own[start + 1] - next) < 1e-9, abs(own[start] - time) < 1e-9 {
        // A jump right at the next key: the interval holds.
        let jumps = start + 2 < own.count && abs(own[start + 2] - next) < 1e-9 && animation.values[start] == animation.values[start + 1]
        found.insert(jumps ? .hold : animation.easings[start])
        continue
      }
      let length = own[start + 1] - own[start]
      guard length > 1e-12 else { continue }
      found.insert(animation.easings[start].part(from: (time - own[start]) / length, to: (next - own[start]) / length))
    }
    return found.count <= 1 ? found.first : .linear
  }
}
