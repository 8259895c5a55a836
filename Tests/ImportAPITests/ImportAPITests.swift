// Uses BatchCheck the way a diff library's test target does: plain imports,
// no @testable, only the public API (and, to keep a passing log free of
// failures, the package hook that captures what the helpers record).
import BatchCheckTesting
import Testing
import XCTest

/// A correct diff: delete every old row, insert every new one.
@Sendable func replaceAll(_ old: [Row], _ new: [Row]) -> BatchUpdate {
  BatchUpdate(
    deleteRows: old.indices.map { RowPath(0, $0) }, insertRows: new.indices.map { RowPath(0, $0) })
}

/// A broken diff: inserts only the rows whose value is new, deletes only the
/// rows that are gone, and ignores repeats.
@Sendable func setDiff(_ old: [Row], _ new: [Row]) -> BatchUpdate {
  let oldIDs = Set(old.map(\.id))
  let newIDs = Set(new.map(\.id))
  var seen = Set<RowValue>()
  return BatchUpdate(
    deleteRows: old.indices.filter { !newIDs.contains(old[$0].id) }.map { RowPath(0, $0) },
    insertRows: new.indices.filter {
      !oldIDs.contains(new[$0].id) && seen.insert(new[$0].id).inserted
    }
    .map { RowPath(0, $0) })
}

@Suite("Import API, Swift Testing")
struct SwiftTestingHelperTests {
  @Test("a correct diff passes and records nothing")
  func correctDiff() {
    let report = expectValidBatchUpdates(named: "replace-all", count: 2_000, replaceAll)
    #expect(report.passed)
    #expect(report.failureText == nil)
  }

  @Test("a broken diff records one issue per kind, each with its pair, rule, message and replay")
  func brokenDiff() throws {
    // Captured rather than recorded, so that a passing run prints no failure.
    var report: CheckReport?
    var line = 0
    let recorded = capturingRecords {
      line = #line + 1
      report = expectValidBatchUpdates(named: "set-diff", count: 2_000, setDiff)
    }
    let failures = try #require(report?.failures)
    #expect(failures.count >= 2)
    #expect(recorded.issues.count == failures.count)
    for (issue, failure) in zip(recorded.issues, failures) {
      let label = failure.kind.description
      // The title names the kind, the pair's size and whether it is proven minimal.
      let minimal = failure.isProvenMinimal ? "proven minimal" : "not proven minimal"
      #expect(
        issue.hasPrefix(
          "BatchCheck: set-diff fails: \(label) at \(failure.rowCount) rows, \(minimal) (kind "),
        "\(issue)")
      // A multi-line message (R2b) continues indented under its label.
      let messageLines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(issue.contains("  message: \(messageLines[0])"))
      #expect(
        messageLines.dropFirst().allSatisfy { issue.contains("\n           \($0)") }, "\(issue)")
      // The replay is the options: argument to give the helper's own call,
      // named by its file and line: the failure's one-pair options.
      let recipe = try #require(failure.replay)
      #expect(
        issue.contains(
          "  replay:  add `options: \(recipe.onePairOptions)` to the call at ImportAPITests.swift:\(line)"
        ), "\(issue)")
      #expect(failure.replayCommand == recipe.swiftCall)
      #expect(issue.contains("  corpus:  \(try #require(failure.corpusLine))"))
      // The replay's pair fails the same way again.
      let again = checkDiff(
        named: "set-diff", options: .onePair(old: failure.old, new: failure.new), setDiff)
      #expect(again.failures.first?.signatureText == failure.signatureText)
    }
    #expect(recorded.issues.first?.contains("new:     [[\"a\",\"a\"]]") == true)
    #expect(
      recorded.attachments.map(\.name)
        == ["set-diff.batchcheck.html", "set-diff.batchcheck.json", "set-diff.regressions.jsonl"])
    #expect(recorded.attachments.first?.contents.hasPrefix("<!DOCTYPE html>") == true)
    #expect(
      recorded.attachments.dropFirst().first?.contents == report.map { $0.renderJSON() + "\n" })
    let corpus = recorded.attachments.last?.contents.split(separator: "\n") ?? []
    #expect(corpus.count == failures.count)
    #expect(corpus.allSatisfy { $0.hasSuffix(#""expect":{"verdict":"valid"}}"#) })
    #expect(
      capturingRecords { expectValidBatchUpdates(named: "replace-all", count: 200, replaceAll) }
        .issues.isEmpty)
  }

  @Test("with no options, a helper runs the budget the environment asks for; quick by default")
  func budget() {
    let budget = CheckBudget.fromEnvironment ?? .quick
    let report = expectValidBatchUpdates(named: "replace-all", replaceAll)
    let options = budget.options()
    #expect(
      report.exhaustiveTotal == options.exhaustiveTotal && report.randomCases == options.count)
    #expect(report.maxSize == options.maxSize)
    // The quick budget's figures, as CheckBudget's documentation gives them.
    let quick = checkDiff(named: "replace-all", options: CheckBudget.quick.options(), replaceAll)
    #expect(quick.exhaustiveCases == 14_825, "\(quick.exhaustiveCases)")
    #expect(quick.randomCases == 1_000 && quick.maxSize == 100)
    let full = CheckBudget.full.options()
    #expect(
      full.exhaustiveTotal == CheckOptions.defaultExhaustiveTotal
        && full.count == CheckOptions.defaultCount)
  }

  @Test("checkDiff gives the same report for the same seed")
  func sameSeedSameReport() {
    let first = checkDiff(named: "set-diff", seed: 7, count: 500, setDiff)
    let second = checkDiff(named: "set-diff", seed: 7, count: 500, setDiff)
    #expect(first.renderText() == second.renderText())
  }
}

