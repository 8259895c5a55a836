import BatchCheck
import BatchCheckCorpus
import Testing

@Suite("Engine: a failure's case line reads back as its case")
struct EngineCorpusLineTests {
  @Test("the case line of random failures parses to the failure's case and verdict")
  func roundTrip() throws {
    // Content rows and several failures: a generator that never reloads.
    let noReloads = ClosureGenerator(name: "no-reloads") { old, new in
      BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) }.filter { $0.row % 2 == 1 },
        insertRows: new.indices.map { RowPath(0, $0) }.filter { $0.row % 2 == 1 })
    }
    let report = check(
      noReloads,
      options: CheckOptions(
        seed: 3, count: 2_000, exhaustiveTotal: 0, shrinkBudget: 0, stopAtFirstFailure: false))
    #expect(report.failures.count >= 2)
    for failure in report.failures where failure.coverage == nil {
      let line = try #require(failure.caseLine)
      let parsed = try Case(jsonLine: line)
      #expect(parsed.old == failure.old)
      #expect(parsed.new == failure.new)
      #expect(parsed.update == failure.update)
      #expect(parsed.expect?.verdict == failure.verdict?.kind)
      #expect(parsed.expect?.rule == failure.verdict?.rule)
      #expect(parsed.jsonLine == line)
      // Judging the line again gives the failure's verdict.
      let verdict = SimulatedTableView(parsed.old).performBatchUpdates(
        try #require(parsed.update), dataSource: parsed.new)
      #expect(verdict == failure.verdict)
    }
  }
}

@Suite("Engine: a contract failure's case line reads back and judges the same")
struct EngineContractCorpusLineTests {
  /// Deletes every row at its old index, as one batch would: wrong as steps
  /// once two rows go, valid as one batch.
  static let oldIndexDeletes = ContractGenerator(name: "old-index-deletes") { old, new -> [Step] in
    old.indices.map { .delete(at: RowPath(0, $0)) }
      + new.indices.map { .insert(at: RowPath(0, $0), row: new[$0]) }
  }

  @Test("under its own contract and under another", arguments: [nil, Contract.staged, .batch])
  func roundTrip(contract: Contract?) throws {
    let options = CheckOptions(seed: 11, count: 1_000, stopAtFirstFailure: false)
    let report = check(Self.oldIndexDeletes, under: contract, options: options)
    let failures = report.failures.filter { $0.coverage == nil }
    if contract == .batch {
      #expect(failures.isEmpty, "\(report.renderText())")
      return
    }
    #expect(!failures.isEmpty)
    for failure in failures {
      let parsed = try Case(jsonLine: try #require(failure.caseLine))
      #expect(parsed.contract == (contract ?? .steps))
      #expect(parsed.old == failure.old && parsed.new == failure.new)
      #expect(parsed.expect?.verdict == failure.verdict?.kind)
      #expect(parsed.judge().verdict == failure.verdict)
    }
  }
}
