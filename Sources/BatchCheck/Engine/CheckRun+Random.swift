/// What one chunk of consecutive random cases gave.
struct ChunkResult: Sendable {
  /// The chunk's first case index.
  var start: Int
  /// Cases run (fewer than the chunk's size when it stopped at a failure).
  var ran = 0
  var statistics = CaseStatistics()
  var tally = FailureTally()
  /// The edit size of the chunk's valid updates.
  var edits = EditTotals()
  /// The random phase's generator errors up to the chunk's end (those of
  /// the chunks before it, as far as known when it started, and its own).
  var errors = 0
  /// Why the chunk ended early: the phase's crash limit, or an interruption.
  var stop: IncompletePhase.Reason?
  /// Cases skipped as predicted crashes (`CrashPredictor`).
  var predictedCrashes = 0
  /// The predictor as the chunk left it, its probes counted.
  var predictor = CrashPredictor()
}

extension CheckRun {
  /// Random cases per chunk: the unit of work of a worker.
  static var chunkSize: Int { 512 }

  /// The number of chunks of the random phase.
  var chunkCount: Int {
    let count = options.count
    return count / Self.chunkSize + (count % Self.chunkSize == 0 ? 0 : 1)
  }

  /// Runs random cases `start..<start + chunkSize` (fewer at the end),
  /// stopping at the first failure when the run stops at failures.
  ///
  /// - Complexity: O(*c* × (*n* log *n* + *g*)), where *c* is the chunk's
  ///   size, *n* the rows of a case and *g* the cost of the generator and the
  ///   simulation on it.
  ///
  /// - Parameter errorsSoFar: the phase's generator errors before this
  ///   chunk, for `CheckOptions.maxCrashes`.
  ///   - predictor: the crashes learned so far, whose cases are skipped.
  static func runChunk(
    _ chunk: Int, runner: WasteCheckedRunner<Runner>, options: CheckOptions, errorsSoFar: Int = 0,
    predictor: CrashPredictor = CrashPredictor()
  ) -> ChunkResult {
    let start = chunk &* chunkSize
    let end = options.count &- start > chunkSize ? start &+ chunkSize : options.count
    var result = ChunkResult(start: start)
    let sections = runner.isSectioned
    var indexes = (start..<max(start, end)).lazy.filter { options.shard?.contains($0) ?? true }
      .makeIterator()
    // A case held back while a probe's outcome is awaited.
    var held: PendingCase?
    var loop = PhaseLoop(
      .random, generator: runner.name, options: options, predictor: predictor,
      errorsSoFar: errorsSoFar)
    // The loop counts the statistics of every case it is answered, from the
    // numbers the edit size reads too.
    loop.statistics = CaseStatistics()
    loop.run(
      runner,
      take: {
        if let kept = held {
          held = nil
          return kept
        }
        guard let index = indexes.next() else { return nil }
        let seed = SplitMix64.caseSeed(run: options.seed, index: index)
        let generated = GeneratedCase.make(seed: seed, sections: sections, options: options)
        let window = GeneratedCase.window(seed: seed, old: generated.old)
        var pending = PendingCase(
          index: index, old: generated.old, new: generated.new, window: window)
        pending.caseSeed = seed
        return pending
      },
      skip: {},
      hold: { held = $0 },
      answered: { _, _ in
        result.ran &+= 1
        return true
      },
      dropped: { _, _ in },
      // A chunk does not learn: the phase learns between chunks (`randomChunks`).
      learn: { _, _ in false })
    result.tally = loop.tally
    result.edits = loop.edits
    result.statistics = loop.statistics ?? CaseStatistics()
    result.predictedCrashes = loop.predictedCrashes
    result.predictor = loop.predictor
    result.errors = loop.limits.errors
    result.stop = loop.limits.reason
    return result
  }

  /// The random phase on this thread, chunk after chunk.
  func randomChunks() -> [ChunkResult] {
    var results: [ChunkResult] = []
    var done = 0
    let total = options.shard?.share(of: options.count) ?? options.count
    var errors = 0
    var predictor = self.predictor
    var tally = FailureTally()
    for chunk in 0..<chunkCount {
      let result = Self.runChunk(
        chunk, runner: runner, options: options, errorsSoFar: errors, predictor: predictor)
      results.append(result)
      done &+= result.ran
      errors = result.errors
      predictor = result.predictor
      tally.add(result.tally)
      options.progress?(done, total)
      if options.stopAtFirstFailure, result.tally.failed > 0 { break }
      if result.stop == .crashBudget, learnCrashes(from: randomPairs(tally), into: &predictor) {
        errors = 0
        continue
      }
      if result.stop != nil { break }
    }
    return results
  }