final class XCTestHelperTests: XCTestCase {
  func testCorrectDiffPasses() {
    let report = XCTAssertValidBatchUpdates(named: "replace-all", count: 2_000, replaceAll)
    XCTAssertTrue(report.passed)
  }

  func testBrokenDiffReportText() {
    // The helper calls XCTFail with this text; XCTest on Linux cannot expect a
    // failure, so the text is checked through the same public property.
    let report = checkDiff(named: "set-diff", count: 500, setDiff)
    XCTAssertFalse(report.passed)
    XCTAssertEqual(report.failureText?.hasPrefix("BatchCheck: set-diff fails ("), true)
  }
}

/// A correct staged diff: one stage that deletes every old row and inserts every new one.
@Sendable func replaceAllStaged(_ old: [Row], _ new: [Row]) -> [Stage] {
  [Stage(update: replaceAll(old, new), data: [new])]
}

/// A correct steps diff: delete the first row until none is left, then insert each new row.
@Sendable func replaceAllSteps(_ old: [Row], _ new: [Row]) -> [Step] {
  old.map { _ in Step.delete(at: RowPath(0, 0)) }
    + new.enumerated().map { Step.insert(at: RowPath(0, $0.offset), row: $0.element) }
}

@Suite("Import API, the three contracts")
struct ContractImportTests {
  @Test("checkDiff takes a closure of any of the three shapes")
  func closures() {
    #expect(checkDiff(named: "staged", count: 500, replaceAllStaged).passed)
    #expect(checkDiff(named: "steps", count: 500, replaceAllSteps).passed)
    // A multi-statement closure: its return type picks the contract.
    let report = checkDiff(named: "steps-inline", count: 500) { old, new -> [Step] in
      let deletes = old.map { _ in Step.delete(at: RowPath(0, 0)) }
      return deletes + new.indices.map { Step.insert(at: RowPath(0, $0), row: new[$0]) }
    }
    #expect(report.passed)
    #expect(report.mode == "sequential steps, iOS 18")
  }

