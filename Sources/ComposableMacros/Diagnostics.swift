import SwiftDiagnostics
import SwiftSyntax

/// A misuse of one of the macros: reported where it is written, instead of an expansion that
/// is silently wrong or fails to compile somewhere the user never wrote.
struct MacroDiagnostic: DiagnosticMessage {
  let message: String
  let id: String
  var severity: DiagnosticSeverity = .error

  var diagnosticID: MessageID { MessageID(domain: "ComposableMacros", id: id) }
}

/// The edit a diagnostic offers.
struct MacroFixIt: FixItMessage {
  let message: String
  let id: String

  var fixItID: MessageID { MessageID(domain: "ComposableMacros", id: id) }
}

/// The name in `candidates` that `name` is a slip of (at most two edits away), for a fix-it
/// that corrects a misspelling; none when it is not close to any.
func closest(to name: String, among candidates: [String]) -> String? {
  candidates
    .map { (candidate: $0, distance: editDistance(name.lowercased(), $0)) }
    .filter { $0.distance <= 2 }
    .min { $0.distance < $1.distance }?
    .candidate
}

/// Levenshtein distance: insertions, deletions and substitutions.
private func editDistance(_ a: String, _ b: String) -> Int {
  let b = Array(b)
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1]
    for (j, y) in b.enumerated() {
      current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
    }
    previous = current
  }
  return previous[b.count]
}
