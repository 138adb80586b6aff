import Foundation

/// An element's presentation properties (`display`, `visibility`): a declaration in its
/// `style` attribute wins over the attribute of that name. Style sheets are not read.
extension SVGElement {
  /// A presentation property from the `style` attribute, which wins, or from the attribute of
  /// that name.
  func property(_ name: String) -> String? {
    if let style = attributes["style"] {
      for declaration in style.split(separator: ";") {
        let parts = declaration.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == name else { continue }
        return parts[1].replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    return attributes[name]?.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