  @Test("a steps diff judged as one batch fails, with the advice to apply it step by step")
  func mixUp() throws {
    let steps = ContractGenerator(name: "replace-all-steps", replaceAllSteps)
    let report = checkDiff(steps, under: .batch, count: 500)
    #expect(!report.passed)
    #expect(
      report.failures.first?.advice
        == "valid as sequential steps, not as one batch: apply it step by step or convert it")
    var line = 0
    let recorded = capturingRecords {
      line = #line + 1
      expectValidBatchUpdates(steps, under: .batch, count: 500)
    }
    #expect(recorded.issues.count == report.failures.count)
    #expect(recorded.issues.contains { $0.contains("FAIL duplicate R20") })
    // The generator helper's replay names no variable: it is the argument to
    // add to this very call, which keeps its generator and `under:`.
    #expect(
      recorded.issues.allSatisfy {
        $0.contains("  replay:  add `options: .onePair(old: ")
          && $0.contains("` to the call at ImportAPITests.swift:\(line) (in place of any seed:")
      })
    #expect(expectValidBatchUpdates(steps, count: 500).passed)
  }
}

final class XCTestContractTests: XCTestCase {
  func testStagedGeneratorPasses() {
    let staged = ContractGenerator(name: "replace-all-staged", replaceAllStaged)
    XCTAssertTrue(XCTAssertValidBatchUpdates(staged, count: 500).passed)
  }
}

/// A steps diff that owes reloads but never makes one: deletes and inserts
/// only what changed identity, leaving changed contents stale.
@Sendable func identityOnlySteps(_ old: [Row], _ new: [Row]) -> [Step] {
  if old.map(\.id) == new.map(\.id) { return [] }
  return replaceAllSteps(old, new)
}

@Suite("Import API, every option of check")
struct OptionsParityTests {
  @Test(
    "checkDiff and the test helpers take a CheckOptions: size, bound, first failure, profile, semantics"
  )
  func optionsReachTheRun() throws {
    var options = CheckOptions(seed: 3, count: 400, maxSize: 20, exhaustiveTotal: 3)
    options.simulation = SimulationOptions(semantics: .collectionView, uikit: .ios12)
    let report = checkDiff(named: "set-diff", options: options, setDiff)
    #expect(report.maxSize == 20 && report.exhaustiveTotal == 3 && report.uikit == .ios12)
    #expect(report.failures.first?.corpusLine?.contains(#""semantics":"collectionView""#) == true)
    // Every kind by default; the first failure only when asked.
    #expect(report.failedCases > 1)
    options.stopAtFirstFailure = true
    let first = checkDiff(named: "set-diff", options: options, setDiff)
    #expect(first.failedCases == 1 && first.failures.count == 1)
    let recorded = capturingRecords {
      expectValidBatchUpdates(named: "set-diff", options: options, setDiff)
    }
    #expect(recorded.issues.count == 1)
    #expect(recorded.issues.first?.contains(try #require(first.failures.first?.message)) == true)
    #expect(expectValidBatchUpdates(named: "replace-all", options: options, replaceAll).passed)
  }

  @Test("identityOnly given with a ContractGenerator is honoured")
  func identityOnlyHonoured() {
    let steps = ContractGenerator(name: "identity-steps", identityOnlySteps)
    #expect(!checkDiff(steps, options: CheckOptions(count: 500, exhaustiveTotal: 4)).passed)
    let options = CheckOptions(count: 500, exhaustiveTotal: 4, identityOnly: true)
    let report = checkDiff(steps, options: options)
    #expect(report.identityOnly && report.passed)
    #expect(checkDiff(named: "identity-steps", options: options, identityOnlySteps).passed)
  }

  @Test(
    "every failure of an in-process diff, of every phase, has a replay that runs: the one-pair Swift call"
  )
  func swiftReplay() throws {
    let report = checkDiff(
      named: "set-diff", options: CheckOptions(count: 500, exhaustiveTotal: 4), setDiff)
    #expect(report.failures.contains { $0.phase == .exhaustive })
    for failure in report.failures {
      let replayText = try #require(failure.replayCommand)
      #expect(replayText.hasPrefix("check(generator, options: .onePair(old: "))
      #expect(!replayText.contains("batchcheck"))
      let again = checkDiff(
        named: "set-diff", options: .onePair(old: failure.old, new: failure.new), setDiff)
      #expect(again.failures.first?.signatureText == failure.signatureText)
    }
  }
}

