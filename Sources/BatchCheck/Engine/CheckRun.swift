/// One check of one generator, phase by phase; `check` and `replay` drive it.
struct CheckRun<Runner: CaseRunning> {
  /// The generator's runner, holding valid updates to the run's waste limits.
  let runner: WasteCheckedRunner<Runner>
  /// The options, clamped.
  let options: CheckOptions
  var report: CheckReport
  /// The first case of each kind of failure of each phase, as found; shrunk
  /// and listed by `finishFailures`.
  var found: [FoundFailure] = []
  /// Whether the exhaustive phase ran every one of its pairs (this
  /// machine's share of them, in a sharded run), but those predicted to crash.
  var exhaustiveFinished = false
  /// The cases the generator crashes or hangs on, learned at a phase's
  /// crash limit and kept for the phases after it.
  var predictor = CrashPredictor()

  /// - Parameter makeRunner: the runner for the clamped options' simulation.
  init(options: CheckOptions, _ makeRunner: (SimulationOptions) -> Runner) {
    let options = options.clamped
    self.options = options
    runner = WasteCheckedRunner(base: makeRunner(options.simulation), limits: options.wasteLimits)
    report = CheckReport(generator: runner.name, options: options)
    report.contract = runner.contract
    report.ownContract = runner.ownContract
    report.sectioned = runner.isSectioned
  }

  /// Whether the run has ended: at its first failure, or interrupted.
  var stopped: Bool {
    (options.stopAtFirstFailure && report.failedCases > 0) || interrupted
  }

  /// Whether a phase was interrupted (`CheckOptions.shouldStop`).
  var interrupted: Bool { report.incomplete.contains { $0.reason == .interrupted } }

  /// Phase 1: the regression corpus.
  mutating func runCorpus() {
    runPairs(.corpus, options.regressions.lazy.map { ($0.old, $0.new) })
  }

  /// Phase 2: every pair up to `exhaustiveTotal` rows in all, one section a
  /// side, contents varied up to `exhaustiveContentTotal`, then the
  /// small-alphabet family up to `smallAlphabetTotal`.
  mutating func runExhaustive() {
    guard let pairs = options.exhaustivePairs, !stopped else { return }
    report.exhaustiveTotal = pairs.maxTotal
    report.exhaustiveContentTotal = pairs.contentTotal
    report.smallAlphabetTotal = pairs.smallAlphabetTotal
    report.smallAlphabet = pairs.smallAlphabet
    runPairs(.exhaustive, pairs.lazy.map { ([$0.old], [$0.new]) })
  }

  /// Runs a phase of given pairs in order (this machine's share of them in
  /// a sharded run), and keeps the first pair of each distinct failure for
  /// `finishFailures`.
  private mutating func runPairs<Pairs: Sequence>(_ phase: CheckPhase, _ pairs: Pairs)
  where Pairs.Element == ([[Row]], [[Row]]) {
    guard !stopped else { return }
    let shard = options.shard
    var iterator = pairs.enumerated().lazy.filter { shard?.contains($0.offset) ?? true }
      .makeIterator()
    let total =
      phase == .corpus
      ? shard?.share(of: options.regressions.count) ?? options.regressions.count : nil
    let phaseProgress = options.phaseProgress
    var (seen, ran, skipped) = (0, 0, 0)
    // Cases taken from the pairs but dropped in flight when the phase
    // paused to learn a crash: they run first when it goes on.
    var requeued: [PendingCase] = []
    var loop = PhaseLoop(phase, generator: runner.name, options: options, predictor: predictor)
    if phase == .exhaustive, let pairs = options.exhaustivePairs, pairs.smallAlphabetTotal > 0 {
      loop.unmeasuredFrom = ExhaustiveKnowledge.wholePairs(pairs)
    }
    loop.run(
      runner,
      take: {
        guard
          let (index, (old, new)) = requeued.isEmpty
            ? iterator.next() : requeued.removeFirst().pair
        else { return nil }
        return PendingCase(index: index, old: old, new: new, window: nil)
      },
      skip: { seen &+= 1 },
      hold: { requeued.insert($0, at: 0) },
      answered: { _, result in
        seen &+= 1
        if seen % 512 == 0 { phaseProgress?(phase, seen, total) }
        guard result != nil else {
          skipped &+= 1
          return false
        }
        ran &+= 1
        return true
      },
      dropped: { pending, reason in if reason == .crashBudget { requeued.append(pending) } },
      learn: { learnCrashes(from: $0, into: &$1) })
    predictor = loop.predictor
    phaseProgress?(phase, seen, seen)
    record(phase, loop, seen: seen, ran: ran, skipped: skipped, total: total)
  }

