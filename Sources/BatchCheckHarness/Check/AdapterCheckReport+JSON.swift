import BatchCheck

extension AdapterCheckReport {
  /// The report as one JSON object: `name`, `semantics`, `uikit`, `seed`,
  /// `cases`, `failedCases`, `codeRuns`, `passed` and `failures`, each with
  /// `kind` (`verdict`, `rule`, `cause`), `basis`, `step`, `message`,
  /// `old`, `new` (case-file rows), `schedule`, `rows`, `occurrences`,
  /// `index`, `caseSeed`, `originalRows`, `shrinkCalls`, `provenMinimal`,
  /// `replayAgrees`, `outcomes`, `reads` (as `validate --format json`
  /// writes them) and `replay` (the case line).
  public func renderJSON() -> String {
    let fields = [
      "\"name\":" + jsonQuoted(name), "\"semantics\":\"\(semantics.rawValue)\"",
      "\"uikit\":\"\(options.harness.uikit.rawValue)\"", "\"seed\":\"\(hexSeed(options.seed))\"",
      "\"cases\":\(cases)", "\"failedCases\":\(failedCases)", "\"codeRuns\":\(codeRuns)",
      "\"passed\":\(passed)",
      "\"failures\":[" + failures.map(\.json).joined(separator: ",") + "]",
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }
}

extension AdapterCheckFailure {
  /// The failure as a JSON object (`AdapterCheckReport.renderJSON()`).
  var json: String {
    var kindFields = ["\"verdict\":\"\(kind.verdict.rawValue)\""]
    if let rule = kind.rule { kindFields.append("\"rule\":\"\(rule)\"") }
    if let cause = kind.cause { kindFields.append("\"cause\":\"\(cause.rawValue)\"") }
    var fields = [
      "\"kind\":{" + kindFields.joined(separator: ",") + "}",
      "\"basis\":\"\(outcome.basis.rawValue)\"", "\"step\":" + AdapterCaseJSON.path(outcome.step),
    ]
    if let message = outcome.message { fields.append("\"message\":" + jsonQuoted(message)) }
    fields += [
      "\"old\":" + CaseJSON.sections(old), "\"new\":" + CaseJSON.sections(new),
      "\"schedule\":{\"start\":" + AdapterCaseJSON.start(script.start)
        + ",\"drainFirst\":\(schedule.drainFirst),\"cycles\":\(schedule.cycles)"
        + ",\"drainBetween\":\(schedule.drainBetween)}",
      "\"rows\":\(rows)", "\"occurrences\":\(occurrences)", "\"index\":\(index)",
      "\"caseSeed\":\"\(hexSeed(caseSeed))\"", "\"originalRows\":\(originalRows)",
      "\"shrinkCalls\":\(shrinkCalls)", "\"provenMinimal\":\(isProvenMinimal)",
      "\"replayAgrees\":\(replayAgrees)",
      "\"outcomes\":[" + report.outcomes.map(AdapterCaseJSON.outcome).joined(separator: ",") + "]",
      "\"reads\":[" + report.reads.map(AdapterCaseJSON.read).joined(separator: ",") + "]",
      "\"replay\":" + jsonQuoted(replayLine),
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }
}
