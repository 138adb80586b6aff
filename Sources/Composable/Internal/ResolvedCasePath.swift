@_spi(Reflection) import CasePaths
import Synchronization

/// A case key path resolved once into its extract and embed functions.
///
/// Extracting through a `CaseKeyPath` (`action[case: \.rows]`) rebuilds the case path from
/// the key path on every call and runs swift-case-paths' type-erased closures, which box the
/// action into `Any` and cast it back on every call. For an enum root, operators instead
/// extract with the enum's tag, as TCA does: the first successful extraction (through the key
/// path) teaches the case's tag, and from then on other cases are rejected by comparing tags
/// and this one's payload is projected in place (`EnumPayload`), without boxing. Roots that
/// are not enums, and payloads the projection cannot reproduce, keep the key path's functions.
@usableFromInline
struct ResolvedCasePath<Root, Value>: @unchecked Sendable {
  @usableFromInline let resolved: Case<Value>
  @usableFromInline let payload: EnumPayload<Root, Value>?

  @inlinable init(_ keyPath: CaseKeyPath<Root, Value>) {
    resolved = Case(keyPath)
    payload = EnumPayload()
  }

  @inlinable func extract(from root: Root) -> Value? {
    guard let payload else { return resolved._extract(from: root) }
    switch payload.extract(from: root) {
    case .value(let value): return value
    case .otherCase: return nil
    case .thisCase: return resolved._extract(from: root)
    case .unknown:
      let value = resolved._extract(from: root)
      if let value { payload.learn(from: root, value: value) }
      return value
    }
  }

  @inlinable func embed(_ value: Value) -> Root {
    resolved._embed(value) as! Root
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

  @usableFromInline init?() {
    guard EnumMetadata(Root.self) != nil else { return nil }
    witnesses = EnumWitnesses(Root.self)
  }

  @inlinable func extract(from root: Root) -> Extraction {
    let state = state.load(ordering: .relaxed)
    guard state != 0 else { return .unknown }
    let tag = UInt32(truncatingIfNeeded: state)
    guard witnesses.tag(of: root) == tag else { return .otherCase }
    guard state & Self.projectable != 0 else { return .thisCase }
    return .value(project(root, tag: tag) { $0.load(as: Value.self) })
  }

  /// Records the tag of `root`, whose payload the key path extracted as `value`, if the
  /// projection reproduces it byte for byte.
  @usableFromInline func learn(from root: Root, value: Value) {
    let tag = witnesses.tag(of: root)
    let reproduced = project(root, tag: tag) { projected in
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

  /// The index of `value`'s case.
  @inlinable func tag<Enum>(of value: Enum) -> UInt32 {
    withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), type) }
  }
}
