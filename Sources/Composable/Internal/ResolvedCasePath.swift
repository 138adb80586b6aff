/// A case key path resolved once into its extract and embed functions.
///
/// Extracting through a `CaseKeyPath` (`action[case: \.rows]`) rebuilds the case path from
/// the key path on every call, which allocates and walks the key path; operators resolve it
/// once when they are built and reuse it for every action.
@usableFromInline
struct ResolvedCasePath<Root, Value>: @unchecked Sendable {
  @usableFromInline let resolved: Case<Value>

  @inlinable init(_ keyPath: CaseKeyPath<Root, Value>) {
    self.resolved = Case(keyPath)
  }

  @inlinable func extract(from root: Root) -> Value? {
    resolved._extract(from: root)
  }

  @inlinable func embed(_ value: Value) -> Root {
    resolved._embed(value) as! Root
  }
}
