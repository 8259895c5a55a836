/// What a generator's changes for one case got: the verdict, or the error
/// that kept the generator from answering.
package struct CaseOutcome: Hashable, Sendable {
  /// The verdict on the changes; nil when the generator threw or the case
  /// was skipped.
  package let verdict: Verdict?
  /// Why the generator gave no changes.
  package let error: GeneratorError?
  /// The generator's changes; nil when it threw or the case was skipped
  /// (or when whoever holds the outcome no longer needs them).
  package var changes: ContractChanges?
  /// Whether the case could not be given to the generator (several
  /// sections for one that diffs a single section).
  package let skipped: Bool
  /// What tells a failing verdict apart from others of its kind and rule
  /// (`FailureVariant`: the failing stage's or step's work, or reordered
  /// rows); nil otherwise.
  package var variant: FailureVariant? = nil
  /// The failing stage or step of staged or sequential changes, from 1;
  /// nil for one batch and for changes that failed as a whole.
  package var position: ChangesPosition? = nil
  /// The waste limit valid changes breach (`CheckOptions.maxMoveRatio`,
  /// `CheckOptions.rejectsUnneededDeletes`); nil otherwise.
  package var waste: WasteBreach? = nil

  /// Whether the changes are valid (false when the generator threw; true
  /// for a skipped case, which nothing is held against). Valid changes can
  /// still breach a waste limit: see `waste`.
  package var isValid: Bool { skipped || (error == nil && verdict?.isValid == true) }
}

