import Testing

@testable import BatchCheck

@Suite("Engine: seeds and case generation")
struct EngineGenerationTests {
  @Test("case i's seed is the i-th value of SplitMix64(run seed), by random access")
  func caseSeedsByRandomAccess() {
    for run: UInt64 in [0, 1, 0x00BA_7C4E_C4EC_0001, .max] {
      var sequence = SplitMix64(seed: run)
      for index in 0..<200 {
        #expect(SplitMix64.caseSeed(run: run, index: index) == sequence.next())
      }
    }
    // Any index, negative and huge ones included, gives a seed without trapping.
    _ = SplitMix64.caseSeed(run: .max, index: .max)
    _ = SplitMix64.caseSeed(run: 1, index: -1)
  }

  @Test("a seed is a case: the same seed makes the same case, different seeds differ")
  func deterministic() {
    var distinct = Set<GeneratedCase>()
    for index in 0..<300 {
      let seed = SplitMix64.caseSeed(run: 3, index: index)
      let made = GeneratedCase.make(seed: seed)
      #expect(GeneratedCase.make(seed: seed) == made)
      distinct.insert(made)
    }
    #expect(distinct.count > 200)
  }

  @Test("one section a side unless asked; sizes follow maxSize; rows are .int")
  func shapes() {
    for index in 0..<2_000 {
      let made = GeneratedCase.make(seed: SplitMix64.caseSeed(run: 5, index: index), maxSize: 20)
      #expect(made.old.count == 1 && made.new.count == 1)
      // Old starts from at most maxSize rows; edits add at most 4 runs of 3.
      #expect(made.old[0].count <= 32 && made.new[0].count <= 32)
      for row in made.old[0] + made.new[0] {
        guard case .int = row.id, case .int = row.content else {
          Issue.record("a row that is not .int: \(row)")
          return
        }
      }
    }
    // Out-of-range sizes are clamped, not trapped on.
    #expect(GeneratedCase.make(seed: 1, maxSize: -5).rowCount <= 24)
    _ = GeneratedCase.make(seed: 1, maxSize: .max)
  }

  @Test("with sections: several sections, empty ones, no sections at all, sometimes")
  func sections() {
    var several = 0
    var emptySection = 0
    var noSection = 0
    for index in 0..<2_000 {
      let made = GeneratedCase.make(
        seed: SplitMix64.caseSeed(run: 9, index: index), maxSize: 40, sections: true)
      if made.old.count > 1 || made.new.count > 1 { several += 1 }
      if (made.old + made.new).contains(where: \.isEmpty) { emptySection += 1 }
      if made.old.isEmpty || made.new.isEmpty { noSection += 1 }
    }
    #expect(several > 800)
    #expect(emptySection > 200)
    #expect(noSection > 5)
  }

  @Test("identity only: every content is its id, and the case has the same shape")
  func identityOnly() {
    for index in 0..<1_000 {
      let seed = SplitMix64.caseSeed(run: 11, index: index)
      let plain = GeneratedCase.make(seed: seed, identityOnly: true)
      let full = GeneratedCase.make(seed: seed)
      #expect((plain.old + plain.new).allSatisfy { $0.allSatisfy { $0.id == $0.content } })
      #expect(plain.old.map { $0.map(\.id) } == full.old.map { $0.map(\.id) })
      #expect(plain.new.map { $0.map(\.id) } == full.new.map { $0.map(\.id) })
    }
  }

  @Test("statistics are measured on the rows: moves, duplicates, content changes")
  func statisticsMeasure() {
    func measure(_ old: [[Row]], _ new: [[Row]]) -> CaseStatistics {
      var statistics = CaseStatistics()
      var scratch = StatisticsScratch()
      statistics.record(old, new, scratch: &scratch)
      return statistics
    }
    let a = Row(.int(1))
    let b = Row(.int(2))
    let a2 = Row(id: .int(1), content: .int(-1))
    #expect(measure([[a, b]], [[b, a]]).withMoves == 1)
    #expect(measure([[a, b]], [[a, b, a]]).withMoves == 0)  // the k-th a pairs with the k-th a
    #expect(measure([[a, b]], [[a, b, a]]).withDuplicates == 1)
    #expect(measure([[a, a]], [[a, a]]).withMoves == 0)
    #expect(measure([[a, b]], [[b], [a]]).withMoves == 1)  // across sections, in reading order
    #expect(measure([[a, b]], [[b], [a]]).withSeveralSections == 1)
    #expect(measure([[a, b]], [[a2, b]]).withContentChanges == 1)
    #expect(measure([[a, b]], [[a2, b]]).withMoves == 0)
    #expect(measure([], [[a]]).withEmptySide == 1)
    #expect(measure([[]], [[]]).size0 == 1)
    // String rows are measured too (by rank), as the exhaustive pairs have them.
    #expect(measure([[Row("a"), Row("b")]], [[Row("b"), Row("a")]]).withMoves == 1)
    #expect(measure([[Row("a")]], [[Row(id: "a", content: "x")]]).withContentChanges == 1)
  }
}
