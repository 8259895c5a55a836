/// How a case failed, as far as shrinking is concerned: a shrunk case must
/// fail the same way (same verdict kind, rule and variant, same generator
/// error kind, or a valid update that breaches the same waste limit). One
/// kind of failure of a run is one signature.
enum FailureSignature: Hashable, Sendable {
  case verdict(VerdictKind, Rule?, variant: String?)
  case error(GeneratorError.Kind)
  case waste(WasteBreach.Limit)

  /// What tells the failure apart from others of its verdict and rule
  /// (`CheckFailure.variant`); nil for a generator error.
  var variant: String? {
    switch self {
    case .verdict(_, _, let variant): variant
    case .error: nil
    case .waste(let limit): limit.variant
    }
  }

  /// The signature of a failure with this verdict, rule and variant, of
  /// this generator error, or of this waste breach: nil when the verdict is
  /// valid and breaches nothing.
  init?(verdict: Verdict?, error: GeneratorError?, variant: String?, waste: WasteBreach? = nil) {
    if let error {
      self = .error(error.kind)
      return
    }
    if let waste, verdict?.isValid != false {
      self = .waste(waste.limit)
      return
    }
    guard let verdict, !verdict.isValid else { return nil }
    self = .verdict(verdict.kind, verdict.rule, variant: variant)
  }

  /// The variant of a failing verdict: what the stage of a staged batch that
  /// failed does (`a stage of deleteRows, moveRows`), the kind of step that
  /// went out of range (`move step`), or `rows reordered` for cells of one
  /// id shown in another order (`RowMismatch.reordered`); nil otherwise.
  static func variant(
    of verdict: Verdict?, contract: (changes: ContractChanges, verdict: ContractVerdict)?
  ) -> String? {
    if let contract {
      if contract.verdict.stage != nil {
        // What the failing stage does, not its number: a diff's stages have
        // fixed roles (DifferenceKit: deletes, then inserts, ...), while
        // steps read as stages number them by step.
        guard case .staged(let stages) = contract.changes, let stage = contract.verdict.stage,
          stage >= 1, stage <= stages.count
        else { return "a stage" }
        return "a stage of " + stages[stage - 1].update.operationNames.joined(separator: ", ")
      }
      if let step = contract.verdict.step, case .steps(let steps) = contract.changes,
        step >= 1, step <= steps.count
      {
        return "\(steps[step - 1].description.prefix { $0 != " " }) step"
      }
    }
    if verdict?.mismatch?.reordered == true { return "rows reordered" }
    return nil
  }
}

/// What one case gave: the generator's changes (or error) and the verdict.
struct CaseResult {
  /// The generator's update, when its changes are one batch; nil when it threw.
  var update: BatchUpdate?
  /// The verdict on the changes; nil when the generator threw.
  var verdict: Verdict?
  /// Why the generator gave no changes.
  var error: GeneratorError?
  /// The generator's changes and their contract verdict, when the case ran
  /// through `ContractCaseRunner`; nil from the batch runner.
  var contract: (changes: ContractChanges, verdict: ContractVerdict)? = nil
  /// The rows on screen of the judgment that failed: `all`, unless the case
  /// passed with every row on screen and failed only under its window.
  var visibleRows: VisibleRows = .all
  /// The waste limit a valid update breaches (`WasteLimits`); nil otherwise.
  var waste: WasteBreach?
  /// The edit size of a valid batch update, when judging it against waste
  /// limits measured it; nil otherwise (`EditTotals` measures it then).
  var edits: EditSize?

  /// What the failure says: the generator's error, the waste breach or the
  /// verdict's message.
  var message: String {
    error?.description ?? unreproducedMessage ?? waste?.message ?? verdict?.message
      ?? verdict?.kind.rawValue ?? ""
  }

  /// `message` without the error's kind: what `init(unreproduced:message:)` takes.
  var detail: String { error?.message ?? message }

