import BatchCheckCommandLine
import Synchronization
import Testing

@testable import BatchCheck

/// Crashes on any new side that holds one id three times, and writes a
/// wrong update (R2: it forgets the last insert) when old has exactly two
/// rows and new one: a generator that crashes on a common class of input
/// and is also wrong on another.
struct CrashesOnTriples: DeltaGenerator {
  var name: String { "crashes-on-triples" }
  /// Counts the calls, to show how much work a budget saves.
  let calls = CallCounter()

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    calls.count.withLock { $0 += 1 }
    var counts: [RowValue: Int] = [:]
    for row in new { counts[row.id, default: 0] += 1 }
    if counts.values.contains(where: { $0 >= 3 }) {
      calls.crashes.withLock { $0 += 1 }
      throw GeneratorError(kind: .crashed, message: "exited with status 3 before answering")
    }
    let inserts = old.count == 2 && new.count == 1 ? 0 : new.count
    return BatchUpdate(
      deleteRows: old.indices.map { RowPath(0, $0) },
      insertRows: (0..<inserts).map { RowPath(0, $0) })
  }
}

@Suite("Engine: a crash limit per phase, and interruption")
struct CrashBudgetTests {
  @Test(
    "at the crash limit a phase learns the smallest crash, skips its like, and still finds the other kind"
  )
  func budgetLearnsTheCrash() throws {
    let generator = CrashesOnTriples()
    var options = CheckOptions(count: 2_000, exhaustiveTotal: 8)
    options.maxCrashes = 5
    let report = check(generator, options: options)
    let exhaustive = try #require(report.incomplete.first { $0.phase == .exhaustive })
    #expect(exhaustive.reason == .crashesPredicted)
    #expect(exhaustive.generatorErrors >= 5)
    let total = ExhaustivePairs(
      maxTotal: 8, contentTotal: CheckOptions.defaultExhaustiveContentTotal
    ).count
    // The phase ran to its end, but for the predicted crashes.
    #expect(exhaustive.notRun == exhaustive.predictedCrashes)
    #expect(report.exhaustiveCases + exhaustive.predictedCrashes == total)
    #expect(exhaustive.predictedCrashes > 1_000)
    #expect(
      exhaustive.predictions.first?.hasPrefix(#"crashed on [[]] -> [["a","a","a"]] and every case"#)
        == true)
    let random = try #require(report.incomplete.first { $0.phase == .random })
    #expect(random.reason == .crashesPredicted)
    #expect(random.predictedCrashes > 0)
    #expect(report.isPartial)
    #expect(!report.passed)
    // The crash and the wrong update are both listed, each at its smallest, proven.
    let crash = try #require(report.failures.first { $0.error?.kind == .crashed })
    #expect(crash.old == [[]] && crash.new == [[Row("a"), Row("a"), Row("a")]])
    #expect(crash.isProvenMinimal)
    let wrong = try #require(report.failures.first { $0.rule == .r2 })
    #expect(wrong.rowCount == 3)
    #expect(wrong.isProvenMinimal)
    // Far fewer crashes (each a restart of an external generator) than a run without the limit.
    let unlimited = CrashesOnTriples()
    let whole = check(unlimited, options: CheckOptions(count: 2_000, exhaustiveTotal: 8))
    #expect(whole.incomplete.isEmpty)
    let crashes = generator.calls.crashes.withLock { $0 }
    #expect(crashes * 5 < unlimited.calls.crashes.withLock { $0 })
    // No coverage floor is held against a random phase that skipped cases.
    #expect(report.failures.allSatisfy { $0.coverage == nil })
  }

