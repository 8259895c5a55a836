import BatchCheck
import Testing

@testable import ReferenceDiffs

@Suite struct ReferenceGeneratorsTests {
  @Test func orderAndNames() {
    #expect(
      ReferenceGenerators.names
        == [
          "lcs", "lcs-2013", "map-moves", "ds", "collection-difference", "heckel",
          "heckel-reconfigure",
          "lcs-moves",
        ])
  }

  @Test func lookupByName() {
    for name in ReferenceGenerators.names {
      #expect(ReferenceGenerators.named(name)?.name == name)
    }
    #expect(ReferenceGenerators.named("Heckel") == nil)
    #expect(ReferenceGenerators.named("") == nil)
  }
}

/// Every generator's update on every pair up to 4 rows over {a b c}, judged
/// twice: by the simulator and by the plain array model of the tests. The two
/// must agree on whether the table ends up right; a disagreement points at
/// one of them.
@Suite struct SimulatorCrossCheckTests {
  @Test(arguments: ReferenceGenerators.names)
  func simulatorAgreesWithTheArrayModel(_ name: String) async throws {
    let generator = try #require(ReferenceGenerators.named(name))
    let arrays = Exhaustive.arrays(maxLength: 4, alphabet: rows("abc"))
    let disagreements = await Exhaustive.failures(in: arrays) { old, new in
      let update = updateOf(generator, old, new)
      let simulated = SimulatedTableView([old]).performBatchUpdates(update, dataSource: [new])
      return simulated.isValid != TableModel.isCorrect(update, old: old, new: new)
    }
    #expect(disagreements.isEmpty, "\(disagreements.map { describe($0.old, $0.new) })")
  }
}
