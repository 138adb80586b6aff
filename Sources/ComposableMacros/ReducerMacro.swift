import SwiftDiagnostics
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
/// `action:`; `.hashable`, `.sendable`) give the generated enums those conformances.
///
/// Misuse is diagnosed at the attribute or the case, not left to fail in the expansion: an
/// enum case without exactly one child, an unknown argument or conformance.
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
    // Diagnosed here, once: the macro's other roles run for the same attribute.
    let arguments = ReducerArguments(node, in: context)
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      if !arguments.isEmpty { diagnoseArgumentsOnStruct(node, in: context) }
      return []
    }
    let access = enumDecl.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    let children = enumDecl.memberBlock.members
      .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
      .flatMap(\.elements)
      .compactMap { element in child(of: element, in: context) }
    let stateConformances = ["Composable.CaseReducerState"] + arguments.state
    let actionConformances = arguments.action.isEmpty ? "" : ": " + arguments.action.joined(separator: ", ")
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

  /// The child reducer of an enum reducer's case: its one associated value. A case with none, or
  /// with more, has no child to scope to, and is reported rather than left out of `State`.
  private static func child(
    of element: EnumCaseElementSyntax, in context: some MacroExpansionContext
  ) -> (name: String, reducer: String)? {
    let name = element.name.text
    guard let clause = element.parameterClause, !clause.parameters.isEmpty else {
      let message = "'@Reducer' enum case '\(name)' has no child reducer; write 'case \(name)(Child)' with the child's reducer type"
      context.diagnose(Diagnostic(node: element, message: MacroDiagnostic(message: message, id: "reducer.case")))
      return nil
    }
    guard clause.parameters.count == 1, let only = clause.parameters.first else {
      let message = "'@Reducer' enum case '\(name)' has \(clause.parameters.count) associated values; a case holds exactly one child reducer"
      context.diagnose(Diagnostic(node: clause, message: MacroDiagnostic(message: message, id: "reducer.case")))
      return nil
    }
    return (name, only.type.trimmedDescription)
  }

  /// `state:` and `action:` shape the enums an enum reducer generates; a struct writes its own.
  private static func diagnoseArgumentsOnStruct(_ node: AttributeSyntax, in context: some MacroExpansionContext) {
    let bare = node
      .with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil)
      .with(\.trailingTrivia, node.trailingTrivia)
    context.diagnose(
      Diagnostic(
        node: node,
        message: MacroDiagnostic(
          message: "'state:' and 'action:' apply only to an enum of child reducers; declare a struct's conformances on its 'State' and 'Action'",
          id: "reducer.arguments",
          severity: .warning
        ),
        fixIts: [
          FixIt(
            message: MacroFixIt(message: "Remove the arguments", id: "reducer.arguments"),
            changes: [.replace(oldNode: Syntax(node), newNode: Syntax(bare))]
          )
        ]
      )
    )
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
