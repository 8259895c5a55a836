import BatchCheck

/// A case file's snapshot line (`"contract":"snapshot"`): a script of
/// `NSDiffableDataSourceSnapshot` calls, where it starts, how it is applied,
/// the states before and after, and the verdict it must get.
///
///     let c = try SnapshotCase(jsonLine: #"{"contract":"snapshot","old":[["S",["a"]]],"calls":[{"op":"appendItems","ids":["a"]}],"new":[["S",["a"]]]}"#)
///     c.verdict.kind  // .logged (S3)
public struct SnapshotCase: Hashable, Sendable {
  /// A label, echoed in every report.
  public var name: String?
  /// The script.
  public var script: SnapshotScript<SnapshotIdentifier, SnapshotIdentifier>
  /// The verdict this case must get; nil when the case only asks.
  public var expect: SnapshotExpectation?

  /// Creates a case.
  public init(
    name: String? = nil, script: SnapshotScript<SnapshotIdentifier, SnapshotIdentifier>,
    expect: SnapshotExpectation? = nil
  ) {
    self.name = name
    self.script = script
    self.expect = expect
  }

  /// The verdict at apply.
  public var verdict: SnapshotVerdict<SnapshotIdentifier, SnapshotIdentifier> { script.verdict }

  /// Whether the script asks anything (its verdict then lists the answers).
  public var hasQueries: Bool { script.calls.contains { $0.isQuery } }
}

/// What a snapshot case must get (`expect`): the verdict, and optionally the
/// rule, a fragment of the message, the failing call, the logs, the
/// warnings, the final state and the query answers. Only what is given is
/// compared.
public struct SnapshotExpectation: Hashable, Sendable, CustomStringConvertible {
  /// One expected log: its rule, its call, and a fragment of its text.
  public struct Log: Hashable, Sendable {
    public var rule: SnapshotRule
    public var call: Int?
    public var message: String?

    public init(rule: SnapshotRule, call: Int? = nil, message: String? = nil) {
      self.rule = rule
      self.call = call
      self.message = message
    }
  }

  /// The verdict kind.
  public var verdict: SnapshotVerdictKind
  /// The rule, when given.
  public var rule: SnapshotRule?
  /// A fragment of the message, white space compared loosely.
  public var message: String?
  /// The failing call, from 0.
  public var call: Int?
  /// The logs, in order, when given.
  public var logs: [Log]?
  /// The warnings' rules, in order, when given.
  public var warnings: [SnapshotRule]?
  /// The final state as case-file JSON (`[["S",["a"]]]`, or a section
  /// snapshot's tree), written canonically, when given.
  public var final: String?
  /// A section snapshot's expanded items, canonical JSON, when given.
  public var expanded: String?
  /// The query answers, each canonical JSON (`null` for nil), when given.
  public var results: [String]?

  /// Creates an expectation; every part but the verdict is optional.
  public init(
    verdict: SnapshotVerdictKind, rule: SnapshotRule? = nil, message: String? = nil,
    call: Int? = nil, logs: [Log]? = nil, warnings: [SnapshotRule]? = nil, final: String? = nil,
    expanded: String? = nil, results: [String]? = nil
  ) {
    self.verdict = verdict
    self.rule = rule
    self.message = message
    self.call = call
    self.logs = logs
    self.warnings = warnings
    self.final = final
    self.expanded = expanded
    self.results = results
  }

  /// What the expectation asks: `logged S3 at call 0: text`, and the other
  /// parts it compares, named.
  public var description: String {
    var text = verdict.rawValue
    if let rule { text += " \(rule)" }
    if let call { text += " at call \(call)" }
    if let message { text += ": \(message)" }
    var parts: [String] = []
    if let logs { parts.append("logs " + logs.map(\.rule.rawValue).joined(separator: ", ")) }
    if let warnings { parts.append("warnings " + warnings.map(\.rawValue).joined(separator: ", ")) }
    if let final { parts.append("final " + final) }
    if let results { parts.append("results [" + results.joined(separator: ",") + "]") }
    return parts.isEmpty ? text : text + " (" + parts.joined(separator: "; ") + ")"
  }

  /// Whether an outcome is what this expectation asks for.
  ///
  /// - Parameters:
  ///   - outcome: the verdict's parts as case-file JSON where the
  ///     expectation holds JSON (`final`, `expanded`, `results`).
  func agrees(with outcome: SnapshotOutcomeText) -> Bool {
    guard outcome.verdict == verdict else { return false }
    if let rule, outcome.rule != rule { return false }
    if let message, !Self.contains(outcome.message, message) { return false }
    if let call, outcome.call != call { return false }
    if let logs {
      guard logs.count == outcome.logs.count else { return false }
      for (wanted, actual) in zip(logs, outcome.logs) {
        guard wanted.rule == actual.rule, wanted.call.map({ $0 == actual.call }) ?? true,
          wanted.message.map({ Self.contains(actual.message, $0) }) ?? true
        else { return false }
      }
    }
    if let warnings, warnings != outcome.warnings { return false }
    if let final, final != outcome.final { return false }
    if let expanded, expanded != outcome.expanded { return false }
    if let results, results != outcome.results { return false }
    return true
  }

