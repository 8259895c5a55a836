import BatchCheckCommandLine
import Testing

@testable import BatchCheck

@Suite("Engine: check, replay, workers, floors")
struct EngineCheckTests {
  @Test("the same seed gives the same report, bit for bit; another seed another one")
  func sameSeedSameReport() {
    let options = CheckOptions.quick(count: 1_500, exhaustiveTotal: 4, stopAtFirstFailure: false)
    let first = check(EngineSubjects.forgetsLastInsertFrom12, options: options)
    let second = check(EngineSubjects.forgetsLastInsertFrom12, options: options)
    #expect(first.renderText() == second.renderText())
    #expect(first.renderJSON() == second.renderJSON())
    #expect(first == second)
    #expect(!first.passed)
    var other = options
    other.seed = 8
    #expect(
      check(EngineSubjects.forgetsLastInsertFrom12, options: other).statistics != first.statistics)
  }

  @Test("case i made alone is case i of the run, and replay runs it from its seed alone")
  func randomAccess() throws {
    let options = CheckOptions.quick(seed: 21, count: 2_000)
    let subject = EngineSubjects.forgetsLastInsert(from: 40)
    // The first case whose new side has 40 rows or more, found without the engine.
    let expectedIndex = try #require(
      (0..<2_000).first { index in
        GeneratedCase.make(seed: SplitMix64.caseSeed(run: 21, index: index), maxSize: 60)
          .new[0].count >= 40
      })
    #expect(expectedIndex > 2)  // cases before it ran and passed
    let expected = GeneratedCase.make(
      seed: SplitMix64.caseSeed(run: 21, index: expectedIndex), maxSize: 60)
    let report = check(subject, options: options)
    let failure = try #require(report.failures.first)
    #expect(failure.phase == .random)
    #expect(failure.index == expectedIndex)
    #expect(failure.caseSeed == SplitMix64.caseSeed(run: 21, index: expectedIndex))
    // shrinkBudget 0: the failure holds the generated case itself.
    #expect(failure.old == expected.old && failure.new == expected.new)
    #expect(report.randomCases == expectedIndex + 1)
    #expect(report.failedCases == 1)

    let replayed = replay(
      subject, caseSeed: try #require(failure.caseSeed),
      options: options)
    #expect(replayed.failures.first?.old == failure.old)
    #expect(replayed.failures.first?.new == failure.new)
    #expect(replayed.failures.first?.verdict == failure.verdict)
    #expect(replayed.randomCases == 1)
  }

  @Test("1, 2 or 3 workers give the report the synchronous check gives", arguments: [true, false])
  func workers(stopAtFirstFailure: Bool) async {
    let options = CheckOptions.quick(count: 3_000, stopAtFirstFailure: stopAtFirstFailure)
    let reference = check(EngineSubjects.forgetsLastInsertFrom12, options: options)
    for workers in [1, 2, 3] {
      let report = await check(
        EngineSubjects.forgetsLastInsertFrom12, options: options, workers: workers)
      #expect(report.renderText() == reference.renderText(), "workers \(workers)")
      #expect(report == reference)
    }
    if stopAtFirstFailure {
      #expect(reference.failedCases == 1)
    } else {
      // Every case ran; one failure reported for the one way it fails.
      #expect(reference.randomCases == 3_000)
      #expect(reference.failedCases > 1)
      #expect(reference.failures.count == 1)
      #expect(reference.failures.first?.occurrences == reference.failedCases)
    }
  }

  @Test("a correct generator passes every phase and the floors")
  func correctGeneratorPasses() async {
    let report = await check(
      EngineSubjects.replaceAll, options: .quick(count: 2_000, exhaustiveTotal: 5), workers: 2)
    #expect(report.passed)
    // Every pair up to 5 rows, and their content variants.
    #expect(report.exhaustiveCases == Array(ExhaustivePairs(maxTotal: 5, contentTotal: 5)).count)
    #expect(report.exhaustiveCases > Array(ExhaustivePairs(maxTotal: 5)).count)
    #expect(report.randomCases == 2_000)
    #expect(report.statistics.cases == 2_000)
    #expect(report.renderText().hasSuffix("\n\(report.casesRun) passed, 0 failed"))
  }

  @Test("a sectioned generator gets cases of several sections, and their floor")
  func sectioned() {
    let report = check(ReplaceAllSections(), options: .quick(count: 2_000))
    #expect(report.passed)
    #expect(report.statistics.withSeveralSections * 100 >= 20 * report.statistics.cases)
    // Generation crippled to one section trips the sections floor, and only it.
    var crippled = CheckOptions.quick(count: 2_000)
    crippled.mixture.severalSectionsPercent = 0
    let single = check(ReplaceAllSections(), options: crippled)
    #expect(single.failures.compactMap(\.coverage) == [.severalSections])
    // A generator that is not sectioned has no sections floor.
    #expect(check(EngineSubjects.replaceAll, options: .quick(count: 2_000)).passed)
  }

  @Test("floors fail the run when generation is crippled to an alphabet of 1")
  func floorsTrip() {
    var options = CheckOptions.quick(count: 1_000)
    options.mixture.alphabets = [1]
    let report = check(EngineSubjects.replaceAll, options: options)
    #expect(!report.passed)
    #expect(report.failedCases == 0)
    let coverage = report.failures.compactMap(\.coverage)
    #expect(coverage == [.moves])  // one identity only: nothing can change its relative order
    #expect(report.failures.first?.kind.name == "coverage")
    #expect(report.renderText().hasSuffix("\n1000 passed, 1 failed"))
    #expect(report.renderJSON().contains("\"verdict\":\"coverage\",\"rule\":null"))

    // Only distinct rows: no duplicates (and, with fewer pairs, fewer content changes).
    options.mixture.alphabets = [GeneratedCase.hugeAlphabet]
    let distinct = check(EngineSubjects.replaceAll, options: options).failures.compactMap(
      \.coverage)
    #expect(distinct.contains(.duplicates) && !distinct.contains(.moves))

    // Below 1,000 random cases no floor is enforced.
    options.count = 999
    #expect(check(EngineSubjects.replaceAll, options: options).passed)
  }

  @Test("the corpus runs first; pairs of another shape are skipped for a one-section generator")
  func corpusPhase() throws {
    let a = Row("a")
    var options = CheckOptions.quick(count: 100, exhaustiveTotal: 3)
    options.regressions = [
      (old: [[a]], new: [[a]]),
      (old: [[a], [a]], new: [[a]]),  // several sections: skipped
      (old: [[]], new: [[a, a, a]]),  // fails: R2
    ]
    let report = check(EngineSubjects.firstOnly, options: options)
    #expect(report.corpusCases == 2)
    #expect(report.skippedCases == 1)
    #expect(report.exhaustiveCases == 0 && report.randomCases == 0)  // stopped at the first failure
    let failure = try #require(report.failures.first)
    #expect(failure.phase == .corpus && failure.index == 2 && failure.caseSeed == nil)
    #expect(failure.rule == .r2)
    // In process, a corpus failure's replay is the one-pair call; on the command line, its corpus line.
    #expect(
      failure.replayCommand
        == #"check(generator, options: .onePair(old: [[]], new: [[Row("a"), Row("a")]]))"#
        + "  // generator: the first-only generator checked")
    #expect(
      report.replayingOnCommandLine(external: nil).failures.first?.replayCommand == nil)
  }

  @Test("a generator that throws fails with its error kind, and no update")
  func generatorError() throws {
    let report = check(ThrowsOnThree(), options: .quick(count: 500, exhaustiveTotal: 0))
    let failure = try #require(report.failures.first)
    #expect(failure.kind.name == "generatorError")
    #expect(failure.error?.kind == .timedOut)
    #expect(failure.update == nil && failure.verdict == nil)
    #expect(failure.old[0].count == 3)
    #expect(failure.caseLine?.contains("\"update\"") == false)
    #expect(failure.corpusLine?.hasSuffix(#""expect":{"verdict":"valid"}}"#) == true)
    #expect(report.renderText().contains("FAIL generatorError timedOut"))
  }

  @Test("a failure that does not happen again is reported as it first failed: never as valid")
  func unreproducedFailure() throws {
    // The fifth call throws; the shrinker's calls and the case's second run do not.
    let error = GeneratorError(kind: .unavailable, message: "exited with status 0 before answering")
    let thrown = check(
      FailsOnce(failingCall: 5, error: error), options: .quick(count: 100, shrinkBudget: 50))
    let failure = try #require(thrown.failures.first)
    #expect(failure.kind.name == "generatorError")
    #expect(failure.error?.kind == .unavailable)
    #expect(failure.update == nil && failure.verdict == nil)
    #expect(
      failure.message.hasPrefix(
        "unavailable: exited with status 0 before answering (when the case first ran;"))
    #expect(failure.index == 4 && failure.shrinkImprovements == 0)
    #expect(!thrown.renderText().contains("FAIL valid"))
    // The fifth call answers an update that UIKit rejects; no other call does.
    let rejected = check(
      FailsOnce(failingCall: 5, badUpdate: BatchUpdate(deleteSections: [7])),
      options: .quick(count: 100, shrinkBudget: 50))
    let verdict = try #require(rejected.failures.first?.verdict)
    #expect(verdict.kind == .exception && verdict.rule != nil)
    #expect(verdict.message?.contains("running it again did not fail so") == true)
    #expect(rejected.failures.first?.caseLine?.contains("\"expect\"") == false)
  }

  @Test("out-of-range options are clamped, never trapped on")
  func clamping() {
    let options = CheckOptions(
      seed: .max, count: -5, maxSize: -1, exhaustiveTotal: -3, shrinkBudget: -1)
    let report = check(EngineSubjects.replaceAll, options: options)
    #expect(report.casesRun == 0 && report.passed)
    #expect(report.maxSize == 0)
    var huge = CheckOptions.quick(count: 3)
    huge.exhaustiveTotal = .max
    huge.maxSize = .max
    #expect(huge.clamped.exhaustiveTotal == 10 && huge.clamped.maxSize == 100_000)
  }
}
