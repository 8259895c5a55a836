import Testing

@testable import BatchCheck

/// One positive and one negative test per difference between the iOS 12 and
/// iOS 18 profiles (D1-D12 of `Sources/BatchCheck/BatchCheck.docc/SimulatedTableView.md`), each under
/// both profiles where both apply. The X numbers are the public iOS 18.2
/// cases the guide lists.
@Suite("UIKit profiles: iOS 18 against iOS 12")
struct ProfileRuleTests {
  static let cv = ViewSemantics.collectionView

  // MARK: D1: the count texts name the view

  @Test("D1 positive (X1): iOS 18's R2 text ends by naming the table view")
  func d1Positive() {
    let verdict = judge(
      table(counts: [20]), table(counts: [20]), BatchUpdate(deleteRows: [p(0, 0)]), uikit: .ios18)
    #expect(verdict.rule == .r2)
    #expect(
      verdict.message
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out). Table view: <UITableView>"
    )
    let r1 = judge(
      table("a"), table("a"), BatchUpdate(insertSections: [0]), semantics: Self.cv, uikit: .ios18)
    #expect(r1.rule == .r1)
    #expect(
      r1.message?.hasSuffix("(1 inserted, 0 deleted). Collection view: <UICollectionView>") == true)
  }

  @Test("D1 negative: iOS 12's count texts end with the sentence")
  func d1Negative() {
    let verdict = judge(
      table(counts: [20]), table(counts: [20]), BatchUpdate(deleteRows: [p(0, 0)]), uikit: .ios12)
    #expect(verdict.message?.hasSuffix("(0 moved in, 0 moved out).") == true)
    let r1 = judge(
      table("a"), table("a"), BatchUpdate(insertSections: [0]), semantics: Self.cv, uikit: .ios12)
    #expect(r1.message?.hasSuffix("(1 inserted, 0 deleted).") == true)
  }

  // MARK: D2, D3: where R2b stands against R1

  /// Deletes section 1 and inserts two rows into section 0, while the data
  /// source keeps both sections: the section count is wrong, and section 0
  /// would hold 3 rows where the data source has 2.
  static let bothCountsWrong = (
    old: table("a | b"), new: table("a x | b"),
    update: BatchUpdate(deleteSections: [1], insertRows: [p(0, 0), p(0, 1)])
  )

  @Test("D2 positive: a table checks the section count (R1) before the update maps (R2b)")
  func d2Positive() {
    let c = Self.bothCountsWrong
    #expect(judge(c.old, c.new, c.update, uikit: .ios18).rule == .r1)
  }

  @Test("D2 negative: with the section count right, the table's maps fail (R2b)")
  func d2Negative() {
    let update = BatchUpdate(insertRows: [p(0, 0), p(0, 1)])
    #expect(judge(table("a"), table("a x"), update, uikit: .ios18).rule == .r2b)
    // iOS 12 has no R2b: the classic R2.
    #expect(judge(table("a"), table("a x"), update, uikit: .ios12).rule == .r2)
  }

  @Test("D3 positive: a collection view checks the update maps (R2b) before the section count")
  func d3Positive() {
    let c = Self.bothCountsWrong
    #expect(judge(c.old, c.new, c.update, semantics: Self.cv, uikit: .ios18).rule == .r2b)
  }

  @Test("D3 negative: iOS 12's collection view checks the section count first")
  func d3Negative() {
    let c = Self.bothCountsWrong
    #expect(judge(c.old, c.new, c.update, semantics: Self.cv, uikit: .ios12).rule == .r1)
  }

  // MARK: D4: what overflows the maps

  @Test(
    "D4 positive (X3, X4): a section that would hold more rows than the data source returns is R2b")
  func d4Positive() {
    let x3 = judge(
      table(counts: [20]), table(counts: [15]), BatchUpdate(deleteRows: [p(0, 0)]), uikit: .ios18)
    #expect(x3.kind == .exception && x3.rule == .r2b)
    #expect(
      x3.message == """
        Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.
        Data source before updates = { 1 section with row counts: [20] }
        Data source after updates = { 1 section with row counts: [15] }
        Updates = [
        \tDelete row (0 - 0)
        ]
        Table view: <UITableView>
        """)
    let x4 = judge(
      table(counts: [20]), table(counts: [3]), BatchUpdate(reloadRows: [p(0, 0)]), uikit: .ios18)
    #expect(x4.rule == .r2b)
    #expect(
      x4.message?.contains("Updates = [\n\tDelete row (0 - 0),\n\tInsert row (0 - 0)\n]") == true)
    // Several sections, a collection view, and no update at all.
    let empty = judge(
      table("a | b c"), table("a | b"), BatchUpdate(), semantics: Self.cv, uikit: .ios18)
    #expect(
      empty.message?.hasSuffix(
        """
        Data source before updates = { 2 sections with item counts: [1, 2] }
        Data source after updates = { 2 sections with item counts: [1, 1] }
        Updates = [ ]
        Collection view: <UICollectionView>
        """) == true, "\(empty)")
  }

  @Test("D4 negative (X1): a section left with too few rows keeps the classic R2")
  func d4Negative() {
    let x1 = judge(
      table(counts: [20]), table(counts: [20]), BatchUpdate(deleteRows: [p(0, 0)]), uikit: .ios18)
    #expect(x1.rule == .r2)
    // Under iOS 12 the overflow is R2 too.
    let x3 = judge(
      table(counts: [20]), table(counts: [15]), BatchUpdate(deleteRows: [p(0, 0)]), uikit: .ios12)
    #expect(x3.rule == .r2)
  }

  // MARK: D5, D6: how far R17 reaches

  /// X7: section 0 deleted while a row moves out of it, and the section
  /// count is wrong (the data source still has two sections).
  static let x7 = (
    old: table("a b | c d"), new: [[Row("a"), Row("b"), Row("c")], [Row("d")]],
    update: BatchUpdate(deleteSections: [0], moveRows: [mv(p(0, 0), p(0, 1))])
  )

  @Test(
    "D5 positive (X7, X8): a table falls back without checking the section count, after every index check"
  )
  func d5Positive() {
    let c = Self.x7
    #expect(judge(c.old, c.new, c.update, uikit: .ios18).kind == .fallback)
    var x8 = c.update
    x8.insertRows = [p(0, 7)]
    let verdict = judge(c.old, c.new, x8, uikit: .ios18)
    #expect(verdict.rule == .r6)
    #expect(
      verdict.message
        == "attempt to insert row 7 into section 0, but there are only 3 rows in section 0 after the update"
    )
  }

  @Test("D5 negative: iOS 12's table still checks the section count (R1)")
  func d5Negative() {
    let c = Self.x7
    #expect(judge(c.old, c.new, c.update, uikit: .ios12).rule == .r1)
  }

  @Test("D6 positive (X9): a collection view falls back at once: the insert is never checked")
  func d6Positive() {
    let c = Self.x7
    var x9 = c.update
    x9.insertRows = [p(0, 7)]
    #expect(judge(c.old, c.new, x9, semantics: Self.cv, uikit: .ios18).kind == .fallback)
  }

  @Test("D6 negative: iOS 12's collection view still checks the insert (R6)")
  func d6Negative() {
    let c = Self.x7
    var x9 = c.update
    x9.insertRows = [p(0, 7)]
    #expect(judge(c.old, c.new, x9, semantics: Self.cv, uikit: .ios12).rule == .r6)
  }

  // MARK: D7: reloads of rows without a cell

  @Test("D7 positive (X11, X15): a reload of a row without a cell is dropped")
  func d7Positive() {
    #expect(
      judge(
        table(counts: [3]), table(counts: [3]), BatchUpdate(reloadRows: [p(0, 5)]), uikit: .ios18)
        == .valid)
    // X15: rows 0-14 on screen; row 50 is deleted and reloaded off screen.
    let old = table(counts: [100])
    var new = old
    new[0].remove(at: 50)
    let update = BatchUpdate(deleteRows: [p(0, 50)], reloadRows: [p(0, 50)])
    let visible = VisibleRows.range(first: p(0, 0), last: p(0, 14))
    #expect(judge(old, new, update, uikit: .ios18, visibleRows: visible) == .valid)
    // On screen, the same update is R10.
    #expect(judge(old, new, update, uikit: .ios18).rule == .r10)
  }

  @Test("D7 negative: iOS 12 checks the reload (R3); a section reload is always processed")
  func d7Negative() {
    let verdict = judge(
      table(counts: [3]), table(counts: [3]), BatchUpdate(reloadRows: [p(0, 5)]), uikit: .ios12)
    #expect(verdict.rule == .r3)
    let section = judge(
      table(counts: [3]), table(counts: [3]), BatchUpdate(reloadSections: [4]), uikit: .ios18)
    #expect(section.rule == .r5)
    // An off-screen row reload under iOS 12 still counts: R10.
    let old = table(counts: [100])
    var new = old
    new[0].remove(at: 50)
    let update = BatchUpdate(deleteRows: [p(0, 50)], reloadRows: [p(0, 50)])
    let off = judge(
      old, new, update, uikit: .ios12, visibleRows: .range(first: p(0, 0), last: p(0, 14)))
    #expect(off.rule == .r10)
  }

  // MARK: D8: the walk ignores rows in deleted and inserted sections

  @Test("D8 positive (X13): row inserts in an inserted section do not shift a reload's target")
  func d8Positive() {
    let old = [[Row(id: "a", content: 1)]]
    let new = [[Row("n")], [Row(id: "a", content: 2)]]
    let update = BatchUpdate(insertSections: [0], insertRows: [p(0, 0)], reloadRows: [p(0, 0)])
    #expect(judge(old, new, update, uikit: .ios18) == .valid)
  }

  @Test("D8 negative: iOS 12's walk counts that row insert and misplaces the reload")
  func d8Negative() {
    let old = [[Row(id: "a", content: 1)]]
    let new = [[Row("n")], [Row(id: "a", content: 2)]]
    let update = BatchUpdate(insertSections: [0], insertRows: [p(0, 0)], reloadRows: [p(0, 0)])
    #expect(judge(old, new, update, uikit: .ios12).rule == .r6)
  }

  // MARK: D9: duplicate reloads

  @Test("D9 positive: a reload given twice is walked once")
  func d9Positive() {
    let old = [[Row(id: "a", content: 1), Row("b")]]
    let new = [[Row(id: "a", content: 2), Row("b")]]
    let update = BatchUpdate(reloadRows: [p(0, 0), p(0, 0)])
    let table = SimulatedTableView(
      old, options: SimulationOptions(semantics: Self.cv, duplicates: .asUIKit))
    let (verdict, lines) = table.trace(update, dataSource: new)
    #expect(verdict == .valid)
    #expect(lines.contains("reload (0, 0) removed: a duplicate (D9)"))
    #expect(lines.filter { $0.hasPrefix("reload (0, 0) → ") }.count == 1)
  }

  @Test("D9 negative: iOS 12 walks both copies")
  func d9Negative() {
    let old = [[Row(id: "a", content: 1), Row("b")]]
    let new = [[Row(id: "a", content: 2), Row("b")]]
    let options = SimulationOptions(semantics: Self.cv, duplicates: .asUIKit, uikit: .ios12)
    let (_, lines) = SimulatedTableView(old, options: options)
      .trace(BatchUpdate(reloadRows: [p(0, 0), p(0, 0)]), dataSource: new)
    #expect(lines.filter { $0.hasPrefix("reload (0, 0) → ") }.count == 2)
  }

  // MARK: D10, D11: duplicate deletes and inserts (asUIKit)

  @Test("D10 positive (X19): a table merges a duplicate delete, under both profiles")
  func d10Positive() {
    for uikit in UIKitProfile.allCases {
      let verdict = judge(
        table("a b c"), table("a c"), BatchUpdate(deleteRows: [p(0, 1), p(0, 1)]),
        duplicates: .asUIKit, uikit: uikit)
      #expect(verdict == .valid, "\(uikit)")
    }
  }

  @Test("D10 negative: under the default policy the duplicate is rejected (R20)")
  func d10Negative() {
    let verdict = judge(
      table("a b c"), table("a c"), BatchUpdate(deleteRows: [p(0, 1), p(0, 1)]), uikit: .ios18)
    #expect(verdict.kind == .duplicate && verdict.rule == .r20)
  }

  @Test("D11 positive (X20): a collection view counts each duplicate insert: R2, not R2b")
  func d11Positive() {
    let verdict = judge(
      table("a b c"), table("a b c d"), BatchUpdate(insertRows: [p(0, 0), p(0, 0)]),
      semantics: Self.cv, duplicates: .asUIKit, uikit: .ios18)
    #expect(verdict.rule == .r2)
    #expect(verdict.message?.contains("after the update (4)") == true)
    #expect(verdict.message?.contains("before the update (3)") == true)
    #expect(verdict.message?.contains("(2 inserted, 0 deleted)") == true)
  }

  @Test("D11 negative: a table counts the duplicate once: valid")
  func d11Negative() {
    let verdict = judge(
      table("a b c"), table("n a b c"), BatchUpdate(insertRows: [p(0, 0), p(0, 0)]),
      duplicates: .asUIKit, uikit: .ios18)
    #expect(verdict == .valid)
  }

  // MARK: D12: reconfigure

  @Test("D12 positive (X23, X24): reconfigure raises nothing, and refreshes the cell in place")
  func d12Positive() {
    // X23: a path with no cell is a no-op.
    #expect(
      judge(table("a b c"), table("a b c"), BatchUpdate(reconfigureRows: [p(0, 7)]), uikit: .ios18)
        == .valid)
    // X24: the reconfigured cell is deleted right after.
    #expect(
      judge(
        table("a b c"), table("a c"),
        BatchUpdate(deleteRows: [p(0, 1)], reconfigureRows: [p(0, 1)]), uikit: .ios18)
        == .valid)
    // A changed row, reconfigured at its old path: no stale content.
    let old = [[Row(id: "a", content: 1), Row(id: "b", content: 1)]]
    let new = [[Row(id: "a", content: 1), Row(id: "b", content: 2)]]
    #expect(judge(old, new, BatchUpdate(reconfigureRows: [p(0, 1)]), uikit: .ios18) == .valid)
    #expect(judge(old, new, BatchUpdate(), uikit: .ios18).rule == .c2)
  }

  @Test(
    "D12 negative: a reconfigure at a new-space index shows the wrong row (C1); iOS 12 has no reconfigure"
  )
  func d12Negative() {
    // Old [a, b, c(1)], new [b, c(2)]: a is deleted, and c is reconfigured
    // at its new index 1. The cell at old path 1 is b's: it asks the data
    // source for row 1 (c) and, moved up to row 0, shows c where b belongs.
    let old = [[Row("a"), Row("b"), Row(id: "c", content: 1)]]
    let new = [[Row("b"), Row(id: "c", content: 2)]]
    let wrongIndex = judge(
      old, new, BatchUpdate(deleteRows: [p(0, 0)], reconfigureRows: [p(0, 1)]), uikit: .ios18)
    #expect(wrongIndex.rule == .c1)
    #expect(wrongIndex.mismatch?.path == p(0, 0))
    #expect(wrongIndex.message?.contains("reconfigured with the data source's row there") == true)
    let ios12 = judge(
      table("a"), table("a"), BatchUpdate(reconfigureRows: [p(0, 0)]), uikit: .ios12)
    #expect(ios12.kind == .exception && ios12.rule == nil)
    #expect(ios12.message?.contains("reconfigureRowsAtIndexPaths:]: unrecognized selector") == true)
  }

  @Test("a reconfigure where the data source has no row leaves the cell showing nothing valid (C1)")
  func reconfigureBeyondNewCount() {
    // Old [a, b, c], new [b, c]: c's cell (old path 2) asks the data source
    // for row 2, which it no longer has.
    let verdict = judge(
      table("a b c"), table("b c"), BatchUpdate(deleteRows: [p(0, 0)], reconfigureRows: [p(0, 2)]),
      uikit: .ios18)
    #expect(verdict.rule == .c1)
    #expect(verdict.mismatch?.path == p(0, 1))
    #expect(verdict.message?.contains("shows nothing valid") == true)
  }

  // MARK: Cells on screen

  @Test("cells on screen: the row check judges only cells, under both profiles")
  func rowCheckJudgesCells() {
    // lcs-2013's bug: ["a"] -> ["b", "a", "b"] as two inserts at 0 and 1.
    // The cell of a ends up at row 2, where the data source has b: wrong
    // when a was on screen, and fine when it had no cell.
    let update = BatchUpdate(insertRows: [p(0, 0), p(0, 1)])
    for uikit in UIKitProfile.allCases {
      #expect(judge(table("a"), table("b a b"), update, uikit: uikit).rule == .c1)
      #expect(judge(table("a"), table("b a b"), update, uikit: uikit, visibleRows: .none) == .valid)
      let first = VisibleRows.range(first: p(0, 0), last: p(0, 0))
      #expect(
        judge(table("a"), table("b a b"), update, uikit: uikit, visibleRows: first).rule == .c1)
    }
  }

  // MARK: Move order

  @Test("iOS 18 sorts section moves before row moves; iOS 12 by source")
  func moveOrder() {
    let update = BatchUpdate(
      moveSections: [SectionMove(from: 1, to: 5)], moveRows: [mv(p(0, 0), p(0, 7))])
    let old = table("a | b")
    #expect(judge(old, old, update, uikit: .ios18).rule == .r15)
    #expect(judge(old, old, update, uikit: .ios12).rule == .r14)
  }
}
