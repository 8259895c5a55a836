extension CheckRun {
  /// Shrinks a failing case and writes down everything a person needs: the
  /// minimal pair, the update the generator returns for it and its verdict,
  /// the shrink statistics, the replay (`ReplayRecipe`) and the corpus line.
  ///
  /// A candidate fails "the same way" when it has the same `FailureKind`:
  /// the same verdict kind, rule and variant, the same generator error
  /// kind, or a valid update that breaches the same waste limit. A random
  /// case's `window` (the rows on screen it is also judged with) stays the
  /// same while the pair shrinks.
  ///
  /// The failure reported is always the one given (`kind`): when
  /// neither the shrunk pair nor the case itself fails so again (a generator
  /// that answers differently from run to run), the case is reported as it
  /// first failed, with `firstMessage`, unshrunk.
  ///
  /// The smallest pair is described by the judgement the shrinker kept
  /// (`Shrinker.shrink(old:new:budget:judge:)`): it is not judged again.
  ///
  /// - Parameters:
  ///   - firstWaste: the waste breach when the case first ran, if it is one.
  ///   - shrink: false for a pair known to be a smallest one.
  ///   - judged: the case's judgement when the caller has just made it (a
  ///     smaller pair the search below found); nil to judge it again.
  func makeFailure(
    phase: CheckPhase, index: Int?, caseSeed: UInt64?, old: [[Row]], new: [[Row]],
    kind: FailureKind, firstMessage: String, firstWaste: WasteBreach? = nil,
    occurrences: Int,
    caseName: String? = nil, window: VisibleRows? = nil, shrink: Bool = true,
    judged: CaseResult? = nil
  ) -> CheckFailure {
    let (minimal, shrunk, result) = shrinkAndJudge(
      old: old, new: new, kind: kind, firstMessage: firstMessage, firstWaste: firstWaste,
      window: window, shrink: shrink, judged: judged)
    return describe(
      minimal, result: result, shrunk: shrunk,
      originalSize: GeneratedCase(old: old, new: new).rowCount,
      phase: phase, index: index, caseSeed: caseSeed, kind: kind, occurrences: occurrences,
      caseName: caseName)
  }

  /// Shrinks a case that fails as `kind` and gives the smallest pair with
  /// its judgement: the one the shrinker kept, or, when it kept no smaller
  /// pair, the case judged once more, on purpose, so that a generator that
  /// answers differently from run to run is told apart (a timeout is then
  /// confirmed as every candidate's is, twice in a row). A case that does
  /// not fail so again is reported as it first failed; an interrupted run
  /// asks nothing more of the generator.
  private func shrinkAndJudge(
    old: [[Row]], new: [[Row]], kind: FailureKind, firstMessage: String,
    firstWaste: WasteBreach?, window: VisibleRows?, shrink: Bool, judged: CaseResult?
  ) -> (minimal: (old: [[Row]], new: [[Row]]), shrunk: ShrinkResult, result: CaseResult) {
    guard !interrupted else {
      return (
        (old, new), ShrinkResult(old: old, new: new, calls: 0, improvements: 0),
        CaseResult(notRerun: kind, message: firstMessage)
      )
    }
    let shrunk = Shrinker.shrink(old: old, new: new, budget: shrink ? options.shrinkBudget : 0) {
      old, new in
      self.track(nil, old, new)
      return judgedAgain(old, new, window: window, as: kind)
    }
    if let last = shrunk.last {
      return ((shrunk.result.old, shrunk.result.new), shrunk.result, last)
    }
    let again: CaseResult?
    if let judged {
      again = judged
    } else {
      track(nil, old, new)
      again = runner.run(old, new, window: window)
    }
    if let again, again.kind == kind { return ((old, new), shrunk.result, again) }
    // Not even the case fails so again: report it as it first failed.
    return (
      (old, new), shrunk.result,
      CaseResult(unreproduced: kind, message: firstMessage, waste: firstWaste)
    )
  }

  /// The failure of the smallest pair, written down from its judgement:
  /// the update and verdict, the trace, the replay, the corpus and case lines.
  private func describe(
    _ minimal: (old: [[Row]], new: [[Row]]), result: CaseResult, shrunk: ShrinkResult,
    originalSize: Int, phase: CheckPhase, index: Int?, caseSeed: UInt64?, kind: FailureKind,
    occurrences: Int, caseName: String?
  ) -> CheckFailure {
    // The options that judged the failure, its rows on screen included: a
    // case's window, or the run's own rows on screen when it failed without one.
    let window = result.visibleRows
    let simulation = options.simulation.showing(
      window == .all ? options.simulation.visibleRows : window)
    let verdict = result.verdict
    let error = result.error
    let contract = result.contract
    let name = report.generator
    let label = caseSeed.map(hexSeed) ?? String(index ?? 0)
    // The changes as judged: read under the run's contract. The corpus line
    // holds them, so that replaying it gives the same verdict, and the trace
    // follows them.
    let judged: ContractChanges?
    if let contract {
      judged = contract.changes.read(as: runner.contract, old: minimal.old, new: minimal.new)
    } else {
      judged = result.update.map(ContractChanges.batch)
    }
    var failure = CheckFailure(
      phase: phase, index: index, caseSeed: caseSeed, verdict: error == nil ? verdict : nil,
      error: error, coverage: nil, old: minimal.old, new: minimal.new, update: result.update,
      originalSize: originalSize, shrinkCalls: shrunk.calls,
      shrinkImprovements: shrunk.improvements, occurrences: occurrences,
      trace: trace(minimal.old, minimal.new, result, judged: judged, simulation: simulation),
      replayCommand: nil, corpusLine: nil, message: result.message)
    failure.replay = replayRecipe(
      caseSeed: caseSeed, old: minimal.old, new: minimal.new, simulation: simulation)
    if case .verdict(_, _, let variant) = kind { failure.verdictVariant = variant }
    failure.position = contract?.verdict.position
    failure.waste = result.waste
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

  /// The pair's judgement when it fails as `kind` says, else nil: what a
  /// smaller pair must do to replace a failure's. A timeout must happen
  /// twice in a row (the pair is run again on purpose): one may only have
  /// waited for a busy machine.
  func judgedAgain(
    _ old: [[Row]], _ new: [[Row]], window: VisibleRows? = nil, as kind: FailureKind
  ) -> CaseResult? {
    guard let result = runner.run(old, new, window: window), result.kind == kind else { return nil }
    guard case .generatorError(.timedOut) = kind else { return result }
    guard let again = runner.run(old, new, window: window), again.kind == kind else { return nil }
    return again
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