  /// A failure seen once that running its case again did not give: its
  /// kind, rule and first message, and no changes (they are not known).
  ///
  /// - Parameter waste: for a waste breach, the breach when the case first ran.
  init(unreproduced signature: FailureSignature, message: String, waste: WasteBreach? = nil) {
    self.init(
      signature, message: message, waste: waste,
      note: " (when the case first ran; running it again did not fail so: the generator answers"
        + " differently from run to run, so the case is not shrunk)")
  }

  /// A failure of an interrupted run, which is not run again: its kind,
  /// rule and first message, and no changes.
  init(notRerun signature: FailureSignature, message: String, waste: WasteBreach? = nil) {
    self.init(
      signature, message: message, waste: waste, note: " (the run was interrupted: the case is not shrunk)")
  }

  private init(_ signature: FailureSignature, message: String, waste: WasteBreach?, note: String) {
    switch signature {
    case .error(let kind):
      error = GeneratorError(kind: kind, message: message + note)
    case .verdict(let kind, let rule, let variant):
      verdict = Verdict(kind: kind, rule: rule, message: message + note)
      unreproducedVariant = variant
    case .waste(let limit):
      verdict = Verdict(kind: .valid, message: message + note)
      // Every caller passes the first breach; without it, the limit alone
      // and numbers of 0 (the message keeps the first numbers).
      self.waste =
        waste
        ?? WasteBreach(
          limit: limit, maxMoveRatio: nil, moves: 0, minimumMoves: 0, minimumMovesIsBound: false,
          deletes: 0, minimumDeletes: 0, changedRows: 0)
      unreproducedMessage = message + note
    }
  }

  /// The first message of an unreproduced waste breach.
  private var unreproducedMessage: String?

  /// The variant of an unreproduced failure, which has no changes to derive it from.
  private var unreproducedVariant: String?

  init(
    update: BatchUpdate? = nil, verdict: Verdict? = nil, error: GeneratorError? = nil,
    contract: (changes: ContractChanges, verdict: ContractVerdict)? = nil,
    visibleRows: VisibleRows = .all
  ) {
    self.update = update
    self.verdict = verdict
    self.error = error
    self.contract = contract
    self.visibleRows = visibleRows
  }

  /// nil when the case passed (the verdict is valid and breaches no waste limit).
  var signature: FailureSignature? {
    FailureSignature(
      verdict: verdict, error: error,
      variant: unreproducedVariant ?? FailureSignature.variant(of: verdict, contract: contract),
      waste: waste)
  }
}

/// Runs cases through one generator and judges what it answers: what a
/// `CheckRun` needs of a generator, whatever its contract.
protocol CaseRunning: Sendable {
  /// The generator's name, for the report.
  var name: String { get }
  /// Whether cases of several sections can be run.
  var isSectioned: Bool { get }
  /// The contract the changes are judged under.
  var contract: Contract { get }
  /// The contract the generator claims (its shape's).
  var ownContract: Contract { get }
  /// Runs the generator on `old` → `new` and judges its changes with every
  /// row on screen, and then, when they pass and reload or reconfigure rows,
  /// with only `window`'s rows on screen (iOS 18 drops a reload of a row
  /// without a cell, and the row check judges cells only).
  ///
  /// - Returns: nil when the case cannot be given to this generator (one
  ///   that is not sectioned gets only cases of exactly one section a side).
  func run(_ old: [[Row]], _ new: [[Row]], window: VisibleRows?) -> CaseResult?

  /// Runs the cases `next` gives until it returns nil, in order, and hands
  /// each with its result to `each`; a generator that keeps cases in flight
  /// gets the next cases before the earlier answers are judged. Once `each`
  /// returns false (the phase has stopped), the cases still in flight are
  /// not run: each is handed to `each` with no result.
  func stream(next: () -> PendingCase?, each: (PendingCase, CaseResult?) -> Bool)
}

