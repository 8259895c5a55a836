/// One snapshot check: runs the code on every small model, then on the
/// random ones, keeps the smallest failing pair of each kind, shrinks each,
/// and writes the report.
///
///     var run = SnapshotCheckRun(name: "builder", options: options, trial: trial)
///     let report = run.report()
///
/// - Complexity: O(*m* × *c*) for *m* models and *c* the cost of one run of
///   the code and its judge, plus at most `shrinkBudget` runs per kind.
struct SnapshotCheckRun<S: Hashable, I: Hashable> {
  let name: String
  let options: SnapshotCheckOptions
  let trial: SnapshotTrial<S, I>

  /// The smallest failing model of one kind so far, and where it came from.
  struct Found {
    let kind: SnapshotFailureKind
    var pair: SnapshotModelPair
    var order: SnapshotPairOrder
    var outcome: SnapshotOutcome<S, I>
    var phase: CheckPhase
    var index: Int
    var caseSeed: UInt64?
    var occurrences = 1
  }

  private var found: [Found] = []
  private var kinds: [SnapshotFailureKind: Int] = [:]
  private var exhaustiveCases = 0
  private var randomCases = 0
  private var failedCases = 0
  private var warningCases = 0
  private var firstWarning: String?
  private var codeRuns = 0

  init(name: String, options: SnapshotCheckOptions, trial: SnapshotTrial<S, I>) {
    self.name = name
    self.options = options
    self.trial = trial
  }

  /// Runs both phases, shrinks each kind, and reports.
  mutating func report() -> SnapshotCheckReport {
    var index = 0
    SnapshotModelPair.exhaustive(
      total: options.exhaustiveTotal, contentTotal: options.exhaustiveContentTotal,
      contentInIdentity: options.contentInIdentity
    ) { pair in
      consider(pair, phase: .exhaustive, index: index, caseSeed: nil)
      index += 1
      return true
    }
    exhaustiveCases = index
    for index in 0..<max(0, options.count) {
      let seed = SplitMix64.caseSeed(run: options.seed, index: index)
      consider(
        SnapshotModelPair.random(seed: seed, options: options), phase: .random, index: index,
        caseSeed: seed)
      randomCases += 1
    }
    var failures: [(failure: SnapshotCheckFailure, order: SnapshotPairOrder)] = []
    for each in found { failures.append(failure(each)) }
    let sorted = failures.enumerated().sorted {
      $0.element.order != $1.element.order
        ? $0.element.order < $1.element.order : $0.offset < $1.offset
    }
    return SnapshotCheckReport(
      name: name, shape: trial.shape, options: options, exhaustiveCases: exhaustiveCases,
      randomCases: randomCases, failedCases: failedCases, warningCases: warningCases,
      firstWarning: firstWarning, failures: sorted.map(\.element.failure), codeRuns: codeRuns)
  }

  /// Runs one model: counts its warning, and keeps it when it is the first
  /// or the smallest of its kind.
  private mutating func consider(
    _ pair: SnapshotModelPair, phase: CheckPhase, index: Int, caseSeed: UInt64?
  ) {
    codeRuns += 1
    let outcome = trial.run(pair)
    if let warning = outcome.verdict.warnings.first {
      warningCases += 1
      if firstWarning == nil {
        firstWarning = "\(warning.rule): \(warning.message) (old \(pair.old), new \(pair.new))"
      }
    }
    guard let kind = outcome.kind else { return }
    failedCases += 1
    let order = SnapshotPairOrder(pair)
    guard let at = kinds[kind] else {
      kinds[kind] = found.count
      found.append(
        Found(
          kind: kind, pair: pair, order: order, outcome: outcome, phase: phase, index: index,
          caseSeed: caseSeed))
      return
    }
    found[at].occurrences += 1
    guard order < found[at].order else { return }
    found[at].pair = pair
    found[at].order = order
    found[at].outcome = outcome
    found[at].phase = phase
    found[at].index = index
    found[at].caseSeed = caseSeed
  }

  /// Shrinks one kind's smallest model by running the code again on
  /// smaller ones, and describes the result.
  private mutating func failure(
    _ found: Found
  ) -> (failure: SnapshotCheckFailure, order: SnapshotPairOrder) {
    var last: SnapshotOutcome<S, I>?
    let trial = self.trial
    let shrunk = SnapshotShrinker.shrink(
      found.pair, budget: options.shrinkBudget, contentInIdentity: options.contentInIdentity
    ) { candidate in
      let outcome = trial.run(candidate)
      guard outcome.kind == found.kind else { return false }
      last = outcome
      return true
    }
    codeRuns += shrunk.calls
    let outcome = last ?? found.outcome
    let verdict = outcome.verdict.described
    let intended = outcome.intended.map(\.described)
    let script = SnapshotScript(
      start: trial.start, apply: trial.apply, old: outcome.old.map(\.described),
      calls: outcome.calls.map(\.described), new: intended)
    let replayed = script.verdict
    let agrees =
      replayed.kind == verdict.kind && replayed.rule == verdict.rule
      && replayed.call == verdict.call
    let lineName = "\(name)-\(found.kind.verdict)" + (found.kind.rule.map { "-\($0)" } ?? "")
    let failure = SnapshotCheckFailure(
      kind: found.kind, old: shrunk.pair.old, new: shrunk.pair.new, calls: script.calls,
      verdict: verdict, intended: intended, script: script,
      replayLine: SnapshotCaseJSON.line(name: lineName, script: script, expect: verdict),
      replayAgrees: agrees, occurrences: found.occurrences, phase: found.phase,
      index: found.index, caseSeed: found.caseSeed, originalRows: found.pair.rowCount,
      shrinkCalls: shrunk.calls, shrinkImprovements: shrunk.improvements,
      isProvenMinimal: shrunk.isLocalMinimum)
    return (failure, SnapshotPairOrder(shrunk.pair))
  }
}
