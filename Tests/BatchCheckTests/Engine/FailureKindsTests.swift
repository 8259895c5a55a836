import Testing

@testable import BatchCheck

/// Generators with planted bugs of known smallest size, each a different
/// kind of failure: a run must list every kind, each at exactly its size.
enum PlantedBugs {
  /// Old has 1 row and new 2: the last insert is forgotten (exception R2).
  /// Smallest: 3 rows.
  static func forgetsInsert(_ old: [Row], _ new: [Row]) -> Bool {
    old.count == 1 && new.count == 2
  }

  /// At least 2 rows of distinct ids, the same ids in the same order, some
  /// content changed: the generator says nothing changed (staleContent C2).
  /// Smallest: 4 rows.
  static func missesContent(_ old: [Row], _ new: [Row]) -> Bool {
    old.count >= 2 && Set(old.map(\.id)).count == old.count && old.map(\.id) == new.map(\.id)
      && old != new
  }

  /// Old has at least 4 rows and new at least 3: the generator gives up
  /// (a generator error). Smallest: 7 rows, beyond the tests' exhaustive
  /// phase (6 rows).
  static func givesUp(_ old: [Row], _ new: [Row]) -> Bool {
    old.count >= 4 && new.count >= 3
  }

  /// Replaces every row, except where one of `bugs` (among 1, 2, 3) strikes.
  struct Generator: DeltaGenerator {
    let bugs: Set<Int>
    var name: String { "planted-" + bugs.sorted().map(String.init).joined() }

    func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
      if bugs.contains(3), givesUp(old, new) {
        throw GeneratorError(kind: .malformedOutput, message: "gave up")
      }
      if bugs.contains(2), missesContent(old, new) { return BatchUpdate() }
      let inserts = bugs.contains(1) && forgetsInsert(old, new) ? new.count - 1 : new.count
      return BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) },
        insertRows: (0..<inserts).map { RowPath(0, $0) })
    }
  }

  /// What the planted bugs look like in a report: kind, rule and rows.
  static let expected: [Int: (kind: String, rule: Rule?, rows: Int)] = [
    1: ("exception", .r2, 3), 2: ("staleContent", .c2, 4), 3: ("generatorError", nil, 7),
  ]
}

@Suite("Engine: every kind of failure, each at a proven minimum")
struct FailureKindsTests {
  /// The default options, smaller (every pair up to 6 rows): every kind is listed.
  static func options(seed: UInt64 = 7, count: Int = 1_500) -> CheckOptions {
    CheckOptions(seed: seed, count: count, maxSize: 40, exhaustiveTotal: 6)
  }

  func summary(_ report: CheckReport) -> [String] {
    report.failures.map {
      "\($0.kind.name) \($0.rule?.rawValue ?? "-") \($0.rowCount) \($0.isProvenMinimal)"
    }
  }

  func expectedSummary(_ bugs: [Int]) -> [String] {
    bugs.compactMap { PlantedBugs.expected[$0] }.sorted { $0.rows < $1.rows }
      .map { "\($0.kind) \($0.rule?.rawValue ?? "-") \($0.rows) true" }
  }

