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
      throw GeneratorError(kind: .crashed, message: "exited with status 3 before answering")
    }
    let inserts = old.count == 2 && new.count == 1 ? 0 : new.count
    return BatchUpdate(
      deleteRows: old.indices.map { RowPath(0, $0) }, insertRows: (0..<inserts).map { RowPath(0, $0) })
  }
}

@Suite("Engine: a crash limit per phase, and interruption")
struct CrashBudgetTests {
  @Test("a phase ends after maxCrashes generator errors, says how many cases did not run, and is no pass")
  func budgetEndsThePhase() throws {
    let generator = CrashesOnTriples()
    var options = CheckOptions(count: 2_000, exhaustiveTotal: 8)
    options.maxCrashes = 5
    let report = check(generator, options: options)
    let exhaustive = try #require(report.incomplete.first { $0.phase == .exhaustive })
    #expect(exhaustive.reason == .crashBudget)
    #expect(exhaustive.generatorErrors == 5)
    let total = ExhaustivePairs(maxTotal: 8, contentTotal: CheckOptions.defaultExhaustiveContentTotal).count
    #expect(exhaustive.notRun == total - report.exhaustiveCases)
    #expect(try #require(exhaustive.notRun) > total / 2)
    let random = try #require(report.incomplete.first { $0.phase == .random })
    #expect(random.reason == .crashBudget)
    #expect(random.notRun == 2_000 - report.randomCases)
    #expect(report.isPartial)
    #expect(!report.passed)
    // The crash and the wrong update are both listed, each at its smallest.
    let crash = try #require(report.failures.first { $0.error?.kind == .crashed })
    #expect(crash.old == [[]] && crash.new == [[Row("a"), Row("a"), Row("a")]])
    #expect(crash.isProvenMinimal)
    let wrong = try #require(report.failures.first { $0.rule == .r2 })
    #expect(wrong.rowCount == 3)
    #expect(wrong.isProvenMinimal)
    // Far fewer calls than the whole run makes.
    let limited = generator.calls.count.withLock { $0 }
    let unlimited = CrashesOnTriples()
    let whole = check(unlimited, options: CheckOptions(count: 2_000, exhaustiveTotal: 8))
    #expect(whole.incomplete.isEmpty)
    #expect(limited * 3 < unlimited.calls.count.withLock { $0 })
    // No coverage floor is held against a random phase that ended early.
    #expect(report.failures.allSatisfy { $0.coverage == nil })
  }

  @Test("the partial report, as text and JSON, and read back")
  func partialReportRendering() {
    var options = CheckOptions(count: 0, exhaustiveTotal: 6)
    options.maxCrashes = 2
    let report = check(CrashesOnTriples(), options: options)
    let text = report.renderText()
    #expect(text.contains("INCOMPLETE: the exhaustive phase stopped after 2 generator errors"))
    #expect(text.contains("raise the limit (--max-crashes, CheckOptions.maxCrashes)"))
    #expect(text.hasSuffix("failed (partial: not every case ran)"))
    let json = report.renderJSON()
    #expect(json.contains(#""partial":true,"incomplete":[{"phase":"exhaustive","reason":"crashBudget","generatorErrors":2,"notRun":"#))
  }

  @Test("without a limit, every case runs and a whole run is no partial report")
  func noBudgetRunsEverything() {
    let report = check(CrashesOnTriples(), options: CheckOptions(count: 500, exhaustiveTotal: 6))
    #expect(report.incomplete.isEmpty)
    #expect(!report.isPartial)
    #expect(report.renderJSON().contains(#""partial":false,"incomplete":[]"#))
    #expect(report.exhaustiveCases == ExhaustivePairs(maxTotal: 6, contentTotal: CheckOptions.defaultExhaustiveContentTotal).count)
  }

  @Test("shouldStop ends the run where it is: the failures found so far, unshrunk, and a partial report")
  func interruption() throws {
    let asked = Mutex(0)
    var options = CheckOptions(count: 5_000, exhaustiveTotal: 8)
    options.shouldStop = { asked.withLock { $0 += 1; return $0 > 3_000 } }
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
        let flip = calls.count.withLock { $0 += 1; return $0 % 2 == 0 }
        if old.count == 3, new.count >= 2 || flip {
          throw GeneratorError(kind: .timedOut, message: "no answer within 2 s")
        }
        return EngineSubjects.replaceAll.update(from: old, to: new)
      }
    }
    var options = CheckOptions(count: 0, exhaustiveTotal: 0)
    options.regressions = [([[Row("a"), Row("b"), Row("c")]], [[Row("a"), Row("b"), Row("c"), Row("d")]])]
    let report = check(Flaky(), options: options)
    let failure = try #require(report.failures.first)
    // A smaller new side times out only now and then: never confirmed twice in a row.
    #expect(failure.new[0].count >= 2)
  }
}

/// A count shared by the copies of a generator.
final class CallCounter: Sendable {
  let count = Mutex(0)
}
