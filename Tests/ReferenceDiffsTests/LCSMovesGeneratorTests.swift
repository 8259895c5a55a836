import BatchCheck
import Testing

@testable import ReferenceDiffs

/// lcs-moves: valid everywhere, and exactly the minimum of `EditSize`.
@Suite struct LCSMovesGeneratorTests {
  let generator = LCSMovesGenerator()

  @Test func onlyTheRowsOutsideTheSubsequenceMove() {
    // [a b c] -> [c a b]: c moves; heckel moves every row.
    #expect(
      generator.update(from: rows("abc"), to: rows("cab")) == BatchUpdate(moveRows: [move(2, 0)]))
    #expect(HeckelGenerator().update(from: rows("abc"), to: rows("cab")).moveRows.count == 3)
    // [a b c d] -> [d x b a]: a subsequence of one, two moves, c deleted, x inserted.
    let update = generator.update(from: rows("abcd"), to: rows("dxba"))
    #expect(
      update.deleteRows == paths(2) && update.insertRows == paths(1) && update.moveRows.count == 2)
  }

  @Test("valid on every pair up to six rows over three values", .timeLimit(.minutes(5)))
  func validOnEveryPairUpToSixRowsOverThreeValues() async {
    await expectValidOnEveryPairUpToSixRows(generator)
  }

  @Test("issues exactly the minimum: deletes, inserts and moves, with and without repeated ids")
  func issuesTheMinimum() {
    for (ids, seed) in [(1_000, UInt64(0x1C5_0001)), (4, UInt64(0x1C5_0002))] {
      for (old, new) in editedPairs(count: 2_000, seed: seed, maxRows: 40, ids: ids) {
        let plainOld = old.map { Row($0.id) }
        let plainNew = new.map { Row($0.id) }
        let update = generator.update(from: plainOld, to: plainNew)
        let verdict = SimulatedTableView([plainOld]).performBatchUpdates(
          update, dataSource: [plainNew])
        let size = EditSize(old: [plainOld], new: [plainNew], update: update)
        #expect(verdict.isValid, "\(describe(plainOld, plainNew)): \(verdict)")
        #expect(
          size.moves == size.minimumMoves && size.deletes == size.minimumDeletes
            && size.inserts == size.minimumInserts && !size.minimumMovesIsBound,
          "\(describe(plainOld, plainNew)): \(size)")
        if !verdict.isValid { return }
      }
    }
  }

  @Test("valid with content changes, and never more moves than the minimum")
  func validWithContentChanges() {
    for (old, new) in editedPairs(count: 3_000, seed: 0x1C5_C047, maxRows: 40, ids: 8) {
      let update = generator.update(from: old, to: new)
      let verdict = SimulatedTableView([old]).performBatchUpdates(update, dataSource: [new])
      #expect(verdict.isValid, "\(describe(old, new)): \(verdict)")
      let size = EditSize(old: [old], new: [new], update: update)
      #expect(size.moves <= size.minimumMoves)
      if !verdict.isValid { return }
    }
  }
}