  @Test(
    "two and three planted bugs: each kind listed once, smallest first, at its planted size",
    arguments: [[1, 2], [2, 3], [1, 2, 3]])
  func plantedBugs(_ bugs: [Int]) {
    let report = check(PlantedBugs.Generator(bugs: Set(bugs)), options: Self.options())
    #expect(summary(report) == expectedSummary(bugs))
    // Each failure counts the cases that failed its way, over every phase.
    #expect(report.failures.allSatisfy { $0.occurrences >= 1 })
    #expect(report.failures.map(\.occurrences).reduce(0, +) == report.failedCases)
    // The text says how many kinds, and that each is minimal.
    let text = report.renderText()
    #expect(text.contains("\(bugs.count) kinds of failure, smallest first:"))
    #expect(
      text.components(separatedBy: "minimal: proven: no pair with fewer rows fails this way").count
        == bugs.count + 1)
  }

  @Test("the content bug is found by the exhaustive phase, not by luck")
  func contentByExhaustion() {
    var options = Self.options(count: 0)
    options.exhaustiveTotal = 4
    let report = check(PlantedBugs.Generator(bugs: [2]), options: options)
    #expect(report.failures.map(\.phase) == [.exhaustive])
    #expect(report.failures.first?.rule == .c2)
    // Without content variants the exhaustive phase cannot see it.
    options.exhaustiveContentTotal = 0
    #expect(check(PlantedBugs.Generator(bugs: [2]), options: options).passed)
  }

  @Test("--first-failure's mode stops at the first failure and lists it only")
  func firstFailure() {
    var options = Self.options()
    options.stopAtFirstFailure = true
    let report = check(PlantedBugs.Generator(bugs: [1, 2, 3]), options: options)
    #expect(summary(report) == ["exception R2 3 true"])
    #expect(report.failedCases == 1)
  }

  @Test(
    "with the exhaustive phase skipped, a search of its own proves each minimum within its budget")
  func searchWithoutExhaustivePhase() {
    var options = Self.options(count: 3_000)
    options.exhaustiveTotal = 0
    let report = check(PlantedBugs.Generator(bugs: [1, 2, 3]), options: options)
    // The small ones are proven; proving 7 rows takes 3,533 pairs, beyond the budget.
    #expect(
      summary(report) == [
        "exception R2 3 true", "staleContent C2 4 true", "generatorError - 7 false",
      ])
    let calls = report.failures.compactMap { $0.minimality?.calls }
    #expect(calls.count == 3 && calls.allSatisfy { $0 > 0 } && calls[2] == options.proofBudget)
    #expect(report.failures[2].minimality.map { $0.rows >= 4 && $0.rows < 6 } == true)
    #expect(report.renderText().contains("minimal: not proven: no pair with at most "))
    // With the budget for it, the 7 rows are proven too.
    options.proofBudget = 10_000
    #expect(
      summary(check(PlantedBugs.Generator(bugs: [3]), options: options)) == expectedSummary([3]))
  }

  @Test("a search finds a smaller pair than the shrinker left, and reports it instead")
  func searchReplacesShrunkPair() {
    // No shrinking at all: the random case is reported as found, then the
    // search below it finds the smallest pair.
    var options = Self.options(count: 500)
    options.exhaustiveTotal = 0
    options.shrinkBudget = 0
    // R2 whenever new has 2 rows or more: smallest [] -> [a a].
    let report = check(EngineSubjects.forgetsLastInsert(from: 2), options: options)
    #expect(summary(report) == ["exception R2 2 true"])
    #expect(report.failures.first.map { $0.originalSize > 2 && $0.shrinkCalls == 0 } == true)
    #expect(report.failures.first?.minimality.map { $0.calls > 0 } == true)
  }

  @Test("the median calls per failure (shrink and search) stay at most 200")
  func medianCalls() {
    var calls: [Int] = []
    for seed in UInt64(1)...4 {
      for exhaustive in [0, 6] {
        var options = Self.options(seed: seed)
        options.exhaustiveTotal = exhaustive
        let report = check(PlantedBugs.Generator(bugs: [1, 2, 3]), options: options)
        calls += report.failures.map { $0.shrinkCalls + ($0.minimality?.calls ?? 0) }
      }
    }
    calls.sort()
    #expect(!calls.isEmpty && calls[calls.count / 2] <= 200, "\(calls)")
  }

  @Test("the shards of a run list the same kinds as one machine")
  func shardsListTheSameKinds() throws {
    let generator = PlantedBugs.Generator(bugs: [1, 2, 3])
    let whole = check(generator, options: Self.options())
    let shards = (1...3).map { number in
      var options = Self.options()
      options.shard = Shard(number: number, count: 3)
      return check(generator, options: options)
    }
    // A shard's report leaves the minimum to the merge.
    #expect(shards.contains { $0.failures.contains { $0.minimality == nil } })
    let merged = try CheckReport.merging(shards)
    #expect(merged == whole)
    #expect(summary(merged) == expectedSummary([1, 2, 3]))
  }

  @Test("a stage or step kind tells failures apart; rows of one id in another order are named")
  func variants() {
    // Rows of one id in another order, the cells left: C2, named as a reorder.
    let reordered = SimulatedTableView([[Row(id: "a", content: "x"), Row(id: "a", content: "y")]])
      .performBatchUpdates(
        BatchUpdate(), dataSource: [[Row(id: "a", content: "y"), Row(id: "a", content: "x")]])
    #expect(reordered.rule == .c2 && reordered.mismatch?.reordered == true)
    #expect(reordered.message?.contains("the rows with id \"a\" are in another order") == true)
    #expect(reordered.message?.contains("changed and was neither reloaded") == false)
    // A content that changed is not a reorder.
    let changed = SimulatedTableView([[Row(id: "a", content: "x"), Row(id: "a", content: "y")]])
      .performBatchUpdates(
        BatchUpdate(), dataSource: [[Row(id: "a", content: "z"), Row(id: "a", content: "y")]])
    #expect(changed.rule == .c2 && changed.mismatch?.reordered == false)
    // The two are different kinds of failure.
    let reorderSignature = CaseResult(verdict: reordered).kind
    let changeSignature = CaseResult(verdict: changed).kind
    #expect(reorderSignature != changeSignature)
    #expect(reorderSignature?.variant == .rowsReordered && changeSignature?.variant == nil)
  }

  @Test("a generator that reorders rows of one id is shrunk to the smallest reorder")
  func reorderShrinks() {
    // Keeps rows of one id in their old order, reloading nothing: a content
    // reorder among duplicates is stale; anything else is replaced.
    let keepsOrder = ClosureGenerator(name: "keeps-duplicate-order") { old, new in
      if old.count == new.count, old.map(\.id) == new.map(\.id) { return BatchUpdate() }
      return EngineSubjects.replaceAll.update(from: old, to: new)
    }
    var options = Self.options(count: 2_000)
    options.maxSize = 300
    let report = check(keepsOrder, options: options)
    let reorder = report.failures.first { $0.variant?.description == "rows reordered" }
    #expect(reorder?.rowCount == 4)
    #expect(reorder?.isProvenMinimal == true)
  }

  @Test("a large case of reordered rows of one id, outside any run, comes down to its four rows")
  func reorderFromALargeCase() throws {
    let keepsOrder = ClosureGenerator(name: "keeps-duplicate-order") { old, new in
      if old.count == new.count, old.map(\.id) == new.map(\.id) { return BatchUpdate() }
      return EngineSubjects.replaceAll.update(from: old, to: new)
    }
    // 280 rows of 7 ids with contents, new the same ids with the contents of
    // each id in reverse order: every stale cell is a reorder.
    var old: [Row] = []
    for index in 0..<140 { old.append(Row(id: .int(index % 7), content: .int(index))) }
    var new = old
    for id in 0..<7 {
      let places = new.indices.filter { new[$0].id == .int(id) }
      let contents = places.map { new[$0].content }.reversed()
      for (place, content) in zip(places, contents) { new[place].content = content }
    }
    let checker = CaseChecker(ContractGenerator(keepsOrder))
    let failure = try #require(checker.failure(old: [old], new: [new]))
    #expect(failure.variant?.description == "rows reordered")
    #expect(failure.message.contains("are in another order"))
    #expect(failure.rowCount == 4 && failure.isProvenMinimal)
    #expect(failure.originalSize == 280)
  }
}

