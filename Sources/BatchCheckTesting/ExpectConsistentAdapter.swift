import BatchCheckHTML
import BatchCheckHarness
import Testing

/// Records an adapter check's failures as Swift Testing issues: one issue
/// per kind of failure, at the caller's line, with the HTML timeline, the
/// JSON report and the replay lines attached.
///
///     @Test @MainActor func stagedReloadKeepsTheTableInStep() {
///       expectConsistentAdapter(checkAdapter { (table: HarnessTableView, old, new, setData) in
///         table.reload(using: stagedChanges(old, new), with: .automatic, setData: setData)
///       })
///     }
///
/// Each issue names the kind (`exception R2 A5`), UIKit's text, the
/// smallest models and schedule, the steps the apply code took on them,
/// each batch's outcome, every read of the data source, whether the pair is
/// proven minimal, and a case line that replays the steps without the code
/// (`batchcheck validate`). The attachments, which `swift test
/// --attachments-path DIR` writes out, are `NAME.batchcheck.json` and
/// `NAME.regressions.jsonl` (the replay lines, each expecting the run's
/// verdict). The harness views and `checkAdapter` come from
/// `BatchCheckHarness`: import it next to `BatchCheckTesting`.
///
/// - Parameters:
///   - report: the report of `checkAdapter(named:options:apply:)`.
///   - sourceLocation: where the issues are recorded; the caller's line by default.
/// - Returns: the report, for further checks.
@discardableResult
public func expectConsistentAdapter(
  _ report: AdapterCheckReport, sourceLocation: SourceLocation = #_sourceLocation
) -> AdapterCheckReport {
  Recorder.recordInSwiftTesting(
    AdapterFailureRecord.record(report), summary: HelperSummary.line(report),
    sourceLocation: sourceLocation)
  return report
}

/// Checks apply code and records one Swift Testing issue per kind of
/// failure: `checkAdapter(named:options:apply:)` and
/// `expectConsistentAdapter(_:)` in one call.
///
///     @Test @MainActor func stagedReloadKeepsTheTableInStep() {
///       expectConsistentAdapter { (table: HarnessTableView, old, new, setData) in
///         table.reload(using: stagedChanges(old, new), with: .automatic, setData: setData)
///       }
///     }
@MainActor
@discardableResult
public func expectConsistentAdapter<View: HarnessView>(
  named name: String = "apply code", options: AdapterCheckOptions = AdapterCheckOptions(),
  sourceLocation: SourceLocation = #_sourceLocation, apply: AdapterApply<View>
) -> AdapterCheckReport {
  expectConsistentAdapter(
    checkAdapter(named: name, options: options, apply: apply), sourceLocation: sourceLocation)
}

/// What the adapter helpers record for a failing report.
enum AdapterFailureRecord {
  /// One issue per kind of failure and the attachments; nil when the
  /// report passed.
  static func record(_ report: AdapterCheckReport) -> FailureRecord? {
    guard !report.passed else { return nil }
    let total = report.failures.count
    let issues = report.failures.enumerated().map { position, failure in
      let head = FailureRecord.headline(
        report.name, fails: "\(failure.kind)",
        size: (rows: failure.rows, provenMinimal: failure.isProvenMinimal), position: position,
        of: total)
      return ([head] + failure.textLines().map { "  " + $0 }).joined(separator: "\n")
    }
    let base = FailureRecord.fileName(report.name)
    var attachments: [(name: String, contents: String)] = []
    if let timeline = timelineAttachment(report, base: base) { attachments.append(timeline) }
    attachments += [
      (name: "\(base).batchcheck.json", contents: report.renderJSON() + "\n"),
      (
        name: "\(base).regressions.jsonl",
        contents: report.failures.map(\.replayLine).joined(separator: "\n") + "\n"
      ),
    ]
    return FailureRecord(issues: issues, attachments: attachments)
  }

  /// The HTML timeline of the failures (`NAME.batchcheck.html`: each
  /// failure's steps, reads and outcomes drawn in order, the failing end of
  /// block marked), first among the attachments as the other helpers' HTML
  /// reports are.
  static func timelineAttachment(_ report: AdapterCheckReport, base: String) -> (
    name: String, contents: String
  )? {
    guard !report.failures.isEmpty else { return nil }
    let timelines = report.failures.map { failure in
      HTMLAdapterTimeline(
        script: failure.script, report: failure.report, title: "\(failure.kind)",
        line: failure.replayLine)
    }
    let page = HTMLReport.render(
      title: report.name, passed: false,
      facts: [
        HTMLFact("cases", "\(report.cases)"), HTMLFact("failures", "\(report.failures.count)"),
      ],
      cases: [], notes: [], snapshotCases: [], adapterCases: timelines)
    return (name: "\(base).batchcheck.html", contents: page)
  }
}
