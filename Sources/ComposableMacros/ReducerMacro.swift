import SwiftSyntax
import SwiftSyntaxMacros

/// `@Reducer` on a struct, as TCA 1.x expands it there: the `Reducer` conformance, and
/// `@CasePathable @dynamicMemberLookup` on its `Action` enum (and on `State` when that is an
/// enum), so features are written `@Reducer struct Feature { … }` and tested with case key
/// paths (`store.send(\.rows[id: 2].tick)`); `body` gets `@ReducerBuilder`, which an extension's
/// conformance does not infer.
public struct ReducerMacro: ExtensionMacro, MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let inherited = declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    guard !inherited.contains(where: { $0 == "Reducer" || $0.hasSuffix(".Reducer") }) else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.Reducer {}")]
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    // The conformance is in an extension, so `body` does not get the protocol's builder by
    // inference: it is written on.
    if let property = member.as(VariableDeclSyntax.self), property.name == "body", property.isComputed,
      !property.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.contains("ReducerBuilder") == true })
    {
      return ["@Composable.ReducerBuilder<Self.State, Self.Action>"]
    }
    guard let enumDecl = member.as(EnumDeclSyntax.self), ["Action", "State"].contains(enumDecl.name.text) else { return [] }
    let present = Set(enumDecl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription })
    return ["CasePathable", "dynamicMemberLookup"]
      .filter { !present.contains($0) && !present.contains("CasePaths.\($0)") }
      .map { AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier($0))) }
  }
}

extension VariableDeclSyntax {
  /// A `var` whose value is computed (`var body: some Reducer { … }`): only such a property can
  /// take a result builder; `let body = EmptyReducer()` is left as written.
  var isComputed: Bool {
    guard bindingSpecifier.tokenKind == .keyword(.var), let accessors = bindings.first?.accessorBlock?.accessors else {
      return false
    }
    switch accessors {
    case .getter: return true
    case let .accessors(list): return list.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
    }
  }
}