@Suite("Engine: a failure is described by what the engine knew")
struct FailureJudgementTests {
  /// Replaces every row, but forgets the last insert when new has more rows (R2).
  static func forgetful(_ counter: CallCounter) -> ClosureGenerator {
    ClosureGenerator(name: "forgetful") { old, new in
      counter.count.withLock { $0 += 1 }
      let inserts = new.count > old.count ? new.count - 1 : new.count
      return BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) },
        insertRows: (0..<inserts).map { RowPath(0, $0) })
    }
  }

  @Test(
    "the smallest pair is described by the shrinker's last judgement: the generator is not asked again"
  )
  func minimalPairIsNotJudgedAgain() throws {
    let counter = CallCounter()
    let old: [[Row]] = [[Row("a"), Row("b"), Row("c")]]
    let new: [[Row]] = [[Row("a"), Row("b"), Row("c"), Row("d"), Row("e"), Row("f")]]
    let report = check(Self.forgetful(counter), options: .onePair(old: old, new: new))
    let failure = try #require(report.failures.first)
    #expect(failure.kind == FailureKind.verdict(.exception, .r2, nil))
    #expect(failure.rowCount == 1 && failure.shrinkImprovements > 0)
    let search = try #require(failure.minimality)
    // The case itself, each shrink candidate, each pair of the search below: nothing more.
    #expect(counter.count.withLock { $0 } == 1 + failure.shrinkCalls + search.calls)
    // The trace and the case line still describe the smallest pair's update.
    #expect(failure.update == BatchUpdate())
    #expect(failure.trace.last?.hasPrefix("✗ R2") == true)
  }

  @Test("a failing stage's position and the verdict's place survive the report's JSON")
  func positionAndPlaceInJSON() throws {
    let old: [[Row]] = [[Row("a"), Row("b")]]
    let new: [[Row]] = [[Row("b"), Row("a")]]
    // Stage 1 does nothing; stage 2 deletes a row past the end (R3).
    let generator = ContractGenerator(name: "staged-plant") { (old: [Row], _: [Row]) -> [Stage] in
      [
        Stage(update: BatchUpdate(), data: [old]),
        Stage(update: BatchUpdate(deleteRows: [RowPath(0, old.count + 2)]), data: [old]),
      ]
    }
    let report = check(generator, options: .onePair(old: old, new: new))
    let failure = try #require(report.failures.first)
    #expect(failure.position == .stage(2))
    let row = failure.old[0].count + 2
    #expect(failure.verdict?.place == VerdictPlace(.old, section: 0, row: row))
    let json = report.renderJSON()
    #expect(json.contains(#""place":{"side":"old","section":0,"row":\#(row)}"#))
    #expect(json.contains(#""stage":2,"#))
  }
}
