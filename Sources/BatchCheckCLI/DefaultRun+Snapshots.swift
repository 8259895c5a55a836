import BatchCheck
import ReferenceDiffs

/// The main job's second part: the reference snapshot generators
/// (`ReferenceSnapshotGenerators`), each checked with the default
/// `SnapshotCheckOptions`, as a table like the batch diffs' and, for each
/// kind of failure, its calls, message and replay line.
///
///     DefaultRun.snapshotPart(uikit: .ios18)
///     // Diffable snapshot code, checked with checkSnapshotBuilder and ...
///     //
///     // snapshot code          cases  verdict                           smallest counterexample
///     // rightBuilder            4423  valid                             -
///     // pagingBuilder           4423  exception S1                      [] -> [[0,["a","a"]]]
///     // ...
///     // 5 snapshot generators: 2 valid, 3 failing
extension DefaultRun {
  /// The part's text, ending with its count line. Under iOS 12's rules it
  /// says why it checks nothing: diffable data sources came with iOS 13,
  /// and BatchCheck models iOS 18's.
  static func snapshotPart(uikit: UIKitProfile) -> String {
    guard uikit == .ios18 else {
      return
        "Diffable snapshot code: not checked under \(uikit)'s UIKit (diffable data sources came"
        + " with iOS 13; BatchCheck models iOS 18's).\n"
    }
    let options = SnapshotCheckOptions()
    var text =
      "Diffable snapshot code, checked with checkSnapshotBuilder and checkSnapshotEditor"
      + " (ReferenceSnapshotGenerators): every model with at most \(options.exhaustiveTotal)"
      + " rows in all (contents varied up to \(options.exhaustiveContentTotal)), up to 2 sections"
      + " a side, then \(options.count) random models; every kind of failure, smallest first,"
      + " proven minimal unless marked.\n\n"
    text += row("snapshot code", "cases", "verdict", "smallest counterexample") + "\n"
    var details = ""
    var failing = 0
    for check in ReferenceSnapshotGenerators.checks {
      let report = check.run(options)
      let rendered = snapshotRows(for: report, name: check.name)
      text += rendered.rows
      details += rendered.details
      if !report.passed { failing += 1 }
    }
    text += "\n" + details + (details.isEmpty ? "" : "\n")
    let count = ReferenceSnapshotGenerators.checks.count
    return text + "\(count) snapshot generators: \(count - failing) valid, \(failing) failing\n"
  }

  /// One snapshot generator's rows of the table (one per kind of failure,
  /// smallest first; one `valid` row when it has none) and its blocks below
  /// the table: the calls, the message, the states, the replay line.
  static func snapshotRows(for report: SnapshotCheckReport, name: String)
    -> (rows: String, details: String)
  {
    guard !report.failures.isEmpty else {
      return (row(name, String(report.casesRun), "valid", "-") + "\n", "")
    }
    var text = ""
    var details = ""
    for (index, failure) in report.failures.enumerated() {
      let pair = "\(failure.old) -> \(failure.new)"
      let proof = failure.isProvenMinimal ? "" : " (not proven minimal)"
      text +=
        row(
          index == 0 ? name : "", index == 0 ? String(report.casesRun) : "",
          failure.kind.description, pair + proof) + "\n"
      details += "\(name), \(failure.kind): \(pair)\n"
      details += "  calls:   \(SnapshotCaseJSON.calls(failure.calls))\n"
      if let call = failure.verdict.call { details += "  call:    \(call) raised\n" }
      for log in failure.verdict.logs { details += "  logged:  \(log.rule) at call \(log.call)\n" }
      let message = failure.verdict.message ?? ""
      details += "  message: " + message.indentingContinuationLines(by: 11) + "\n"
      if let final = failure.verdict.final {
        details += "  final:   \(SnapshotCaseJSON.final(final))\n"
        details +=
          "  wanted:  \(SnapshotCaseJSON.final(failure.intended.map { ($0.id, $0.rows.map(\.id)) }))\n"
      }
      details +=
        "  cases:   \(counted(failure.occurrences, "case")) failed this way;"
        + " minimal: \(failure.minimalityText)\n"
      details += "  replay:  \(failure.replayLine)\n"
    }
    return (text, details)
  }
}
