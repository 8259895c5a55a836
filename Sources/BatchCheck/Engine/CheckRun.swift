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
  /// machine's share of them, in a sharded run).
  var exhaustiveFinished = false

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

  /// Whether the run has ended at its first failure.
  var stopped: Bool { options.stopAtFirstFailure && report.failedCases > 0 }

  /// Phase 1: the regression corpus.
  mutating func runCorpus() {
    runPairs(.corpus, options.regressions.lazy.map { ($0.old, $0.new) })
  }

  /// Phase 2: every pair up to `exhaustiveTotal` rows in all, one section a
  /// side, contents varied up to `exhaustiveContentTotal`.
  mutating func runExhaustive() {
    guard let pairs = options.exhaustivePairs, !stopped else { return }
    report.exhaustiveTotal = pairs.maxTotal
    report.exhaustiveContentTotal = pairs.contentTotal
    runPairs(.exhaustive, pairs.lazy.map { ([$0.old], [$0.new]) })
  }

  /// Runs a phase of given pairs in order, and keeps the first pair of each
  /// distinct failure for `finishFailures`.
  private mutating func runPairs<Pairs: Sequence>(_ phase: CheckPhase, _ pairs: Pairs)
  where Pairs.Element == ([[Row]], [[Row]]) {
    guard !stopped else { return }
    var ran = 0
    var tally = FailureTally()
    let shard = options.shard
    var iterator = pairs.enumerated().lazy.filter { shard?.contains($0.offset) ?? true }
      .makeIterator()
    // Counted in order, up to the first failure when the run stops there.
    var stopped = false
    let stopAtFirstFailure = options.stopAtFirstFailure
    var skipped = 0
    // The pair of each kind's first case, kept for shrinking.
    var firstPairs: [FailureSignature: (old: [[Row]], new: [[Row]])] = [:]
    var seen = 0
    var edits = EditTotals()
    let phaseProgress = options.phaseProgress
    let total = phase == .corpus ? shard?.share(of: options.regressions.count) ?? options.regressions.count : nil
    runner.stream(
      next: {
        guard !stopped, let (index, (old, new)) = iterator.next() else { return nil }
        return PendingCase(index: index, old: old, new: new, window: nil)
      },
      each: { pending, result in
        guard !stopped else { return }
        seen &+= 1
        if seen % 512 == 0 { phaseProgress?(phase, seen, total) }
        guard let result else {
          skipped &+= 1
          return
        }
        ran &+= 1
        // Every valid batch update counts, a breach of a waste limit too.
        edits.add(result, old: pending.old, new: pending.new)
        guard let signature = result.signature else { return }
        tally.add(signature, at: pending.index, message: result.detail, waste: result.waste)
        if firstPairs[signature] == nil { firstPairs[signature] = (pending.old, pending.new) }
        if stopAtFirstFailure { stopped = true }
      })
    phaseProgress?(phase, seen, seen)
    report.skippedCases &+= skipped
    report.addEdits(edits)
    switch phase {
    case .corpus: report.corpusCases = ran
    case .exhaustive:
      report.exhaustiveCases = ran
      exhaustiveFinished = !stopped
    case .random: report.randomCases = ran
    }
    report.failedCases &+= tally.failed
    for (signature, entry) in tally.firsts.sorted(by: { $0.value.first < $1.value.first }) {
      guard let pair = firstPairs[signature] else { continue }
      found.append(
        FoundFailure(
          phase: phase, index: entry.first, caseSeed: nil, old: pair.old, new: pair.new,
          signature: signature, message: entry.message, waste: entry.waste, occurrences: entry.count,
          window: nil))
    }
  }

  /// Appends a coverage failure for each statistic below its floor.
  mutating func checkCoverage() {
    guard options.shard == nil else { return }
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
  var firsts: [FailureSignature: Entry] = [:]

  mutating func add(
    _ signature: FailureSignature, at index: Int, message: @autoclosure () -> String,
    waste: WasteBreach? = nil
  ) {
    failed &+= 1
    add(signature, Entry(first: index, count: 1, message: "", waste: waste), message: message)
  }

  mutating func add(_ other: FailureTally) {
    failed &+= other.failed
    for (signature, entry) in other.firsts {
      add(signature, entry) { entry.message }
    }
  }

  private mutating func add(
    _ signature: FailureSignature, _ entry: Entry, message: () -> String
  ) {
    guard var mine = firsts[signature] else {
      firsts[signature] = Entry(first: entry.first, count: entry.count, message: message(), waste: entry.waste)
      return
    }
    mine.count &+= entry.count
    if entry.first < mine.first {
      mine.first = entry.first
      mine.message = message()
      mine.waste = entry.waste
    }
    firsts[signature] = mine
  }

  /// The lowest failing index, if any.
  var firstIndex: Int? { firsts.values.map(\.first).min() }
}
