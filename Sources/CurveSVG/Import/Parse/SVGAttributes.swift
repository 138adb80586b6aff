/// An element's attributes by qualified name ("d", "xlink:href"), in the order the file
/// writes them: a dictionary's reading and writing, over a list.
///
/// An element has a handful of attributes and the import looks names up in them fifty times
/// an element; comparing a name with each of a few is a third of the cost of hashing it
/// (which was a fifth of resolving an icon's styles), and the list is one allocation.
///
/// ```swift
/// var attributes: SVGAttributes = ["d": "M 0 0 L 10 0", "fill": "red"]
/// attributes["fill"]           // "red"
/// attributes["stroke"] = "blue"
/// attributes.keys              // ["d", "fill", "stroke"]
/// ```
struct SVGAttributes: Sequence, ExpressibleByDictionaryLiteral, Equatable {
  fileprivate struct Attribute {
    var name: String
    var value: String
  }

  private var list: [Attribute] = []

  init() {}

  init(dictionaryLiteral elements: (String, String)...) {
    for (name, value) in elements { self[name] = value }
  }

  /// Room for `count` attributes, so that reading an element's allocates once.
  mutating func reserveCapacity(_ count: Int) {
    list.reserveCapacity(count)
  }

  /// The value of the attribute `name`; setting nil removes it, setting a name it has keeps
  /// its place.
  subscript(name: String) -> String? {
    get { index(of: name).map { list[$0].value } }
    set {
      let index = index(of: name)
      switch (index, newValue) {
      case let (index?, value?): list[index].value = value
      case let (index?, nil): list.remove(at: index)
      case let (nil, value?): list.append(Attribute(name: name, value: value))
      case (nil, nil): break
      }
    }
  }

  /// Where `name` is. Lengths first: they are inline in a string, and most names differ
  /// in length, where `==` calls into the standard library for each.
  private func index(of name: String) -> Int? {
    let length = name.utf8.count
    return list.firstIndex { $0.name.utf8.count == length && $0.name == name }
  }

  /// The names, in order.
  var keys: [String] { list.map(\.name) }
  var count: Int { list.count }
  var isEmpty: Bool { list.isEmpty }

  /// The attributes `isIncluded` keeps, in order.
  func filter(_ isIncluded: ((key: String, value: String)) throws -> Bool) rethrows -> SVGAttributes {
    var kept = SVGAttributes()
    kept.list = try list.filter { try isIncluded((key: $0.name, value: $0.value)) }
    return kept
  }

  func makeIterator() -> Iterator {
    Iterator(base: list.makeIterator())
  }

  struct Iterator: IteratorProtocol {
    fileprivate var base: IndexingIterator<[Attribute]>

    mutating func next() -> (key: String, value: String)? {
      base.next().map { (key: $0.name, value: $0.value) }
    }
  }

  /// The same names with the same values, in any order (as dictionaries compare).
  static func == (lhs: SVGAttributes, rhs: SVGAttributes) -> Bool {
    lhs.count == rhs.count && lhs.list.allSatisfy { rhs[$0.name] == $0.value }
  }
}
