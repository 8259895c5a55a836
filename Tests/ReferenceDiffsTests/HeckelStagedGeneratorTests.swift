import BatchCheck
import Testing

@testable import ReferenceDiffs

/// Heckel's diff as DifferenceKit-style stages: hand-worked stages, validity
/// under the staged contract, and failure under the others.
@Suite struct HeckelStagedGeneratorTests {
  let generator = HeckelStagedGenerator()

  @Test func updatesThenDeletesThenInsertsAndMoves() {
    // [a:1 b c] -> [c a:2]: a reloaded, b deleted, then c and a swap.
    let stages = generator.stages(
      from: [row("a", 1), Row("b"), Row("c")], to: [Row("c"), row("a", 2)])
    #expect(
      stages == [
        Stage(
          update: BatchUpdate(reloadRows: paths(0)), data: [[row("a", 2), Row("b"), Row("c")]]),
        Stage(update: BatchUpdate(deleteRows: paths(1)), data: [[row("a", 2), Row("c")]]),
        Stage(
          update: BatchUpdate(moveRows: [move(1, 0), move(0, 1)]), data: [[Row("c"), row("a", 2)]]),
      ])
  }

  @Test func emptyStagesAreLeftOut() {
    #expect(generator.stages(from: rows("ab"), to: rows("ab")).isEmpty)
    #expect(
      generator.stages(from: rows("ab"), to: rows("xab"))
        == [Stage(update: BatchUpdate(insertRows: paths(0)), data: [rows("xab")])])
    // Repeats pair in order: [a a] -> [a] deletes the second a.
    #expect(
      generator.stages(from: rows("aa"), to: rows("a"))
        == [Stage(update: BatchUpdate(deleteRows: paths(1)), data: [rows("a")])])
  }

  @Test func validOnEveryPairUpToSevenRows() {
    expectNoFailure(ContractGenerator(generator), in: ExhaustivePairs(maxTotal: 7), cases: 8853)
  }

  @Test func validOnRandomPairsWithContentChanges() {
    expectNoFailure(
      ContractGenerator(generator), in: editedPairs(count: 2000, seed: 0x57A6_ED), cases: 2000)
  }

  @Test func failsAsOneBatch() throws {
    // [a b c] -> [c b]: delete a, then swap b and c, whose move sources are
    // stage-2 paths. Merged into one batch, the move from 0 meets the delete
    // of 0 (R11).
    let verdict = try ContractGenerator(generator).check(
      old: rows("abc"), new: rows("cb"), under: .batch)
    #expect(verdict.contract == .batch)
    #expect(verdict.verdict.kind == .exception && verdict.verdict.rule == .r11)
    #expect(
      verdict.verdict.message
        == "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 0})"
    )
    // Stage by stage, as the generator meant them, the changes are valid.
    #expect(verdict.validUnder == .staged)
    // The first failing pair of all, smallest first: [a a b] -> [b a]
    // deletes old 1 and moves stage-2 row 1, which is old 2.
    let (_, finding) = ContractGenerator(generator).firstFailure(
      in: ExhaustivePairs(maxTotal: 7), under: .batch)
    #expect(finding.map { describe($0.old, $0.new) } == describe(rows("aab"), rows("ba")))
    #expect(finding?.verdict?.verdict.rule == .r11)
  }

  @Test func failsAsSteps() throws {
    // [a b c] -> [c]: one stage deletes rows 0 and 1 of the old data; read
    // step by step, the second delete removes c.
    let verdict = try ContractGenerator(generator).check(
      old: rows("abc"), new: rows("c"), under: .steps)
    #expect(verdict.verdict.kind == .wrongRows && verdict.verdict.rule == .c1)
    #expect(
      verdict.verdict.message
        == #"after the last step (2): row {length = 2, path = 0 - 0} shows "b" but the data source has "c" there"#
    )
    #expect(verdict.validUnder == .staged)
    #expect(
      verdict.advice
        == "valid as staged batches, not as sequential steps: apply it stage by stage or convert it"
    )
  }
}
