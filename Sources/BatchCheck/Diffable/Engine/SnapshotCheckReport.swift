/// The outcome of checking snapshot code: the models run per phase, and
/// each kind of failure once, shrunk, with the calls and a replay line.
///
///     let report = checkSnapshotBuilder { (model: SnapshotCheckModel) in
///       pagedFeed(model) as SimulatedSnapshot<Int, String>
///     }
///     report.passed                   // false
///     report.failures.map(\.kind)     // [exception S1, wrongRows C1]
///     print(report)                   // the text report
///
/// The options decide it completely: the same options and the same code
/// give the same report.
public struct SnapshotCheckReport: Sendable, CustomStringConvertible {
  /// What was checked, as the report names it.
  public let name: String
  /// A builder or an editor.
  public let shape: SnapshotCodeShape
  /// The options of the run.
  public let options: SnapshotCheckOptions
  /// Models of the exhaustive phase run.
  public let exhaustiveCases: Int
  /// Random models run.
  public let randomCases: Int
  /// Models that failed, over both phases.
  public let failedCases: Int
  /// Models whose verdict had a warning (Q1), failing or not.
  public let warningCases: Int
  /// The first warning, with its models; nil when none.
  public let firstWarning: String?
  /// Each kind of failure once, smallest first.
  public let failures: [SnapshotCheckFailure]
  /// Runs of the code, shrinking included.
  public let codeRuns: Int

  /// Models run over both phases.
  public var casesRun: Int { exhaustiveCases + randomCases }
  /// Whether no model failed.
  public var passed: Bool { failures.isEmpty }
  /// The text report (`renderText()`).
  public var description: String { renderText() }
}

/// One kind of failure of snapshot code, shrunk to a smallest pair of
/// models, with the calls the code made on it and how to replay them.
///
///     let failure = report.failures[0]
///     failure.kind            // wrongRows C1
///     failure.new             // [[0,["a"]],[1,["a"]]]
///     failure.verdict.logs    // the S3 log of the second appendItems
///     failure.replayLine      // {"name":...,"contract":"snapshot","start":"empty",...}
///     failure.script.verdict  // the same verdict, without the code
///
/// Ids are written as a case file writes them (`SnapshotIdentifier`), so
/// the calls replay without the code; UIKit's message is the one the code's
/// own ids produced.
public struct SnapshotCheckFailure: Sendable {
  /// The verdict and rule.
  public let kind: SnapshotFailureKind
  /// The smallest old model found that fails this way (the applied state).
  public let old: SnapshotCheckModel
  /// The smallest new model found that fails this way.
  public let new: SnapshotCheckModel
  /// The calls the code made on the smallest models, in case-file ids.
  public let calls: [SnapshotCall<SnapshotIdentifier, SnapshotIdentifier>]
  /// The verdict on them: message, failing call, logs, warnings, final state.
  public let verdict: SnapshotVerdict<SnapshotIdentifier, SnapshotIdentifier>
  /// What the applied snapshot should hold: new in the code's ids, each
  /// id at its first occurrence.
  public let intended: [SnapshotSection<SnapshotIdentifier, SnapshotIdentifier>]
  /// The calls as a script (start, apply, old, calls, intended): replays
  /// the failure without the code.
  public let script: SnapshotScript<SnapshotIdentifier, SnapshotIdentifier>
  /// The script as a case-file line expecting the verdict found.
  public let replayLine: String
  /// Whether the script, replayed, gets the same verdict, rule and call;
  /// false when distinct ids of the code write the same case-file id.
  public let replayAgrees: Bool
  /// How many models failed this way, over both phases.
  public let occurrences: Int
  /// The phase of the model the shrink started from.
  public let phase: CheckPhase
  /// Its index in its phase (exhaustive order, or random index).
  public let index: Int
  /// Its case seed, for a random model.
  public let caseSeed: UInt64?
  /// Its rows, old and new, before shrinking.
  public let originalRows: Int
  /// Runs of the code the shrink made.
  public let shrinkCalls: Int
  /// Smaller models the shrink kept.
  public let shrinkImprovements: Int
  /// Whether no single shrink step of the models still fails this way
  /// (every step was tried within the budget).
  public let isProvenMinimal: Bool

  /// The rows of the smallest models, old and new.
  public var rows: Int { old.rows.count + new.rows.count }

  /// `exception S1 at call 0: Fatal: ...`, `wrongRows C1: section 0 holds ...`.
  public var headline: String { verdict.description }
}
