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
  static func runChunk(
    _ chunk: Int, runner: WasteCheckedRunner<Runner>, options: CheckOptions
  ) -> ChunkResult {
    let start = chunk &* chunkSize
    let end = options.count &- start > chunkSize ? start &+ chunkSize : options.count
    var result = ChunkResult(start: start)
    var scratch = StatisticsScratch()
    let sections = runner.isSectioned
    var indexes = (start..<max(start, end)).lazy.filter { options.shard?.contains($0) ?? true }
      .makeIterator()
    // Cases are counted in order, up to the first failure when the run stops
    // there; a generator that keeps cases in flight may have answered a few
    // more, which are not counted.
    var stopped = false
    runner.stream(
      next: {
        guard !stopped, let index = indexes.next() else { return nil }
        let seed = SplitMix64.caseSeed(run: options.seed, index: index)
        let generated = GeneratedCase.make(
          seed: seed, maxSize: options.maxSize, sections: sections, profile: options.profile)
        let window = GeneratedCase.window(seed: seed, old: generated.old)
        return PendingCase(index: index, old: generated.old, new: generated.new, window: window)
      },
      each: { pending, outcome in
        guard !stopped else { return }
        result.statistics.record(pending.old, pending.new, scratch: &scratch)
        result.ran &+= 1
        guard let outcome else { return }
        // Every valid batch update counts, a breach of a waste limit too.
        result.edits.add(outcome, old: pending.old, new: pending.new)
        guard let signature = outcome.signature else { return }
        result.tally.add(signature, at: pending.index, message: outcome.detail, waste: outcome.waste)
        if options.stopAtFirstFailure { stopped = true }
      })
    return result
  }

  /// The random phase on this thread, chunk after chunk.
  func randomChunks() -> [ChunkResult] {
    var results: [ChunkResult] = []
    var done = 0
    let total = options.shard?.share(of: options.count) ?? options.count
    for chunk in 0..<chunkCount {
      let result = Self.runChunk(chunk, runner: runner, options: options)
      results.append(result)
      done &+= result.ran
      options.progress?(done, total)
      if options.stopAtFirstFailure, result.tally.failed > 0 { break }
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
      while next < chunkCount, next < workers {
        let chunk = next
        group.addTask { Self.runChunk(chunk, runner: runner, options: options) }
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
        if next < chunkCount, next &* Self.chunkSize < firstFailure {
          let chunk = next
          group.addTask { Self.runChunk(chunk, runner: runner, options: options) }
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
    for chunk in chunks.sorted(by: { $0.start < $1.start }) {
      report.randomCases &+= chunk.ran
      report.statistics.add(chunk.statistics)
      report.addEdits(chunk.edits)
      tally.add(chunk.tally)
      if options.stopAtFirstFailure, chunk.tally.failed > 0 { break }
    }
    report.failedCases &+= tally.failed
    for (signature, entry) in tally.firsts.sorted(by: { $0.value.first < $1.value.first }) {
      let seed = SplitMix64.caseSeed(run: options.seed, index: entry.first)
      let generated = GeneratedCase.make(
        seed: seed, maxSize: options.maxSize, sections: runner.isSectioned,
        profile: options.profile)
      found.append(
        FoundFailure(
          phase: .random, index: entry.first, caseSeed: seed, old: generated.old,
          new: generated.new, signature: signature, message: entry.message, waste: entry.waste,
          occurrences: entry.count,
          window: GeneratedCase.window(seed: seed, old: generated.old)))
    }
  }

  /// One random case from its seed alone: what `replay` runs.
  mutating func runCase(seed: UInt64) {
    let generated = GeneratedCase.make(
      seed: seed, maxSize: options.maxSize, sections: runner.isSectioned, profile: options.profile)
    var scratch = StatisticsScratch()
    report.statistics.record(generated.old, generated.new, scratch: &scratch)
    report.replayedCaseSeed = seed
    let window = GeneratedCase.window(seed: seed, old: generated.old)
    guard let result = runner.run(generated.old, generated.new, window: window) else {
      report.skippedCases &+= 1
      return
    }
    report.randomCases = 1
    guard let signature = result.signature else { return }
    report.failedCases = 1
    found.append(
      FoundFailure(
        phase: .random, index: nil, caseSeed: seed, old: generated.old, new: generated.new,
        signature: signature, message: result.detail, waste: result.waste, occurrences: 1,
        window: window))
    finishFailures()
  }
}
