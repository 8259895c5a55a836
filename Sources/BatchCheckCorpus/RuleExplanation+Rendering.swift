import BatchCheck

extension CaseLineValue {
  /// Reads one line of a case file, of any contract: a batch case or a
  /// snapshot case.
  ///
  ///     try CaseLineValue(jsonLine: #"{"contract":"snapshot","old":[],"calls":[]}"#)  // .snapshot(...)
  ///
  /// - Throws: `CaseDataError` with file, line and column for anything the
  ///   case format does not allow.
  package init(jsonLine: String, file: String = "-", line: Int = 1) throws(CaseDataError) {
    let bytes = Array(jsonLine.utf8)
    do throws(LineError) {
      self = try bytes.withUnsafeBufferPointer { buffer throws(LineError) in
        try CaseDecoder.decodeCompactly(buffer, CaseDecoder.decodeLineValue)
      }
    } catch {
      throw CaseDataError(file: file, line: line, lineBytes: bytes, error: error)
    }
  }
}

/// BatchCheck's verdict on a rule's example, whichever contract its line is
/// of: the short form the guide's table shows and the full text `explain`
/// prints.
package struct ExampleJudgement: Hashable, Sendable {
  /// The verdict's kind and rule, and a snapshot's warnings: `exception R11`,
  /// `logged S3`, `valid, warning Q1`.
  package let headline: String
  /// The verdict in full. A batch verdict's description; a snapshot
  /// verdict's, then one line each for its other logs, its warnings, the
  /// final snapshot and the answers to its queries.
  package let text: String
}

extension RuleExplanation {
  /// The example as a case line of its contract; nil when there is none.
  ///
  /// - Throws: `CaseDataError` when the example is not a valid case line.
  package func exampleLine() throws(CaseDataError) -> CaseLineValue? {
    guard let example else { return nil }
    return try CaseLineValue(jsonLine: example, file: "explain \(id)")
  }

  /// The example as a batch case; nil when there is none, or when it is a
  /// snapshot case (`exampleSnapshotCase()`).
  ///
  /// - Throws: `CaseDataError` when the example is not a valid case line.
  package func exampleCase() throws(CaseDataError) -> Case? {
    guard case .batch(let testCase) = try exampleLine() else { return nil }
    return testCase
  }

  /// The example as a snapshot case; nil when there is none, or when it is
  /// a batch case.
  ///
  /// - Throws: `CaseDataError` when the example is not a valid case line.
  package func exampleSnapshotCase() throws(CaseDataError) -> SnapshotCase? {
    guard case .snapshot(let testCase) = try exampleLine() else { return nil }
    return testCase
  }

  /// What BatchCheck says about a batch example: its verdict under the
  /// case's own options; nil when there is no batch example.
  package var exampleVerdict: Verdict? {
    guard let example = try? exampleCase() else { return nil }
    return example.run()
  }

  /// What BatchCheck says about the example, of either contract; nil when
  /// there is none.
  package var exampleJudgement: ExampleJudgement? {
    guard let line = try? exampleLine() else { return nil }
    return Self.judgement(of: line)
  }

  /// A case line's verdict, as `exampleJudgement` gives it.
  package static func judgement(of line: CaseLineValue) -> ExampleJudgement {
    switch line {
    case .batch(let testCase):
      let verdict = testCase.run()
      return ExampleJudgement(headline: headline(of: verdict), text: verdict.description)
    case .snapshot(let testCase):
      let verdict = testCase.verdict
      var headline = verdict.kind.headline(verdict.rule)
      var warned: [SnapshotRule] = []
      for warning in verdict.warnings where !warned.contains(warning.rule) {
        warned.append(warning.rule)
        headline += ", warning \(warning.rule)"
      }
      return ExampleJudgement(headline: headline, text: text(of: verdict))
    case .adapter(let testCase):
      let report = testCase.script().run()
      var headline = report.verdict.rawValue
      if let rule = report.rule { headline += " \(rule)" }
      if let cause = report.cause { headline += ", cause \(cause)" }
      return ExampleJudgement(headline: headline, text: AdapterCase.text(report))
    case .sectionSnapshot(let testCase):
      let verdict = testCase.verdict
      var lines = [verdict.description]
      if let final = verdict.final {
        lines.append("final: " + SectionSnapshotCaseJSON.tree(final))
        lines.append("expanded: " + SnapshotCaseJSON.ids(verdict.expanded ?? []))
      }
      if let answers = verdict.answers, !answers.isEmpty {
        lines.append(
          "results: [" + answers.map { SectionSnapshotCaseJSON.answer($0) }.joined(separator: ",")
            + "]")
      }
      return ExampleJudgement(
        headline: verdict.kind.headline(verdict.rule),
        text: lines.joined(separator: "\n"))
    }
  }