  /// The random phase on `workers` concurrent tasks.
  ///
  /// Chunks are handed out in order, at most `workers` at a time; once a
  /// failure is known (when the run stops at failures), chunks after it are
  /// no longer started. Every chunk before the first failure runs in full,
  /// so `mergeRandom` sees the same cases whatever the number of workers.
  func randomChunks(workers: Int) async -> [ChunkResult] {
    let runner = runner
    let options = options
    let chunkCount = chunkCount
    let workers = max(1, workers)
    return await withTaskGroup(of: ChunkResult.self) { group in
      var next = 0
      // The phase's generator errors in the chunks finished so far, and
      // whether one of them ended the phase.
      var errors = 0
      var ended = false
      var predictor = self.predictor
      var tally = FailureTally()
      while next < chunkCount, next < workers {
        let chunk = next
        let predictor = predictor
        group.addTask {
          Self.runChunk(chunk, runner: runner, options: options, predictor: predictor)
        }
        next += 1
      }
      var firstFailure = Int.max
      var results: [ChunkResult] = []
      var done = 0
      let total = options.shard?.share(of: options.count) ?? options.count
      while let result = await group.next() {
        results.append(result)
        done &+= result.ran
        options.progress?(done, total)
        if options.stopAtFirstFailure, let index = result.tally.firstIndex {
          firstFailure = min(firstFailure, index)
        }
        errors = max(errors, result.errors)
        tally.add(result.tally)
        if result.stop == .crashBudget, learnCrashes(from: randomPairs(tally), into: &predictor) {
          errors = 0
        } else if result.stop != nil {
          ended = true
        }
        if !ended, next < chunkCount, next &* Self.chunkSize < firstFailure {
          let chunk = next
          let errorsSoFar = errors
          let predictor = predictor
          group.addTask {
            Self.runChunk(
              chunk, runner: runner, options: options, errorsSoFar: errorsSoFar,
              predictor: predictor)
          }
          next += 1
        }
      }
      return results
    }
  }

  /// Phase 3's report: merges the chunks in case order (up to the first
  /// failing chunk when the run stops at failures), and keeps the first case
  /// of each distinct failure, regenerated from its seed, for `finishFailures`.
  mutating func mergeRandom(_ chunks: [ChunkResult]) {
    guard !stopped else { return }
    var tally = FailureTally()
    var stop: IncompletePhase.Reason?
    var predictedCrashes = 0
    var predictor = self.predictor
    for chunk in chunks.sorted(by: { $0.start < $1.start }) {
      report.randomCases &+= chunk.ran
      report.statistics.add(chunk.statistics)
      report.addEdits(chunk.edits)
      tally.add(chunk.tally)
      if stop == nil || chunk.stop == .interrupted { stop = chunk.stop ?? stop }
      predictedCrashes &+= chunk.predictedCrashes
      predictor = chunk.predictor
      if options.stopAtFirstFailure, chunk.tally.failed > 0 { break }
    }
    self.predictor = predictor
    if stop != nil || predictedCrashes > 0 {
      let total = options.shard?.share(of: options.count) ?? options.count
      report.incomplete.append(
        IncompletePhase(
          phase: .random, reason: stop ?? .crashesPredicted,
          generatorErrors: tally.firsts.keys.reduce(0) { sum, kind in
            guard case .generatorError = kind else { return sum }
            return sum &+ (tally.firsts[kind]?.count ?? 0)
          },
          notRun: max(0, total - report.randomCases), predictedCrashes: predictedCrashes,
          predictions: predictor.summary))
    }
    report.failedCases &+= tally.failed
    for (kind, entry) in tally.firsts.sorted(by: { $0.value.first < $1.value.first }) {
      let seed = SplitMix64.caseSeed(run: options.seed, index: entry.first)
      let generated = GeneratedCase.make(seed: seed, sections: runner.isSectioned, options: options)
      found.append(
        FoundFailure(
          phase: .random, index: entry.first, caseSeed: seed, old: generated.old,
          new: generated.new, kind: kind, message: entry.message, waste: entry.waste,
          occurrences: entry.count,
          window: GeneratedCase.window(seed: seed, old: generated.old)))
    }
  }

  /// The random case of each generator error's first occurrence in
  /// `tally`, made again from its seed, for `learnCrashes`.
  func randomPairs(_ tally: FailureTally) -> [FailureKind: (old: [[Row]], new: [[Row]])] {
    var pairs: [FailureKind: (old: [[Row]], new: [[Row]])] = [:]
    for (kind, entry) in tally.firsts {
      guard case .generatorError = kind else { continue }
      let generated = GeneratedCase.make(
        seed: SplitMix64.caseSeed(run: options.seed, index: entry.first),
        sections: runner.isSectioned, options: options)
      pairs[kind] = (generated.old, generated.new)
    }
    return pairs
  }

  /// One random case from its seed alone: what `replay` runs.
  mutating func runCase(seed: UInt64) {
    let generated = GeneratedCase.make(
      seed: seed, sections: runner.isSectioned, options: options)
    var scratch = StatisticsScratch()
    report.statistics.record(generated.old, generated.new, scratch: &scratch)
    report.replayedCaseSeed = seed
    let window = GeneratedCase.window(seed: seed, old: generated.old)
    track(.random, caseSeed: seed, generated.old, generated.new)
    guard let result = runner.run(generated.old, generated.new, window: window) else {
      report.skippedCases &+= 1
      return
    }
    report.randomCases = 1
    guard let kind = result.kind else { return }
    report.failedCases = 1
    found.append(
      FoundFailure(
        phase: .random, index: nil, caseSeed: seed, old: generated.old, new: generated.new,
        kind: kind, message: result.detail, waste: result.waste, occurrences: 1,
        window: window))
    finishFailures()
  }
}
