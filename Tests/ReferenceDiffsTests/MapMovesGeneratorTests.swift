import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The map-based moves of seed 001, expectations worked out by hand.
@Suite struct MapMovesGeneratorTests {
  let mapMoves = MapMovesGenerator()

  @Test func deleteAndMoves() {
    // old a:0 b:1 c:2, new c:0 a:1. Keys sorted: a 0 -> 1 moves, b is only
    // in old (delete 1), c 2 -> 0 moves.
    #expect(
      mapMoves.update(from: rows("abc"), to: rows("ca"))
        == BatchUpdate(deleteRows: paths(1), moveRows: [move(0, 1), move(2, 0)]))
  }

  @Test func unmovedRowsGetNothing() {
    #expect(mapMoves.update(from: rows("abc"), to: rows("abc")).isEmpty)
    // b keeps index 1: nothing. a and c swap.
    #expect(
      mapMoves.update(from: rows("abc"), to: rows("cba"))
        == BatchUpdate(moveRows: [move(0, 2), move(2, 0)]))
  }

  @Test func insertsComeLastInKeyOrder() {
    // a 0 -> 2 moves; c and b only in new, inserted in sorted key order.
    #expect(
      mapMoves.update(from: rows("a"), to: rows("cba"))
        == BatchUpdate(insertRows: paths(1, 0), moveRows: [move(0, 2)]))
    #expect(verdict(mapMoves, rows("a"), rows("cba")) == .valid)
  }

  @Test func theLastOccurrenceWins() {
    // [a b a]: a -> 2. New [a]: a -> 0. a moves 2 -> 0, b is deleted; the
    // first a is never accounted for: 3 - 1 = 2 rows where the data has 1,
    // which iOS 18 reports as R2b (a section would hold too many rows).
    #expect(
      mapMoves.update(from: rows("aba"), to: rows("a"))
        == BatchUpdate(deleteRows: paths(1), moveRows: [move(2, 0)]))
    let result = verdict(mapMoves, rows("aba"), rows("a"))
    #expect(result.kind == .exception)
    #expect(result.rule == .r2b)
  }

  @Test func smallestCounterexample() {
    // [] -> [a a]: the new map holds a -> 1 only, so one insert at 1 for two
    // new rows: R2, (1 inserted, 0 deleted).
    let smallest = Exhaustive.smallest(maxTotal: 4, alphabet: rows("abc")) { old, new in
      !verdict(MapMovesGenerator(), old, new).isValid
    }
    #expect(smallest?.old == [])
    #expect(smallest?.new == rows("aa"))
    #expect(mapMoves.update(from: [], to: rows("aa")) == BatchUpdate(insertRows: paths(1)))
    let result = verdict(mapMoves, [], rows("aa"))
    #expect(result.kind == .exception)
    #expect(result.rule == .r2)
    #expect(result.message?.contains("(1 inserted, 0 deleted)") == true)
  }

  @Test func validOnEveryPairOfDuplicateFreeArrays() async {
    // The assumption it makes, checked: no identity repeated on either side.
    // Every arrangement of every subset of {a b c d}: 65 arrays, 4225 pairs.
    let arrays = Exhaustive.arrays(maxLength: 4, alphabet: rows("abcd"))
      .filter { Set($0).count == $0.count }
    #expect(arrays.count == 65)
    let failures = await Exhaustive.failures(in: arrays) { old, new in
      !verdict(MapMovesGenerator(), old, new).isValid
    }
    #expect(failures.isEmpty, "\(failures.map { describe($0.old, $0.new) })")
  }
}