  /// A snapshot verdict in full: its description, then the logs it does not
  /// already show, the warnings, the final snapshot and the query answers.
  static func text(of verdict: SnapshotVerdict<SnapshotIdentifier, SnapshotIdentifier>) -> String {
    var lines = [verdict.description]
    let logs = verdict.kind == .logged ? Array(verdict.logs.dropFirst()) : verdict.logs
    lines += logs.map { "log \($0.rule) at call \($0.call): \($0.message)" }
    lines += verdict.warnings.map { "warning \($0.rule): \($0.message)" }
    if let final = verdict.final { lines.append("final: " + SnapshotCaseJSON.final(final)) }
    if let answers = verdict.answers, !answers.isEmpty {
      lines.append("results: [" + answers.map(SnapshotCaseJSON.answer).joined(separator: ",") + "]")
    }
    return lines.joined(separator: "\n")
  }

  /// The heading above `texts`: whose text it is.
  package var textsHeading: String? {
    switch textSource {
    case .uikit: return "UIKit's text"
    case .batchCheck: return "BatchCheck's text (UIKit raises nothing)"
    case .none: return nil
    }
  }

  /// The first generated part of `Sources/BatchCheck/BatchCheck.docc/UIKitRules.md`,
  /// between its markers: a table of the batch rules, then one section per
  /// rule. `batchcheck explain --markdown` prints it.
  package static var guideMarkdown: String { guideMarkdown(of: all) }

  /// The second generated part of the same article: the diffable rules, in
  /// the same form. `batchcheck explain --markdown --diffable` prints it.
  package static var diffableGuideMarkdown: String { guideMarkdown(of: diffable) }

  /// The third generated part of the same article: the adapter causes, in
  /// the same form. `batchcheck explain --markdown --adapter` prints it.
  package static var adapterGuideMarkdown: String { guideMarkdown(of: adapter) }

  /// A table of `explanations`, then one section each.
  static func guideMarkdown(of explanations: [RuleExplanation]) -> String {
    var text = "| rule | what | BatchCheck's verdict on the example |\n| --- | --- | --- |\n"
    for explanation in explanations {
      let verdict = explanation.exampleJudgement.map { "`\($0.headline)`" } ?? "no example"
      text += "| \(explanation.id) | \(explanation.title) | \(verdict) |\n"
    }
    for explanation in explanations { text += "\n" + explanation.markdown }
    return text
  }

  /// The verdict's kind and rule: `exception R11`, `valid`.
  static func headline(of verdict: Verdict) -> String {
    verdict.rule.map { "\(verdict.kind.rawValue) \($0)" } ?? verdict.kind.rawValue
  }

  /// One rule's section of the guide.
  package var markdown: String {
    var text = "### \(id): \(title)\n\n**When.** \(condition)\n\n"
    if let textsHeading, !texts.isEmpty {
      text += "**\(textsHeading).**\n\n```text\n" + texts.joined(separator: "\n\n") + "\n```\n\n"
    }
    if let example, let judgement = exampleJudgement {
      text += "**Example.** \(note)\n\n```json\n\(example)\n```\n\n"
      text += "BatchCheck's verdict on it:\n\n```text\n\(judgement.text)\n```\n\n"
    } else {
      text += "**Example.** None. \(note)\n\n"
    }
    if let fix { text += "**Likely fix.** \(fix)\n\n" }
    text += "**\(versionsHeading).** \(profiles)\n\n**How sure.** \(certainty)\n"
    return text
  }
}
