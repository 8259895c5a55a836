import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The 2013 LCS form (seed 002): same deletes as `lcs`, the old insert rule.
@Suite struct LCS2013GeneratorTests {
  let lcs2013 = LCS2013Generator()

  @Test func libraryFullMethodCaseGetsTheOldInserts() {
    // Common rows [a b]. m is unmatched with 0 common rows passed: index 0.
    // a and b match (2 passed). f is unmatched: index 2, free. So [0, 2],
    // where the 2014 form (and the library's test) says [0, 3].
    #expect(
      lcs2013.update(from: rows("abcde"), to: rows("mabf"))
        == BatchUpdate(deleteRows: paths(2, 3, 4), insertRows: paths(0, 2)))
  }

  @Test func theBumpAvoidsTwoInsertsAtOneIndex() {
    // No common rows: every insert wants index 0 and is bumped: 0, 1, 2.
    #expect(LCS2013Generator.addedIndexes2013(common: [], new: ["a", "b", "c"]) == [0, 1, 2])
    // [b c a] against common [a]: b -> 0, c -> 0 taken -> 1, a matches.
    #expect(LCS2013Generator.addedIndexes2013(common: ["a"], new: ["b", "c", "a"]) == [0, 1])
    // [b a c]: b -> 0, a matches (1 passed), c -> 1, free: the bug (2 is right).
    #expect(LCS2013Generator.addedIndexes2013(common: ["a"], new: ["b", "a", "c"]) == [0, 1])
  }

  @Test func libraryArraysGiveWrongRows() {
    // Deletes leave [a b]; inserts at 0 and 2 ask the data source (m, b);
    // a and b fill 1 and 3. Cell 3 shows b where the data has f.
    let result = verdict(lcs2013, rows("abcde"), rows("mabf"))
    #expect(result.kind == .wrongRows)
    #expect(result.rule == .c1)
    #expect(
      result.mismatch == RowMismatch(path: RowPath(0, 3), expected: Row("f"), shown: Row("b")))
  }

  @Test func smallestCounterexample() {
    // Found by search in order of total length; worked by hand:
    // [a] -> [b a b]: inserts [0, 1] (the second b is put at 1, the position
    // after one common row). Cells: 0 b (asked), 1 a (asked), 2 the old a,
    // where the data has b.
    let smallest = Exhaustive.smallest(maxTotal: 4, alphabet: rows("abc")) { old, new in
      !verdict(LCS2013Generator(), old, new).isValid
    }
    #expect(smallest?.old == rows("a"))
    #expect(smallest?.new == rows("bab"))
    #expect(
      lcs2013.update(from: rows("a"), to: rows("bab")) == BatchUpdate(insertRows: paths(0, 1)))
    let result = verdict(lcs2013, rows("a"), rows("bab"))
    #expect(result.kind == .wrongRows)
    #expect(result.rule == .c1)
    #expect(
      result.mismatch == RowMismatch(path: RowPath(0, 2), expected: Row("b"), shown: Row("a")))
  }
}
