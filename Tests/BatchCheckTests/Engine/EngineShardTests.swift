import Testing

@testable import BatchCheck

/// A generator with several kinds of failure: R2 when new has two rows and
/// old none, C2 on content changes, a generator error when old has 5 rows.
struct SeveralFailures: DeltaGenerator {
  var name: String { "several-failures" }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    if old.count == 5 { throw GeneratorError(kind: .crashed, message: "exit 3") }
    if old.isEmpty, new.count == 2 { return BatchUpdate(insertRows: [RowPath(0, 0)]) }
    // Delete all, insert all, except that a row whose id stays in place is
    // kept without a reload (C2 when its content changed).
    let kept = old.indices.filter { $0 < new.count && old[$0].id == new[$0].id }
    return BatchUpdate(
      deleteRows: old.indices.filter { !kept.contains($0) }.map { RowPath(0, $0) },
      insertRows: new.indices.filter { !kept.contains($0) }.map { RowPath(0, $0) })
  }
}

@Suite("Engine: shards")
struct EngineShardTests {
  @Test("I/N parses for 1 <= I <= N only; case i belongs to shard i % N + 1")
  func parsing() {
    #expect(Shard(parsing: "2/4") == Shard(number: 2, count: 4))
    #expect(Shard(parsing: "1/1")?.contains(7) == true)
    for bad in ["0/4", "5/4", "1/0", "-1/2", "1/", "/2", "a/b", "1/2/3", "", "2"] {
      #expect(Shard(parsing: bad) == nil, "\(bad)")
    }
    let shard = Shard(number: 2, count: 3)!
    #expect((0..<10).filter(shard.contains) == [1, 4, 7])
    #expect(shard.share(of: 10) == 3 && shard.share(of: 1) == 0 && shard.share(of: 2) == 1)
  }

  @Test(
    "the shards of a run together are exactly the unsharded run, failures and all",
    arguments: [1, 2, 3, 5])
  func unionIsTheRun(count: Int) throws {
    var options = CheckOptions.quick(
      count: 2_500, exhaustiveTotal: 5, shrinkBudget: 40, stopAtFirstFailure: false)
    options.regressions = [([[Row("a")]], [[Row("b")]]), ([[]], [[Row("a"), Row("a")]])]
    let whole = check(SeveralFailures(), options: options)
    #expect(whole.failures.count >= 3)  // R2, C2 and the generator error, in several phases
    var shards: [CheckReport] = []
    for number in (1...count).reversed() {
      var sharded = options
      sharded.shard = Shard(number: number, count: count)
      let report = check(SeveralFailures(), options: sharded)
      #expect(report.shard == sharded.shard)
      #expect(report.randomCases == sharded.shard!.share(of: options.count))
      shards.append(report)
    }
    #expect(shards.map(\.casesRun).reduce(0, +) == whole.casesRun)
    let merged = try CheckReport.merging(shards)
    #expect(merged == whole)
    #expect(merged.renderText() == whole.renderText())
  }

  @Test("a passing run merges to the unsharded report, coverage floors included")
  func passingRun() async throws {
    let options = CheckOptions.quick(count: 3_000)
    let whole = check(EngineSubjects.replaceAll, options: options)
    var shards: [CheckReport] = []
    for number in 1...2 {
      var sharded = options
      sharded.shard = Shard(number: number, count: 2)
      shards.append(await check(EngineSubjects.replaceAll, options: sharded, workers: 2))
    }
    #expect(try CheckReport.merging(shards) == whole)
    // A crippled generation fails its floors on the merged statistics only.
    var crippled = options
    crippled.mixture.alphabets = [1]
    crippled.shard = Shard(number: 1, count: 2)
    let first = check(EngineSubjects.replaceAll, options: crippled)
    #expect(first.passed)  // a shard skips the floors
    crippled.shard = Shard(number: 2, count: 2)
    let second = check(EngineSubjects.replaceAll, options: crippled)
    let merged = try CheckReport.merging([first, second])
    #expect(merged.failures.contains { $0.coverage == .moves })
  }

