import BatchCheck
import BatchCheckCorpus
import Testing

@Suite("Engine: a failure's corpus line reads back as its case")
struct EngineCorpusLineTests {
  @Test("the corpus line of random failures parses to the failure's case and verdict")
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
      let line = try #require(failure.corpusLine)
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
