import Foundation
import OrderedCollections
import Observation

/// Makes a state struct observable, as TCA 1.x's macro of the same name: reading `store.count`
/// inside `withObservationTracking` records that the caller read `count`, and a reducer that
/// changes `count` tells exactly those callers (a render loop redraws only what a frame read).
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
///   @ObservationStateIgnored var scratch = 0
/// }
/// ```
@attached(member, names: named(_$observationRegistrar), named(_$id), named(_$willModify), named(_$trackedStorage))
@attached(memberAttribute)
@attached(extension, conformances: ObservableState, Observable)
public macro ObservableState() = #externalMacro(module: "ComposableMacros", type: "ObservableStateMacro")

/// A tracked stored property of an `@ObservableState` struct (added by that macro).
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() = #externalMacro(module: "ComposableMacros", type: "ObservationStateTrackedMacro")

/// A property `@ObservableState` leaves untracked.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() = #externalMacro(module: "ComposableMacros", type: "ObservationStateIgnoredMacro")

/// State whose reads and writes go through Observation; `@ObservableState` conforms to it.
public protocol ObservableState: Observable {
  /// Stays the same while the value is mutated in place; a new value has a new one.
  var _$id: ObservableStateID { get }
  mutating func _$willModify()
  /// The stored property behind the tracked property at `keyPath`, if it is one.
  static func _$trackedStorage(for keyPath: AnyKeyPath) -> AnyKeyPath?
}

extension ObservableState {
  public static func _$trackedStorage(for keyPath: AnyKeyPath) -> AnyKeyPath? { nil }
}

/// Where a reducer changes `keyPath`'s value in place: the stored property behind it when it is
/// a tracked property of observable state, so that changing one element of a tracked collection
/// does not copy the collection (a key path to a computed property writes back a copy). Only
/// for changes that keep the value's identity, which notify no reader of the property.
@usableFromInline func inPlaceStorage<Root, Value>(of keyPath: WritableKeyPath<Root, Value>) -> WritableKeyPath<Root, Value> {
  func storage<State: ObservableState>(_: State.Type) -> AnyKeyPath? { State._$trackedStorage(for: keyPath) }
  guard let observable = Root.self as? any ObservableState.Type,
    let stored = storage(observable) as? WritableKeyPath<Root, Value>
  else { return keyPath }
  return stored
}

/// The identity of an observable state value.
public struct ObservableStateID: Hashable, Sendable {
  private var uuid = UUID()
  public init() {}
}

/// The registrar `@ObservableState` adds: Observation's, shared by copies of the value, and
/// invisible to `==`, hashing and dumps.
public struct ObservationStateRegistrar: Sendable {
  public private(set) var id = ObservableStateID()
  private let registrar = ObservationRegistrar()

  public init() {}

  /// A fresh identity, for a value about to be changed as a copy.
  public mutating func _$willModify() { id = ObservableStateID() }

  public func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Stores `newValue`, telling observers of `keyPath` only when its identity changed.
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value, _ newValue: Value,
    _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    if isIdentityEqual(value, newValue) {
      value = newValue
    } else {
      registrar.withMutation(of: subject, keyPath: keyPath) { value = newValue }
    }
  }

  /// Tells observers of `keyPath` that an in-place change (`_modify`) replaced what they saw.
  /// `_modify` keeps only an identity (see `_observationIdentity(of:)`), never a copy of the
  /// value: a copy would make the yielded collection copy itself on write, O(n) per element
  /// change.
  public func didModify<Subject: Observable, Member, Identity: Equatable>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, from before: Identity, to after: Identity
  ) {
    guard before != after else { return }
    registrar.withMutation(of: subject, keyPath: keyPath) {}
  }
}

extension ObservationStateRegistrar: Equatable, Hashable {
  public static func == (_: Self, _: Self) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

/// Whether a write changes nothing an observer could see: equal values, or the same
/// observable state (mutated in place, whose own properties notify).
public func _isIdentityEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool { false }
public func _isIdentityEqual<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
public func _isIdentityEqual<Value: ObservableState>(_ lhs: Value, _ rhs: Value) -> Bool { lhs._$id == rhs._$id }
public func _isIdentityEqual<Value: ObservableState & Equatable>(_ lhs: Value, _ rhs: Value) -> Bool { lhs._$id == rhs._$id }
/// A collection of observable states keeps its identity while the same elements (by their
/// `_$id`) are in it in the same order: a change inside one element tells that element's
/// readers, not every reader of the collection. O(n) per write, as in TCA.
public func _isIdentityEqual<ID, Element: ObservableState>(
  _ lhs: IdentifiedArray<ID, Element>, _ rhs: IdentifiedArray<ID, Element>
) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}
public func _isIdentityEqual<ID, Element: ObservableState & Equatable>(
  _ lhs: IdentifiedArray<ID, Element>, _ rhs: IdentifiedArray<ID, Element>
) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// The identity `_modify` keeps of a tracked property, as TCA's registrar compares them. A value
/// with no identity is always reported changed.
public func _observationIdentity<Value>(of value: Value) -> NoObservationIdentity { NoObservationIdentity() }
/// Observable state mutated in place keeps its `_$id`: its own properties tell their readers.
public func _observationIdentity<Value: ObservableState>(of value: Value) -> ObservableStateID { value._$id }
/// A collection of observable states keeps its identity while its ids stay the same: an element
/// changed in place tells that element's readers only. The ids share storage with the
/// collection, which an element's change does not touch, so comparing them is O(1).
public func _observationIdentity<ID, Element: ObservableState>(of value: IdentifiedArray<ID, Element>) -> OrderedSet<ID> {
  value.ids
}

/// The identity of a value that has none: never equal, so every change is reported.
public struct NoObservationIdentity: Equatable, Sendable {
  public static func == (_: Self, _: Self) -> Bool { false }
}