@Suite("Import API, waste limits")
struct WasteLimitImportTests {
  /// A valid diff that moves every row, even one that stays: wasteful.
  @Sendable static func moveEverything(_ old: [Row], _ new: [Row]) -> BatchUpdate {
    old.map(\.id) == new.map(\.id) && old == new
      ? BatchUpdate(moveRows: old.indices.map { RowMove(from: RowPath(0, $0), to: RowPath(0, $0)) })
      : replaceAll(old, new)
  }

  @Test(
    "a move ratio fails a valid diff that moves more than needed: kind waste, its numbers, a replay that runs"
  )
  func moveRatio() throws {
    var options = CheckOptions(count: 300, exhaustiveTotal: 4)
    #expect(checkDiff(named: "move-everything", options: options, Self.moveEverything).passed)
    options.maxMoveRatio = 2
    let report = checkDiff(named: "move-everything", options: options, Self.moveEverything)
    #expect(report.maxMoveRatio == 2)
    let failure = try #require(report.failures.first)
    #expect(failure.kind.name == "waste" && failure.variant?.description == "move ratio")
    let waste = try #require(failure.waste)
    #expect(waste.limit == .maxMoveRatio && waste.moves == 1 && waste.minimumMoves == 0)
    #expect(failure.rowCount == 2 && failure.isProvenMinimal)
    // The helpers' issue carries the replay with the limit set.
    let recorded = capturingRecords {
      expectValidBatchUpdates(named: "move-everything", options: options, Self.moveEverything)
    }
    #expect(recorded.issues.first?.contains("options.maxMoveRatio = 2; return options }()") == true)
    var again = CheckOptions.onePair(old: failure.old, new: failure.new)
    again.maxMoveRatio = 2
    #expect(
      checkDiff(named: "move-everything", options: again, Self.moveEverything).failures.first?.waste
        == waste)
  }

  @Test("no unneeded deletes fails replace-all; a diff that keeps every kept row passes")
  func unneededDeletes() throws {
    var options = CheckOptions(count: 300, exhaustiveTotal: 4, identityOnly: true)
    options.rejectsUnneededDeletes = true
    let failure = try #require(
      checkDiff(named: "replace-all", options: options, replaceAll).failures.first)
    #expect(failure.waste?.limit == .noUnneededDeletes && failure.waste?.unneededDeletes == 1)
    #expect(failure.verdict?.isValid == true)
    var one = CheckOptions.onePair(old: [[Row("a")]], new: [[Row("a")]])
    one.rejectsUnneededDeletes = true
    let keep = ClosureGenerator(name: "keep") { old, new in
      old == new ? BatchUpdate() : replaceAll(old, new)
    }
    #expect(check(keep, options: one).passed)
    #expect(
      check(ClosureGenerator(name: "replace-all", replaceAll), options: one).failures.first?.kind
        .name == "waste")
  }
}

final class XCTestOptionsTests: XCTestCase {
  func testOptionsReachTheRun() {
    let report = XCTAssertValidBatchUpdates(
      named: "replace-all", options: CheckOptions(count: 300, maxSize: 10, exhaustiveTotal: 2),
      replaceAll)
    XCTAssertEqual(report.maxSize, 10)
    XCTAssertEqual(report.exhaustiveTotal, 2)
    let staged = ContractGenerator(name: "replace-all-staged", replaceAllStaged)
    XCTAssertTrue(XCTAssertValidBatchUpdates(staged, options: CheckOptions(count: 300)).passed)
  }
}

extension CheckFailure {
  /// Kind, rule and variant, for comparing two failures.
  var signatureText: String {
    "\(kind.name) \(rule?.rawValue ?? "-") \(variant?.description ?? "-")"
  }
}
