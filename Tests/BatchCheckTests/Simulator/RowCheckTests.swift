import Testing

@testable import BatchCheck

/// Rules C1 and C2: the row check UIKit never does.
@Suite("Row check")
struct RowCheckTests {
  @Test("C1: counts add up but a row is in the wrong place")
  func wrongRows() {
    // Delete row 0 of a b c, but the data source removed b.
    let verdict = judge(table("a b c"), table("a c"), BatchUpdate(deleteRows: [p(0, 0)]))
    #expect(verdict.kind == .wrongRows)
    #expect(verdict.rule == .c1)
    #expect(verdict.mismatch == RowMismatch(path: p(0, 0), expected: Row("a"), shown: Row("b")))
    #expect(
      verdict.message
        == "row {length = 2, path = 0 - 0} shows \"b\" (old {length = 2, path = 0 - 1}) but the data source has \"a\" there"
    )
  }

  @Test(
    "C1, inferred: counted duplicate inserts that balance the count leave a row no insert and no old row fills"
  )
  func unfilledRow() {
    let update = BatchUpdate(insertRows: [p(0, 0), p(0, 0)])
    for uikit in [UIKitProfile.ios18, .ios12] {
      let verdict = judge(
        [[]], table("x y"), update, semantics: .collectionView, duplicates: .asUIKit, uikit: uikit)
      #expect(verdict.kind == .wrongRows && verdict.rule == .c1, "\(verdict)")
      #expect(verdict.mismatch == RowMismatch(path: p(0, 1), expected: Row("y"), shown: Row("x")))
      #expect(verdict.message?.contains("(inferred: what UIKit shows there is not known") == true)
    }
    // With an old row left to fill the place, the same copies are judged as before.
    let filled = judge(
      table("a"), table("x a"), BatchUpdate(insertRows: [p(0, 0)]), semantics: .collectionView,
      duplicates: .asUIKit)
    #expect(filled == .valid)
    // A table view merges the copies: the count is short instead.
    let merged = judge([[]], table("x y"), update, duplicates: .asUIKit)
    #expect(merged.rule == .r2)
  }

  @Test("C1 positive: moved rows carry their old row to the destination")
  func movedRowsArrive() {
    let update = BatchUpdate(moveRows: [mv(p(0, 0), p(1, 1)), mv(p(1, 0), p(0, 0))])
    #expect(judge(table("a b | c"), table("c b | a"), update).kind == .exception)
    #expect(judge(table("a b | c d"), table("c b | d a"), update) == .valid)
  }

  @Test("C2: the right row, with old content, neither reloaded nor inserted")
  func staleContent() {
    let old = [[Row(id: "a", content: 1), Row(id: "b", content: 1)]]
    let new = [[Row(id: "a", content: 1), Row(id: "b", content: 2)]]
    let verdict = judge(old, new, BatchUpdate())
    #expect(verdict.kind == .staleContent)
    #expect(verdict.rule == .c2)
    #expect(verdict.mismatch?.path == p(0, 1))
    // Reloading it, or deleting and inserting it, refreshes the cell.
    #expect(judge(old, new, BatchUpdate(reloadRows: [p(0, 1)])) == .valid)
    #expect(judge(old, new, BatchUpdate(deleteRows: [p(0, 1)], insertRows: [p(0, 1)])) == .valid)
  }

  @Test("C2: a moved row keeps its old cell, so a content change is stale")
  func movedRowIsStale() {
    let old = [[Row(id: "a", content: 1), Row(id: "b", content: 1)]]
    let new = [[Row(id: "b", content: 1), Row(id: "a", content: 2)]]
    let verdict = judge(old, new, BatchUpdate(moveRows: [mv(p(0, 0), p(0, 1))]))
    #expect(verdict.kind == .staleContent)
    #expect(verdict.mismatch?.path == p(0, 1))
  }

  @Test("a wrong row wins over an earlier stale one")
  func wrongWinsOverStale() {
    let old = [[Row(id: "a", content: 1), Row("b"), Row("c")]]
    let new = [[Row(id: "a", content: 2), Row("c"), Row("b")]]
    let verdict = judge(old, new, BatchUpdate())
    #expect(verdict.kind == .wrongRows)
    #expect(verdict.mismatch?.path == p(0, 1))
  }

  @Test("cells of inserted and reloaded sections are fresh")
  func freshSections() {
    let old = [[Row(id: "a", content: 1)], [Row("b")]]
    let new = [[Row(id: "a", content: 2), Row("z")], [Row("q")], [Row("b")]]
    #expect(judge(old, new, BatchUpdate(insertSections: [1], reloadSections: [0])) == .valid)
  }

  @Test("a lazy million-row data source is validated without being copied")
  func lazyDataSource() {
    /// Rows 0, 2, 4, ... computed on demand, like seed 003's sequence.
    struct Evens: TableDataSource {
      let count: Int
      var numberOfSections: Int { 1 }
      func numberOfRows(inSection section: Int) -> Int { count }
      func row(at path: RowPath) -> Row { Row(.int(path.row * 2)) }
    }
    /// The same rows with every tenth one removed (rows 0, 20, 40, ... gone).
    struct Filtered: TableDataSource {
      let count: Int
      var numberOfSections: Int { 1 }
      func numberOfRows(inSection section: Int) -> Int { count - (count + 9) / 10 }
      func row(at path: RowPath) -> Row {
        let old = path.row / 9 * 10 + path.row % 9 + 1
        return Row(.int(old * 2))
      }
    }
    let count = 1_000_000
    let update = BatchUpdate(deleteRows: stride(from: 0, to: count, by: 10).map { p(0, $0) })
    let table = SimulatedTableView(Evens(count: count))
    #expect(table.performBatchUpdates(update, dataSource: Filtered(count: count)) == .valid)
    // A data source that dropped the wrong rows is caught, first place first.
    var wrong = update
    wrong.deleteRows[1] = p(0, 11)
    let verdict = table.performBatchUpdates(wrong, dataSource: Filtered(count: count))
    #expect(verdict.kind == .wrongRows)
    #expect(verdict.mismatch?.path == p(0, 9))
  }
}
