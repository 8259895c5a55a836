import Testing

@testable import BatchCheck

/// Reloads as UIKit carries them out (a delete and an insert at that path),
/// the fair move bound with content, staged batches and steps, excesses
/// that never cancel, and the ratio's rounding.
@Suite("Edit size: reloads in place, content, staged and steps, totals")
struct EditSizeReloadTests {
  static func rows(_ text: String) -> [Row] { text.map { Row(.string(String($0))) } }

  /// Row moves in section 0, each (old-space from, new-space to).
  static func moves(_ pairs: (Int, Int)...) -> BatchUpdate {
    BatchUpdate(moveRows: pairs.map { RowMove(from: RowPath(0, $0.0), to: RowPath(0, $0.1)) })
  }

  @Test(
    "a reload that changes identity is a delete and an insert; only an unchanged row's reload is unchanged"
  )
  func reloadsChangingIdentity() {
    // [1 2 3] -> [3 2 1], reloading rows 0 and 2 in place: two rows replaced.
    let swapped = EditSize(
      old: [[Row(1), Row(2), Row(3)]], new: [[Row(3), Row(2), Row(1)]],
      update: BatchUpdate(reloadRows: [RowPath(0, 0), RowPath(0, 2)]))
    #expect(swapped.reloads == 2 && swapped.reloadsChangingIdentity == 2)
    #expect(swapped.deletes == 2 && swapped.inserts == 2 && swapped.unchangedReloads == 0)
    #expect(swapped.minimumDeletes == 0 && swapped.deletedAndInsertedAgain == 2)
    // [a] -> [b], reloading row 0: exactly the least.
    let replaced = EditSize(
      old: [Self.rows("a")], new: [Self.rows("b")], update: BatchUpdate(reloadRows: [RowPath(0, 0)])
    )
    #expect(replaced.deletes == 1 && replaced.inserts == 1 && replaced.minimumDeletes == 1)
    #expect(replaced.deletedAndInsertedAgain == 0 && replaced.sections[0].deletes == 1)
    // A reload lands where the row slides: after an insert before it, b at 2.
    let slid = EditSize(
      old: [Self.rows("ab")], new: [[Row("x"), Row("a"), Row(id: "b", content: "b2")]],
      update: BatchUpdate(insertRows: [RowPath(0, 0)], reloadRows: [RowPath(0, 1)]))
    #expect(slid.reloadsChangingIdentity == 0 && slid.unchangedReloads == 0 && slid.deletes == 0)
    // Reloading a row that keeps id and content is unchanged; a reconfigure counts the same.
    let same = EditSize(
      old: [Self.rows("ab")], new: [Self.rows("ab")],
      update: BatchUpdate(reloadRows: [RowPath(0, 0)], reconfigureRows: [RowPath(0, 1)]))
    #expect(same.reloads == 2 && same.unchangedReloads == 2 && same.deletes == 0)
    // A reloaded section deletes its rows and inserts the new ones.
    let section = EditSize(
      old: [Self.rows("ab")], new: [Self.rows("ab")], update: BatchUpdate(reloadSections: [0]))
    #expect(section.sectionReloads == 1 && section.deletes == 2 && section.inserts == 2)
    // A row delete inside a deleted section is not counted twice.
    let dropped = EditSize(
      old: [Self.rows("ab"), Self.rows("c")], new: [Self.rows("c")],
      update: BatchUpdate(deleteSections: [0], deleteRows: [RowPath(0, 1)]))
    #expect(dropped.deletes == 2 && dropped.minimumDeletes == 2)
  }

