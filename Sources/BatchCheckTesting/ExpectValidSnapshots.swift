import BatchCheck
import BatchCheckHTML
import Testing

/// Records a snapshot check's failures as Swift Testing issues: one issue
/// per kind of failure, at the caller's line, with the HTML report, the
/// JSON report and the replay lines attached.
///
///     @Test func feedSnapshotsAreValid() {
///       expectValidSnapshots(checkSnapshotBuilder { (model: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
///         feedSnapshot(model)
///       })
///     }
///
/// Each issue names the kind (`exception S1`, `wrongRows C1`...), UIKit's
/// text, the smallest models, the calls the code made on them with the
/// failing one marked, the snapshot they left next to the intended one, and
/// a case line that replays the calls without the code
/// (`batchcheck validate`). The attachments, which `swift test
/// --attachments-path DIR` writes out, are `NAME.batchcheck.html`,
/// `NAME.batchcheck.json` and `NAME.regressions.jsonl` (the replay lines,
/// each expecting the failure found).
///
/// - Parameters:
///   - report: the report of `checkSnapshotBuilder` or `checkSnapshotEditor`.
///   - sourceLocation: where the issues are recorded; the caller's line by default.
/// - Returns: the report, for further checks.
@discardableResult
public func expectValidSnapshots(
  _ report: SnapshotCheckReport, sourceLocation: SourceLocation = #_sourceLocation
) -> SnapshotCheckReport {
  Recorder.recordInSwiftTesting(
    SnapshotFailureRecord.record(report), summary: HelperSummary.line(report),
    sourceLocation: sourceLocation)
  return report
}

/// Checks snapshot builder code and records one Swift Testing issue per kind
/// of failure: `checkSnapshotBuilder(named:options:sectionID:itemID:build:)`
/// and `expectValidSnapshots(_:)` in one call.
///
///     @Test func feedSnapshotsAreValid() {
///       expectValidSnapshots(sectionID: { Page(number: $0) }, itemID: { Post.ID($0.id) }) {
///         (model: SnapshotCheckModel) -> SimulatedSnapshot<Page, Post.ID> in feedSnapshot(Feed(model))
///       }
///     }
@discardableResult
public func expectValidSnapshots<S: Hashable, I: Hashable>(
  named name: String = "snapshot builder", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  sectionID: (Int) -> S, itemID: (SnapshotCheckModel.Row) -> I,
  sourceLocation: SourceLocation = #_sourceLocation,
  build: (SnapshotCheckModel) -> SimulatedSnapshot<S, I>
) -> SnapshotCheckReport {
  expectValidSnapshots(
    checkSnapshotBuilder(
      named: name, options: options, sectionID: sectionID, itemID: itemID, build: build),
    sourceLocation: sourceLocation)
}

/// Checks snapshot editor code and records one Swift Testing issue per kind
/// of failure: `checkSnapshotEditor(named:options:sectionID:itemID:edit:)`
/// and `expectValidSnapshots(_:)` in one call.
///
///     @Test func feedEditsAreValid() {
///       expectValidSnapshots(sectionID: { $0 }, itemID: { $0.id }) {
///         (snapshot: inout SimulatedSnapshot<Int, String>, old, new) in moveTowards(&snapshot, old, new)
///       }
///     }
@discardableResult
public func expectValidSnapshots<S: Hashable, I: Hashable>(
  named name: String = "snapshot editor", options: SnapshotCheckOptions = SnapshotCheckOptions(),
  sectionID: (Int) -> S, itemID: (SnapshotCheckModel.Row) -> I,
  sourceLocation: SourceLocation = #_sourceLocation,
  edit: (inout SimulatedSnapshot<S, I>, _ old: SnapshotCheckModel, _ new: SnapshotCheckModel) ->
    Void
) -> SnapshotCheckReport {
  expectValidSnapshots(
    checkSnapshotEditor(
      named: name, options: options, sectionID: sectionID, itemID: itemID, edit: edit),
    sourceLocation: sourceLocation)
}

/// What the snapshot helpers record for a failing report.
enum SnapshotFailureRecord {
  /// One issue per kind of failure and three attachments; nil when the
  /// report passed.
  static func record(_ report: SnapshotCheckReport) -> FailureRecord? {
    guard !report.passed else { return nil }
    let total = report.failures.count
    let issues = report.failures.enumerated().map { position, failure in
      let head = FailureRecord.headline(
        report.name, fails: "\(failure.kind)",
        size: (rows: failure.rows, provenMinimal: failure.isProvenMinimal), position: position,
        of: total)
      return ([head] + failure.textLines()).joined(separator: "\n")
    }
    let base = FailureRecord.fileName(report.name)
    let html = HTMLReport.render(report)
    return FailureRecord(
      issues: issues,
      attachments: [
        (name: "\(base).batchcheck.html", contents: html),
        (name: "\(base).batchcheck.json", contents: report.renderJSON() + "\n"),
        (
          name: "\(base).regressions.jsonl",
          contents: report.failures.map(\.replayLine).joined(separator: "\n") + "\n"
        ),
      ])
  }
}
