import BatchCheck
import Testing

@testable import ReferenceDiffs

/// `heckel-reconfigure`: Heckel's diff with changed rows reconfigured where
/// their index does not change; valid on every small pair under iOS 18.
@Suite struct HeckelReconfigureGeneratorTests {
  let generator = HeckelGenerator(reconfigures: true)

  @Test func aChangedRowThatKeepsItsIndexIsReconfigured() {
    #expect(generator.name == "heckel-reconfigure")
    #expect(
      generator.update(from: [row("a", 1)], to: [row("a", 2)])
        == BatchUpdate(reconfigureRows: paths(0)))
    // [a b1 c] -> [c b2 a]: b keeps index 1; a and c swap.
    let old = [Row("a"), row("b", 1), Row("c")]
    let new = [Row("c"), row("b", 2), Row("a")]
    #expect(
      generator.update(from: old, to: new)
        == BatchUpdate(moveRows: [move(2, 0), move(0, 2)], reconfigureRows: paths(1)))
    #expect(verdict(generator, old, new) == .valid)
  }

  @Test func aChangedRowWhoseIndexShiftsIsReloadedAsByHeckel() {
    // [x a1] -> [a2]: a stays (rank 0 on both sides) but its index goes from
    // 1 to 0. A reconfigure at old path 1 would ask the data source for row
    // 1, which it does not have; the reload lands where UIKit puts it back.
    let old = [Row("x"), row("a", 1)]
    let new = [row("a", 2)]
    let update = generator.update(from: old, to: new)
    #expect(update == BatchUpdate(deleteRows: paths(0), reloadRows: paths(1)))
    #expect(update == HeckelGenerator().update(from: old, to: new))
    #expect(verdict(generator, old, new) == .valid)
    // What reconfiguring it would show: nothing valid at row 0.
    let naive = BatchUpdate(deleteRows: paths(0), reconfigureRows: paths(1))
    #expect(SimulatedTableView([old]).performBatchUpdates(naive, dataSource: [new]).rule == .c1)
  }

  @Test func validOnEveryPairWithContentChanges() async {
    // The pairs of heckel's test: ids {a b c} x contents {0 1} up to 3 rows,
    // ids {a b} x contents {0 1} up to 4 rows.
    for (ids, maxLength) in [(["a", "b", "c"], 3), (["a", "b"], 4)] {
      let alphabet = ids.flatMap { [row($0, 0), row($0, 1)] }
      let arrays = Exhaustive.arrays(maxLength: maxLength, alphabet: alphabet)
      let failures = await Exhaustive.failures(in: arrays) { old, new in
        !verdict(generator, old, new).isValid
      }
      #expect(failures.isEmpty, "\(failures.map { describe($0.old, $0.new) })")
    }
    // And it does reconfigure: every pair [x0] -> [x1] is one reconfigure.
    #expect(generator.update(from: [row("b", 0)], to: [row("b", 1)]).reconfigureRows == paths(0))
  }

  @Test(.timeLimit(.minutes(5)))
  func validOnEveryPairUpToSixRowsOverThreeValues() async {
    await expectValidOnEveryPairUpToSixRows(generator)
  }

  @Test func validOnRandomLargerPairs() {
    var reconfigured = 0
    for (old, new) in editedPairs(count: 3000, seed: 0x5EED_4EC3, maxRows: 40, ids: 8) {
      let update = updateOf(generator, old, new)
      reconfigured += update.reconfigureRows.count
      let result = SimulatedTableView([old]).performBatchUpdates(update, dataSource: [new])
      #expect(result.isValid, "\(describe(old, new)): \(result)")
      if !result.isValid { return }
    }
    #expect(reconfigured > 100)
  }

  @Test func iOS12HasNoReconfigure() {
    let options = SimulationOptions(uikit: .ios12)
    let update = generator.update(from: [row("a", 1)], to: [row("a", 2)])
    let verdict = SimulatedTableView([[row("a", 1)]], options: options)
      .performBatchUpdates(update, dataSource: [[row("a", 2)]])
    #expect(verdict.kind == .exception)
    #expect(verdict.message?.contains("unrecognized selector") == true)
  }
}
