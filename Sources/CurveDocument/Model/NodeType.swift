/// How a node joins the segments on either side of it, as Inkscape's node tool has it.
public enum NodeType: String, CaseIterable, Equatable, Sendable, Codable {
  /// The handles move freely.
  case corner
  /// The handles stay on one line through the node, each keeping its own length.
  case smooth
  /// The handles mirror each other.
  case symmetric
}