  /// Whether `fragment` appears in `text`, every run of white space in
  /// both made one space.
  private static func contains(_ text: String?, _ fragment: String) -> Bool {
    let wanted = Expectation.collapsingWhitespace(fragment)
    guard let text else { return wanted.isEmpty }
    return wanted.isEmpty || Expectation.collapsingWhitespace(text).contains(wanted)
  }
}

/// A snapshot or section-snapshot outcome in the terms an expectation
/// compares: kinds and rules, texts, and JSON written canonically.
struct SnapshotOutcomeText: Hashable, Sendable {
  var verdict: SnapshotVerdictKind
  var rule: SnapshotRule?
  var message: String?
  var call: Int?
  var logs: [SnapshotLog]
  var warnings: [SnapshotRule]
  var final: String?
  var expanded: String?
  var results: [String]?
}

extension SnapshotCase {
  /// `verdict` in the terms an expectation compares.
  static func outcomeText(
    _ verdict: SnapshotVerdict<SnapshotIdentifier, SnapshotIdentifier>
  ) -> SnapshotOutcomeText {
    SnapshotOutcomeText(
      verdict: verdict.kind, rule: verdict.rule, message: verdict.message, call: verdict.call,
      logs: verdict.logs, warnings: verdict.warnings.map(\.rule),
      final: verdict.final.map { SnapshotCaseJSON.final($0) }, expanded: nil,
      results: verdict.answers.map { $0.map { SnapshotCaseJSON.answer($0) } })
  }

  /// Whether the verdict agrees with `expect`, valid when there is none.
  public var agrees: Bool { judged().agrees }

  /// The case judged once: its verdict, whether it agrees, what
  /// `validate` prints of it.
  package func judged() -> ScriptJudgement {
    let verdict = self.verdict
    return ScriptJudgement(
      contract: "snapshot", name: name, expect: expect, isValid: verdict.isValid,
      outcome: Self.outcomeText(verdict), text: verdict.description,
      fields: SnapshotCaseJSON.verdictFields(verdict))
  }
}

/// A script case (snapshot, section snapshot or adapter) judged once:
/// whether it agrees with its expectation, and its report line.
package struct ScriptJudgement {
  /// `snapshot`, `sectionSnapshot` or `adapter`, as the line names its contract.
  package let contract: String
  /// The case's name.
  package let name: String?
  /// What the case expects, in words; nil when it has no `expect` (valid).
  package let expected: String?
  /// Whether the verdict is valid.
  package let isValid: Bool
  /// Whether the verdict agrees with the expectation, valid when there is none.
  package let agrees: Bool
  /// The verdict in one line (`exception S1 at call 1: ...`).
  package let text: String
  /// The verdict's JSON fields.
  let fields: [String]
  /// An adapter case's report, for its picture.
  package let adapterReport: AdapterReport?

  init(
    contract: String, name: String?, expected: String?, isValid: Bool, agrees: Bool, text: String,
    fields: [String], adapterReport: AdapterReport? = nil
  ) {
    self.contract = contract
    self.name = name
    self.expected = expected
    self.isValid = isValid
    self.agrees = agrees
    self.text = text
    self.fields = fields
    self.adapterReport = adapterReport
  }

  /// A diffable case's judgement: its outcome compared with `expect`.
  init(
    contract: String, name: String?, expect: SnapshotExpectation?, isValid: Bool,
    outcome: SnapshotOutcomeText, text: String, fields: [String]
  ) {
    self.init(
      contract: contract, name: name, expected: expect?.description, isValid: isValid,
      agrees: (expect ?? SnapshotExpectation(verdict: .valid)).agrees(with: outcome), text: text,
      fields: fields)
  }

  /// `{"file":...,"line":3,"name":...,"contract":"snapshot","verdict":...,"rule":...,
  /// "message":...,"call":...,"logs":[...],"warnings":[...],"final":...,"results":[...],"agrees":true}`:
  /// what `validate --format json` prints for the line.
  package func reportLine(file: String, line: Int) -> String {
    var fields = ["\"file\":" + JSONText.quoted(file), "\"line\":\(line)"]
    if let name { fields.append("\"name\":" + JSONText.quoted(name)) }
    fields.append("\"contract\":\"\(contract)\"")
    fields += self.fields
    fields.append("\"agrees\":\(agrees)")
    return "{" + fields.joined(separator: ",") + "}"
  }
}

extension SnapshotCase {
  /// Reads a snapshot case from one line of a case file.
  ///
  /// - Throws: `CaseDataError` with file, line and column for anything the
  ///   case format does not allow, or when the line is not a snapshot case.
  public init(jsonLine: String, file: String = "-", line: Int = 1) throws(CaseDataError) {
    let value = try CaseLineValue(jsonLine: jsonLine, file: file, line: line)
    guard case .snapshot(let testCase) = value else {
      throw CaseDataError(
        file: file, line: line, column: 1,
        message: "not a snapshot case: it has no \"contract\":\"snapshot\"")
    }
    self = testCase
  }

  /// What `validate --format json` prints for the line (`DiffableJudgement.reportLine`).
  package func reportLine(file: String, line: Int) -> String {
    judged().reportLine(file: file, line: line)
  }
}
