import BatchCheck
import BatchCheckHTML

/// What a test helper records for a failing report: one issue per kind of
/// failure, and three files to attach.
///
/// Each issue's text starts with its title (`headline`: the kind, verdict
/// and rule or the generator error's kind, the minimal pair's size and
/// whether it is proven minimal), then gives UIKit's message, the minimal
/// pair, the changes, a replay to paste into a test (the `options:`
/// argument to give the helper's call, the pair as literals,
/// `CheckOptions.onePair(old:new:)`) and the corpus line for a regression
/// corpus. The files are the run's HTML report, its JSON report (the
/// fields of `batchcheck check --format json`), and the failing cases as a
/// JSON Lines corpus file, each line expecting what a right diff gives.
package struct FailureRecord: Sendable {
  /// One text per kind of failure, smallest first, as the report lists them.
  package var issues: [String]
  /// The attachments: file name and contents.
  package var attachments: [(name: String, contents: String)]

  /// A record of the given issues and attachments.
  package init(issues: [String], attachments: [(name: String, contents: String)]) {
    self.issues = issues
    self.attachments = attachments
  }

  /// The record of `report`, nil when it passed, with `call` given each
  /// failure's one-pair options as Swift text (`.onePair(...)`).
  package init?(
    _ report: CheckReport, options: CheckOptions, call: (_ pairOptions: String) -> String
  ) {
    self.init(report, options: options, replayCall: { call($0.onePairOptions) })
  }

  /// The record of `report`, nil when it passed.
  ///
  /// - Parameters:
  ///   - report: the run's report.
  ///   - options: the options the helper was given: its call names their
  ///     identity-only option (a generator's own mode goes with the
  ///     generator).
  ///   - call: the helper's call that runs a failure's pair again, rendered
  ///     from its replay (`expectValidBatchUpdates(named: "my-diff",
  ///     options: .onePair(...)) { old, new in ... }`).
  package init?(
    _ report: CheckReport, options: CheckOptions,
    replayCall call: (_ replay: ReplayRecipe) -> String
  ) {
    guard !report.failures.isEmpty else { return nil }
    let total = report.failures.count
    issues = report.failures.enumerated().map { position, failure in
      // A coverage shortfall has no pair: its size would say nothing.
      let size =
        failure.coverage == nil
        ? (rows: failure.rowCount, provenMinimal: failure.isProvenMinimal) : nil
      let head = FailureRecord.headline(
        report.generator, fails: "\(failure.kind)", size: size, position: position, of: total)
      guard failure.coverage == nil else {
        return ([head] + failure.textLines(runSeed: report.seed).dropFirst()).joined(
          separator: "\n")
      }
      let lines = failure.textLines(
        runSeed: report.replayedCaseSeed == nil ? report.seed : nil, sectioned: report.sectioned,
        replay: failure.replay.map { recipe in
          var recipe = recipe
          recipe.identityOnly = options.identityOnly
          return call(recipe)
        })
      return ([head] + lines).joined(separator: "\n")
    }
    let base = Self.fileName(report.generator)
    let corpus = report.failures.compactMap(\.corpusLine)
    attachments = [
      (name: "\(base).batchcheck.html", contents: HTMLReport.render(report)),
      (name: "\(base).batchcheck.json", contents: report.renderJSON() + "\n"),
    ]
    if !corpus.isEmpty {
      attachments.append(
        (name: "\(base).regressions.jsonl", contents: corpus.joined(separator: "\n") + "\n"))
    }
  }

  /// Each issue split as Swift Testing records it: its first line, the
  /// title, and the lines after it, the details (nil when there are none).
  package var titledIssues: [(title: String, details: String?)] {
    issues.map { text in
      let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      return (title: String(lines[0]), details: lines.count > 1 ? String(lines[1]) : nil)
    }
  }

  /// The first line of one kind's issue, its title: `BatchCheck: NAME
  /// fails: KIND`, then the size of its smallest pair and whether it is
  /// proven minimal (`at 3 rows, proven minimal`), and `(kind 2 of 3,
  /// smallest first)` when the report has several.
  ///
  ///     FailureRecord.headline("my-diff", fails: "exception R2", size: (3, true), position: 0, of: 2)
  ///     // BatchCheck: my-diff fails: exception R2 at 3 rows, proven minimal (kind 1 of 2, smallest first)
  package static func headline(
    _ name: String, fails kind: String, size: (rows: Int, provenMinimal: Bool)?, position: Int,
    of total: Int
  ) -> String {
    let size = size.map {
      " at \($0.rows) row\($0.rows == 1 ? "" : "s"), \($0.provenMinimal ? "" : "not ")proven minimal"
    }
    return "BatchCheck: \(name) fails: \(kind)\(size ?? "")"
      + (total > 1 ? " (kind \(position + 1) of \(total), smallest first)" : "")
  }

  /// `name` with every character other than letters, digits, `-` and `_`
  /// replaced by `_`, so that it names a file on every system.
  package static func fileName(_ name: String) -> String {
    let safe = String(
      name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    return safe.isEmpty ? "diff" : safe
  }
}