/// Runs cases through one batch generator and the simulated table: the fast
/// runner, specialized for the generator's type.
extension CaseRunning {
  /// `run(_:_:window:)` with every row on screen only.
  func run(_ old: [[Row]], _ new: [[Row]]) -> CaseResult? { run(old, new, window: nil) }

  func stream(next: () -> PendingCase?, each: (PendingCase, CaseResult?) -> Bool) {
    runEach(next: next, each: each)
  }

  /// `stream` one case at a time: each case runs before the next is asked for.
  func runEach(next: () -> PendingCase?, each: (PendingCase, CaseResult?) -> Bool) {
    while let pending = next() {
      guard each(pending, run(pending.old, pending.new, window: pending.window)) else { return }
    }
  }
}

/// A case waiting for its run: its place in its phase, its rows and the
/// rows on screen it is also judged with.
struct PendingCase {
  var index: Int
  var old: [[Row]]
  var new: [[Row]]
  var window: VisibleRows?
  /// The `CrashPredictor` pattern the case contains, when it runs as a
  /// probe of that prediction; nil for a case run as usual.
  var probe: Int? = nil

  /// The index and the pair, as a phase's pairs give them.
  var pair: (Int, ([[Row]], [[Row]])) { (index, (old, new)) }
}

extension SimulationOptions {
  /// These options with `visibleRows` set.
  package func showing(_ visibleRows: VisibleRows) -> SimulationOptions {
    var options = self
    options.visibleRows = visibleRows
    return options
  }
}

struct CaseRunner<Generator: DeltaGenerator>: CaseRunning {
  let generator: Generator
  /// The same generator, when it diffs several sections.
  let sectioned: (any SectionedDeltaGenerator)?
  /// The same generator, when it answers several cases at once.
  let pipelined: (any PipelinedDeltaGenerator)?
  let simulation: SimulationOptions

  init(_ generator: Generator, simulation: SimulationOptions) {
    self.generator = generator
    self.sectioned = generator as? any SectionedDeltaGenerator
    self.pipelined = generator as? any PipelinedDeltaGenerator
    self.simulation = simulation
  }

  func stream(next: () -> PendingCase?, each: (PendingCase, CaseResult?) -> Bool) {
    guard let pipelined, pipelined.pipelineDepth > 1 else { return runEach(next: next, each: each) }
    // The cases in flight, oldest first, their answers come in this order;
    // among them the cases this generator cannot be given (several sections
    // for one that diffs a single section), reported in their turn.
    var inFlight: [(pending: PendingCase, sent: Bool)] = []
    var oldest = 0
    var goingOn = true
    func reportSkipped() {
      while goingOn, oldest < inFlight.count, !inFlight[oldest].sent {
        goingOn = each(inFlight[oldest].pending, nil)
        oldest += 1
      }
    }
    pipelined.updates(
      from: {
        while let pending = next() {
          if oldest == inFlight.count {
            inFlight.removeAll(keepingCapacity: true)
            oldest = 0
          }
          let runnable = sectioned != nil || (pending.old.count == 1 && pending.new.count == 1)
          inFlight.append((pending, runnable))
          if runnable { return (pending.old, pending.new) }
        }
        return nil
      },
      answerWhile: { answer in
        reportSkipped()
        guard goingOn else { return false }
        let pending = inFlight[oldest].pending
        oldest += 1
        switch answer {
        case .success(let update):
          goingOn = each(pending, judge(update, pending.old, pending.new, window: pending.window))
        case .failure(let error):
          goingOn = each(pending, CaseResult(update: nil, verdict: nil, error: error))
        }
        return goingOn
      })
    reportSkipped()
    // Dropped in flight once the phase stopped: handed back unrun.
    while oldest < inFlight.count {
      _ = each(inFlight[oldest].pending, nil)
      oldest += 1
    }
  }

  var name: String { generator.name }
  var isSectioned: Bool { sectioned != nil }
  var contract: Contract { .batch }
  var ownContract: Contract { .batch }

