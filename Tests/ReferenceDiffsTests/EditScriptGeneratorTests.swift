import BatchCheck
import Testing

@testable import ReferenceDiffs

/// A sequential edit script from `CollectionDifference`: hand-worked steps,
/// validity under the steps contract, and failure under the others.
@Suite struct EditScriptGeneratorTests {
  let generator = EditScriptGenerator()

  @Test func removalsDescendingThenInsertionsAscendingThenUpdates() {
    let steps = generator.steps(
      from: [Row("a"), row("b", 1), Row("c")], to: [row("b", 2), Row("d")])
    #expect(
      steps == [
        .delete(at: RowPath(0, 2)), .delete(at: RowPath(0, 0)),
        .insert(at: RowPath(0, 1), row: Row("d")),
        .update(at: RowPath(0, 0), row: row("b", 2)),
      ])
    #expect(generator.steps(from: rows("ab"), to: rows("ab")).isEmpty)
  }

  @Test func validOnEveryPairUpToSevenRows() {
    expectNoFailure(ContractGenerator(generator), in: ExhaustivePairs(maxTotal: 7), cases: 8853)
  }

  @Test func validOnRandomPairsWithContentChanges() {
    expectNoFailure(
      ContractGenerator(generator), in: editedPairs(count: 2000, seed: 0xED17), cases: 2000)
  }

  @Test func failsAsOneBatch() throws {
    // [a b:1] -> [b:2]: delete 0, then update b at its final index 0. In one
    // batch the update is a reload of old row 0: the deleted a (R10).
    let verdict = try ContractGenerator(generator).check(
      old: [Row("a"), row("b", 1)], new: [row("b", 2)], under: .batch)
    #expect(verdict.verdict.kind == .exception && verdict.verdict.rule == .r10)
    #expect(
      verdict.verdict.message
        == "attempt to delete and reload the same index path ({length = 2, path = 0 - 0})")
    #expect(verdict.validUnder == .steps)
    #expect(
      verdict.advice
        == "valid as sequential steps, not as one batch: apply it step by step or convert it")
  }

  @Test func identityOnlyPairsAreValidAsOneBatchToo() {
    // Removal offsets are old-space and insertion offsets new-space, UIKit's
    // own index spaces: without updates the script is also one valid batch.
    let (cases, finding) = ContractGenerator(generator).firstFailure(
      in: ExhaustivePairs(maxTotal: 6), under: .batch)
    #expect(cases > 0 && finding == nil)
  }

  @Test func collectionDifferenceIsJudgedOnIdentitiesOnly() throws {
    let batch = ContractGenerator(CollectionDifferenceGenerator())
    #expect(batch.identityOnly)
    let moved = (old: [row("a", 1), Row("b")], new: [Row("b"), row("a", 2)])
    let verdict = try batch.check(old: moved.old, new: moved.new)
    #expect(verdict.isValid && verdict.identityOnly, "\(verdict)")
    #expect(verdict.description == "valid (one batch, identity only)")
    let asked = ContractGenerator(CollectionDifferenceGenerator(), identityOnly: false)
    #expect(try asked.check(old: moved.old, new: moved.new).verdict.kind == .staleContent)
  }

  @Test func everyReferenceGeneratorWithItsContract() {
    #expect(
      ReferenceGenerators.allContracts.map { "\($0.name) \($0.contract.rawValue)" }
        == ReferenceGenerators.names.map { "\($0) batch" } + [
          "heckel-staged staged", "edit-script steps",
        ])
    #expect(ReferenceGenerators.anyContract(named: "edit-script")?.contract == .steps)
    #expect(ReferenceGenerators.anyContract(named: "nope") == nil)
  }
}
