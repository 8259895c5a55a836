extension CheckRun {
  /// Shrinks a failing case and writes down everything a person needs: the
  /// minimal pair, the update the generator returns for it and its verdict,
  /// the shrink statistics, the replay (`ReplayRecipe`) and the corpus line.
  ///
  /// A candidate fails "the same way" when it has the same verdict kind and
  /// rule, the same generator error kind, or a valid update that breaches
  /// the same waste limit (`FailureKind`). A random
  /// case's `window` (the rows on screen it is also judged with) stays the
  /// same while the pair shrinks.
  ///
  /// The failure reported is always the one given (`kind`): when
  /// neither the shrunk pair nor the case itself fails so again (a generator
  /// that answers differently from run to run), the case is reported as it
  /// first failed, with `firstMessage`, unshrunk.
  ///
  /// - Parameters:
  ///   - firstWaste: the waste breach when the case first ran, if it is one.
  ///   - shrink: false for a pair known to be a smallest one.
  func makeFailure(
    phase: CheckPhase, index: Int?, caseSeed: UInt64?, old: [[Row]], new: [[Row]],
    kind: FailureKind, firstMessage: String, firstWaste: WasteBreach? = nil,
    occurrences: Int,
    caseName: String? = nil, window: VisibleRows? = nil, shrink: Bool = true
  ) -> CheckFailure {
    let runner = runner
    // An interrupted run asks nothing more of the generator.
    let rerun = !interrupted
    let track = { (old: [[Row]], new: [[Row]]) in self.track(nil, old, new) }
    let shrunk = Shrinker.shrink(
      old: old, new: new, budget: shrink && rerun ? options.shrinkBudget : 0
    ) { old, new in
      track(old, new)
      return failsAgain(old, new, window: window, as: kind)
    }
    var minimal = (old: shrunk.old, new: shrunk.new)
    if rerun { track(minimal.old, minimal.new) }
    var result = rerun ? runner.run(minimal.old, minimal.new, window: window) : nil
    if rerun, result?.kind != kind {
      // A shrinker must return a pair that still fails; if not, keep the original.
      minimal = (old, new)
      track(old, new)
      result = runner.run(old, new, window: window)
    }
    if !rerun {
      result = CaseResult(notRerun: kind, message: firstMessage)
    } else if result?.kind != kind {
      // Not even the case fails so again: report it as it first failed.
      result = CaseResult(unreproduced: kind, message: firstMessage, waste: firstWaste)
    }
    // The options that judged the failure, its rows on screen included: a
    // case's window, or the run's own rows on screen when it failed without one.
    let window = result?.visibleRows ?? .all
    let simulation = options.simulation.showing(
      window == .all ? options.simulation.visibleRows : window)
    let verdict = result?.verdict
    let error = result?.error
    let contract = result?.contract
    let originalSize = GeneratedCase(old: old, new: new).rowCount
    let name = report.generator
    let label = caseSeed.map(hexSeed) ?? String(index ?? 0)
    // The changes as judged: read under the run's contract. The corpus line
    // holds them, so that replaying it gives the same verdict, and the trace
    // follows them.
    let judged: ContractChanges?
    if let contract {
      judged = contract.changes.read(as: runner.contract, old: minimal.old, new: minimal.new)
    } else {
      judged = result?.update.map(ContractChanges.batch)
    }
    var failure = CheckFailure(
      phase: phase, index: index, caseSeed: caseSeed, verdict: error == nil ? verdict : nil,
      error: error, coverage: nil, old: minimal.old, new: minimal.new, update: result?.update,
      originalSize: originalSize, shrinkCalls: shrunk.calls,
      shrinkImprovements: shrunk.improvements, occurrences: occurrences,
      trace: trace(minimal.old, minimal.new, result, judged: judged, simulation: simulation),
      replayCommand: nil, corpusLine: nil, message: result?.message ?? "")
    failure.replay = replayRecipe(
      caseSeed: caseSeed, old: minimal.old, new: minimal.new, simulation: simulation)
    if case .verdict(_, _, let variant) = kind { failure.verdictVariant = variant }
    failure.position = contract?.verdict.position
    failure.waste = result?.waste
    failure.visibleRows = simulation.visibleRows
    let lineName = caseName ?? "\(name)-\(phase.rawValue)-\(label)"
    failure.corpusLine = CaseJSON.caseLine(
      name: lineName, simulation: simulation, old: minimal.old, new: minimal.new, changes: nil,
      contract: runner.contract, verdict: .valid)
    failure.caseLine = CaseJSON.caseLine(
      name: lineName, simulation: simulation, old: minimal.old, new: minimal.new, changes: judged,
      contract: runner.contract, verdict: error == nil && judged != nil ? verdict : nil)
    if let contract {
      failure.changes = contract.changes
      failure.validUnder = contract.verdict.validUnder
      failure.advice = contract.verdict.advice
    }
    return failure
  }

  /// Whether the pair fails as `kind` says: what a smaller pair must
  /// do to replace a failure's. A timeout must happen twice in a row: one
  /// may only have waited for a busy machine.
  func failsAgain(
    _ old: [[Row]], _ new: [[Row]], window: VisibleRows? = nil, as kind: FailureKind
  ) -> Bool {
    guard runner.run(old, new, window: window)?.kind == kind else { return false }
    guard case .generatorError(.timedOut) = kind else { return true }
    return runner.run(old, new, window: window)?.kind == kind
  }

  /// What happened to the changes on the minimal pair, step by step: the
  /// simulation of a batch update (`SimulatedTableView.trace`), each stage's
  /// simulation, or the rows after each step, up to the one that failed.
  /// Empty when the generator threw. Bounded as a `TraceLog` is: the first
  /// and the last lines, with `… N more steps` between.
  ///
  /// - Parameter judged: the changes read under the run's contract (the
  ///   update of a batch run); nil when they cannot be read so.
  func trace(
    _ old: [[Row]], _ new: [[Row]], _ result: CaseResult?, judged: ContractChanges?,
    simulation: SimulationOptions
  ) -> [String] {
    guard let result, result.error == nil else { return [] }
    guard let contract = result.contract else {
      guard case .batch(let update)? = judged else { return [] }
      return SimulatedTableView(old, options: simulation)
        .trace(update, dataSource: new).lines
    }
    guard let read = judged else {
      return ["the \(contract.changes.contract) cannot be read as \(runner.contract)"]
    }
    let log = TraceLog()
    if read != contract.changes {
      log.append("read as \(runner.contract): \(CaseJSON.field(read))")
    }
    switch read {
    case .batch(let update):
      _ = SimulatedTableView(old, options: simulation).trace(update, dataSource: new, into: log)
    case .staged(let stages):
      var previous = old
      for (number, stage) in zip(1..., stages) {
        log.append("stage \(number):")
        log.indent = "  "
        _ = SimulatedTableView(previous, options: simulation)
          .trace(stage.update, dataSource: stage.data, into: log)
        log.indent = ""
        if number == contract.verdict.stage { break }
        previous = stage.data
      }
    case .steps(let steps):
      var data = old
      log.append("rows: \(CaseJSON.sections(data))")
      for (number, step) in zip(1..., steps) {
        guard StepApplier.apply(step, to: &data) else {
          log.append("step \(number): \(step): out of range")
          break
        }
        log.append("step \(number): \(step) -> \(CaseJSON.sections(data))")
      }
    }
    return log.lines
  }

  /// How to run the failing case again, as data: the generator, the case
  /// seed and the minimal pair, and the options that change the case or its
  /// verdict. `simulation` is the one that judged the failure, its rows on
  /// screen included.
  func replayRecipe(
    caseSeed: UInt64?, old: [[Row]], new: [[Row]], simulation: SimulationOptions
  ) -> ReplayRecipe {
    ReplayRecipe(
      generator: report.generator, external: nil, caseSeed: caseSeed, old: old,
      new: new, judgedAs: runner.contract != runner.ownContract ? runner.contract : nil,
      maxSize: options.maxSize, identityOnly: options.identityOnly, simulation: simulation,
      maxMoveRatio: options.maxMoveRatio, rejectsUnneededDeletes: options.rejectsUnneededDeletes)
  }
}
