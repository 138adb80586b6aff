import Foundation
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
@attached(member, names: named(_$observationRegistrar), named(_$id), named(_$willModify))
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