  @Test("a crash the cases do not predict (every fourth call) ends the phase at the limit")
  func unpredictableCrashesEndThePhase() throws {
    var options = CheckOptions(count: 2_000, exhaustiveTotal: 8)
    options.maxCrashes = 5
    let generator = DiesEveryFourthCall()
    let report = check(generator, options: options)
    let exhaustive = try #require(report.incomplete.first { $0.phase == .exhaustive })
    #expect(exhaustive.reason == .crashBudget)
    let total = ExhaustivePairs(
      maxTotal: 8, contentTotal: CheckOptions.defaultExhaustiveContentTotal
    ).count
    #expect(exhaustive.notRun == total - report.exhaustiveCases)
    #expect(try #require(exhaustive.notRun) > total / 2)
    let random = try #require(report.incomplete.first { $0.phase == .random })
    #expect(random.reason == .crashBudget)
    #expect(random.notRun == 2_000 - report.randomCases)
    // A bounded number of crashes: the limit twice per phase (before and
    // after learning), plus what shrinking and probing ask.
    #expect(generator.calls.crashes.withLock { $0 } < 200)
    #expect(!report.passed)
    #expect(report.renderText().contains("INCOMPLETE: the exhaustive phase stopped after"))
  }

  @Test("the partial report, as text and JSON")
  func partialReportRendering() {
    var options = CheckOptions(count: 0, exhaustiveTotal: 6)
    options.maxCrashes = 2
    let report = check(DiesEveryFourthCall(), options: options)
    let text = report.renderText()
    #expect(text.contains("INCOMPLETE: the exhaustive phase stopped after "))
    #expect(text.contains("raise the limit (CheckOptions.maxCrashes)."))
    // The command line names its option too.
    #expect(
      report.renderText(naming: .commandLine).contains(
        "raise the limit (--max-crashes, CheckOptions.maxCrashes)."))
    #expect(text.hasSuffix("failed (partial: not every case ran)"))
    #expect(
      report.renderJSON().contains(
        #""partial":true,"incomplete":[{"phase":"exhaustive","reason":"crashBudget","#))
    let predicted = check(CrashesOnTriples(), options: options)
    #expect(
      predicted.renderText().contains("skipped as predicted crashes: each contains a smallest case")
    )
    #expect(
      predicted.renderText().contains(
        #"  - crashed on [[]] -> [["a","a","a"]] and every case that contains it: "#))
    #expect(predicted.renderJSON().contains(#""reason":"crashesPredicted","#))
  }

  @Test("without a limit, every case runs and a whole run is no partial report")
  func noBudgetRunsEverything() {
    let report = check(CrashesOnTriples(), options: CheckOptions(count: 500, exhaustiveTotal: 6))
    #expect(report.incomplete.isEmpty)
    #expect(!report.isPartial)
    #expect(report.renderJSON().contains(#""partial":false,"incomplete":[]"#))
    #expect(
      report.exhaustiveCases
        == ExhaustivePairs(maxTotal: 6, contentTotal: CheckOptions.defaultExhaustiveContentTotal)
        .count)
  }

  @Test(
    "shouldStop ends the run where it is: the failures found so far, unshrunk, and a partial report"
  )
  func interruption() throws {
    let asked = Mutex(0)
    var options = CheckOptions(count: 5_000, exhaustiveTotal: 8)
    options.shouldStop = {
      asked.withLock {
        $0 += 1
        return $0 > 3_000
      }
    }
    let report = check(CrashesOnTriples(), options: options)
    let stop = try #require(report.incomplete.first)
    #expect(report.incomplete.count == 1)
    #expect(stop.reason == .interrupted)
    #expect(stop.phase == .exhaustive)
    #expect(report.randomCases == 0)
    #expect(report.exhaustiveCases < 3_000)
    #expect(!report.passed)
    let crash = try #require(report.failures.first { $0.error?.kind == .crashed })
    #expect(crash.shrinkCalls == 0)
    #expect(crash.message.contains("the run was interrupted: the case is not shrunk"))
    #expect(report.renderText().contains("INCOMPLETE: interrupted during the exhaustive phase"))
  }

  @Test("a timed-out shrink candidate is taken only when a second run times out too")
  func timeoutsAreConfirmed() throws {
    // Times out on old of 3 rows, but only every other time it is asked
    // about a case of 3 old rows and fewer than 2 new ones.
    struct Flaky: DeltaGenerator {
      let calls = CallCounter()
      var name: String { "flaky" }
      func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
        let flip = calls.count.withLock {
          $0 += 1
          return $0 % 2 == 0
        }
        if old.count == 3, new.count >= 2 || flip {
          throw GeneratorError(kind: .timedOut, message: "no answer within 2 s")
        }
        return EngineSubjects.replaceAll.update(from: old, to: new)
      }
    }
    var options = CheckOptions(count: 0, exhaustiveTotal: 0)
    options.regressions = [
      ([[Row("a"), Row("b"), Row("c")]], [[Row("a"), Row("b"), Row("c"), Row("d")]])
    ]
    let report = check(Flaky(), options: options)
    let failure = try #require(report.failures.first)
    // A smaller new side times out only now and then: never confirmed twice in a row.
    #expect(failure.new[0].count >= 2)
  }
}

