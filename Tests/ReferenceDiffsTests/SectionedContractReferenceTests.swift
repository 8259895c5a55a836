import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The staged and steps reference generators on tables of several sections:
/// DifferenceKit-style stages and Differ-style steps, straight and through
/// the property engine.
@Suite("Sectioned staged and steps reference generators")
struct SectionedContractReferenceTests {
  static let seed: UInt64 = 0x5EED_0051

  /// The first of `count` seeded sectioned cases whose changes are not valid.
  static func firstInvalid(_ generator: ContractGenerator, count: Int) throws -> String? {
    for index in 0..<count {
      let c = GeneratedCase.make(seed: SplitMix64.caseSeed(run: seed, index: index), sections: true)
      guard let changes = try generator.changes(from: c.old, to: c.new) else {
        return "no changes for \(c.old) -> \(c.new)"
      }
      let verdict = generator.judge(changes, sections: c.old, c.new)
      if !verdict.isValid { return "\(c.old) -> \(c.new): \(changes)\n\(verdict)" }
    }
    return nil
  }

  @Test("heckel-staged and edit-script are valid on 3,000 sectioned cases", arguments: ["heckel-staged", "edit-script"])
  func validOnSectionedCases(name: String) throws {
    let generator = try #require(ReferenceGenerators.anyContract(named: name))
    #expect(generator.isSectioned)
    let found = try Self.firstInvalid(generator, count: 3_000)
    #expect(found == nil, "\(found ?? "")")
  }
}