/// Runs a generator on given cases one by one, and shrinks a failing one:
/// the engine's pieces for a fixed corpus (`batchcheck corpus check`), where
/// every case has its own outcome.
///
///     let checker = CaseChecker(ContractGenerator(LCS2013Generator()))
///     checker.run(old: [[Row("a")]], new: [[Row("b"), Row("a"), Row("b")]]).verdict?.rule  // C1
///     checker.failure(old: [[Row("a")]], new: [[Row("b"), Row("a"), Row("b")]], name: "c1")?.corpusLine
///
/// A batch generator judged as one batch runs as in `check(_:options:)`,
/// sections included; any other pairing runs through `ContractGenerator.judge`,
/// several sections a side for a sectioned generator and one otherwise.
/// The run is identity-only when the generator or the options ask for it
/// (`ContractGenerator.judging(_:)`).
package struct CaseChecker: Sendable {
  /// The run, shared by every copy: a checker handed to a worker for each
  /// case is then one reference, not the run's nearly 1 KB and its
  /// references.
  private let box: RunBox
  private var run: CheckRun<AnyCaseRunner> {
    _read { yield box.run }
  }

  /// The checker's run, never changed once made.
  private final class RunBox: Sendable {
    let run: CheckRun<AnyCaseRunner>
    init(_ run: CheckRun<AnyCaseRunner>) { self.run = run }
  }

  /// A checker of `generator` under `contract` (nil: its own), with the
  /// simulation, shrink budget and waste limits of `options`.
  package init(
    _ generator: ContractGenerator, under contract: Contract? = nil,
    options: CheckOptions = CheckOptions()
  ) {
    let (generator, options) = generator.judging(options)
    box = RunBox(
      CheckRun(options: options) { simulation in
        if let batch = generator.batchGenerator(under: contract) {
          return AnyCaseRunner(CaseRunner(batch, simulation: simulation))
        }
        return AnyCaseRunner(
          ContractCaseRunner(generator, under: contract, simulation: simulation))
      })
  }

  /// The contract the changes are judged under.
  package var contract: Contract { run.runner.contract }

  /// Runs the generator on one case and judges its changes.
  ///
  /// - Complexity: that of the generator plus the judgment.
  package func run(old: [[Row]], new: [[Row]]) -> CaseOutcome {
    guard let result = run.runner.run(old, new) else {
      return CaseOutcome(verdict: nil, error: nil, changes: nil, skipped: true)
    }
    var outcome = CaseOutcome(
      verdict: result.verdict, error: result.error,
      changes: result.contract?.changes ?? result.update.map(ContractChanges.batch),
      skipped: false)
    // Only an invalid verdict has a variant: a valid case skips `kind`.
    if result.verdict?.isValid == false, case .verdict(_, _, let variant)? = result.kind {
      outcome.variant = variant
    }
    outcome.waste = result.waste
    outcome.position = result.contract?.verdict.position
    return outcome
  }

  /// The failure of one case, shrunk to a minimal pair that fails the same
  /// way (a waste breach to one that breaches the same limit), as a check
  /// reports it; nil when the case passes or is skipped.
  /// Every pair smaller than the shrunk one, up to the default exhaustive
  /// bound, is then tried (`CheckFailure.minimality`), and the first that
  /// fails the same way is reported instead.
  ///
  /// - Parameters:
  ///   - old: the rows before.
  ///   - new: the rows after.
  ///   - name: the name of the failure's corpus line (the case's own name).
  ///   - index: the case's position, for the report (phase `corpus`).
  ///   - outcome: what `run(old:new:)` gave for the case, if it ran already:
  ///     the failure shrunk is that one (its kind, rule or error kind), even
  ///     when the generator answers otherwise when the case runs again.
  /// - Complexity: at most `shrinkBudget` runs of the case and
  ///   `proofBudget` runs of smaller pairs.
  package func failure(
    old: [[Row]], new: [[Row]], name: String? = nil, index: Int? = nil,
    outcome: CaseOutcome? = nil
  ) -> CheckFailure? {
    let kind: FailureKind?
    let message: String
    let waste: WasteBreach?
    if let outcome {
      if outcome.skipped { return nil }
      kind = FailureKind(
        verdict: outcome.verdict, error: outcome.error, variant: outcome.variant,
        waste: outcome.waste)
      var result = CaseResult(verdict: outcome.verdict, error: outcome.error)
      result.waste = outcome.waste
      message = result.detail
      waste = outcome.waste
    } else {
      let result = run.runner.run(old, new)
      kind = result?.kind
      message = result?.detail ?? ""
      waste = result?.waste
    }
    guard let kind else { return nil }
    var failure = run.makeFailure(
      phase: .corpus, index: index, caseSeed: nil, old: old, new: new, kind: kind,
      firstMessage: message, firstWaste: waste, occurrences: 1, caseName: name)
    run.searchBelow(&failure, kind: kind, caseName: name)
    return failure
  }
}

/// A runner of either kind, so that one checker type serves every
/// generator: a case's run is a switch and a direct call, not a lookup
/// through a witness table.
struct AnyCaseRunner: CaseRunning {
  private enum Base {
    case batch(CaseRunner)
    case contract(ContractCaseRunner)
  }

  private let base: Base
  let name: String
  let isSectioned: Bool
  let contract: Contract
  let ownContract: Contract

  /// A batch generator judged as one batch.
  init(_ runner: CaseRunner) { self.init(.batch(runner), runner) }

  /// Any other pairing of shape and contract.
  init(_ runner: ContractCaseRunner) { self.init(.contract(runner), runner) }

  private init(_ base: Base, _ runner: some CaseRunning) {
    self.base = base
    name = runner.name
    isSectioned = runner.isSectioned
    contract = runner.contract
    ownContract = runner.ownContract
  }

  func stream(next: () -> PendingCase?, each: (PendingCase, CaseResult?) -> Bool) {
    switch base {
    case .batch(let runner): runner.stream(next: next, each: each)
    case .contract(let runner): runner.stream(next: next, each: each)
    }
  }

  func run(_ old: [[Row]], _ new: [[Row]], window: VisibleRows?) -> CaseResult? {
    switch base {
    case .batch(let runner): runner.run(old, new, window: window)
    case .contract(let runner): runner.run(old, new, window: window)
    }
  }
}
