import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The 2014 LCS form, on the arrays of the library's own tests (seed 000),
/// every expectation worked out by hand.
@Suite struct LCSGeneratorTests {
  let lcs = LCSGenerator()

  @Test func libraryFullMethodCase() {
    // [a b c d e] vs [m a b f]: the LCS is [a b]; c, d, e go; m and f come,
    // at new positions 0 and 3 (the library's testFullMethod).
    let table = LongestCommonSubsequence(
      old: ["a", "b", "c", "d", "e"], new: ["m", "a", "b", "f"])
    #expect(table.commonIndexes == [0, 1])
    #expect(table.removedIndexes == [2, 3, 4])
    #expect(
      lcs.update(from: rows("abcde"), to: rows("mabf"))
        == BatchUpdate(deleteRows: paths(2, 3, 4), insertRows: paths(0, 3)))
  }

  @Test func libraryCountCases() {
    // testWithInitialObjectsMatching: [a b] common, f comes at 2.
    #expect(
      lcs.update(from: rows("abcde"), to: rows("abf"))
        == BatchUpdate(deleteRows: paths(2, 3, 4), insertRows: paths(2)))
    // testAllObjectsMatching: nothing to do.
    #expect(lcs.update(from: rows("abcde"), to: rows("abcde")).isEmpty)
    // testRemoveAll and testAddAll.
    #expect(
      lcs.update(from: rows("abcde"), to: []) == BatchUpdate(deleteRows: paths(0, 1, 2, 3, 4)))
    #expect(
      lcs.update(from: [], to: rows("abcde")) == BatchUpdate(insertRows: paths(0, 1, 2, 3, 4)))
    // testCommutativeProperty: e goes one way, comes the other.
    #expect(lcs.update(from: rows("abcde"), to: rows("abcd")) == BatchUpdate(deleteRows: paths(4)))
    #expect(lcs.update(from: rows("abcd"), to: rows("abcde")) == BatchUpdate(insertRows: paths(4)))
    // testObjectsAtEnd: f and g come at 5 and 6.
    #expect(
      lcs.update(from: rows("abcde"), to: rows("abcdefg")) == BatchUpdate(insertRows: paths(5, 6)))
  }

  @Test func tieBreakSkipsTheOldHead() {
    // [a b] vs [b a]: both [a] and [b] are longest. At (0,0) a != b and
    // lengths[1][0] = 1 >= lengths[0][1] = 1, so the old head a is skipped
    // and b is common: delete a at 0, insert a at 1.
    #expect(LongestCommonSubsequence(old: ["a", "b"], new: ["b", "a"]).commonIndexes == [1])
    #expect(
      lcs.update(from: rows("ab"), to: rows("ba"))
        == BatchUpdate(deleteRows: paths(0), insertRows: paths(1)))
  }

  @Test func verdictsOnTheLibraryArrays() {
    #expect(verdict(lcs, rows("abcde"), rows("mabf")) == .valid)
    #expect(verdict(lcs, rows("ab"), rows("ba")) == .valid)
  }

  @Test func aChangedContentIsNeverReloaded() {
    // Identity only: a's content changes, the update is empty, the cell is stale.
    let old = [row("a", 1)]
    let new = [row("a", 2)]
    #expect(lcs.update(from: old, to: new).isEmpty)
    let result = verdict(lcs, old, new)
    #expect(result.kind == .staleContent)
    #expect(result.rule == .c2)
  }

  @Test(.timeLimit(.minutes(5)))
  func validOnEveryPairUpToSixRowsOverThreeValues() async {
    await expectValidOnEveryPairUpToSixRows(LCSGenerator())
  }
}
