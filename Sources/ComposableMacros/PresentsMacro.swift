import SwiftDiagnostics
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
    guard let property = declaration.as(VariableDeclSyntax.self), let name = property.name, property.presentedType != nil
    else { return [] }
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
    guard let property = declaration.as(VariableDeclSyntax.self), let name = property.name else { return [] }
    // Diagnosed here, once: the accessor role expands nothing for the same misuse.
    guard let wrapped = property.presentedType else {
      diagnoseMisuse(of: property, name: name, in: context)
      return []
    }
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

  /// A presented child is optional (`nil` when nothing is presented) and changes, so `@Presents`
  /// needs a `var` of optional type; anything else would expand to code that fails to compile.
  private static func diagnoseMisuse(of property: VariableDeclSyntax, name: String, in context: some MacroExpansionContext) {
    if property.bindingSpecifier.tokenKind != .keyword(.var) {
      let fixIt = FixIt(
        message: MacroFixIt(message: "Replace 'let' with 'var'", id: "presents.var"),
        changes: [.replace(oldNode: Syntax(property.bindingSpecifier), newNode: Syntax(property.bindingSpecifier.with(\.tokenKind, .keyword(.var))))]
      )
      let message = "'@Presents' needs a 'var': presenting and dismissing change '\(name)'"
      context.diagnose(
        Diagnostic(node: property.bindingSpecifier, message: MacroDiagnostic(message: message, id: "presents.var"), fixIts: [fixIt])
      )
    }
    guard let binding = property.bindings.first else { return }
    guard let annotation = binding.typeAnnotation else {
      let message = "'@Presents' needs the type of '\(name)' written out, as in 'var \(name): Child.State?'"
      context.diagnose(Diagnostic(node: binding, message: MacroDiagnostic(message: message, id: "presents.type")))
      return
    }
    guard annotation.type.optionalWrappedType == nil else { return }
    let optional = OptionalTypeSyntax(wrappedType: annotation.type.trimmed).with(\.trailingTrivia, annotation.type.trailingTrivia)
    let fixIt = FixIt(
      message: MacroFixIt(message: "Make '\(annotation.type.trimmedDescription)' optional", id: "presents.optional"),
      changes: [.replace(oldNode: Syntax(annotation.type), newNode: Syntax(optional))]
    )
    let message = "'@Presents' needs an optional type: '\(name)' is nil when nothing is presented"
    context.diagnose(
      Diagnostic(node: annotation.type, message: MacroDiagnostic(message: message, id: "presents.optional"), fixIts: [fixIt])
    )
  }
}

extension VariableDeclSyntax {
  /// What a `@Presents var` presents: the wrapped type of its optional type annotation.
  var presentedType: String? {
    guard bindingSpecifier.tokenKind == .keyword(.var), let type = bindings.first?.typeAnnotation?.type else { return nil }
    return type.optionalWrappedType
  }
}

extension TypeSyntax {
  /// `Child.State` of `Child.State?`, `Child.State!` or `Optional<Child.State>`.
  var optionalWrappedType: String? {
    if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.trimmedDescription }
    if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType.trimmedDescription }
    guard let named = self.as(IdentifierTypeSyntax.self), named.name.text == "Optional",
      let arguments = named.genericArgumentClause?.arguments, arguments.count == 1
    else { return nil }
    return arguments.first?.argument.trimmedDescription
  }
}
