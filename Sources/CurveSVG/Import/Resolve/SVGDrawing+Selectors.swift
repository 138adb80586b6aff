import CurveDocument
/// The style sheets' rules matched to an element on the walk, with its ancestors.
extension SVGDrawing {
  /// The declarations of the sheet rules that match `element` (whose ancestors are
  /// `ancestors`), in the cascade's order: by specificity, then by place.
  mutating func matchingSheetDeclarations(_ element: SVGElement, isFirstChild: Bool) -> [SVGStyleSheet.Declaration] {
    guard !styleSheet.rules.isEmpty, matchBudget > 0 else { return [] }
    let node = SVGAncestor(element: element, isFirstChild: isFirstChild)
    var matched: [SVGStyleSheet.Rule] = []
    for rule in styleSheet.rules where matches(rule.selector, compound: rule.selector.compounds.count - 1, at: ancestors.count, node) {
      matched.append(rule)
    }
    if matchBudget <= 0 {
      repair(element, "the style sheets ask for too much matching; they are applied to the elements before this one only")
      return []
    }
    return matched.sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }.flatMap(\.declarations)
  }

  /// Whether `selector`'s compounds up to `compound` match the chain of the ancestors and
  /// `element` ending at `index` (`ancestors.count` is the element itself).
  private mutating func matches(_ selector: SVGStyleSheet.Selector, compound: Int, at index: Int, _ element: SVGAncestor) -> Bool {
    matchBudget -= 1
    guard matchBudget > 0 else { return false }
    let test = selector.compounds[compound], node = index == ancestors.count ? element : ancestors[index]
    if let type = test.type, type != node.element.name { return false }
    if let id = test.id, node.element.attributes["id"] != id { return false }
    if !test.classes.isEmpty {
      let classes = node.element.classes
      guard test.classes.allSatisfy({ name in classes.contains { $0 == name } }) else { return false }
    }
    if !test.attributes.allSatisfy({ $0.matches(node.element.attributes) }) { return false }
    for pseudo in test.pseudoClasses {
      switch pseudo {
      case .firstChild: if !node.isFirstChild { return false }
      case .root: if index != 0 || node.element.name != "svg" { return false }
      }
    }
    guard compound > 0 else { return true }
    switch selector.combinators[compound - 1] {
    case .child:
      return index > 0 && matches(selector, compound: compound - 1, at: index - 1, element)
    case .descendant:
      var ancestor = index - 1
      while ancestor >= 0 {
        if matches(selector, compound: compound - 1, at: ancestor, element) { return true }
        ancestor -= 1
      }
      return false
    }
  }
}

/// An element on the walk's path from the root, for selectors.
struct SVGAncestor {
  var element: SVGElement
  var isFirstChild: Bool
  /// Whether it is drawn as a group of the document's, which carries its opacity.
  var isGroup = false
}
