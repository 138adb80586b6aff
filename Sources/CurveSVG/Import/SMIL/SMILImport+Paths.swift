import CurveDocument
import Glibc

/// A `d` animation between paths browsers cannot blend (different commands, or as many
/// commands of other kinds) does not morph: Chromium shows the first path until the
/// interval's eased progress reaches one half, then the second, as it does for any value it
/// cannot interpolate. Paths of the same commands blend point i to point i.
extension SMILImport {
  /// Each path's commands as a browser compares them: absolute, one letter a segment (an
  /// `M`'s further pairs are `L`s), numbers not counted; nil for text that is not path data.
  static func commandSignature(_ d: String) -> [Character]? {
    let arguments: [Character: Int] = ["M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0]
    var signature: [Character] = [], command: Character?, count = 0
    func close() -> Bool {
      guard let letter = command, let needs = arguments[letter] else { return command == nil }
      if needs == 0 { return count == 0 }
      guard count > 0, count % needs == 0 else { return false }
      signature += [letter] + Array(repeating: letter == "M" ? "L" : letter, count: count / needs - 1)
      return true
    }
    var index = d.startIndex
    while index < d.endIndex {
      let character = d[index]
      if character.isLetter, character != "e", character != "E" {
        guard close() else { return nil }
        command = Character(character.uppercased())
        count = 0
        if command == "Z" { signature.append("Z") }
        index = d.index(after: index)
        continue
      }
      if character.isNumber || character == "." || character == "-" || character == "+" {
        // One number: sign, digits, fraction, exponent.
        var end = d.index(after: index)
        var seenDot = character == "."
        while end < d.endIndex {
          let next = d[end]
          if next.isNumber { end = d.index(after: end); continue }
          if next == ".", !seenDot { seenDot = true; end = d.index(after: end); continue }
          if next == "e" || next == "E" {
            end = d.index(after: end)
            if end < d.endIndex, d[end] == "-" || d[end] == "+" { end = d.index(after: end) }
            continue
          }
          break
        }
        count += 1
        index = end
        continue
      }
      index = d.index(after: index)
    }
    return close() ? signature : nil
  }

  /// `animation` of `d` with each interval between paths that do not blend made a jump at
  /// its eased half way (holds either side); intervals that blend are left as they were.
  static func discreteWhereIncompatible(_ animation: Animation) -> Animation {
    guard animation.attribute == "d", animation.values.count > 1 else { return animation }
    let signatures = animation.values.map(commandSignature)
    var result = animation
    result.values = [animation.values[0]]
    result.keyTimes = [animation.keyTimes[0]]
    result.easings = []
    for index in animation.easings.indices {
      let (from, to) = (animation.keyTimes[index], animation.keyTimes[index + 1])
      let easing = animation.easings[index]
      let blends = easing == .hold || (signatures[index] != nil && signatures[index] == signatures[index + 1])
      if !blends, to > from {
        let half = from + (to - from) * fractionReachingHalf(easing)
        result.easings.append(.hold)
        result.values.append(animation.values[index + 1])
        result.keyTimes.append(half)
        result.easings.append(.hold)
      } else {
        result.easings.append(blends ? easing : .hold)
      }
      result.values.append(animation.values[index + 1])
      result.keyTimes.append(to)
    }
    return result
  }

  /// Where in its interval `easing` reaches one half.
  static func fractionReachingHalf(_ easing: Easing) -> Double {
    var low = 0.0, high = 1.0
    for _ in 0..<50 {
      let middle = (low + high) / 2
      if easing.progress(at: middle) < 0.5 { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }
}
