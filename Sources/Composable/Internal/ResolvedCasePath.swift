@_spi(Reflection) import CasePaths
import Synchronization

/// A case key path resolved once into its extract and embed functions.
///
/// Extracting through a `CaseKeyPath` (`action[case: \.rows]`) rebuilds the case path from
/// the key path on every call and runs swift-case-paths' type-erased closures, which box the
/// action into `Any` and cast it back on every call. For an enum root, operators instead
/// extract with the enum's tag, as TCA does: the first successful extraction (through the key
/// path) teaches the case's tag, and from then on other cases are rejected by comparing tags
/// and this one's payload is projected in place (`EnumPayload`), without boxing. Until then,
/// the tags it refused are remembered, so a scope whose action never arrives still rejects
/// every other action by its tag. Only a path that is one of the root's own cases (`\.pointer`,
/// not `\.pointer.moved`) is read by tag: for a path through two cases the outer tag does not
/// decide. Those, roots that are not enums, and payloads the projection cannot reproduce keep
/// the key path's functions.
@usableFromInline
struct ResolvedCasePath<Root, Value>: @unchecked Sendable {
  /// The case's own functions: the slow path, and what teaches the tag.
  @usableFromInline let extractByMatching: (Root) -> Value?
  @usableFromInline let embedValue: (Value) -> Root
  @usableFromInline let payload: EnumPayload<Root, Value>?

  @inlinable init(_ keyPath: CaseKeyPath<Root, Value>) {
    let resolved = Case(keyPath)
    extractByMatching = { resolved._extract(from: $0) }
    embedValue = { resolved._embed($0) as! Root }
    payload = Self.isOneCase(keyPath) ? EnumPayload() : nil
  }

  /// One case of the enum `Root`, given by its functions, with its tag learned at once from
  /// `sample` (`BindingReducer`'s `.binding`, known through `BindableAction`, not a key path).
  @inlinable init(extract: @escaping (Root) -> Value?, embed: @escaping (Value) -> Root, sample: Value) {
    extractByMatching = extract
    embedValue = embed
    payload = EnumPayload()
    _ = self.extract(from: embed(sample))
  }

  /// A case given by TCA's older `AnyCasePath` (`/Action.child`): its functions only.
  @inlinable init(_ casePath: AnyCasePath<Root, Value>) {
    extractByMatching = { casePath.extract(from: $0) }
    embedValue = { casePath.embed($0) }
    payload = nil
  }

  /// Whether `keyPath` is one of `Root`'s own cases, as `@CasePathable` lists them: then the
  /// case alone decides an extraction, and a case that failed once always fails.
  @usableFromInline static func isOneCase(_ keyPath: CaseKeyPath<Root, Value>) -> Bool {
    guard let iterable = Root.self as? any CasePathIterable.Type else { return false }
    return casePaths(of: iterable).contains(keyPath)
  }

  private static func casePaths<R: CasePathIterable>(of _: R.Type) -> [AnyKeyPath] {
    R.allCasePaths.map { $0 as AnyKeyPath }
  }

  @inlinable func extract(from root: Root) -> Value? {
    guard let payload else { return extractByMatching(root) }
    switch payload.extract(from: root) {
    case .value(let value): return value
    case .otherCase: return nil
    case .thisCase: return extractByMatching(root)
    case .unknown:
      let value = extractByMatching(root)
      if let value { payload.learn(from: root, value: value) } else { payload.refuse(root) }
      return value
    }
  }

  @inlinable func embed(_ value: Value) -> Root {
    embedValue(value)
  }
}

/// The payload of one case of the enum `Root`, read in place once the case's tag is known.
///
/// The projection follows the Swift ABI: the enum's value witnesses move the payload of the
/// current case to offset 0 (clearing any tag bits stored in the payload's spare bits) and put
/// the tag back. A case's layout is only trusted after one check: when the tag is learned, the
/// projected bytes must equal the bytes of the value the key path extracted. An indirect case
/// (the payload lives in a heap box) or padding that differs fails the check: other cases are
/// still rejected by tag, and this one's payload comes from the key path, slow but correct.
@usableFromInline
final class EnumPayload<Root, Value>: @unchecked Sendable {
  @usableFromInline enum Extraction {
    case value(Value)
    case otherCase
    /// This case, whose payload cannot be projected in place.
    case thisCase
    /// The tag is not learned yet.
    case unknown
  }

