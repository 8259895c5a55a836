import Testing

@testable import BatchCheck

@Suite("Trace")
struct TraceTests {
  @Test("a reload of a moved row: the decomposition, then the failing check")
  func reloadOfMovedRow() {
    let (verdict, lines) = SimulatedTableView(table("a b")).trace(
      BatchUpdate(reloadRows: [p(0, 1)], moveRows: [mv(p(0, 1), p(0, 0))]), dataSource: table("b a")
    )
    #expect(verdict.rule == .r11)
    #expect(
      lines == [
        "reload (0, 1) → delete (0, 1) + insert (0, 1) (its insert counts the explicit deletes and inserts only, never moves)",
        "✗ R11: attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})",
      ])
  }

  @Test("a wrong row: the counts, then a −/+ diff of the section")
  func wrongRowDiff() {
    let old = table("a b c d e f g")
    let new = table("a b c d e g")
    let (verdict, lines) = SimulatedTableView(old).trace(
      BatchUpdate(deleteRows: [p(0, 6)]), dataSource: new)
    #expect(verdict.kind == .wrongRows)
    #expect(
      lines == [
        "delete (0, 6): ok",
        "sections: 1 + 0 inserted − 0 deleted = 1; the data source has 1",
        "rows in section 0 (old section 0): 7 + 0 inserted − 1 deleted + 0 moved in − 0 moved out = 6; the data source has 6",
        "rows of section 0: - the data source, + what the cells show",
        "  … (5 unchanged)",
        "- \"g\"",
        "+ \"f\"",
        "✗ C1: row {length = 2, path = 0 - 5} shows \"f\" (old {length = 2, path = 0 - 5}) but the data source has \"g\" there",
      ])
  }

  @Test("drops, merges and a valid end")
  func dropsAndValid() {
    let (verdict, lines) = SimulatedTableView(
      table("a | b"), semantics: .tableView, duplicates: .asUIKit
    )
    .trace(
      BatchUpdate(deleteSections: [0], deleteRows: [p(0, 0), p(1, 0), p(1, 0)]),
      dataSource: table("-"))
    #expect(verdict == .valid)
    #expect(lines.contains("delete (1, 0) merged with its duplicate (R20)"))
    #expect(lines.contains("delete (0, 0) dropped: inside deleted section 0 (R18)"))
    #expect(lines.last == "✓ valid: every cell shows the data source's row")
  }
}

@Suite("Trace bound")
struct TraceBoundTests {
  /// 100,000 reloads of one row: every duplicate is a line of its own (D9).
  static let reloads = 100_000
  static var hugeUpdate: BatchUpdate {
    BatchUpdate(reloadRows: Array(repeating: p(0, 0), count: reloads))
  }

  @Test(
    "a huge trace keeps its first 40 and its last 40 lines, with the count of the others between")
  func boundedTrace() {
    let (verdict, lines) = SimulatedTableView(table("a")).trace(
      Self.hugeUpdate, dataSource: table("a b"))
    #expect(verdict.rule == .r2)
    #expect(lines.count == TraceLog.headLimit + 1 + TraceLog.tailLimit)
    #expect(lines.count == 81)
    // One line per duplicate, then the reload's decomposition, its delete
    // and insert, the two counts and the failing check.
    let omitted = Self.reloads - 1 + 6 - 80
    #expect(lines[40] == "… \(omitted) more steps")
    #expect(lines[0] == "reload (0, 0) removed: a duplicate (D9)")
    #expect(lines[39] == "reload (0, 0) removed: a duplicate (D9)")
    // The true last steps: the last duplicates, then the end of the simulation.
    #expect(lines[41] == "reload (0, 0) removed: a duplicate (D9)")
    #expect(lines[74] == "reload (0, 0) removed: a duplicate (D9)")
    #expect(lines[75].hasPrefix("reload (0, 0) → delete (0, 0) + insert (0, 0)"))
    #expect(lines[76] == "delete (0, 0): ok")
    #expect(lines[77] == "insert (0, 0): ok")
    #expect(lines[79].hasPrefix("rows in section 0 (old section 0): 1 + 1 inserted"))
    #expect(lines.last == "✗ R2: \(verdict.message ?? "")")
  }

  @Test("a trace of at most 80 lines is whole")
  func wholeTrace() {
    let (_, lines) = SimulatedTableView(table("a")).trace(
      BatchUpdate(reloadRows: Array(repeating: p(0, 0), count: 75)), dataSource: table("a b"))
    #expect(lines.count == 80)
    #expect(!lines.contains { $0.hasPrefix("…") })
  }

  @Test("a failure's report holds the bounded trace, in text and JSON")
  func boundedReport() {
    let huge = Self.hugeUpdate
    let checker = CaseChecker(ContractGenerator(name: "fixed") { _, _ in huge })
    let failure = checker.failure(old: table("a"), new: table("a b"), name: "huge")
    #expect(failure?.trace.count == 81)
    #expect(failure?.trace.contains { $0.hasSuffix(" more steps") && $0.hasPrefix("… ") } == true)
    let text = failure?.textLines(runSeed: nil) ?? []
    #expect(text.count < 120)
    #expect(text.last?.hasPrefix("    ✗ R2: ") == true)
    let json = failure?.json ?? ""
    #expect(json.contains(#""… 99923 more steps""#))
  }
}
