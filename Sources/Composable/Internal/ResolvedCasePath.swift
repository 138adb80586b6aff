@_spi(Reflection) import CasePaths

/// A case key path resolved once into its extract and embed functions.
///
/// Extracting through a `CaseKeyPath` (`action[case: \.rows]`) rebuilds the case path from
/// the key path on every call and runs swift-case-paths' generic closures, which look up type
/// metadata and box the action on every call. For an enum root, operators instead extract
/// with the enum's tag, as TCA does: `AnyCasePath(unsafe:)` learns the case's tag from the
/// first extraction and then rejects other cases by comparing tags and projects the payload
/// of this one directly. Other roots keep the key path's own functions.
@usableFromInline
struct ResolvedCasePath<Root, Value>: @unchecked Sendable {
  @usableFromInline let resolved: Case<Value>
  @usableFromInline let byTag: AnyCasePath<Root, Value>?

  @inlinable init(_ keyPath: CaseKeyPath<Root, Value>) {
    let resolved = Case(keyPath)
    self.resolved = resolved
    self.byTag = Self.isEnum ? AnyCasePath(unsafe: { resolved._embed($0) as! Root }) : nil
  }

  @usableFromInline static var isEnum: Bool { EnumMetadata(Root.self) != nil }

  @inlinable func extract(from root: Root) -> Value? {
    if let byTag { return byTag.extract(from: root) }
    return resolved._extract(from: root)
  }

  @inlinable func embed(_ value: Value) -> Root {
    resolved._embed(value) as! Root
  }
}