  /// Writes a pairs phase's outcome into the report: whether it ended early
  /// and why, its counts and edit size, and the first case of each kind of
  /// failure it met, for `finishFailures`.
  private mutating func record(
    _ phase: CheckPhase, _ loop: PhaseLoop, seen: Int, ran: Int, skipped: Int, total: Int?
  ) {
    if loop.limits.reason != nil || loop.predictedCrashes > 0 {
      let phaseTotal: Int? =
        switch phase {
        case .corpus: total
        case .exhaustive:
          options.exhaustivePairs.map { options.shard?.share(of: $0.count) ?? $0.count }
        case .random: nil
        }
      report.incomplete.append(
        IncompletePhase(
          phase: phase, reason: loop.limits.reason ?? .crashesPredicted,
          generatorErrors: loop.limits.totalErrors,
          notRun: phaseTotal.map { max(0, $0 - seen) + loop.predictedCrashes },
          predictedCrashes: loop.predictedCrashes, predictions: loop.predictor.summary))
    }
    report.skippedCases &+= skipped
    report.addEdits(loop.edits)
    switch phase {
    case .corpus: report.corpusCases = ran
    case .exhaustive:
      report.exhaustiveCases = ran
      exhaustiveFinished = !loop.stopped && loop.limits.reason == nil
    case .random: report.randomCases = ran
    }
    report.failedCases &+= loop.tally.failed
    for (kind, entry) in loop.tally.firsts.sorted(by: { $0.value.first < $1.value.first }) {
      guard let pair = loop.firstPairs[kind] else { continue }
      found.append(
        FoundFailure(
          phase: phase, index: entry.first, caseSeed: nil, old: pair.old, new: pair.new,
          kind: kind, message: entry.message, waste: entry.waste,
          occurrences: entry.count,
          window: nil))
    }
  }

  /// The most calls of the shrinker while learning a crash.
  static var learningShrinkBudget: Int { 32 }

  /// Shrinks the first pair of each generator error `predictor` does not
  /// know yet (at most `learningShrinkBudget` calls each) and teaches it
  /// the smallest case.
  ///
  /// - Returns: whether it learned anything.
  func learnCrashes(
    from firstPairs: [FailureKind: (old: [[Row]], new: [[Row]])],
    into predictor: inout CrashPredictor
  ) -> Bool {
    var learned = false
    for (kind, pair) in firstPairs.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      guard case .generatorError = kind, !predictor.knows(kind) else { continue }
      guard options.shouldStop?() != true else { break }
      // Each call that crashes or hangs costs a restart (and a hang its
      // time limit, twice): the search is kept short.
      let budget = min(options.shrinkBudget, Self.learningShrinkBudget)
      let shrunk = Shrinker.shrink(old: pair.old, new: pair.new, budget: budget) { old, new in
        track(nil, old, new)
        return judgedAgain(old, new, as: kind) != nil
      }
      predictor.learn(kind, shrunk: shrunk)
      learned = true
    }
    return learned
  }

  /// Appends a coverage failure for each statistic below its floor.
  mutating func checkCoverage() {
    // A random phase that ended early makes no claim about its mixture.
    guard options.shard == nil, !report.incomplete.contains(where: { $0.phase == .random }) else {
      return
    }
    report.appendCoverageFailures()
  }
}

extension CheckReport {
  /// Appends a coverage failure for each statistic of `statistics` below its floor.
  mutating func appendCoverageFailures() {
    for statistic in statistics.shortfalls(
      sectioned: sectioned, identityOnly: identityOnly, maxSize: maxSize)
    {
      let count = statistic.count(in: statistics)
      failures.append(
        CheckFailure(
          phase: .random, index: nil, caseSeed: nil, verdict: nil, error: nil,
          coverage: statistic, old: [], new: [], update: nil, originalSize: 0, shrinkCalls: 0,
          shrinkImprovements: 0, occurrences: 0, trace: [], replayCommand: nil, corpusLine: nil,
          message:
            "\(statistic.rawValue): \(count) of \(counted(statistics.cases, "random case"))"
            + " (\(percentText(count, of: statistics.cases, roundingDown: true))), below the floor of"
            + " \(statistic.floorPercent)%: case generation stopped covering it"))
    }
  }
}

/// Failing cases of a phase: how many, and the first index and count of
/// each distinct failure.
struct FailureTally: Sendable {
  /// The first case of one kind of failure: where, how often, and what it said.
  struct Entry: Sendable {
    var first: Int
    var count: Int
    /// The failure's message when the first case ran: kept, should running
    /// the case again not fail so (a generator that answers differently).
    var message: String
    /// The waste breach when the first case ran, for the same reason.
    var waste: WasteBreach? = nil
  }

  var failed = 0
  var firsts: [FailureKind: Entry] = [:]

  mutating func add(
    _ kind: FailureKind, at index: Int, message: @autoclosure () -> String,
    waste: WasteBreach? = nil
  ) {
    failed &+= 1
    add(kind, Entry(first: index, count: 1, message: "", waste: waste), message: message)
  }

  mutating func add(_ other: FailureTally) {
    failed &+= other.failed
    for (kind, entry) in other.firsts {
      add(kind, entry) { entry.message }
    }
  }

  private mutating func add(
    _ kind: FailureKind, _ entry: Entry, message: () -> String
  ) {
    guard var mine = firsts[kind] else {
      firsts[kind] = Entry(
        first: entry.first, count: entry.count, message: message(), waste: entry.waste)
      return
    }
    mine.count &+= entry.count
    if entry.first < mine.first {
      mine.first = entry.first
      mine.message = message()
      mine.waste = entry.waste
    }
    firsts[kind] = mine
  }

  /// The lowest failing index, if any.
  var firstIndex: Int? { firsts.values.map(\.first).min() }
}
