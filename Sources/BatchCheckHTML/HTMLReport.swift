import BatchCheck

/// A fact of a report's header: `generator` `lcs-2013`.
public struct HTMLFact: Hashable, Sendable {
  public var label: String
  public var value: String

  public init(_ label: String, _ value: String) {
    self.label = label
    self.value = value
  }
}

/// Reports as one self-contained HTML file: inline CSS and SVG, no script,
/// nothing fetched, so it reads the same opened straight from a CI
/// artifact. The markup is also well-formed XML (XHTML-compatible), and
/// every string from a case or a generator is escaped.
///
///     let html = HTMLReport.render(check(LCS2013Generator()))
///     // <!DOCTYPE html> ... the picture of ["a"] -> ["b","a","b"], the wrong cell circled ...
///
/// Each failure is a picture: the old rows on the left and the new on the
/// right, grouped by section; deleted rows struck out, reloaded and
/// reconfigured rows marked, inserted rows highlighted, moves as arrows,
/// rows that stay joined by faint lines, the failing cell circled with the
/// finding beside it; long runs of untouched rows collapse. Staged batches
/// and sequential steps get one picture per stage or step up to the failing
/// one. Under each picture: the changes, the trace, the seeds, the replay
/// command and the corpus line.
public enum HTMLReport {
  /// A check report: the run's header (generator, contract, profile, seed,
  /// waste limits, cases and verdict per phase), each failure as a
  /// picture, a chart of the edit size of its valid updates (issued against
  /// the least needed) when it has one, and a chart of what the random
  /// phase generated. A passing run is the header and the charts alone.
  public static func render(_ report: CheckReport) -> String {
    var facts = [
      HTMLFact("generator", report.generator), HTMLFact("contract", report.mode),
      HTMLFact("UIKit profile", "\(report.uikit)"),
      HTMLFact("run seed", hexSeed(report.seed)),
    ]
    if let shard = report.shard { facts.append(HTMLFact("shard", "\(shard)")) }
    if let seed = report.replayedCaseSeed { facts.append(HTMLFact("case seed", hexSeed(seed))) }
    let phases: [(CheckPhase, Int, String)] = [
      (.corpus, report.corpusCases, "regression pairs"),
      (
        .exhaustive, report.exhaustiveCases,
        report.exhaustiveTotal > 0
          ? "every pair with |old| + |new| <= \(report.exhaustiveTotal)"
            + (report.exhaustiveContentTotal > 0
              ? ", contents varied up to \(report.exhaustiveContentTotal) rows" : "")
            + report.smallAlphabetPhrase
          : "skipped"
      ),
      (.random, report.randomCases, "max size \(report.maxSize)"),
    ]
    for (phase, cases, note) in phases {
      let found = report.failures.filter {
        $0.coverage == nil ? $0.phase == phase : phase == .random
      }
      let verdict =
        found.isEmpty
        ? "pass"
        : "FAIL: "
          + found.map(\.kind.description).joined(separator: ", ")
      facts.append(
        HTMLFact("\(phase.rawValue) phase", "\(counted(cases, "case")) (\(note)): \(verdict)"))
    }
    if let limits = report.limitsText { facts.append(HTMLFact("waste limits", limits)) }
    if report.skippedCases > 0 {
      facts.append(
        HTMLFact(
          "skipped",
          "\(counted(report.skippedCases, "case")) of several sections (the generator diffs one)"))
    }
    facts.append(
      HTMLFact(
        "result",
        "\(report.passedCases) passed, \(report.failedCases + report.failures.filter { $0.coverage != nil }.count) failed"
      ))
    let cases = report.failures.filter { $0.coverage == nil }.map { HTMLCase($0, of: report) }
    let coverage = report.failures.compactMap { failure in
      failure.coverage.map { "coverage \($0.rawValue): \(failure.message)" }
    }
    let verb = report.replayedCaseSeed == nil ? "check" : "replay"
    var page = HTMLPage(
      title: "\(verb) \(report.generator) (\(report.mode))", passed: report.passed)
    page.facts = facts
    page.cases = cases
    page.notes = coverage
    if let edits = report.edits {
      page.editChart = EditSizeChart(edits: edits, cases: report.editCases)
    }
    if report.statistics.cases > 0 || report.replayedCaseSeed == nil {
      page.chart = Chart(
        statistics: report.statistics, sectioned: report.sectioned,
        identityOnly: report.identityOnly,
        maxSize: report.maxSize)
    }
    return page.render()
  }

  /// A page for cases judged outside the engine (`validate`, `corpus
  /// check`): the header's facts, one table row per case linking to its
  /// picture, then the pictures.
  ///
  /// - Parameters:
  ///   - title: the page's heading: `corpus check lcs-2013 (one batch, iOS 18)`.
  ///   - passed: whether the run passed (the heading's mark).
  ///   - facts: the header: files, counts, profile.
  ///   - cases: the cases to draw.
  ///   - notes: lines shown under the header (cases not drawn, and why).
  public static func render(
    title: String, passed: Bool, facts: [HTMLFact], cases: [HTMLCase], notes: [String] = []
  ) -> String {
    render(
      title: title, passed: passed, facts: facts, cases: cases, notes: notes, snapshotCases: [])
  }

  /// A page for cases and snapshot scripts judged outside the engine: as
  /// `render(title:passed:facts:cases:notes:)`, with `snapshotCases` drawn
  /// after the cases: their calls, the failing one marked, the final
  /// snapshot next to the intended one.
  public static func render(
    title: String, passed: Bool, facts: [HTMLFact], cases: [HTMLCase], notes: [String],
    snapshotCases: [HTMLSnapshotCase]
  ) -> String {
    render(
      title: title, passed: passed, facts: facts, cases: cases, notes: notes,
      snapshotCases: snapshotCases, adapterCases: [])
  }

  /// One verdict as a page: the case's picture under the header of its
  /// contract, mode and profile. The verdict is the caller's judgement of
  /// `changes` (a `ContractVerdict`, with its place and failing stage or
  /// step); the page draws it and judges nothing again.
  ///
  ///     let changes = ContractChanges.batch(BatchUpdate(reloadRows: [RowPath(0, 1)],
  ///       moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))]))
  ///     // verdict: the ContractVerdict of changes from old to new
  ///     HTMLReport.render(verdict, old: old, new: new, changes: changes, name: "reload-and-move")
  ///
  /// - Parameter trace: the simulator's trace of the changes, shown under
  ///   the picture when given (the simulator's trace of the update).
  public static func render(
    _ verdict: ContractVerdict, old: [[Row]], new: [[Row]], changes: ContractChanges, name: String,
    options: SimulationOptions = .default, trace: [String] = []
  ) -> String {
    var judged = options
    judged.identityOnly = verdict.identityOnly
    let item = HTMLCase(
      title: name, old: old, new: new, changes: changes, verdict: verdict.verdict,
      advice: verdict.advice,
      options: judged, position: verdict.position,
      blocks: [HTMLCase.block(changes)]
        + (trace.isEmpty ? [] : [HTMLBlock(label: "trace", text: trace.joined(separator: "\n"))]))
    return render(
      title: "\(name) (\(verdict.mode), \(options.uikit))", passed: verdict.isValid,
      facts: [
        HTMLFact("contract", verdict.mode), HTMLFact("UIKit profile", "\(options.uikit)"),
        HTMLFact("verdict", verdict.verdict.description),
      ], cases: [item])
  }
}
