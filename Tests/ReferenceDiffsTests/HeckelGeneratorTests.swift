import BatchCheck
import Testing

@testable import ReferenceDiffs

/// Heckel's diff: hand-worked updates, then exhaustive and random validity,
/// identity and content alike.
@Suite struct HeckelGeneratorTests {
  let heckel = HeckelGenerator()

  @Test func pairingTakesOccurrencesInOrder() {
    // a's old stack is [2, 0] (0 on top): new 0 takes 0, new 1 takes 2.
    let pairing = HeckelPairing(old: ["a", "b", "a"], new: ["a", "a", "c"])
    #expect(pairing.newToOld == [0, 2, nil])
    #expect(pairing.oldToNew == [0, nil, 1])
  }

  @Test("small integer ids (a flat table) pair exactly as any other ids (hashed)")
  func smallIntegerPairingEqualsHashed() {
    var random = SplitMix64(seed: 0xD1C7)
    for trial in 0..<20_000 {
      let alphabet = Int(random.next() % 12) + 1
      // Mostly small ids; now and then one past the flat table's reach.
      func ids(_ count: Int) -> [Int] {
        (0..<count).map { _ in
          random.next() % 50 == 0 ? 1_000_000 : Int(random.next() % UInt64(alphabet))
        }
      }
      let old = ids(Int(random.next() % 20))
      let new = ids(Int(random.next() % 20))
      let flat = HeckelPairing(old: old.map { RowValue.int($0) }, new: new.map { RowValue.int($0) })
      let hashed = HeckelPairing(
        old: old.map { RowValue.string("\($0)") }, new: new.map { RowValue.string("\($0)") })
      #expect(
        flat.oldToNew == hashed.oldToNew && flat.newToOld == hashed.newToOld,
        "trial \(trial): \(old) -> \(new)")
      if flat.oldToNew != hashed.oldToNew { return }
    }
  }

  @Test func deletesAndInsertsWithoutMoves() {
    // [a b c] -> [a c]: b unpaired; c has rank 1 on both sides: stays.
    #expect(heckel.update(from: rows("abc"), to: rows("ac")) == BatchUpdate(deleteRows: paths(1)))
    // [a b] -> [x a b]: x unpaired; a, b keep ranks 0, 1.
    #expect(heckel.update(from: rows("ab"), to: rows("xab")) == BatchUpdate(insertRows: paths(0)))
    // Repeats: [a a] -> [a] pairs new 0 with old 0; old 1 goes. And back.
    #expect(heckel.update(from: rows("aa"), to: rows("a")) == BatchUpdate(deleteRows: paths(1)))
    #expect(heckel.update(from: rows("a"), to: rows("aa")) == BatchUpdate(insertRows: paths(1)))
  }

  @Test func movesWhereRanksDiffer() {
    // [a b] -> [b a]: b rank 1 -> 0, a rank 0 -> 1: both move.
    #expect(
      heckel.update(from: rows("ab"), to: rows("ba"))
        == BatchUpdate(moveRows: [move(1, 0), move(0, 1)]))
  }

  @Test func reloadOfAStayer() {
    #expect(
      heckel.update(from: [row("a", 1)], to: [row("a", 2)]) == BatchUpdate(reloadRows: paths(0)))
    // [a b1 c] -> [c b2 a]: b keeps rank 1 and is reloaded at old 1; no
    // explicit deletes or inserts, so UIKit puts its insert back at 1.
    let old = [Row("a"), row("b", 1), Row("c")]
    let new = [Row("c"), row("b", 2), Row("a")]
    #expect(
      heckel.update(from: old, to: new)
        == BatchUpdate(reloadRows: paths(1), moveRows: [move(2, 0), move(0, 2)]))
    #expect(verdict(heckel, old, new) == .valid)
  }

  @Test func aMovedChangedRowIsDeletedAndInserted() {
    // [a1 b] -> [b a2]: a moves and changes; UIKit cannot reload a moved
    // row (R11), so a is deleted at 0 and inserted at 1; b moves 1 -> 0.
    let old = [row("a", 1), Row("b")]
    let new = [Row("b"), row("a", 2)]
    #expect(
      heckel.update(from: old, to: new)
        == BatchUpdate(deleteRows: paths(0), insertRows: paths(1), moveRows: [move(1, 0)]))
    #expect(verdict(heckel, old, new) == .valid)
    // What a reload would get instead.
    let naive = BatchUpdate(reloadRows: paths(0), moveRows: [move(1, 0), move(0, 1)])
    let rejected = SimulatedTableView([old]).performBatchUpdates(naive, dataSource: [new])
    #expect(rejected.kind == .exception)
    #expect(rejected.rule == .r11)
  }

  @Test func aStayerWhoseReloadUIKitWouldMisplaceIsDeletedAndInserted() {
    // [m1 s1 p] -> [p s2 m2]: s keeps rank 1 (stays), m moves and changes
    // (delete 0, insert 2), p moves 2 -> 0. UIKit would put a reload of s
    // back at 1 - 1 (the delete of m) = 0, which p's move takes: so s is
    // deleted at 1 and inserted at 1 instead.
    let old = [row("m", 1), row("s", 1), Row("p")]
    let new = [Row("p"), row("s", 2), row("m", 2)]
    #expect(
      heckel.update(from: old, to: new)
        == BatchUpdate(deleteRows: paths(0, 1), insertRows: paths(1, 2), moveRows: [move(2, 0)]))
    #expect(verdict(heckel, old, new) == .valid)
    let naive = BatchUpdate(
      deleteRows: paths(0), insertRows: paths(2), reloadRows: paths(1), moveRows: [move(2, 0)])
    let rejected = SimulatedTableView([old]).performBatchUpdates(naive, dataSource: [new])
    #expect(rejected.kind == .exception)
    #expect(rejected.rule == .r12)
  }

  @Test(.timeLimit(.minutes(5)))
  func validOnEveryPairUpToSixRowsOverThreeValues() async {
    await expectValidOnEveryPairUpToSixRows(HeckelGenerator())
  }

  @Test func validOnEveryPairWithContentChanges() async {
    // Identity and content apart, exhaustively on two alphabets:
    // ids {a b c} x contents {0 1} up to 3 rows (259 arrays, 67,081 pairs) and
    // ids {a b} x contents {0 1} up to 4 rows (341 arrays, 116,281 pairs).
    let alphabets = [
      (["a", "b", "c"], 3),
      (["a", "b"], 4),
    ]
    for (ids, maxLength) in alphabets {
      let alphabet = ids.flatMap { [row($0, 0), row($0, 1)] }
      let arrays = Exhaustive.arrays(maxLength: maxLength, alphabet: alphabet)
      let failures = await Exhaustive.failures(in: arrays) { old, new in
        !verdict(HeckelGenerator(), old, new).isValid
      }
      #expect(failures.isEmpty, "\(failures.map { describe($0.old, $0.new) })")
    }
  }

  @Test func validOnRandomLargerPairs() {
    // 3000 seeded pairs of 0...40 rows over 8 ids and 2 contents; new is old
    // edited (deletes, inserts, moves, content changes).
    for (old, new) in editedPairs(count: 3000, seed: 0x5EED_4EC3, maxRows: 40, ids: 8) {
      let result = verdict(heckel, old, new)
      #expect(result.isValid, "\(describe(old, new)): \(result)")
      if !result.isValid { return }
    }
  }
}

extension SplitMix64 {
  /// A number in `0..<bound`; 0 when `bound` is not positive.
  mutating func next(below bound: Int) -> Int {
    bound > 0 ? Int(next() % UInt64(bound)) : 0
  }
}
