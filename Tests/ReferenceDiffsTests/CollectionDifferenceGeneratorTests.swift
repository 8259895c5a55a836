import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The standard library's difference with inferred moves, on inputs whose
/// longest common subsequence is unique, so the expected update follows by
/// hand from it whatever path the Myers search takes.
@Suite struct CollectionDifferenceGeneratorTests {
  let difference = CollectionDifferenceGenerator()

  @Test func deletesAndInserts() {
    // [a b c] vs [a c d]: LCS [a c]; b removed at 1, d inserted at 2.
    #expect(
      difference.update(from: rows("abc"), to: rows("acd"))
        == BatchUpdate(deleteRows: paths(1), insertRows: paths(2)))
    // Nothing in common: everything goes and comes.
    #expect(
      difference.update(from: rows("ab"), to: rows("c"))
        == BatchUpdate(deleteRows: paths(0, 1), insertRows: paths(0)))
    #expect(difference.update(from: rows("abc"), to: rows("abc")).isEmpty)
  }

  @Test func inferredMoves() {
    // [a b c] vs [b c a]: LCS [b c]; a removed at 0 and inserted at 2 is a move.
    #expect(
      difference.update(from: rows("abc"), to: rows("bca")) == BatchUpdate(moveRows: [move(0, 2)]))
    // [a b c] vs [c a b]: LCS [a b]; c moves from 2 to 0.
    #expect(
      difference.update(from: rows("abc"), to: rows("cab")) == BatchUpdate(moveRows: [move(2, 0)]))
    // The type's example: [a b c d] vs [b c a e]: LCS [b c]; a moves 0 -> 2,
    // d is deleted at 3, e inserted at 3.
    #expect(
      difference.update(from: rows("abcd"), to: rows("bcae"))
        == BatchUpdate(deleteRows: paths(3), insertRows: paths(3), moveRows: [move(0, 2)]))
    #expect(verdict(difference, rows("abcd"), rows("bcae")) == .valid)
  }

  @Test func aChangedContentIsNeverReloaded() {
    let result = verdict(difference, [row("a", 1)], [row("a", 2)])
    #expect(result.kind == .staleContent)
    #expect(result.rule == .c2)
  }

  @Test(.timeLimit(.minutes(5)))
  func validOnEveryPairUpToSixRowsOverThreeValues() async {
    await expectValidOnEveryPairUpToSixRows(CollectionDifferenceGenerator())
  }
}
