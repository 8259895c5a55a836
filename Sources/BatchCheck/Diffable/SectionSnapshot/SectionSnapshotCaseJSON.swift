/// The case-file JSON of section-snapshot scripts and their verdicts
/// (`"contract":"sectionSnapshot"`).
///
///     SectionSnapshotCaseJSON.call(.append(["c"], parent: "p"))
///     // {"op":"append","ids":["c"],"parent":"p"}
package enum SectionSnapshotCaseJSON {
  package typealias ID = SnapshotIdentifier

  /// A tree: each node an id, or `[id, [children]]` when it has children.
  package static func tree(_ nodes: [SectionSnapshotNode<ID>]) -> String {
    "[" + nodes.map(node).joined(separator: ",") + "]"
  }

  private static func node(_ node: SectionSnapshotNode<ID>) -> String {
    node.children.isEmpty ? node.id.description : "[\(node.id),\(tree(node.children))]"
  }

  /// `{"op":"insert","ids":["c"],"after":"p"}`; `replace` and `snapshot`,
  /// which the case format has no op for, as `{"op":"replace","parent":...,"tree":...,"expanded":...}`
  /// and `{"op":"snapshot","parent":...,"includingParent":true}`.
  package static func call(_ call: SectionSnapshotCall<ID>) -> String {
    var fields = ["\"op\":\"\(call.name)\""]
    switch call {
    case .append(let ids, let parent):
      fields.append("\"ids\":" + SnapshotCaseJSON.ids(ids))
      if let parent { fields.append("\"parent\":\(parent)") }
    case .insert(let ids, let anchor):
      fields.append("\"ids\":" + SnapshotCaseJSON.ids(ids))
      fields.append("\"\(anchor.key)\":\(anchor.id)")
    case .delete(let ids), .expand(let ids), .collapse(let ids):
      fields.append("\"ids\":" + SnapshotCaseJSON.ids(ids))
    case .deleteAll: break
    case .replace(let parent, let nodes, let expanded):
      fields.append("\"parent\":\(parent)")
      fields.append("\"tree\":" + tree(nodes))
      fields.append("\"expanded\":" + SnapshotCaseJSON.ids(expanded))
    case .contains(let id), .index(let id), .isExpanded(let id), .isVisible(let id),
      .level(let id), .parent(let id):
      fields.append("\"id\":\(id)")
    case .snapshot(let parent, let includingParent):
      fields.append("\"parent\":\(parent)")
      fields.append("\"includingParent\":\(includingParent)")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A query's answer: `true`, `3`, `null`, `"p"`.
  package static func answer(_ answer: SectionSnapshotAnswer<ID>) -> String {
    switch answer {
    case .bool(let flag): return flag ? "true" : "false"
    case .index(let index): return index.map(String.init) ?? "null"
    case .level(let level): return String(level)
    case .item(let item): return item?.description ?? "null"
    case .snapshot(let nodes, let expanded):
      return "{\"expanded\":\(SnapshotCaseJSON.ids(expanded)),\"tree\":\(tree(nodes))}"
    }
  }

  /// The verdict's fields as `validate` prints them: `"verdict"`, `"rule"`
  /// and `"message"` when it has them, `"call"` when a call failed,
  /// `"logs"` and `"warnings"` (always `[]`: a section snapshot logs and
  /// warns nothing), `"final"`, `"expanded"` and `"results"` unless an
  /// exception ended the run.
  package static func verdictFields(_ verdict: SectionSnapshotVerdict<ID>) -> [String] {
    var fields = ["\"verdict\":\"\(verdict.kind)\""]
    if let rule = verdict.rule { fields.append("\"rule\":\"\(rule)\"") }
    if let message = verdict.message { fields.append("\"message\":" + jsonQuoted(message)) }
    if let call = verdict.call { fields.append("\"call\":\(call)") }
    fields.append("\"logs\":[]")
    fields.append("\"warnings\":[]")
    if let final = verdict.final { fields.append("\"final\":" + tree(final)) }
    if let expanded = verdict.expanded {
      fields.append("\"expanded\":" + SnapshotCaseJSON.ids(expanded))
    }
    if let answers = verdict.answers {
      fields.append("\"results\":[" + answers.map(answer).joined(separator: ",") + "]")
    }
    return fields
  }
}
