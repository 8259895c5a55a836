import BatchCheck

/// A case file's section-snapshot line (`"contract":"sectionSnapshot"`):
/// calls on an `NSDiffableDataSourceSectionSnapshot`, from empty, and the
/// verdict they must get.
///
///     let c = try SectionSnapshotCase(jsonLine: #"{"contract":"sectionSnapshot","calls":[{"op":"append","ids":["c"],"parent":"zz"}]}"#)
///     c.verdict.rule  // SS3
public struct SectionSnapshotCase: Hashable, Sendable {
  /// A label, echoed in every report.
  public var name: String?
  /// The calls, in order.
  public var calls: [SectionSnapshotCall<SnapshotIdentifier>]
  /// The verdict this case must get; nil when the case only asks.
  public var expect: SnapshotExpectation?

  /// Creates a case.
  public init(
    name: String? = nil, calls: [SectionSnapshotCall<SnapshotIdentifier>],
    expect: SnapshotExpectation? = nil
  ) {
    self.name = name
    self.calls = calls
    self.expect = expect
  }

  /// The verdict of the calls, run from an empty section snapshot.
  public var verdict: SectionSnapshotVerdict<SnapshotIdentifier> {
    SimulatedSectionSnapshot(running: calls).verdict
  }

  /// `verdict` in the terms an expectation compares.
  static func outcomeText(_ verdict: SectionSnapshotVerdict<SnapshotIdentifier>)
    -> SnapshotOutcomeText
  {
    SnapshotOutcomeText(
      verdict: verdict.kind, rule: verdict.rule, message: verdict.message, call: verdict.call,
      logs: [], warnings: [], final: verdict.final.map { SectionSnapshotCaseJSON.tree($0) },
      expanded: verdict.expanded.map { SnapshotCaseJSON.ids($0) },
      results: verdict.answers.map { $0.map { SectionSnapshotCaseJSON.answer($0) } })
  }

  /// Whether the verdict agrees with `expect`, valid when there is none.
  public var agrees: Bool { judged().agrees }

  /// The case judged once: its verdict, whether it agrees, what
  /// `validate` prints of it.
  package func judged() -> ScriptJudgement {
    let verdict = self.verdict
    return ScriptJudgement(
      contract: "sectionSnapshot", name: name, expect: expect, isValid: verdict.isValid,
      outcome: Self.outcomeText(verdict), text: verdict.description,
      fields: SectionSnapshotCaseJSON.verdictFields(verdict))
  }

  /// Reads a section-snapshot case from one line of a case file.
  ///
  /// - Throws: `CaseDataError` with file, line and column.
  public init(jsonLine: String, file: String = "-", line: Int = 1) throws(CaseDataError) {
    let value = try CaseLineValue(jsonLine: jsonLine, file: file, line: line)
    guard case .sectionSnapshot(let testCase) = value else {
      throw CaseDataError(
        file: file, line: line, column: 1,
        message: "not a section snapshot case: it has no \"contract\":\"sectionSnapshot\"")
    }
    self = testCase
  }

  /// What `validate --format json` prints for the line.
  package func reportLine(file: String, line: Int) -> String {
    judged().reportLine(file: file, line: line)
  }
}

extension CaseDecoder {
  static let sectionSnapshotKeys = ["name", "contract", "uikit", "calls", "expect"]
  static let sectionSnapshotOps: [String: [String]] = [
    "append": ["ids", "parent"], "insert": ["ids", "before", "after"], "delete": ["ids"],
    "deleteAll": [], "expand": ["ids"], "collapse": ["ids"], "contains": ["id"], "index": ["id"],
    "isExpanded": ["id"], "isVisible": ["id"], "level": ["id"], "parent": ["id"],
  ]
  static let sectionSnapshotOpNames = [
    "append", "insert", "delete", "deleteAll", "expand", "collapse", "contains", "index",
    "isExpanded", "isVisible", "level", "parent",
  ]

  /// A `"contract":"sectionSnapshot"` line.
  static func decodeSectionSnapshotLine(
    _ members: [JSONMember], rootOffset: Int
  ) throws(LineError) -> CaseLineValue {
    _ = try unique(members, allowed: sectionSnapshotKeys, in: "a section snapshot case")
    var ids = IdentifierLedger()
    var result = SectionSnapshotCase(calls: [])
    var hasCalls = false
    var expectNode: JSONNode?
    for member in members {
      switch member.key {
      case "name": result.name = try string(member.value, for: "\"name\"")
      case "contract": break
      case "uikit": try checkDiffableProfile(member.value)
      case "calls":
        hasCalls = true
        for item in try array(member.value, "an array of calls for \"calls\"") {
          result.calls.append(try sectionSnapshotCall(item, ids: &ids))
        }
      default: expectNode = member.value
      }
    }
    guard hasCalls else {
      throw LineError(
        offset: rootOffset,
        message: "missing key \"calls\": a section snapshot case needs its calls")
    }
    if let expectNode {
      result.expect = try snapshotExpectation(
        expectNode, keys: snapshotExpectKeys + ["expanded"], ids: &ids, tree: true)
    }
    return .sectionSnapshot(result)
  }

  static func sectionSnapshotCall(
    _ node: JSONNode, ids: inout IdentifierLedger
  ) throws(LineError) -> SectionSnapshotCall<ID> {
    let (op, m) = try opMembers(node, ops: sectionSnapshotOps, names: sectionSnapshotOpNames)
    func list() throws(LineError) -> [ID] {
      try identifierList(m["ids"] ?? node, key: "ids", ids: &ids)
    }
    func one() throws(LineError) -> ID { try identifier(m["id"] ?? node, ids: &ids) }
    switch op {
    case "append":
      let parent = try m["parent"].map { value throws(LineError) in
        try identifier(value, ids: &ids)
      }
      return .append(try list(), parent: parent)
    case "insert":
      let items = try list()
      if let before = m["before"] {
        return .insert(items, .before(try identifier(before, ids: &ids)))
      }
      return .insert(items, .after(try identifier(m["after"] ?? node, ids: &ids)))
    case "delete": return .delete(try list())
    case "deleteAll": return .deleteAll
    case "expand": return .expand(try list())
    case "collapse": return .collapse(try list())
    case "contains": return .contains(try one())
    case "index": return .index(try one())
    case "isExpanded": return .isExpanded(try one())
    case "isVisible": return .isVisible(try one())
    case "level": return .level(try one())
    default: return .parent(try one())
    }
  }
}
