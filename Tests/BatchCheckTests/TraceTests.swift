import Testing

@testable import BatchCheck

@Suite("Trace")
struct TraceTests {
  @Test("a reload of a moved row: the decomposition, then the failing check")
  func reloadOfMovedRow() {
    let (verdict, lines) = SimulatedTableView(table("a b")).trace(
      BatchUpdate(reloadRows: [p(0, 1)], moveRows: [mv(p(0, 1), p(0, 0))]), dataSource: table("b a"))
    #expect(verdict.rule == .r11)
    #expect(
      lines == [
        "reload (0, 1) → delete (0, 1) + insert (0, 1) (§1.3: explicit deletes and inserts only, moves ignored)",
        "✗ R11: attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})",
      ])
  }

  @Test("a wrong row: the counts, then a −/+ diff of the section")
  func wrongRowDiff() {
    let old = table("a b c d e f g")
    let new = table("a b c d e g")
    let (verdict, lines) = SimulatedTableView(old).trace(BatchUpdate(deleteRows: [p(0, 6)]), dataSource: new)
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
    let (verdict, lines) = SimulatedTableView(table("a | b"), semantics: .tableView, duplicates: .asUIKit)
      .trace(BatchUpdate(deleteSections: [0], deleteRows: [p(0, 0), p(1, 0), p(1, 0)]), dataSource: table("-"))
    #expect(verdict == .valid)
    #expect(lines.contains("delete (1, 0) merged with its duplicate (R20)"))
    #expect(lines.contains("delete (0, 0) dropped: inside deleted section 0 (R18)"))
    #expect(lines.last == "✓ valid: every cell shows the data source's row")
  }
}