  @Test(
    "with the small-alphabet family: the shards merge to the unsharded report, a family find not proven minimal"
  )
  func smallAlphabetFamily() throws {
    // Forgets the last insert of 5 new rows after 3 old ones: 8 rows, found
    // only in the family (the random phase is off).
    let generator = ClosureGenerator(name: "forgets-3-5") { old, new in
      let inserts = old.count == 3 && new.count == 5 ? 4 : new.count
      return BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) },
        insertRows: (0..<inserts).map { RowPath(0, $0) })
    }
    var options = CheckOptions.quick(count: 0, exhaustiveTotal: 5, stopAtFirstFailure: false)
    options.smallAlphabetTotal = 8
    options.smallAlphabet = 2
    let whole = check(generator, options: options)
    let failure = try #require(whole.failures.first)
    #expect(failure.rule == .r2 && failure.rowCount == 8 && failure.phase == .exhaustive)
    #expect(!failure.isProvenMinimal && failure.minimality?.rows == 5)
    #expect(
      whole.renderText().contains(
        "<= 5, contents varied up to 5 rows, then up to 8 rows of at most 2 ids"))
    #expect(whole.renderJSON().contains(#""smallAlphabetTotal":8,"smallAlphabet":2"#))
    var shards: [CheckReport] = []
    for number in 1...3 {
      var sharded = options
      sharded.shard = Shard(number: number, count: 3)
      shards.append(check(generator, options: sharded))
    }
    let merged = try CheckReport.merging(shards)
    #expect(merged == whole)
    #expect(merged.renderText() == whole.renderText())
    // Shards of another family are another run.
    var other = options
    other.smallAlphabet = 3
    other.shard = Shard(number: 2, count: 3)
    #expect(throws: MergeError.self) {
      try CheckReport.merging([shards[0], check(generator, options: other), shards[2]])
    }
  }

  @Test("merging refuses what is not the shards of one run")
  func mergeErrors() {
    func shard(
      _ number: Int, of count: Int, seed: UInt64 = 7, uikit: UIKitProfile = .ios18
    ) -> CheckReport {
      var options = CheckOptions.quick(seed: seed, count: 50)
      options.shard = Shard(number: number, count: count)
      options.simulation.uikit = uikit
      return check(EngineSubjects.replaceAll, options: options)
    }
    let whole = check(EngineSubjects.replaceAll, options: .quick(count: 50))
    var huge = shard(2, of: 2)
    huge.randomCases = Int.max - 10
    var hugeStatistics = shard(2, of: 2)
    hugeStatistics.statistics = CaseStatistics(
      cases: 1, withDuplicates: 0, withMoves: Int.max, withEmptySide: 0, withContentChanges: 0,
      withSeveralSections: 0, size0: 0, size1to8: 1, size9to32: 0, size33plus: 0)
    var overrun = shard(2, of: 2)
    overrun.exhaustiveCases = Int.max - 10
    overrun.randomCases = 0
    var tooLarge = shard(1, of: 2)
    tooLarge.randomCases = Int.max - 10
    let cases: [([CheckReport], String)] = [
      ([], "no report to merge"),
      ([whole], "report 1 is not of a shard"),
      ([shard(1, of: 2), shard(1, of: 2)], "shard 1/2 is given twice (report 2)"),
      ([shard(1, of: 3), shard(3, of: 3)], "shard 2/3 missing"),
      ([shard(1, of: 2), shard(2, of: 3)], "report 2 is shard 2/3, report 1 is of 2 shards"),
      (
        [shard(1, of: 2), shard(2, of: 2, seed: 8)],
        "report 2 (shard 2/2) is of another run: its seed differs"
      ),
      (
        [shard(1, of: 2), shard(2, of: 2, uikit: .ios12)],
        "report 2 (shard 2/2) is of another run: its uikit differs"
      ),
      (
        [shard(1, of: 2), huge],
        #"report 2 (shard 2/2): its "cases"."random" count makes the total larger than 9223372036854775807"#
      ),
      (
        [shard(1, of: 2), hugeStatistics], #"report 2 (shard 2/2): its "statistics"."moves" count"#
      ),
      ([tooLarge, overrun], #"report 2 (shard 2/2): its "cases" count makes the total larger"#),
    ]
    for (reports, message) in cases {
      #expect(throws: MergeError.self) { try CheckReport.merging(reports) }
      do {
        _ = try CheckReport.merging(reports)
      } catch {
        #expect(error.message.hasPrefix(message), "\(error.message)")
      }
    }
  }
}
