/// Checks a generator on the regression corpus, every small pair, then
/// random cases, and shrinks what fails.
///
///     let report = check(MyDiff(), options: CheckOptions(count: 5_000))
///     print(report.renderText())   // ... "52809 passed, 0 failed"
///
/// The phases, in order: `options.regressions`; every pair with at most
/// `options.exhaustiveTotal` rows in all (`ExhaustivePairs`); then
/// `options.count` random cases (`GeneratedCase`, case *i* made from
/// `SplitMix64.caseSeed(run: options.seed, index: i)`). A case fails when the
/// generator's update is not valid or the generator throws. Every case runs,
/// and the report lists each kind of failure once (verdict, rule and
/// variant, or generator error kind), smallest first: each kind's first case
/// is shrunk with `Shrinker`, then every smaller pair is searched
/// (`CheckFailure.minimality`; free when the exhaustive phase ran them). With
/// `stopAtFirstFailure` the run ends at its first failing case instead (its
/// cases are still counted). Finally, when at least 1,000 random cases ran,
/// the random cases must reach the floors of `CoverageStatistic`.
///
/// A generator that conforms to `SectionedDeltaGenerator` also gets random
/// cases of several sections; one that does not gets one section a side, and
/// regression pairs of another shape are skipped (`CheckReport.skippedCases`).
///
/// - Parameters:
///   - generator: the delta generator under test.
///   - options: seed, phase sizes, corpus, shrink budget, simulation.
/// - Returns: the report; the same options give the same report, bit for bit.
/// - Complexity: O(*p* × *g*), where *p* is the number of cases run and *g*
///   the cost of one case (generation O(*n* log *n*) for *n* rows, plus the
///   generator and the simulation), plus the shrinking of each failure.
public func check(
  _ generator: some DeltaGenerator, options: CheckOptions = CheckOptions()
) -> CheckReport {
  var run = CheckRun(options: options) { CaseRunner(generator, simulation: $0) }
  run.runAll()
  return run.report
}

/// `check(_:options:)` with the random phase split across concurrent tasks.
///
///     let report = await check(MyDiff(), options: CheckOptions(count: 100_000), workers: 2)
///
/// Chunks of consecutive random cases run on up to `workers` child tasks and
/// merge in case order, so the report is identical to the one
/// `check(_:options:)` gives, whatever `workers` is: the failure reported is
/// the one with the lowest case index. The corpus and exhaustive phases and
/// the shrinking run on the calling task.
///
/// - Parameters:
///   - generator: the delta generator under test.
///   - options: as for `check(_:options:)`.
///   - workers: the most chunks running at once; below 1 reads as 1. The
///     number of cores is a good choice.
/// - Returns: the report.
/// - Complexity: as `check(_:options:)`, divided among the workers.
public func check<Generator: DeltaGenerator>(
  _ generator: Generator, options: CheckOptions = CheckOptions(), workers: Int
) async -> CheckReport {
  var run = CheckRun(options: options) { CaseRunner(generator, simulation: $0) }
  await run.runAll(workers: workers)
  return run.report
}

/// Runs one random case from its seed alone, as the run that found it made it.
///
///     replay(MyDiff(), caseSeed: 0x9c2f_1e0a_3b4d_5e6f).failures.first?.old
///
/// The case is `GeneratedCase.make(seed: caseSeed, maxSize: options.maxSize,
/// sections: generator is SectionedDeltaGenerator, identityOnly:
/// options.identityOnly)`: the same function as the random phase, so pass
/// the original run's `maxSize`, `identityOnly` and `simulation`. A failure
/// is shrunk as in a run. Only those and `shrinkBudget` are read.
///
/// - Parameters:
///   - generator: the delta generator under test.
///   - caseSeed: the case seed a report printed.
///   - options: the original run's options.
/// - Returns: a report of one random case (`replayedCaseSeed` set); no
///   coverage floors apply.
/// - Complexity: one case, plus its shrinking.
public func replay(
  _ generator: some DeltaGenerator, caseSeed: UInt64, options: CheckOptions = CheckOptions()
) -> CheckReport {
  var run = CheckRun(options: options) { CaseRunner(generator, simulation: $0) }
  run.runCase(seed: caseSeed)
  return run.report
}

extension CheckRun {
  /// Every phase on this thread: corpus, exhaustive, random, coverage.
  mutating func runAll() {
    runCorpus()
    runExhaustive()
    let random = stopped ? nil : randomChunks()
    if let random { mergeRandom(random) }
    finishFailures()
    if random != nil { checkCoverage() }
  }

  /// Every phase, the random one on `workers` concurrent tasks.
  mutating func runAll(workers: Int) async {
    runCorpus()
    runExhaustive()
    let random = stopped ? nil : await randomChunks(workers: workers)
    if let random { mergeRandom(random) }
    finishFailures()
    if random != nil { checkCoverage() }
  }
}
