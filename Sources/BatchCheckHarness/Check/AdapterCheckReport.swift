import BatchCheck

/// The outcome of checking apply code: the trials run, and each kind of
/// failure once, shrunk, with the script that replays it.
///
///     let report = checkAdapter { (table: HarnessTableView, old, new, setData) in
///       table.reload(using: stages(old, new), with: .automatic, setData: setData)
///     }
///     report.passed                 // false
///     report.failures.map(\.kind)   // [exception R2 A5]
///     print(report)                 // the text report
///
/// The options decide it completely: the same options and the same code
/// give the same report.
public struct AdapterCheckReport: Sendable, CustomStringConvertible {
  /// What was checked, as the report names it.
  public let name: String
  /// The view the code ran on.
  public let semantics: ViewSemantics
  /// The options of the run.
  public let options: AdapterCheckOptions
  /// Trials run.
  public let cases: Int
  /// Trials with at least one outcome that is not `valid`.
  public let failedCases: Int
  /// Each kind of failure once, smallest first.
  public let failures: [AdapterCheckFailure]
  /// Runs of the apply code, shrinking included.
  public let codeRuns: Int

  /// Whether every trial's every outcome was `valid`.
  public var passed: Bool { failures.isEmpty }
  /// The text report (`renderText()`).
  public var description: String { renderText() }
}

/// One kind of failure of apply code, shrunk to a smallest model pair and
/// schedule, with the run on them and the script that replays it.
///
///     let failure = report.failures[0]
///     failure.kind              // exception R2 A5
///     failure.old, failure.new  // [["a", "b"]], [["c", "a"]]
///     failure.replayLine        // {"name":...,"contract":"adapter",...}
///     failure.script.run()      // the same report, without the code
public struct AdapterCheckFailure: Sendable {
  /// The verdict, rule and cause.
  public let kind: AdapterFailureKind
  /// The smallest old model found that fails this way.
  public let old: [[Row]]
  /// The smallest new model found that fails this way.
  public let new: [[Row]]
  /// The simplest schedule found that fails this way with them.
  public let schedule: AdapterSchedule
  /// The first outcome of this kind in the run on them.
  public let outcome: AdapterOutcome
  /// The whole run on them: every outcome and read, and the steps.
  public let report: AdapterReport
  /// The run as a script: replays it without the apply code.
  public let script: AdapterScript
  /// The script as a case line expecting the run's verdict.
  public let replayLine: String
  /// Whether the script, replayed, gives the same report.
  public let replayAgrees: Bool
  /// How many trials failed this way.
  public let occurrences: Int
  /// The index of the trial the shrink started from.
  public let index: Int
  /// Its case seed.
  public let caseSeed: UInt64
  /// Its rows, old and new, before shrinking.
  public let originalRows: Int
  /// Runs of the apply code the shrink made.
  public let shrinkCalls: Int
  /// Whether no single shrink step still fails this way: every step of the
  /// model pair (the property engine's shrinker, single-row steps included)
  /// and of the schedule was tried within the budget and refused.
  public let isProvenMinimal: Bool

  /// The rows of the smallest models, old and new.
  public var rows: Int { rowCount(old, new) }
}

/// The rows of `old` and `new` together.
func rowCount(_ old: [[Row]], _ new: [[Row]]) -> Int {
  (old + new).reduce(0) { $0 + $1.count }
}
