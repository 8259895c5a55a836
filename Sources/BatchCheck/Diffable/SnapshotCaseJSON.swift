/// The case-file JSON of snapshot scripts and their verdicts (the case
/// format's `"contract":"snapshot"`): one writer for the replay lines the
/// engine prints and the fields `validate --format json` prints.
///
///     SnapshotCaseJSON.call(.appendItems(["a"], toSection: "S"))
///     // {"op":"appendItems","ids":["a"],"section":"S"}
package enum SnapshotCaseJSON {
  package typealias ID = SnapshotIdentifier

  package static func ids(_ ids: [ID]) -> String {
    "[" + ids.map(\.description).joined(separator: ",") + "]"
  }

  /// `"a"` for a row with no content or key, else `{"id":"a","content":1,"key":1}`.
  package static func row(_ row: SnapshotRow<ID>) -> String {
    guard row.content != nil || row.key != nil else { return row.id.description }
    var fields = ["\"id\":\(row.id)"]
    if let content = row.content { fields.append("\"content\":\(content)") }
    if let key = row.key { fields.append("\"key\":\(key)") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `[["S",["a","b"]],["T",[]]]`.
  package static func sections(_ sections: [SnapshotSection<ID, ID>]) -> String {
    "["
      + sections.map { "[\($0.id),[" + $0.rows.map(row).joined(separator: ",") + "]]" }
      .joined(separator: ",") + "]"
  }

  /// A final state: `[["S",["a","b"]]]`.
  package static func final(_ runs: [(section: ID, items: [ID])]) -> String {
    "[" + runs.map { "[\($0.section),\(ids($0.items))]" }.joined(separator: ",") + "]"
  }

  /// `{"op":"moveItem","id":"a","after":"b"}`.
  package static func call(_ call: SnapshotCall<ID, ID>) -> String {
    var fields = ["\"op\":\"\(call.name)\""]
    func anchor(_ anchor: SnapshotAnchor<ID>) { fields.append("\"\(anchor.key)\":\(anchor.id)") }
    switch call {
    case .appendSections(let list), .deleteSections(let list), .reloadSections(let list),
      .deleteItems(let list), .reloadItems(let list), .reconfigureItems(let list):
      fields.append("\"ids\":" + ids(list))
    case .insertSections(let list, let at), .insertItems(let list, let at):
      fields.append("\"ids\":" + ids(list))
      anchor(at)
    case .moveSection(let id, let at), .moveItem(let id, let at):
      fields.append("\"id\":\(id)")
      anchor(at)
    case .appendItems(let list, let section):
      fields.append("\"ids\":" + ids(list))
      if let section { fields.append("\"section\":\(section)") }
    case .numberOfItems(let section?), .itemIdentifiers(let section?):
      fields.append("\"section\":\(section)")
    case .indexOfItem(let id), .indexOfSection(let id): fields.append("\"id\":\(id)")
    case .sectionIdentifier(let item): fields.append("\"item\":\(item)")
    default: break
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `[{"op":...},...]`.
  package static func calls(_ calls: [SnapshotCall<ID, ID>]) -> String {
    "[" + calls.map(call).joined(separator: ",") + "]"
  }

  /// A query's answer: `3`, `null`, `"S"`, `["a","b"]`.
  package static func answer(_ answer: SnapshotAnswer<ID, ID>) -> String {
    switch answer {
    case .count(let count): return String(count)
    case .index(let index): return index.map(String.init) ?? "null"
    case .section(let section): return section?.description ?? "null"
    case .items(let list): return ids(list)
    case .sections(let list): return ids(list)
    }
  }

  /// `{"rule":"S3","call":0,"message":"..."}`.
  package static func log(_ log: SnapshotLog) -> String {
    "{\"rule\":\"\(log.rule)\",\"call\":\(log.call),\"message\":\(jsonQuoted(log.message))}"
  }

  /// `{"rule":"Q1","key":1,"old":"1-Test","new":"1-Updated","message":"..."}`.
  package static func warning(_ warning: SnapshotWarning<ID>) -> String {
    "{\"rule\":\"\(warning.rule)\",\"key\":\(warning.key),\"old\":\(warning.oldID),\"new\":\(warning.newID),\"message\":\(jsonQuoted(warning.message))}"
  }

  /// The verdict's fields, in the order `validate` prints them:
  /// `"verdict"`, `"rule"` and `"message"` when it has them, `"call"` when a
  /// call failed, `"logs"` and `"warnings"` always (`[]` when none),
  /// `"final"` and `"results"` (the query answers, `[]` when the script asks
  /// nothing) unless an exception ended the run.
  package static func verdictFields(_ verdict: SnapshotVerdict<ID, ID>) -> [String] {
    var fields = ["\"verdict\":\"\(verdict.kind)\""]
    if let rule = verdict.rule { fields.append("\"rule\":\"\(rule)\"") }
    if let message = verdict.message { fields.append("\"message\":" + jsonQuoted(message)) }
    if let call = verdict.call { fields.append("\"call\":\(call)") }
    fields.append("\"logs\":[" + verdict.logs.map(log).joined(separator: ",") + "]")
    fields.append("\"warnings\":[" + verdict.warnings.map(warning).joined(separator: ",") + "]")
    if let runs = verdict.final { fields.append("\"final\":" + final(runs)) }
    if let answers = verdict.answers {
      fields.append("\"results\":[" + answers.map(answer).joined(separator: ",") + "]")
    }
    return fields
  }

  /// A whole case line: `{"name":...,"contract":"snapshot","start":...,"apply":...,"old":...,"calls":...,"new":...,"expect":{...}}`.
  /// `start` and `apply` are written only when not the defaults.
  package static func line(
    name: String?, script: SnapshotScript<ID, ID>, expect: SnapshotVerdict<ID, ID>?
  ) -> String {
    var fields: [String] = []
    if let name { fields.append("\"name\":" + jsonQuoted(name)) }
    fields.append("\"contract\":\"snapshot\"")
    if script.start != .old { fields.append("\"start\":\"\(script.start.rawValue)\"") }
    if script.apply != .animated { fields.append("\"apply\":\"\(script.apply.rawValue)\"") }
    fields.append("\"old\":" + sections(script.old))
    fields.append("\"calls\":" + calls(script.calls))
    if let new = script.new { fields.append("\"new\":" + sections(new)) }
    if let expect {
      var expected = ["\"verdict\":\"\(expect.kind)\""]
      if let rule = expect.rule { expected.append("\"rule\":\"\(rule)\"") }
      if let call = expect.call { expected.append("\"call\":\(call)") }
      fields.append("\"expect\":{" + expected.joined(separator: ",") + "}")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