  @Test(
    "swapped contents of one id: one move and no reload is fair; [a b] -> [b a] with two moves is not"
  )
  func fairMoves() {
    let old = [[Row(id: "a", content: 1), Row(id: "a", content: 2)]]
    let new = [[Row(id: "a", content: 2), Row(id: "a", content: 1)]]
    let oneMove = EditSize(
      old: old, new: new,
      update: BatchUpdate(moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))]))
    #expect(oneMove.minimumMoves == 0 && oneMove.minimumMovesWithoutReloads == 1)
    #expect(oneMove.fairMinimumMoves == 1 && oneMove.extraMoves == 0 && oneMove.moveRatio == 1)
    // Reloading both in place needs no move: the bound is minimumMoves.
    let reloadBoth = EditSize(
      old: old, new: new, update: BatchUpdate(reloadRows: [RowPath(0, 0), RowPath(0, 1)]))
    #expect(reloadBoth.fairMinimumMoves == 0 && reloadBoth.reloadsChangingIdentity == 0)
    #expect(reloadBoth.unchangedReloads == 0 && reloadBoth.deletes == 0)
    // Distinct ids: content costs no move, the bound stays minimumMoves.
    let twoMoves = EditSize(
      old: [Self.rows("ab")], new: [Self.rows("ba")],
      update: Self.moves((0, 1), (1, 0)))
    #expect(twoMoves.fairMinimumMoves == 1 && twoMoves.extraMoves == 1)
    #expect(twoMoves.minimumMovesWithoutReloads == twoMoves.minimumMoves)
  }

  @Test("the move ratio: the swapped-contents move passes at 1, two moves for one fail")
  func fairRatioLimit() {
    let oneMove = ClosureGenerator(name: "one-move") { old, new in
      old == new
        ? BatchUpdate() : BatchUpdate(moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))])
    }
    var options = CheckOptions.onePair(
      old: [[Row(id: "a", content: 1), Row(id: "a", content: 2)]],
      new: [[Row(id: "a", content: 2), Row(id: "a", content: 1)]])
    options.maxMoveRatio = 1
    let report = check(oneMove, options: options)
    #expect(report.passed && report.edits?.extraMoves == 0 && report.edits?.fairMinimumMoves == 1)
    let moveBoth = ClosureGenerator(name: "move-both") { _, _ in
      Self.moves((0, 1), (1, 0))
    }
    var swap = CheckOptions.onePair(old: [Self.rows("ab")], new: [Self.rows("ba")])
    swap.maxMoveRatio = 1
    // It fails (shrunk, maybe to a pair needing no move at all), by more than the fair bound.
    let waste = check(moveBoth, options: swap).failures.first?.waste
    #expect(waste?.limit == .maxMoveRatio && waste.map { $0.moves > $0.fairMinimumMoves } == true)
    let breach = WasteLimits(maxMoveRatio: 1).breach(
      of: EditSize(
        old: [Self.rows("ab")], new: [Self.rows("ba")],
        update: moveBoth.update(from: [], to: [])),
      old: [Self.rows("ab")], new: [Self.rows("ba")])
    #expect(breach?.fairMinimumMoves == 1 && breach?.message.contains("(2.0×)") == true)
  }

  @Test("staged batches and steps: the stages' operations added up against one minimum")
  func stagedAndSteps() {
    let old = [Self.rows("ab")]
    let new = [Self.rows("ba")]
    let steps = EditSize(
      old: old, new: new,
      changes: .steps([.delete(at: RowPath(0, 0)), .insert(at: RowPath(0, 1), row: Row("a"))]))
    #expect(steps.deletes == 1 && steps.inserts == 1 && steps.minimumDeletes == 0)
    #expect(
      steps.deletedAndInsertedAgain == 1 && steps.unneededDeletes == 1 && steps.sections.isEmpty)
    let stages = EditSize(
      old: old, new: new,
      changes: .staged([
        Stage(update: BatchUpdate(deleteRows: [RowPath(0, 0)]), data: [Self.rows("b")]),
        Stage(update: BatchUpdate(insertRows: [RowPath(0, 1)]), data: new),
      ]))
    #expect(stages.deletes == steps.deletes && stages.inserts == steps.inserts)
    #expect(stages.minimumMoves == 1 && stages.extraMoves == 0)
    // An update step that replaces a row's identity is a delete and an insert.
    let update = EditSize(
      old: [Self.rows("a")], new: [Self.rows("b")],
      changes: .steps([.update(at: RowPath(0, 0), row: Row("b"))]))
    #expect(
      update.reloadsChangingIdentity == 1 && update.deletes == 1
        && update.deletedAndInsertedAgain == 0)
    // One batch as changes is the batch's record.
    let batch = BatchUpdate(moveRows: [RowMove(from: RowPath(0, 1), to: RowPath(0, 0))])
    #expect(
      EditSize(old: old, new: new, changes: .batch(batch))
        == EditSize(old: old, new: new, update: batch))
  }

  @Test("totals add each case's own excess: a case below a minimum never hides another's waste")
  func totalsNeverCancel() {
    // Deletes every row and inserts again: 2 rows deleted again.
    let wasteful = EditSize(
      old: [Self.rows("ab")], new: [Self.rows("ab")],
      update: BatchUpdate(
        deleteRows: [RowPath(0, 0), RowPath(0, 1)], insertRows: [RowPath(0, 0), RowPath(0, 1)]))
    // Deletes fewer than the least (not a valid update, counted as given).
    let below = EditSize(old: [Self.rows("cd")], new: [Self.rows("ef")], update: BatchUpdate())
    let total = wasteful + below
    #expect(total.deletes - total.minimumDeletes <= 0)
    #expect(total.deletedAndInsertedAgain == 2 && total.unneededDeletes == 2)
    #expect(total.casesWithUnneededDeletes == 1 && total.rowsDeletedAndInsertedAgain == 2)
    let moves = EditSize(
      old: [Self.rows("abc")], new: [Self.rows("cab")],
      update: Self.moves((0, 1), (1, 2)))
    let none = EditSize(old: [Self.rows("abc")], new: [Self.rows("cab")], update: BatchUpdate())
    let moveTotal = moves + none
    #expect(moveTotal.moves == moveTotal.fairMinimumMoves && moveTotal.extraMoves == 1)
    #expect(moveTotal.casesWithExtraMoves == 1)
    #expect(moveTotal.summary.contains("2 moves where 2 suffice, 1 extra;"))
  }

  @Test("the ratio rounds up: a count over the minimum never reads 1.0")
  func ratioRoundsUp() {
    #expect(ratioText(29_701, over: 27_077) == "1.1")
    #expect(ratioText(2, over: 1) == "2.0" && ratioText(27_077, over: 27_077) == "1.0")
    #expect(ratioText(100_001, over: 100_000) == "1.1")
    #expect(ratioText(291, over: 10) == "30" && ratioText(290, over: 10) == "29")
    #expect(ratioText(Int.max, over: 3) == ratioText(Double(Int.max) / 3))
    var size = EditSize()
    size.moves = 29_701
    size.fairMinimumMoves = 27_077
    size.minimumMoves = 27_077
    #expect(size.summary.hasPrefix("edit size: 29,701 moves where 27,077 suffice (1.1×)"))
  }
}
