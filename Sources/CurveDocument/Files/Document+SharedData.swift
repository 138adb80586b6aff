import CurveGeometry
import FoundationEssentials

/// Embedded data written once: an image kept from a drawing holds its `data:` URI twice (its
/// element's XML and the image Curves draws from it), and a drawing that `<use>`s one image
/// 219 times (Inkscape's `filters.svg`) holds it in every copy. A document's file lists each
/// long URI once, under `sharedData`, and the kept elements name it as `#curves-data-N#`
/// (version 6: a version 5 reader would draw the names). In memory they are whole again.
extension Document {
  /// URIs shorter than this are written where they are.
  static let sharedDataMinimum = 256

  /// The kept elements with each long `data:` URI replaced by its name, and the URIs in the
  /// order named; nothing shared when none is long.
  func keptSharingData() -> (kept: [KeptElement], data: [String]) {
    var data: [String] = [], numbers: [String: Int] = [:]
    func name(_ uri: String) -> String {
      let number = numbers[uri] ?? {
        data.append(uri)
        numbers[uri] = data.count - 1
        return data.count - 1
      }()
      return "#curves-data-\(number)#"
    }
    let shared = kept.map { element -> KeptElement in
      guard let href = element.image?.href, href.hasPrefix("data:"), href.utf8.count >= Self.sharedDataMinimum else { return element }
      var element = element
      let named = name(href)
      element.image?.href = named
      element.xml = element.xml.replacing(href, with: named)
      return element
    }
    return (data.isEmpty ? kept : shared, data)
  }

  /// `kept` with the named URIs of `data` in their places again.
  static func restoringData(_ kept: [KeptElement], _ data: [String]) -> [KeptElement] {
    guard !data.isEmpty else { return kept }
    func restored(_ text: String) -> String {
      guard text.containsUTF8("#curves-data-") else { return text }
      var result = "", rest = Substring(text)
      while let start = rest.utf8Range(of: "#curves-data-") {
        result += rest[..<start.lowerBound]
        let digits = rest[start.upperBound...].prefix { $0.isNumber }
        let end = rest.index(start.upperBound, offsetBy: digits.count)
        if let number = Int(digits), data.indices.contains(number), end < rest.endIndex, rest[end] == "#" {
          result += data[number]
          rest = rest[rest.index(after: end)...]
        } else {
          result += rest[start]
          rest = rest[start.upperBound...]
        }
      }
      return result + rest
    }
    return kept.map { element in
      var element = element
      element.xml = restored(element.xml)
      if let href = element.image?.href { element.image?.href = restored(href) }
      return element
    }
  }
}
