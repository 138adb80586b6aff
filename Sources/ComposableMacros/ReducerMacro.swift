import SwiftSyntax
import SwiftSyntaxMacros

/// `@Reducer` on a struct, as TCA 1.x expands it there: the `Reducer` conformance, and
/// `@CasePathable @dynamicMemberLookup` on its `Action` enum (and on `State` when that is an
/// enum), so features are written `@Reducer struct Feature { … }` and tested with case key
/// paths (`store.send(\.rows[id: 2].tick)`); `body` gets `@ReducerBuilder`, which an extension's
/// conformance does not infer.
///
/// On an enum of child reducers (`@Reducer enum Destination { case add(AddItem) }`), as TCA
/// 1.x's destinations: a `State` and an `Action` enum with one case per child, a static `body`
/// scoping each case to its child, and the `CaseReducer` conformance, so a parent writes
/// `.ifLet(\.destination, action: \.destination)`. `@Reducer(state: .equatable)` (and
/// `action:`) make the generated enums `Equatable`.
public struct ReducerMacro: ExtensionMacro, MemberAttributeMacro, MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.CaseReducer, Composable.Reducer {}")]
    }
    let inherited = declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    guard !inherited.contains(where: { $0 == "Reducer" || $0.hasSuffix(".Reducer") }) else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.Reducer {}")]
  }

  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else { return [] }
    let access = enumDecl.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    let children = enumDecl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
      .compactMap { element -> (name: String, reducer: String)? in
        guard let parameters = element.parameterClause?.parameters, parameters.count == 1, let only = parameters.first
        else { return nil }
        return (element.name.text, only.type.trimmedDescription)
      }
    let arguments = node.arguments?.trimmedDescription ?? ""
    let stateConformances = ["Composable.CaseReducerState"] + (arguments.contains("state: .equatable") ? ["Equatable"] : [])
    let actionConformances = arguments.contains("action: .equatable") ? ": Equatable" : ""
    let stateCases = children.map { "case \($0.name)(\($0.reducer).State)" }.joined(separator: "\n")
    let actionCases = children.map { "case \($0.name)(\($0.reducer).Action)" }.joined(separator: "\n")
    // A concrete body type (not `some Reducer`), so the conformance can infer `Body`; each child
    // runs by `ifCaseLet`, which ends its effects when the state leaves its case.
    let ifCaseLets = children.map { ".ifCaseLet(\\State.Cases.\($0.name), action: \\Action.Cases.\($0.name)) { \($0.reducer)() }" }
    let body = "Composable.Reduce(Composable.EmptyReducer<Self.State, Self.Action>()\n\(ifCaseLets.joined(separator: "\n")))"
    return [
      """
      @CasePathable @dynamicMemberLookup
      \(raw: access)enum State: \(raw: stateConformances.joined(separator: ", ")) {
        \(raw: access)typealias StateReducer = \(raw: enumDecl.name.text)
        \(raw: stateCases)
      }
      """,
      """
      @CasePathable
      \(raw: access)enum Action\(raw: actionConformances) {
        \(raw: actionCases)
      }
      """,
      """
      @Composable.ReducerBuilder<Self.State, Self.Action>
      \(raw: access)static var body: Composable.Reduce<Self.State, Self.Action> {
        \(raw: body)
      }
      """,
    ]
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
    guard !declaration.is(EnumDeclSyntax.self) else { return [] }
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
