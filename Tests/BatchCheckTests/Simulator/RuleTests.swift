import Testing

@testable import BatchCheck

/// One positive and one negative test per UIKit rule, with UIKit's exact texts.
/// Case names follow UIKit's known cases (T1...) where one exists.
@Suite("UIKit rules")
struct RuleTests {
  @Test("R1 positive: a deleted section leaves one section fewer")
  func r1Positive() {
    #expect(judge(table("a | b"), table("b"), BatchUpdate(deleteSections: [0])) == .valid)
  }

  @Test("R1 negative (T7): section delete but the data source still has the section")
  func r1Negative() {
    let verdict = judge(
      table(counts: [20]), table(counts: [20]), BatchUpdate(deleteSections: [0]), uikit: .ios12)
    #expect(verdict.rule == .r1)
    #expect(
      verdict.message
        == "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted)."
    )
  }

  @Test("R2 positive (T1): delete one of three rows")
  func r2Positive() {
    #expect(judge(table("a b c"), table("a c"), BatchUpdate(deleteRows: [p(0, 1)])) == .valid)
  }

  @Test("R2 negative (T2): a delete the data source did not make")
  func r2Negative() {
    let verdict = judge(
      table(counts: [20]), table(counts: [20]), BatchUpdate(deleteRows: [p(0, 0)]), uikit: .ios12)
    #expect(verdict.kind == .exception)
    #expect(verdict.rule == .r2)
    #expect(
      verdict.message
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
    )
  }

  @Test("R2 prints the new-space section and counts cross-section moves")
  func r2NewSpaceSection() {
    // Section 0 is deleted, so old section 1 is new section 0; a row moves into it from old section 2.
    let old = table("a | b | c d")
    let new = table("b c | d x")
    let verdict = judge(
      old, new, BatchUpdate(deleteSections: [0], moveRows: [mv(p(2, 0), p(0, 1))]))
    #expect(verdict.rule == .r2)
    #expect(verdict.message?.contains("in section 1.") == true)
    #expect(verdict.message?.contains("(2) must be equal") == true)
    #expect(verdict.message?.contains("(0 moved in, 1 moved out)") == true)
  }

  @Test("R3 positive: delete the last row")
  func r3Positive() {
    #expect(judge(table("a b c"), table("a b"), BatchUpdate(deleteRows: [p(0, 2)])) == .valid)
  }

  @Test("R3 negative (T4): delete row 99 of 20")
  func r3Negative() {
    let verdict = judge(
      table(counts: [20]), table(counts: [19]), BatchUpdate(deleteRows: [p(0, 99)]))
    #expect(verdict.rule == .r3)
    #expect(
      verdict.message
        == "attempt to delete row 99 from section 0 which only contains 20 rows before the update")
  }

  @Test("R4 positive: delete a row of the last section")
  func r4Positive() {
    #expect(judge(table("a | b"), table("a | -"), BatchUpdate(deleteRows: [p(1, 0)])) == .valid)
  }

  @Test("R4 negative (T10): delete a row of section 3 of 1")
  func r4Negative() {
    let verdict = judge(table(counts: [1]), table(counts: [1]), BatchUpdate(deleteRows: [p(3, 0)]))
    #expect(verdict.rule == .r4)
    #expect(
      verdict.message
        == "attempt to delete row 0 from section 3, but there are only 1 sections before the update"
    )
  }

  @Test("R5 positive: delete the only section")
  func r5Positive() {
    #expect(judge(table("a"), [], BatchUpdate(deleteSections: [0])) == .valid)
  }

  @Test("R5 negative (T8): delete a section of an empty table")
  func r5Negative() {
    let verdict = judge([], [], BatchUpdate(deleteSections: [0]))
    #expect(verdict.rule == .r5)
    #expect(
      verdict.message
        == "attempt to delete section 0, but there are only 0 sections before the update")
  }

  @Test("R6 positive: insert at the end")
  func r6Positive() {
    #expect(judge(table("a b"), table("a b c"), BatchUpdate(insertRows: [p(0, 2)])) == .valid)
  }

  @Test("R6 negative (T5): insert row 100 into 21 rows")
  func r6Negative() {
    let verdict = judge(
      table(counts: [20]), table(counts: [21]), BatchUpdate(insertRows: [p(0, 100)]))
    #expect(verdict.rule == .r6)
    #expect(
      verdict.message
        == "attempt to insert row 100 into section 0, but there are only 21 rows in section 0 after the update"
    )
  }

  @Test("R7 positive: insert into the second section")
  func r7Positive() {
    #expect(judge(table("a | b"), table("a | x b"), BatchUpdate(insertRows: [p(1, 0)])) == .valid)
  }

  @Test("R7 negative: insert into a section that does not exist after the update")
  func r7Negative() {
    let verdict = judge(table("a"), table("a"), BatchUpdate(insertRows: [p(1, 0)]))
    #expect(verdict.rule == .r7)
    #expect(
      verdict.message
        == "attempt to insert row 0 into section 1, but there are only 1 sections after the update")
  }

  @Test("R8 positive: insert a second section")
  func r8Positive() {
    #expect(judge(table("a"), table("a | x"), BatchUpdate(insertSections: [1])) == .valid)
  }

  @Test("R8 negative (T9): insert section 2 of 2, no comma before but")
  func r8Negative() {
    let verdict = judge(
      table(counts: [1]), table(counts: [1, 1]), BatchUpdate(insertSections: [2]))
    #expect(verdict.rule == .r8)
    #expect(
      verdict.message
        == "attempt to insert section 2 but there are only 2 sections after the update")
  }

  @Test("R9 positive: a reload refreshes a changed row")
  func r9Positive() {
    let old = [[Row(id: "a", content: 1), Row(id: "b", content: 1)]]
    let new = [[Row(id: "a", content: 1), Row(id: "b", content: 2)]]
    #expect(judge(old, new, BatchUpdate(reloadRows: [p(0, 1)])) == .valid)
  }

  @Test("R9 negative (T29): a reload out of range uses the delete wording (iOS 12)")
  func r9Negative() {
    let verdict = judge(
      table(counts: [3]), table(counts: [3]), BatchUpdate(reloadRows: [p(0, 5)]), uikit: .ios12)
    #expect(verdict.rule == .r3)
    #expect(
      verdict.message
        == "attempt to delete row 5 from section 0 which only contains 3 rows before the update")
  }

  @Test("R10 positive: delete one row and reload another")
  func r10Positive() {
    let old = [[Row(id: "a", content: 1), Row(id: "b", content: 1)]]
    let new = [[Row(id: "a", content: 2)]]
    #expect(judge(old, new, BatchUpdate(deleteRows: [p(0, 1)], reloadRows: [p(0, 0)])) == .valid)
  }

  @Test("R10 negative (T12): delete and reload the same row; section form too")
  func r10Negative() {
    let verdict = judge(
      table(counts: [2]), table(counts: [1]),
      BatchUpdate(deleteRows: [p(0, 1)], reloadRows: [p(0, 1)]))
    #expect(verdict.rule == .r10)
    #expect(
      verdict.message
        == "attempt to delete and reload the same index path ({length = 2, path = 0 - 1})")
    let sections = judge(
      table("a | b"), table("b"), BatchUpdate(deleteSections: [0], reloadSections: [0]))
    #expect(sections.rule == .r10)
    #expect(
      sections.message
        == "attempt to delete and reload the same index path ({length = 2, path = 0 - 9223372036854775807})"
    )
  }

  @Test("R11 positive: a move alone")
  func r11Positive() {
    #expect(
      judge(table("a b"), table("b a"), BatchUpdate(moveRows: [mv(p(0, 1), p(0, 0))])) == .valid)
  }

  @Test("R11 negative (T11): reload of a moved row; section form too")
  func r11Negative() {
    let verdict = judge(
      table(counts: [2]), table(counts: [2]),
      BatchUpdate(reloadRows: [p(0, 1)], moveRows: [mv(p(0, 1), p(0, 0))]))
    #expect(verdict.rule == .r11)
    #expect(
      verdict.message
        == "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"
    )
    let sections = judge(
      table("a | b"), table("a"),
      BatchUpdate(deleteSections: [1], moveSections: [SectionMove(from: 1, to: 0)]))
    #expect(sections.rule == .r11)
    #expect(sections.message == "attempt to perform a delete and a move from the same section (1)")
  }

  @Test("R12 positive: an insert and a move to different places")
  func r12Positive() {
    let update = BatchUpdate(insertRows: [p(0, 3)], moveRows: [mv(p(0, 1), p(0, 0))])
    #expect(judge(table("a b c"), table("b a c x"), update) == .valid)
  }

  @Test("R12 negative (T13): an insert and a move to the same row; section form too")
  func r12Negative() {
    let verdict = judge(
      table(counts: [3]), table(counts: [4]),
      BatchUpdate(insertRows: [p(0, 0)], moveRows: [mv(p(0, 1), p(0, 0))]))
    #expect(verdict.rule == .r12)
    #expect(
      verdict.message
        == "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})"
    )
    let sections = judge(
      table("a | b"), table("b | x | a"),
      BatchUpdate(insertSections: [0], moveSections: [SectionMove(from: 1, to: 0)]))
    #expect(sections.rule == .r12)
    #expect(sections.message == "attempt to perform an insert and a move to the same section (0)")
  }

  @Test("R13 positive: a move from an existing row")
  func r13Positive() {
    #expect(
      judge(table("a | b"), table("- | b a"), BatchUpdate(moveRows: [mv(p(0, 0), p(1, 1))]))
        == .valid)
  }

  @Test("R13 negative (T33): a move from a row that does not exist; missing section too")
  func r13Negative() {
    let verdict = judge(
      table(counts: [0, 0, 0]), table(counts: [1, 0, 0]),
      BatchUpdate(moveRows: [mv(p(2, 0), p(0, 0))]))
    #expect(verdict.rule == .r13)
    #expect(
      verdict.message
        == "attempt to move index path ({length = 2, path = 2 - 0}) that does not exist - there are only 0 rows in section 2 before the update"
    )
    let section = judge(table("a"), table("a"), BatchUpdate(moveRows: [mv(p(4, 0), p(0, 0))]))
    #expect(
      section.message
        == "attempt to move index path ({length = 2, path = 4 - 0}) from a section that does not exist - there are only 1 sections before the update"
    )
  }

  @Test("R14 positive: a move to the last row")
  func r14Positive() {
    #expect(
      judge(table("a b c"), table("b c a"), BatchUpdate(moveRows: [mv(p(0, 0), p(0, 2))])) == .valid
    )
  }

  @Test("R14 negative: a move to a row or section that does not exist")
  func r14Negative() {
    let row = judge(
      table(counts: [3]), table(counts: [3]), BatchUpdate(moveRows: [mv(p(0, 0), p(0, 5))]))
    #expect(row.rule == .r14)
    #expect(
      row.message
        == "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 0 - 5}) that does not exist - there are only 3 rows in section 0 after the update"
    )
    let section = judge(
      table(counts: [3]), table(counts: [3]), BatchUpdate(moveRows: [mv(p(0, 0), p(2, 0))]))
    #expect(
      section.message
        == "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 2 - 0}) in section that does not exist - there are only 1 sections after the update"
    )
  }

  @Test("R15 positive: swap two sections")
  func r15Positive() {
    let update = BatchUpdate(moveSections: [
      SectionMove(from: 0, to: 1), SectionMove(from: 1, to: 0),
    ])
    #expect(judge(table("a | b"), table("b | a"), update) == .valid)
  }

  @Test("R15 negative: section move bounds, with UIKit's 'to to'")
  func r15Negative() {
    let from = judge(
      table("a"), table("a"), BatchUpdate(moveSections: [SectionMove(from: 3, to: 0)]))
    #expect(from.rule == .r15)
    #expect(
      from.message == "attempt to move section 3, but there are only 1 sections before the update")
    let to = judge(table("a"), table("a"), BatchUpdate(moveSections: [SectionMove(from: 0, to: 2)]))
    #expect(
      to.message
        == "attempt to to move section 0 to section 2, but there are only 1 sections after the update"
    )
  }

  @Test("R16 positive (T21): an exact duplicate move is dropped")
  func r16Positive() {
    let move = mv(p(0, 1), p(0, 2))
    #expect(judge(table("a b c"), table("a c b"), BatchUpdate(moveRows: [move, move])) == .valid)
  }

  @Test("R16 negative (T19, T20): one row to two places, two rows to one place")
  func r16Negative() {
    let both = judge(
      table(counts: [3]), table(counts: [3]),
      BatchUpdate(moveRows: [mv(p(0, 0), p(0, 2)), mv(p(0, 0), p(0, 1))]))
    #expect(both.rule == .r16)
    #expect(
      both.message
        == "attempt to move row at index path {length = 2, path = 0 - 0} to both {length = 2, path = 0 - 2} and {length = 2, path = 0 - 1}"
    )
    let one = judge(
      table(counts: [3]), table(counts: [3]),
      BatchUpdate(moveRows: [mv(p(0, 0), p(0, 2)), mv(p(0, 1), p(0, 2))]))
    #expect(
      one.message
        == "attempt to move both row at index path {length = 2, path = 0 - 0} and {length = 2, path = 0 - 1} to {length = 2, path = 0 - 2}"
    )
    let sections = judge(
      table("a | b | c"), table("a | b | c"),
      BatchUpdate(moveSections: [SectionMove(from: 0, to: 2), SectionMove(from: 1, to: 2)]))
    #expect(sections.message == "attempt to move both section 0 and section 1 to section 2")
  }

  @Test("R17 positive: a row move between two kept sections animates")
  func r17Positive() {
    #expect(
      judge(table("a | b"), table("- | a b"), BatchUpdate(moveRows: [mv(p(0, 0), p(1, 0))]))
        == .valid)
  }

  @Test("R17 negative: a row moved out of a deleted section falls back to reloadData")
  func r17Negative() {
    let out = judge(
      table("a | b"), table("b a"),
      BatchUpdate(deleteSections: [0], moveRows: [mv(p(0, 0), p(0, 1))]))
    #expect(out.kind == .fallback)
    #expect(out.rule == .r17)
    let into = judge(
      table("a b"), table("b | a"),
      BatchUpdate(insertSections: [1], moveRows: [mv(p(0, 0), p(1, 0))]))
    #expect(into.kind == .fallback)
    // iOS 12 still checks the section count first (iOS 18 does not: D5).
    let count = judge(
      table("a | b"), table("b a | c"),
      BatchUpdate(deleteSections: [0], moveRows: [mv(p(0, 0), p(0, 1))]),
      uikit: .ios12)
    #expect(count.rule == .r1)
  }

  @Test("R18 positive: row deletes inside a deleted section are dropped, even out of range")
  func r18Positive() {
    let update = BatchUpdate(deleteSections: [0], deleteRows: [p(0, 99)])
    #expect(judge(table("a | b"), table("b"), update) == .valid)
  }

  @Test("R18 negative: without the section delete the same row delete is checked")
  func r18Negative() {
    #expect(judge(table("a | b"), table("- | b"), BatchUpdate(deleteRows: [p(0, 99)])).rule == .r3)
  }

  @Test("R19 positive: row inserts inside an inserted section are checked, then dropped")
  func r19Positive() {
    let update = BatchUpdate(insertSections: [1], insertRows: [p(1, 0)])
    #expect(judge(table("a"), table("a | x"), update) == .valid)
  }

  @Test("R19 negative: a row insert inside an inserted section is still bounds-checked")
  func r19Negative() {
    let verdict = judge(
      table("a"), table("a | x"), BatchUpdate(insertSections: [1], insertRows: [p(1, 5)]))
    #expect(verdict.rule == .r6)
    #expect(
      verdict.message
        == "attempt to insert row 5 into section 1, but there are only 1 rows in section 1 after the update"
    )
  }

  @Test("R20 positive (T22, T23 as UIKit): UITableView merges duplicate deletes and inserts")
  func r20Positive() {
    let deletes = BatchUpdate(deleteRows: [p(0, 1), p(0, 1)])
    #expect(
      judge(table(counts: [3]), [[Row("s0r0"), Row("s0r2")]], deletes, duplicates: .asUIKit)
        == .valid)
    let inserts = BatchUpdate(insertRows: [p(0, 0), p(0, 0)])
    #expect(judge(table("a b c"), table("x a b c"), inserts, duplicates: .asUIKit) == .valid)
  }

  @Test("R20 negative: rejected by default; UICollectionView counts each")
  func r20Negative() {
    let deletes = BatchUpdate(deleteRows: [p(0, 1), p(0, 1)])
    let rejected = judge(table(counts: [3]), table(counts: [2]), deletes)
    #expect(rejected.kind == .duplicate)
    #expect(rejected.rule == .r20)
    #expect(rejected.message?.contains("{length = 2, path = 0 - 1}") == true)
    let collection = judge(
      table(counts: [3]), table(counts: [2]), deletes, semantics: .collectionView,
      duplicates: .asUIKit)
    #expect(collection.rule == .r2)
    #expect(collection.message?.contains("invalid number of items in section 0") == true)
    #expect(collection.message?.contains("(0 inserted, 2 deleted)") == true)
  }

  @Test("R21 positive: UITableView merges a duplicate section delete")
  func r21Positive() {
    let update = BatchUpdate(deleteSections: [0, 0])
    #expect(judge(table("a | b"), table("b"), update, duplicates: .asUIKit) == .valid)
  }

  @Test("R21 negative: rejected by default, counted twice by UICollectionView")
  func r21Negative() {
    let update = BatchUpdate(deleteSections: [0, 0])
    #expect(judge(table("a | b"), table("b"), update).kind == .duplicate)
    let collection = judge(
      table("a | b"), table("b"), update, semantics: .collectionView, duplicates: .asUIKit)
    #expect(collection.rule == .r1)
    #expect(collection.message?.contains("collection view") == true)
    #expect(collection.message?.contains("(0 inserted, 2 deleted)") == true)
  }

  @Test("R22 positive: zero is a valid index")
  func r22Positive() {
    #expect(judge(table("a"), table("x a"), BatchUpdate(insertRows: [p(0, 0)])) == .valid)
  }

  @Test("R22 negative (T35): a negative row is raised when the call is made")
  func r22Negative() {
    let verdict = judge(table(counts: [3]), table(counts: [3]), BatchUpdate(insertRows: [p(0, -1)]))
    #expect(verdict.rule == .r22)
    #expect(
      verdict.message
        == "Attempted to perform update with invalid index path: {length = 2, path = 0 - 18446744073709551615}"
    )
    let section = judge(table(counts: [3]), table(counts: [3]), BatchUpdate(deleteSections: [-2]))
    #expect(
      section.message
        == "Attempted to perform update with invalid index path: {length = 2, path = 18446744073709551614 - 9223372036854775807}"
    )
  }

  @Test("R23 positive and negative: only two-index paths convert")
  func r23() {
    #expect(RowPath.fromIndices([0, 3]) == .success(p(0, 3)))
    guard case .failure(let exception) = RowPath.fromIndices([0, 3, 1]) else {
      Issue.record("a three-index path converted")
      return
    }
    #expect(exception.rule == .r23)
    #expect(
      exception.message.hasPrefix(
        "Invalid index path for use with UITableView. Index paths passed to table view must contain exactly two indices"
      ))
    #expect(RowPath.fromIndices([1]).map { _ in 0 } != .success(0))
  }
}
