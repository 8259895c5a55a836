import BatchCheck

/// Reading a diffable case's `expect`.
extension CaseDecoder {
  /// `{"verdict":...,"rule":...,"message":...,"call":...,"logs":[...],
  /// "warnings":[...],"final":...,"results":[...]}`; `keys` are the keys the
  /// contract allows (a section snapshot adds `expanded`).
  static func snapshotExpectation(
    _ node: JSONNode, keys: [String], ids: inout IdentifierLedger, tree: Bool = false
  ) throws(LineError) -> SnapshotExpectation {
    var verdict: SnapshotVerdictKind?
    var expect = SnapshotExpectation(verdict: .valid)
    for member in try unique(try object(node, "\"expect\""), allowed: keys, in: "\"expect\"") {
      let value = member.value
      switch member.key {
      case "verdict": verdict = try enumeration(value, for: "verdict", SnapshotVerdictKind.self)
      case "rule": expect.rule = try enumeration(value, for: "rule", SnapshotRule.self)
      case "message": expect.message = try string(value, for: "\"message\"")
      case "call": expect.call = try integer(value, "for \"call\"")
      case "logs": expect.logs = try expectedLogs(value)
      case "warnings": expect.warnings = try expectedWarnings(value)
      case "final":
        expect.final = tree ? canonicalJSON(value) : try canonicalFinal(value, ids: &ids)
      case "expanded": expect.expanded = canonicalJSON(value)
      default:
        expect.results = try array(value, "an array of answers for \"results\"").map {
          canonicalJSON($0)
        }
      }
    }
    guard let verdict else {
      throw LineError(offset: node.offset, message: "missing key \"verdict\" in \"expect\"")
    }
    expect.verdict = verdict
    return expect
  }

  private static func expectedLogs(_ node: JSONNode) throws(LineError) -> [SnapshotExpectation.Log]
  {
    var logs: [SnapshotExpectation.Log] = []
    for item in try array(node, "an array of logs for \"logs\"") {
      var rule: SnapshotRule?
      var log = SnapshotExpectation.Log(rule: .s3)
      for member in try unique(
        try object(item, "a log"), allowed: ["rule", "call", "message"], in: "a log")
      {
        switch member.key {
        case "rule": rule = try enumeration(member.value, for: "rule", SnapshotRule.self)
        case "call": log.call = try integer(member.value, "for a log's \"call\"")
        default: log.message = try string(member.value, for: "a log's \"message\"")
        }
      }
      guard let rule else {
        throw LineError(offset: item.offset, message: "missing key \"rule\" in a log")
      }
      log.rule = rule
      logs.append(log)
    }
    return logs
  }

  private static func expectedWarnings(_ node: JSONNode) throws(LineError) -> [SnapshotRule] {
    var rules: [SnapshotRule] = []
    for item in try array(node, "an array of warnings for \"warnings\"") {
      var rule: SnapshotRule?
      for member in try object(item, "a warning") where member.key == "rule" {
        rule = try enumeration(member.value, for: "rule", SnapshotRule.self)
      }
      guard let rule else {
        throw LineError(offset: item.offset, message: "missing key \"rule\" in a warning")
      }
      rules.append(rule)
    }
    return rules
  }

  /// A snapshot's `final`, read as sections of ids and written as the
  /// verdict writes it; a section snapshot's tree, canonically.
  private static func canonicalFinal(
    _ node: JSONNode, ids: inout IdentifierLedger
  ) throws(LineError) -> String {
    guard let sections = try? snapshotSections(node, key: "final", ids: &ids) else {
      return canonicalJSON(node)
    }
    return SnapshotCaseJSON.sections(sections)
  }

  /// A value written the one way the verdict writes JSON: no spaces,
  /// objects' keys sorted, strings escaped as `JSONText.quoted` does.
  static func canonicalJSON(_ node: JSONNode) -> String {
    switch node.value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(.integer(let number)): return String(number)
    case .number(.tooLarge(let text)), .number(.nonInteger(let text)): return text
    case .string(let text): return JSONText.quoted(text)
    case .array(let items): return "[" + items.map(canonicalJSON).joined(separator: ",") + "]"
    case .integers(let compact):
      return canonicalJSON(
        JSONNode(value: .array(compact.elements(offset: node.offset)), offset: node.offset))
    case .object(let members):
      return "{"
        + members.sorted { $0.key < $1.key }
        .map { JSONText.quoted($0.key) + ":" + canonicalJSON($0.value) }
        .joined(separator: ",") + "}"
    }
  }
}
