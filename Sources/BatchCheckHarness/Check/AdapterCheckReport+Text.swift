import BatchCheck

extension AdapterCheckReport {
  /// The report as text: a summary line, then each kind of failure with its
  /// smallest models, schedule, message, outcomes, reads, whether it is
  /// proven minimal, and its replay line.
  ///
  ///     apply code on a table view (ios18): 300 trials, 41 failed, 1 kind of failure
  ///     exception R2 A5 (settled), 41 trials
  ///       old:      [["a","b"]]
  ///       ...
  public func renderText() -> String {
    let kinds = failures.count == 1 ? "1 kind of failure" : "\(failures.count) kinds of failure"
    var lines = [
      "\(name) on a \(semantics == .tableView ? "table" : "collection") view"
        + " (\(options.harness.uikit.rawValue)): \(cases) trials, \(failedCases) failed, "
        + (passed ? "passed" : kinds)
    ]
    for failure in failures {
      lines.append(
        "\(failure.kind) (\(failure.outcome.basis.rawValue)), \(failure.occurrences) trial"
          + (failure.occurrences == 1 ? "" : "s"))
      lines += failure.textLines().map { "  " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}

extension AdapterCheckFailure {
  /// The failure's lines, unindented: UIKit's text, the smallest models and
  /// schedule, the outcomes and reads of the run, its minimality and the
  /// replay line.
  public func textLines() -> [String] {
    var lines: [String] = []
    if let message = outcome.message { lines.append("message:  " + Self.indented(message)) }
    lines.append("old:      " + CaseJSON.sections(old))
    lines.append("new:      " + CaseJSON.sections(new))
    lines.append("schedule: \(schedule)")
    lines.append(
      "steps:    " + AdapterCaseJSON.steps(script.steps, semantics: script.options.semantics))
    lines.append("outcomes:")
    lines += report.outcomes.map { "  " + Self.indented("\($0)") }
    lines.append("reads:")
    lines += report.reads.map { "  \($0)" }
    lines.append(
      "shrunk:   from trial \(index) (\(originalRows) rows) to \(rows) rows in \(shrinkCalls) runs")
    lines.append(
      "minimal:  "
        + (isProvenMinimal
          ? "proven: no single step (a row or section dropped, values merged or renamed, the schedule made simpler) still fails this way"
          : "not proven: the shrink budget ran out, or the models are too large for the single-row steps")
    )
    if !replayAgrees {
      lines.append("warning:  the script, replayed, does not give the same report")
    }
    lines.append("replay:   " + replayLine)
    return lines
  }

  /// `text` with its lines after the first indented to the column where
  /// a line's value starts, so a message of several lines stays in place.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n          ")
  }
}
