import BatchCheck

/// One adapter check: runs the apply code on random model pairs in random
/// schedules, keeps the smallest trial of each kind of failure, shrinks
/// each (the model pair, then the schedule, again until neither moves),
/// and writes the report.
@MainActor struct AdapterCheckRun<View: HarnessView> {
  let name: String
  let options: AdapterCheckOptions
  let trial: AdapterTrial<View>

  /// The smallest trial of one kind so far.
  struct Found {
    let kind: AdapterFailureKind
    var old: [[Row]]
    var new: [[Row]]
    var schedule: AdapterSchedule
    var index: Int
    var caseSeed: UInt64
    var occurrences = 1

    var size: (rows: Int, weight: Int) { (rowCount(old, new), schedule.weight) }
  }

  private var found: [AdapterFailureKind: Found] = [:]
  private var failedCases = 0
  private var codeRuns = 0

  init(name: String, options: AdapterCheckOptions, trial: AdapterTrial<View>) {
    self.name = name
    self.options = options
    self.trial = trial
  }

  /// The trial of index `index`: its model pair, as the property engine
  /// makes case `index` of a run with this seed, and its schedule.
  func trialCase(_ index: Int) -> (seed: UInt64, case: GeneratedCase, schedule: AdapterSchedule) {
    let seed = SplitMix64.caseSeed(run: options.seed, index: index)
    let generated = GeneratedCase.make(
      seed: seed, maxSize: options.maxSize, sections: options.sections,
      identityOnly: options.identityOnly)
    // The schedule's draws come from another stream of the same seed.
    var random = SplitMix64(seed: seed ^ 0x5C4E_D01E_5C4E_D01E)
    return (seed, generated, AdapterSchedule.random(&random))
  }

  /// Runs every trial, shrinks each kind, and reports.
  mutating func report() -> AdapterCheckReport {
    let count = max(0, options.count)
    for index in 0..<count {
      let (seed, generated, schedule) = trialCase(index)
      codeRuns += 1
      let kinds = trial.run(generated.old, generated.new, schedule).report.failureKinds
      if !kinds.isEmpty { failedCases += 1 }
      for kind in kinds {
        consider(
          Found(
            kind: kind, old: generated.old, new: generated.new, schedule: schedule, index: index,
            caseSeed: seed))
      }
    }
    let failures = found.values.sorted {
      $0.index < $1.index || ($0.index == $1.index && $0.kind < $1.kind)
    }
    .map { shrink($0) }
    .sorted { ($0.rows, $0.schedule.weight, $0.kind) < ($1.rows, $1.schedule.weight, $1.kind) }
    return AdapterCheckReport(
      name: name, semantics: View.semantics, options: options, cases: count,
      failedCases: failedCases, failures: failures, codeRuns: codeRuns)
  }

  /// Keeps `candidate` when it is the first of its kind or smaller than
  /// the one kept.
  private mutating func consider(_ candidate: Found) {
    guard var kept = found[candidate.kind] else {
      found[candidate.kind] = candidate
      return
    }
    kept.occurrences += 1
    if candidate.size < kept.size {
      kept.old = candidate.old
      kept.new = candidate.new
      kept.schedule = candidate.schedule
      kept.index = candidate.index
      kept.caseSeed = candidate.caseSeed
    }
    found[candidate.kind] = kept
  }

  /// The message of a failure the smallest trial did not show again.
  static var notAgain: String {
    "the smallest trial did not fail this way when run again: the apply code does not do the same on the same models"
  }

  /// Shrinks one kind's trial: the model pair with the property engine's
  /// shrinker, then the schedule one step at a time, round after round,
  /// until a round keeps nothing; then runs the smallest trial again.
  private mutating func shrink(_ found: Found) -> AdapterCheckFailure {
    var old = found.old
    var new = found.new
    var schedule = found.schedule
    var calls = 0
    var exhausted = false
    let trial = self.trial
    let budget = max(0, options.shrinkBudget)
    rounds: while true {
      let fixed = schedule
      let shrunk = Shrinker.shrink(
        old: old, new: new, budget: budget - calls,
        fails: { old, new in trial.run(old, new, fixed).report.failureKinds.contains(found.kind) })
      calls += shrunk.calls
      (old, new) = (shrunk.old, shrunk.new)
      if shrunk.budgetExhausted {
        exhausted = true
        break
      }
      for candidate in schedule.simplifications {
        guard calls < budget else {
          exhausted = true
          break rounds
        }
        calls += 1
        if trial.run(old, new, candidate).report.failureKinds.contains(found.kind) {
          schedule = candidate
          continue rounds
        }
      }
      break
    }
    codeRuns += calls + 1
    let view = trial.run(old, new, schedule)
    let report = view.report
    let script = view.script
    let outcome =
      report.outcomes.first { AdapterFailureKind($0) == found.kind }
      ?? AdapterOutcome(
        step: [], kind: found.kind.verdict, rule: found.kind.rule, cause: found.kind.cause,
        basis: report.finalBasis, message: Self.notAgain)
    let slug = found.kind.description.split(separator: " ").joined(separator: "-")
    return AdapterCheckFailure(
      kind: found.kind, old: old, new: new, schedule: schedule, outcome: outcome, report: report,
      script: script, replayLine: script.caseLine(name: "\(name)-\(slug)", expecting: report),
      replayAgrees: script.run() == report, occurrences: found.occurrences, index: found.index,
      caseSeed: found.caseSeed, originalRows: rowCount(found.old, found.new), shrinkCalls: calls,
      isProvenMinimal: !exhausted && rowCount(old, new) <= Shrinker.localLimit)
  }
}