/// A count shared by the copies of a generator.
final class CallCounter: Sendable {
  let count = Mutex(0)
  /// The calls that threw.
  let crashes = Mutex(0)
}

/// Right, but fails every fourth call: a generator that dies after every
/// third answer, whatever the case.
struct DiesEveryFourthCall: DeltaGenerator {
  var name: String { "dies-every-fourth-call" }
  let calls = CallCounter()

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    let dies = calls.count.withLock {
      $0 += 1
      return $0 % 4 == 0
    }
    if dies {
      calls.crashes.withLock { $0 += 1 }
      throw GeneratorError(kind: .crashed, message: "exited with status 1 before answering")
    }
    return EngineSubjects.replaceAll.update(from: old, to: new)
  }
}

@Suite("Engine: the crash predictor's containment")
struct CrashPredictorTests {
  /// Every way of giving each demand its own id, tried one by one.
  static func embedsByBruteForce(
    _ demands: [(old: Int, new: Int)], in available: [(old: Int, new: Int)]
  ) -> Bool {
    func place(_ demand: Int, _ used: Set<Int>) -> Bool {
      guard demand < demands.count else { return true }
      for id in available.indices where !used.contains(id) {
        if available[id].old >= demands[demand].old, available[id].new >= demands[demand].new,
          place(demand + 1, used.union([id]))
        {
          return true
        }
      }
      return false
    }
    return place(0, [])
  }

  @Test("the matching agrees with trying every assignment, on random demands")
  func matchingAgreesWithBruteForce() {
    var random = SplitMix64(seed: 0x5eed)
    var embedded = 0
    for _ in 0..<3_000 {
      let demands = (0..<Int(random.next() % 4)).map { _ in
        (old: Int(random.next() % 3), new: Int(random.next() % 3))
      }
      let available = (0..<Int(random.next() % 5)).map { _ in
        (old: Int(random.next() % 4), new: Int(random.next() % 4))
      }
      let fast = CrashPredictor.embeds(demands, in: available)
      #expect(fast == Self.embedsByBruteForce(demands, in: available))
      if fast { embedded += 1 }
    }
    // Both answers occur often: the comparison tests something.
    #expect(embedded > 300 && embedded < 2_700)
  }

  @Test("a learned crash predicts the cases that contain it, and no others")
  func predictsContainingCases() {
    var predictor = CrashPredictor()
    predictor.learn(.generatorError(.crashed), old: [[]], new: [[Row("a"), Row("a"), Row("a")]])
    #expect(
      predictor.pattern(containedIn: [[Row("x")]], [[Row("b"), Row("c"), Row("b"), Row("b")]]) == 0)
    #expect(
      predictor.pattern(containedIn: [[Row("b"), Row("b"), Row("b")]], [[Row("b"), Row("c")]])
        == nil)
    #expect(predictor.pattern(containedIn: [[]], [[Row("a"), Row("b"), Row("a")]]) == nil)
  }

  @Test("probes that do not fail as predicted drop the pattern")
  func probesDropAWrongPattern() {
    var predictor = CrashPredictor()
    predictor.learn(.generatorError(.timedOut), old: [[Row("a"), Row("b")]], new: [[]])
    #expect(predictor.pattern(containedIn: [[Row("a"), Row("b"), Row("c")]], [[]]) == 0)
    predictor.record(probe: 0, failedAsPredicted: false)
    predictor.record(probe: 0, failedAsPredicted: false)
    #expect(predictor.pattern(containedIn: [[Row("a"), Row("b"), Row("c")]], [[]]) == nil)
    #expect(predictor.summary.first?.hasSuffix("too few, so its cases ran again") == true)
  }
}