  func run(_ old: [[Row]], _ new: [[Row]], window: VisibleRows?) -> CaseResult? {
    let update: BatchUpdate
    do throws(GeneratorError) {
      if let sectioned {
        update = try sectioned.update(from: old, to: new)
      } else {
        guard old.count == 1, new.count == 1 else { return nil }
        update = try generator.update(from: old[0], to: new[0])
      }
    } catch {
      return CaseResult(update: nil, verdict: nil, error: error)
    }
    return judge(update, old, new, window: window)
  }

  /// The verdict on `update`, with every row on screen, then (when it is
  /// valid and reloads or reconfigures) with the rows of `window` only.
  private func judge(_ update: BatchUpdate, _ old: [[Row]], _ new: [[Row]], window: VisibleRows?)
    -> CaseResult
  {
    let verdict = SimulatedTableView(old, options: simulation)
      .performBatchUpdates(update, dataSource: new)
    if verdict.isValid, let window, !update.reloadRows.isEmpty || !update.reconfigureRows.isEmpty {
      let windowed = SimulatedTableView(old, options: simulation.showing(window))
        .performBatchUpdates(update, dataSource: new)
      if !windowed.isValid {
        return CaseResult(update: update, verdict: windowed, error: nil, visibleRows: window)
      }
    }
    return CaseResult(update: update, verdict: verdict, error: nil)
  }
}

/// Runs cases through a generator of any shape and judges its changes under
/// a contract with `ContractGenerator.judge`: staged batches stage by stage,
/// sequential steps step by step, and any changes under a contract other
/// than their own (the mix-up a user would make). Several sections a side
/// for a sectioned generator (`ContractGenerator.isSectioned`), else one.
struct ContractCaseRunner: CaseRunning {
  let generator: ContractGenerator
  let contract: Contract
  let simulation: SimulationOptions
  let isSectioned: Bool

  init(_ generator: ContractGenerator, under contract: Contract?, simulation: SimulationOptions) {
    self.generator = generator
    self.contract = contract ?? generator.contract
    self.simulation = simulation
    isSectioned = generator.isSectioned
  }

  var name: String { generator.name }
  var ownContract: Contract { generator.contract }

  func run(_ old: [[Row]], _ new: [[Row]], window: VisibleRows?) -> CaseResult? {
    let changes: ContractChanges
    do throws(GeneratorError) {
      guard let answered = try generator.changes(from: old, to: new) else { return nil }
      changes = answered
    } catch {
      return CaseResult(update: nil, verdict: nil, error: error)
    }
    var verdict = generator.judge(changes, sections: old, new, under: contract, options: simulation)
    var visibleRows = VisibleRows.all
    if verdict.isValid, let window, changes.reloadsOrReconfigures {
      let windowed = generator.judge(
        changes, sections: old, new, under: contract, options: simulation.showing(window))
      if !windowed.isValid {
        verdict = windowed
        visibleRows = window
      }
    }
    var update: BatchUpdate?
    if case .batch(let batch) = changes { update = batch }
    return CaseResult(
      update: update, verdict: verdict.verdict, error: nil, contract: (changes, verdict),
      visibleRows: visibleRows)
  }
}

extension BatchUpdate {
  /// The names of the update's non-empty operation lists, in the case
  /// format's order: `deleteSections`, ..., `reconfigureRows`; `nothing`
  /// for an empty update.
  var operationNames: [String] {
    let lists: [(String, Bool)] = [
      ("deleteSections", deleteSections.isEmpty), ("insertSections", insertSections.isEmpty),
      ("reloadSections", reloadSections.isEmpty), ("moveSections", moveSections.isEmpty),
      ("deleteRows", deleteRows.isEmpty), ("insertRows", insertRows.isEmpty),
      ("reloadRows", reloadRows.isEmpty), ("moveRows", moveRows.isEmpty),
      ("reconfigureRows", reconfigureRows.isEmpty),
    ]
    let names = lists.filter { !$0.1 }.map(\.0)
    return names.isEmpty ? ["nothing"] : names
  }
}
