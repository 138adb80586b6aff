import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableState` on a state struct, as TCA 1.x expands it: a registrar and an identity
/// (`_$id`), `@ObservationStateTracked` on every stored `var` (reads are tracked through
/// Observation, writes notify only when the value's identity changed), and the
/// `ObservableState` and `Observable` conformances.
public struct ObservableStateMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  static let registrar = "_$observationRegistrar"

  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    let access = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    return [
      "@ObservationStateIgnored var \(raw: registrar) = Composable.ObservationStateRegistrar()",
      """
      \(raw: access)var _$id: Composable.ObservableStateID {
        \(raw: registrar).id
      }
      """,
      """
      \(raw: access)mutating func _$willModify() {
        \(raw: registrar)._$willModify()
      }
      """,
      trackedStorage(of: declaration, access: access),
    ]
  }

  /// `_$trackedStorage(for:)`: the stored property behind each tracked one, so a reducer can
  /// change an element of a tracked collection in place (a key path to a computed property
  /// copies the value out and back).
  static func trackedStorage(of declaration: some DeclGroupSyntax, access: String) -> DeclSyntax {
    let names = declaration.memberBlock.members.compactMap { member -> String? in
      guard let property = member.decl.as(VariableDeclSyntax.self), property.isTrackable else { return nil }
      return property.name
    }
    let cases = names.map { "if keyPath == \\Self.\($0) { return \\Self._\($0) }\n" }.joined()
    return """
      \(raw: access)static func _$trackedStorage(for keyPath: AnyKeyPath) -> AnyKeyPath? {
        \(raw: cases)return nil
      }
      """
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self), let property = member.as(VariableDeclSyntax.self), property.isTrackable,
      !property.hasAttribute("ObservationStateTracked")
    else { return [] }
    return [AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("ObservationStateTracked")))]
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.ObservableState, Observation.Observable {}")]
  }
}

/// A stored property of an `@ObservableState` struct: its value moves to `_name`, and its
/// accessors report reads to the registrar and changes of identity to observers.
public struct ObservationStateTrackedMacro: AccessorMacro, PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isTrackable, let name = property.name else { return [] }
    let registrar = ObservableStateMacro.registrar
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = initialValue
      }
      """,
      """
      get {
        \(raw: registrar).access(self, keyPath: \\.\(raw: name))
        return _\(raw: name)
      }
      """,
      """
      set {
        \(raw: registrar).mutate(self, keyPath: \\.\(raw: name), &_\(raw: name), newValue, Composable._isIdentityEqual)
      }
      """,
      """
      _modify {
        let identity = Composable._observationIdentity(of: _\(raw: name))
        yield &_\(raw: name)
        \(raw: registrar).didModify(self, keyPath: \\.\(raw: name), from: identity, to: Composable._observationIdentity(of: _\(raw: name)))
      }
      """,
    ]
  }

  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isTrackable,
      let binding = property.bindings.first, let name = property.name
    else { return [] }
    let type = binding.typeAnnotation.map { "\($0.trimmed)" } ?? ""
    let initializer = binding.initializer.map { " \($0.trimmed)" } ?? ""
    return ["@ObservationStateIgnored private var _\(raw: name)\(raw: type)\(raw: initializer)"]
  }
}

/// Leaves a property of an `@ObservableState` struct untracked.
public struct ObservationStateIgnoredMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}

extension VariableDeclSyntax {
  /// One stored, instance `var`, not ignored: what `@ObservableState` tracks.
  var isTrackable: Bool {
    guard bindingSpecifier.tokenKind == .keyword(.var), bindings.count == 1, let binding = bindings.first,
      binding.pattern.is(IdentifierPatternSyntax.self), binding.accessorBlock == nil
    else { return false }
    return !hasAttribute("ObservationStateIgnored") && !hasAttribute("Presents") && !modifiers.contains { [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind) }
  }

  func hasAttribute(_ name: String) -> Bool {
    attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == name }
  }

  var name: String? { bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
}
