import SwiftSyntax
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?` in an `@ObservableState` struct, as TCA 1.x:
/// the value is kept in a `PresentationState` (`_destination`), read and written as an optional
/// through the struct's registrar, and projected as `$destination` for
/// `ifLet(\.$destination, action: \.destination)`.
public struct PresentsMacro: AccessorMacro, PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), let name = property.name else { return [] }
    let registrar = ObservableStateMacro.registrar
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = Composable.PresentationState(wrappedValue: initialValue)
      }
      """,
      """
      get {
        \(raw: registrar).access(self, keyPath: \\.\(raw: name))
        return _\(raw: name).wrappedValue
      }
      """,
      """
      set {
        \(raw: registrar).mutate(self, keyPath: \\.\(raw: name), &_\(raw: name).wrappedValue, newValue, Composable._isIdentityEqual)
      }
      """,
    ]
  }

  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), let name = property.name,
      let type = property.bindings.first?.typeAnnotation?.type
    else { return [] }
    let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType.trimmedDescription ?? type.trimmedDescription
    let access = property.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    let registrar = ObservableStateMacro.registrar
    return [
      "@ObservationStateIgnored private var _\(raw: name) = Composable.PresentationState<\(raw: wrapped)>(wrappedValue: nil)",
      """
      \(raw: access)var $\(raw: name): Composable.PresentationState<\(raw: wrapped)> {
        get {
          \(raw: registrar).access(self, keyPath: \\.$\(raw: name))
          return _\(raw: name).projectedValue
        }
        set {
          \(raw: registrar).mutate(self, keyPath: \\.$\(raw: name), &_\(raw: name).projectedValue, newValue, Composable._isIdentityEqual)
        }
      }
      """,
    ]
  }
}
