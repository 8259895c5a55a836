import BatchCheck
import BatchCheckCorpus
import Testing

@Suite("Adapter causes that fit a crash's numbers")
struct AdapterCrashCausesTests {
  /// The causes of the candidates, and that each one's line replays as it says.
  func causes(_ facts: CountFailureFacts) throws -> [AdapterCause] {
    let found = AdapterCrashCauses.candidates(for: facts)
    for candidate in found {
      let testCase = try AdapterCase(jsonLine: candidate.caseLine)
      #expect(testCase.agrees, "\(candidate.caseLine)")
      #expect(testCase.expect?.cause == candidate.cause)
    }
    return found.map(\.cause)
  }

  @Test("before equal to after with rows announced: absorbed or not advanced, per view")
  func beforeEqualsAfter() throws {
    let table12 = CountFailureFacts(
      semantics: .tableView, uikit: .ios12, before: 15, after: 15, inserted: 15, deleted: 0)
    #expect(try causes(table12) == [.a3, .a4])
    let table18 = CountFailureFacts(
      semantics: .tableView, uikit: .ios18, before: 15, after: 15, inserted: 15, deleted: 0)
    #expect(try causes(table18) == [.a1, .a3, .a4])
    let collection = CountFailureFacts(
      semantics: .collectionView, uikit: .ios12, section: 2, before: 3, after: 3, inserted: 1,
      deleted: 0)
    #expect(try causes(collection) == [.a2, .a3, .a4])
    let deletes = CountFailureFacts(
      semantics: .tableView, uikit: .ios18, before: 10, after: 10, inserted: 0, deleted: 10)
    #expect(try causes(deletes).contains(.a4))
  }

  @Test("sections: a collection view's first batch before its first load (A2), or no model change")
  func sections() throws {
    let facts = CountFailureFacts(
      semantics: .collectionView, uikit: .ios18, ofSections: true, before: 1, after: 1,
      inserted: 1, deleted: 0)
    #expect(try causes(facts) == [.a2, .a3, .a4])
  }

  @Test(
    "counts that differ under a batch that announces nothing: an empty batch or a reload inside")
  func emptyBatch() throws {
    let facts = CountFailureFacts(
      semantics: .tableView, uikit: .ios18, before: 80, after: 60, inserted: 0, deleted: 0)
    #expect(try causes(facts) == [.a11, .a6])
    let collection = CountFailureFacts(
      semantics: .collectionView, uikit: .ios12, before: 6, after: 8, inserted: 0, deleted: 0)
    #expect(try causes(collection) == [.a11, .a6])
  }

  @Test("numbers of a wrong diff fit no adapter cause")
  func wrongDiff() throws {
    let facts = CountFailureFacts(
      semantics: .tableView, uikit: .ios18, before: 3, after: 5, inserted: 1, deleted: 0)
    #expect(try causes(facts).isEmpty)
    let huge = CountFailureFacts(
      semantics: .tableView, uikit: .ios18, before: 1 << 40, after: 1 << 40, inserted: 1,
      deleted: 0)
    #expect(try causes(huge).isEmpty)
    // Counts a log can hold that no small table has: no script, no trap.
    for (inserted, deleted) in [(Int.max, Int.max), (1 << 40, 0), (0, Int.max), (-1, 0)] {
      let facts = CountFailureFacts(
        semantics: .tableView, uikit: .ios18, before: 3, after: 3, inserted: inserted,
        deleted: deleted)
      #expect(try causes(facts).isEmpty)
    }
  }
}
