import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The conformances `@Reducer(state: …, action: …)` gives an enum reducer's generated `State`
/// and `Action`, read from the attribute. A label or a value it does not know is diagnosed
/// (with a fix-it when it looks like a slip), not ignored: an ignored `.equatble` would leave
/// `State` without the `Equatable` the user asked for, reported far from the attribute.
struct ReducerArguments {
  var state: [String] = []
  var action: [String] = []
  /// The attribute has arguments (a struct reducer takes none).
  var isEmpty = true

  static let labels = ["state", "action"]
  static let conformances = ["equatable": "Equatable", "hashable": "Hashable", "sendable": "Sendable"]

  init(_ node: AttributeSyntax, in context: some MacroExpansionContext) {
    guard case let .argumentList(arguments) = node.arguments, !arguments.isEmpty else { return }
    isEmpty = false
    // A variadic's later values have no label: they belong to the last label written.
    var label: String?
    for (index, argument) in arguments.enumerated() {
      if let written = argument.label {
        label = Self.labels.contains(written.text) ? written.text : nil
        if label == nil { Self.diagnoseUnknownLabel(written, in: context) }
      } else if index == 0 {
        Self.diagnoseMissingLabel(argument, in: context)
      }
      guard let label, let conformance = conformance(argument.expression, in: context) else { continue }
      if label == "state", !state.contains(conformance) { state.append(conformance) }
      if label == "action", !action.contains(conformance) { action.append(conformance) }
    }
  }

  /// `.equatable` as `Equatable`, or nil after diagnosing a value that is not a conformance.
  private func conformance(_ expression: ExprSyntax, in context: some MacroExpansionContext) -> String? {
    let member = expression.as(MemberAccessExprSyntax.self)
    let name = member?.declName.baseName.text ?? expression.trimmedDescription
    if let conformance = Self.conformances[name] { return conformance }
    let known = Self.conformances.keys.sorted()
    let fixIts = member.flatMap { member in
      closest(to: name, among: known).map { correction in
        FixIt(
          message: MacroFixIt(message: "Replace '.\(name)' with '.\(correction)'", id: "reducer.conformance"),
          changes: [.replace(oldNode: Syntax(member.declName.baseName), newNode: Syntax(member.declName.baseName.with(\.tokenKind, .identifier(correction))))]
        )
      }
    }
    context.diagnose(
      Diagnostic(
        node: expression,
        message: MacroDiagnostic(
          message: "'\(expression.trimmedDescription)' is not a conformance '@Reducer' can generate; use \(Self.listed(known))",
          id: "reducer.conformance"
        ),
        fixIts: fixIts.map { [$0] } ?? []
      )
    )
    return nil
  }

  /// `'.equatable', '.hashable' or '.sendable'`.
  private static func listed(_ names: [String]) -> String {
    let quoted = names.map { "'.\($0)'" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
  }

  private static func diagnoseUnknownLabel(_ label: TokenSyntax, in context: some MacroExpansionContext) {
    let fixIts = closest(to: label.text, among: labels).map { correction in
      FixIt(
        message: MacroFixIt(message: "Replace '\(label.text):' with '\(correction):'", id: "reducer.label"),
        changes: [.replace(oldNode: Syntax(label), newNode: Syntax(label.with(\.tokenKind, .identifier(correction))))]
      )
    }
    context.diagnose(
      Diagnostic(
        node: label,
        message: MacroDiagnostic(
          message: "'@Reducer' has no argument '\(label.text):'; it takes 'state:' and 'action:'", id: "reducer.label"
        ),
        fixIts: fixIts.map { [$0] } ?? []
      )
    )
  }

  private static func diagnoseMissingLabel(_ argument: LabeledExprSyntax, in context: some MacroExpansionContext) {
    let labeled = argument.with(\.label, .identifier("state")).with(\.colon, .colonToken(trailingTrivia: .space))
    context.diagnose(
      Diagnostic(
        node: argument,
        message: MacroDiagnostic(
          message: "'@Reducer' takes conformances after 'state:' or 'action:'",
          id: "reducer.label"
        ),
        fixIts: [
          FixIt(
            message: MacroFixIt(message: "Insert 'state: '", id: "reducer.label"),
            changes: [.replace(oldNode: Syntax(argument), newNode: Syntax(labeled))]
          )
        ]
      )
    )
  }
}
