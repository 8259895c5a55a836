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

/// What every runner shares: the run with every row on screen, and the
/// stream of cases one at a time.
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
  /// The random case's seed; nil for a corpus or exhaustive pair.
  var caseSeed: UInt64? = nil
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

/// Runs cases through one batch generator and the simulated table.
///
/// The runner is not generic over the generator: the generator is called
/// through its protocol, once a case, and everything around that call (the
/// runner, `CheckRun`, the phases, the simulator) is compiled for this one
/// type, so a run of a generator chosen at run time (`--generator`) does no
/// generic-metadata lookup a case.
struct CaseRunner: CaseRunning {
  let generator: any DeltaGenerator
  /// The same generator, when it diffs several sections.
  let sectioned: (any SectionedDeltaGenerator)?
  /// The same generator, when it answers several cases at once.
  let pipelined: (any PipelinedDeltaGenerator)?
  let simulation: SimulationOptions

  init(_ generator: some DeltaGenerator, simulation: SimulationOptions) {
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
  /// The update moves into the result, uncopied.
  private func judge(
    _ update: consuming BatchUpdate, _ old: [[Row]], _ new: [[Row]], window: VisibleRows?
  ) -> CaseResult {
    var verdict = SimulatedTableView(old, options: simulation)
      .performBatchUpdates(update, dataSource: new)
    var visibleRows = VisibleRows.all
    if verdict.isValid, let window, !update.reloadRows.isEmpty || !update.reconfigureRows.isEmpty {
      let windowed = SimulatedTableView(old, options: simulation.showing(window))
        .performBatchUpdates(update, dataSource: new)
      if !windowed.isValid { (verdict, visibleRows) = (windowed, window) }
    }
    return CaseResult(
      update: consume update, verdict: verdict, error: nil, visibleRows: visibleRows)
  }
}
