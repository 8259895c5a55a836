extension SnapshotCheckReport {
  /// The report as one JSON object, for a machine (a CI step, a dashboard).
  ///
  ///     report.renderJSON()
  ///     // {"name":"feedSnapshot","shape":"builder","seed":"0x00ba7c4ec4ec0001","passed":false,
  ///     //  "exhaustive":3423,"random":1000,"failed":2915,"warnings":0,"failures":[{"verdict":
  ///     //  "exception","rule":"S1","message":"Fatal: ...","call":0,...,"replay":{...}}]}
  ///
  /// Each failure has `verdict`, `rule`, `message`, `call` (when a call
  /// raised), `logs` (the calls that logged S3), `occurrences`,
  /// `provenMinimal`, `old` and `new` (the smallest models, in the case
  /// file's form of sections), `final` (null after an exception),
  /// `intended`, and `replay`, the replay line as an object. The seed is a
  /// string, `"0x"` and 16 hex digits, as in the batch reports.
  ///
  /// - Complexity: O(size of the text).
  public func renderJSON() -> String {
    let fields = [
      "\"name\":" + jsonQuoted(name),
      "\"shape\":\"\(shape.rawValue)\"",
      "\"seed\":\"\(hexSeed(options.seed))\"",
      "\"passed\":\(passed)",
      "\"exhaustive\":\(exhaustiveCases)",
      "\"random\":\(randomCases)",
      "\"failed\":\(failedCases)",
      "\"warnings\":\(warningCases)",
      "\"failures\":[" + failures.map { $0.json }.joined(separator: ",") + "]",
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }
}

extension SnapshotCheckFailure {
  /// The failure's object in `renderJSON()`.
  var json: String {
    var fields = ["\"verdict\":\"\(kind.verdict)\""]
    if let rule = kind.rule { fields.append("\"rule\":\"\(rule)\"") }
    if let message = verdict.message { fields.append("\"message\":" + jsonQuoted(message)) }
    if let call = verdict.call { fields.append("\"call\":\(call)") }
    fields.append("\"logs\":[" + verdict.logs.map { String($0.call) }.joined(separator: ",") + "]")
    fields.append("\"occurrences\":\(occurrences)")
    fields.append("\"provenMinimal\":\(isProvenMinimal)")
    fields.append("\"old\":\(old)")
    fields.append("\"new\":\(new)")
    fields.append("\"final\":" + (verdict.final.map { SnapshotCaseJSON.final($0) } ?? "null"))
    fields.append(
      "\"intended\":" + SnapshotCaseJSON.final(intended.map { ($0.id, $0.rows.map(\.id)) }))
    fields.append("\"replay\":" + replayLine)
    return "{" + fields.joined(separator: ",") + "}"
  }
}