  @usableFromInline let witnesses: EnumWitnesses
  /// 0 until the tag is learned, then the tag, with `projectable` set when the payload can
  /// be read in place. Written once, read on every action.
  @usableFromInline let state = Atomic<UInt64>(0)
  @usableFromInline static var learned: UInt64 { 1 << 32 }
  @usableFromInline static var projectable: UInt64 { 1 << 33 }
  /// Bit n set: tag n was refused before this case's tag was learned (tags 0...63).
  @usableFromInline let refusedTags = Atomic<UInt64>(0)

  @usableFromInline init?() {
    guard EnumMetadata(Root.self) != nil else { return nil }
    witnesses = EnumWitnesses(Root.self)
  }

  @inlinable func extract(from root: Root) -> Extraction {
    let state = state.load(ordering: .relaxed)
    let rootTag = witnesses.tag(of: root)
    guard state != 0 else {
      let refused = rootTag < 64 && refusedTags.load(ordering: .relaxed) & (1 << UInt64(rootTag)) != 0
      return refused ? .otherCase : .unknown
    }
    let tag = UInt32(truncatingIfNeeded: state)
    guard rootTag == tag else { return .otherCase }
    guard state & Self.projectable != 0 else { return .thisCase }
    return .value(project(root, tag: tag) { $0.load(as: Value.self) })
  }

  /// Records that the key path refused `root`'s case.
  @usableFromInline func refuse(_ root: Root) {
    let tag = witnesses.tag(of: root)
    guard tag < 64 else { return }
    refusedTags.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }

  /// Records the tag of `root`, whose payload the key path extracted as `value`, if the
  /// projection reproduces it byte for byte.
  @usableFromInline func learn(from root: Root, value: Value) {
    let tag = witnesses.tag(of: root)
    // A payload larger than the enum lives in a box (an indirect case): never read in place,
    // and comparing its bytes would read past the copy.
    let reproduced = MemoryLayout<Value>.size <= MemoryLayout<Root>.size && project(root, tag: tag) { projected in
      withUnsafeBytes(of: value) { expected in
        expected.elementsEqual(UnsafeRawBufferPointer(start: projected, count: expected.count))
      }
    }
    state.store(UInt64(tag) | Self.learned | (reproduced ? Self.projectable : 0), ordering: .relaxed)
  }

  /// Runs `body` on the payload of a copy of `root`, moved to the copy's start.
  @inlinable func project<Result>(
    _ root: Root, tag: UInt32, _ body: (UnsafeMutableRawPointer) -> Result
  ) -> Result {
    var copy = root
    return withUnsafeMutableBytes(of: &copy) { bytes in
      let pointer = bytes.baseAddress!
      witnesses.projectPayload(pointer, witnesses.type)
      defer { witnesses.injectTag(pointer, tag, witnesses.type) }
      return body(pointer)
    }
  }
}

/// The value witnesses every enum type has beyond the common ones, by their place in the
/// value witness table (Swift ABI: eight functions, size, stride, flags and extra
/// inhabitants, then getEnumTag, destructiveProjectEnumData, destructiveInjectEnumData).
@usableFromInline
struct EnumWitnesses: @unchecked Sendable {
  @usableFromInline typealias Tag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  /// The enum's type metadata, which each witness takes as its last argument.
  @usableFromInline let type: UnsafeRawPointer
  @usableFromInline let getTag: Tag
  @usableFromInline let projectPayload: Project
  @usableFromInline let injectTag: Inject

  @usableFromInline init(_ enumType: Any.Type) {
    let word = MemoryLayout<UnsafeRawPointer>.size
    type = unsafeBitCast(enumType, to: UnsafeRawPointer.self)
    let table = type.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    // Words 0-10: eight functions, size, stride, flags and extra inhabitants; 11: getEnumTag.
    getTag = table.load(fromByteOffset: 11 * word, as: Tag.self)
    projectPayload = table.load(fromByteOffset: 12 * word, as: Project.self)
    injectTag = table.load(fromByteOffset: 13 * word, as: Inject.self)
  }

  /// The index of `value`'s case, read where the value is (borrowed, not copied).
  @inlinable func tag<Enum>(of value: borrowing Enum) -> UInt32 {
    withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), type) }
  }
}
